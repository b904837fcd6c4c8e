"""The curator's inline patterns are compiled once per process: reading the same windows again
compiles nothing, so the pattern cache holds every pattern the rules use (more than the 512 of
``re``'s own cache, which dropped and compiled them again window after window)."""

from __future__ import annotations

from curator.evaluation import dataset
from curator.language import rx
from tests.curator.test_extract import facts


def _windows() -> list[list[str]]:
    # four dialogues of every language and category, about 600 patterns: every kind of rule
    # gets to read
    seen: dict[tuple[str, str], int] = {}
    windows = []
    for dialogue in (d.data for d in dataset.load(split="dev")):
        key = (dialogue["lang"], dialogue["category"])
        if seen.get(key, 0) < 4:
            seen[key] = seen.get(key, 0) + 1
            windows.append([t["text"] for t in dialogue["turns"] if t["role"] == "user"])
    return windows


def test_reading_the_same_windows_again_compiles_no_pattern():
    windows = _windows()
    for window in windows:
        facts(*window)
    compiled_before = rx.compiled.cache_info().misses
    for window in windows:
        facts(*window)
    assert rx.compiled.cache_info().misses == compiled_before
    assert rx.compiled.cache_info().hits > 0
