"""``re``'s matching functions over a pattern cache that holds all of the curator's patterns.

The reader and its helpers write a pattern where it is read, so that a rule and its words stay
together. Six dialogues of every language and category use about 740 distinct patterns, and the
1,240 dialogues of the evaluation's dev split 3,500 with those built from names and words. ``re``
keeps only the last 512 it compiled and drops the oldest first, so every window compiled most of
them again, which took about a third of the curator's time. The cache here keeps the patterns
used most recently, enough of them for the rules' own never to be dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache

Replacement = str | Callable[[re.Match[str]], str]


@lru_cache(maxsize=4096)
def compiled(pattern: str | re.Pattern[str], flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


def search(pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).search(string)


def match(pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).match(string)


def fullmatch(pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).fullmatch(string)


def sub(pattern: str, repl: Replacement, string: str, count: int = 0, flags: int = 0) -> str:
    return compiled(pattern, flags).sub(repl, string, count)


def subn(
    pattern: str, repl: Replacement, string: str, count: int = 0, flags: int = 0
) -> tuple[str, int]:
    return compiled(pattern, flags).subn(repl, string, count)


def findall(pattern: str, string: str, flags: int = 0) -> list:
    return compiled(pattern, flags).findall(string)


def finditer(pattern: str, string: str, flags: int = 0) -> Iterator[re.Match[str]]:
    return compiled(pattern, flags).finditer(string)


def split(pattern: str, string: str, maxsplit: int = 0, flags: int = 0) -> list[str]:
    return compiled(pattern, flags).split(string, maxsplit)
