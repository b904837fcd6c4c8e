"""The evaluation dialogues follow the spec: a hand-written typo fails here, not in a figure."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from curator.evaluation import dataset

DIALOGUES = dataset.load(split="all")


def test_there_are_dialogues_and_every_file_is_named_by_language_and_category():
    assert len(dataset.load(split="dev")) >= 200
    for path in dataset.files(split="all"):
        assert path.parent.name in dataset.SPLITS
        lang, _, category = path.stem.partition("-")
        assert lang in dataset.LANGS, path
        assert category in dataset.CATEGORIES, path


def test_every_line_is_one_utf8_json_object_written_without_ascii_escapes():
    for path in dataset.files(split="all"):
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            assert raw.strip(), f"{path.name}:{number}: empty line"
            assert isinstance(json.loads(raw), dict), f"{path.name}:{number}"
            assert "\\u00" not in raw, f"{path.name}:{number}: written with ensure_ascii"


@pytest.mark.parametrize("dialogue", DIALOGUES, ids=lambda d: d.id)
def test_dialogue_follows_the_spec(dialogue):
    assert dataset.problems(dialogue) == []


def test_ids_are_unique_across_splits():
    counts = Counter(d.id for d in DIALOGUES)
    assert [i for i, n in counts.items() if n > 1] == []


def test_no_fact_is_both_expected_and_ruled_out():
    for dialogue in DIALOGUES:
        data = dialogue.data
        expected = [json.dumps(f, sort_keys=True) for f in data["expect"]]
        assert len(expected) == len(set(expected)), f"{dialogue.id}: duplicate expectation"
        core = {_core(f) for f in data["expect"]}
        for key in ("absent", "never_held"):
            assert not core & {_core(f) for f in data[key]}, f"{dialogue.id}: {key} vs expect"


def _core(fact: dict) -> str:
    return json.dumps({k: fact.get(k) for k in ("subject", "predicate", "value", "object")})


@pytest.mark.parametrize("split", dataset.SPLITS)
def test_each_split_covers_every_category_in_both_languages_in_equal_parts(split):
    dialogues = dataset.load(split=split)
    if not dialogues:
        pytest.skip(f"no {split} dialogues on this branch")
    counts = Counter((d.data["lang"], d.data["category"]) for d in dialogues)
    for lang in dataset.LANGS:
        per_category = [counts[(lang, c)] for c in dataset.CATEGORIES]
        assert min(per_category) >= 1, f"{split}/{lang}: a category is missing"
    # a later batch may deepen the weakest categories, but always in both languages alike
    for category in dataset.CATEGORIES:
        assert counts[("de", category)] == counts[("en", category)], f"{split}/{category}"
    by_lang = Counter(d.data["lang"] for d in dialogues)
    assert by_lang["de"] == by_lang["en"]


def test_the_checker_catches_what_a_careless_writer_gets_wrong(tmp_path: Path):
    good = DIALOGUES[0].data
    broken = {
        **good,
        "split": "holdout",
        "expect": [
            {"subject": "me", "predicate": "note", "value": "Merk dir das"},
            {"subject": "me", "predicate": "works_at", "value": "Rewe"},
            {"subject": {"name": "Jana", "kind": "cousin"}, "predicate": "age", "value": "41"},
            {"subject": "me", "predicate": "lives_in", "object": {"name": "Kiel", "kind": "place"},
             "valid_from": "2026-02-30", "granularity": "day"},
            {"subject": "me", "predicate": "diet", "value": "vegetarisch"},
            {"subject": "me", "predicate": "hobby", "value": "Bouldern", "valid_from": "2025-10"},
            {"subject": "me", "predicate": "likes", "value": "Tee"},
        ],
    }  # fmt: skip
    found = dataset.problems(dataset.Dialogue(data=broken, path=DIALOGUES[0].path, line=1))
    text = "\n".join(found)
    for needle in (
        "does not match the folder",
        "'note' is never expected",
        "works_at takes an entity object",
        "unknown kind 'cousin'",
        "not a calendar date",
        "not a normalised token",
        "valid_from and granularity come together",
        "'likes' is not in the vocabulary",
    ):
        assert needle in text
