"""Lemmas and proper-noun cues for single words, German and English."""

from __future__ import annotations

import pytest

from curator.language.tagging import is_proper_noun, lemma, part_of_speech


@pytest.mark.parametrize(
    ("lang", "word", "expected"),
    [
        ("de", "arbeite", "arbeiten"),
        ("de", "wohne", "wohnen"),
        ("de", "gezogen", "ziehen"),
        ("de", "Schwestern", "Schwester"),
        ("de", "Katzen", "Katze"),
        ("de", "filialleiter", "Filialleiter"),
        ("en", "children", "child"),
        ("en", "moved", "move"),
        ("en", "sisters", "sister"),
        ("en", "", ""),
    ],
)
def test_lemma(lang: str, word: str, expected: str) -> None:
    assert lemma(word, lang=lang) == expected


@pytest.mark.parametrize(
    ("lang", "word", "expected"),
    [
        ("de", "Bochum", True),
        ("de", "Nala", True),
        ("de", "Edeka", True),
        ("de", "Katze", False),
        ("de", "Erzieherin", False),
        ("de", "Meerschweinchen", False),
        ("en", "Chicago", True),
        ("en", "Priya", True),
        ("en", "sister", False),
        ("en", "hospital", False),
        ("en", "", False),
    ],
)
def test_is_proper_noun(lang: str, word: str, expected: bool) -> None:
    assert is_proper_noun(word, lang=lang) is expected


def test_part_of_speech_uses_the_language_tagset() -> None:
    assert part_of_speech("Katze", lang="de") == "NN"
    assert part_of_speech("cat", lang="en") == "NN1"


def test_a_string_longer_than_any_word_is_not_analysed():
    # a 2 000-letter search would keep the analysis busy for 40 s
    for lang in ("de", "en"):
        assert part_of_speech("a" * 200, lang=lang) == ""
        assert lemma("ab" * 100, lang=lang) == "ab" * 100
        assert not is_proper_noun("Z" + "a" * 199, lang=lang)
    assert part_of_speech("Donaudampfschifffahrtsgesellschaft", lang="de").startswith("N")
