"""Whatever the text, the language front end keeps every word and never overlaps itself."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from curator.language.clock import clock_times
from curator.language.dates import resolve_times
from curator.language.sentences import split_sentences

# Pieces that exercise the tricky spots, glued together at random.
PIECES = [
    "am 3. Juli",
    "seit dem 2. Mai",
    "3.7.2025",
    "14.02.",
    "z. B.",
    "Dr.",
    "bzw.",
    "ca.",
    "Nr. 5",
    "e.g.",
    "Mr.",
    "approx.",
    "3.5",
    "19.30 Uhr",
    "https://a.example/b.c",
    "😍",
    "!!",
    "?!",
    "...",
    "\n",
    "\n\n",
    " ",
    ". ",
    "Ich",
    "ich",
    "wohne",
    "in",
    "Kiel",
    "I",
    "moved",
    "last Tuesday",
    "vor drei Wochen",
    "um halb acht",
    "at 7pm",
    "seit 2019",
    "since March",
    "jeden Montag",
    "every Friday",
    "Anfang Mai",
    "2025-07-03",
    ",",
    ":)",
]
texts = st.lists(st.sampled_from(PIECES) | st.text(max_size=8), max_size=25).map("".join)
langs = st.sampled_from(["de", "en"])
anchors = st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2090, 12, 31)).flatmap(
    lambda moment: st.integers(min_value=-12 * 60, max_value=14 * 60).map(
        lambda minutes: moment.replace(tzinfo=timezone(timedelta(minutes=minutes)))
    )
)


@settings(max_examples=300, deadline=None)
@given(text=texts, lang=langs)
def test_sentences_keep_every_word_in_order(text: str, lang: str) -> None:
    sentences = split_sentences(text, lang=lang)
    for sentence in sentences:
        assert sentence.text == text[sentence.start : sentence.end]
        assert sentence.text == sentence.text.strip() != ""
    assert all(a.end <= b.start for a, b in zip(sentences, sentences[1:], strict=False))
    covered = "".join(text[s.start : s.end] for s in sentences)
    assert [c for c in covered if c.isalnum()] == [c for c in text if c.isalnum()]


@settings(max_examples=300, deadline=None)
@given(text=texts, lang=langs, anchor=anchors)
def test_time_expressions_are_ordered_spans_in_the_anchor_offset(
    text: str, lang: str, anchor: datetime
) -> None:
    found = resolve_times(text, anchor=anchor, lang=lang)
    for expression in found:
        assert expression.text == text[expression.start : expression.end]
        assert expression.valid_from is not None and expression.valid_to is not None
        assert expression.valid_from < expression.valid_to
        assert expression.valid_from.utcoffset() == anchor.utcoffset()
        assert expression.future == (expression.valid_from > anchor)
    assert all(a.end <= b.start for a, b in zip(found, found[1:], strict=False))


@settings(max_examples=300, deadline=None)
@given(text=texts, lang=langs)
def test_clock_times_are_valid(text: str, lang: str) -> None:
    for clock in clock_times(text, lang=lang):
        assert 0 <= clock.hour < 24 and 0 <= clock.minute < 60
        assert clock.text == text[clock.start : clock.end]
