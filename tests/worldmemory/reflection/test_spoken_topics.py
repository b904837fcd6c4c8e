"""Topics and questions in the way people type on a phone and speak at home: regional
grammar words and one-off nouns name no matter; a question keeps its meaning without its
question mark."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from worldmemory.reflection import prototypes, spoken
from worldmemory.reflection.enrichment import _question_of, thread_title, topics_find


def _said(sessions: list[list[str]]):
    return [
        SimpleNamespace(session_external_id=f"s{number}", text=text)
        for number, texts in enumerate(sessions, start=1)
        for text in texts
    ]


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("des war oiner vo de beste tag", "einer"),
        ("koiner hat's gmerkt", "keiner"),
        ("zwoi wochen isch des her", "zwei"),
        ("des woiß doch jeder", "weiß"),
        ("hat er nich jesacht", "nicht"),
        ("da war nix los", "nichts"),
    ],
)
def test_regional_grammar_words_are_read_as_the_standard_ones(said, read):
    assert read in spoken.standard_reading(said).split()


def test_regional_grammar_words_start_no_topic():
    # a Swabian "oiner" comes back beside every matter a Swabian tells
    turns = _said(
        [
            ["mei schwager isch oiner vo dene, die nie zuhöre, des war scho immer so"],
            ["dr nachbar isch oiner vo dene, die im garte jeden tag mähe"],
            ["beim fußball war oiner vom verein do und hat mit mir gschwätzt"],
        ]
    )
    seeds = {seed for topic in topics_find(turns=turns, vectors=None) for seed in topic.seeds}
    assert not seeds & {"oiner", "einer", "isch"}


def test_a_thread_is_named_by_a_noun_its_turns_come_back_to(multilingual):
    # a course told over three sessions: "Wasser" and "Trainerin" come back, the float
    # held on the first evening is said once, however near the course it is in meaning
    turns = _said(
        [
            [
                "erster abend beim kurs, ich stand bis zur brust im wasser und hab mich an "
                "der schwimmnudel festgekrallt",
                "meine schwester hat angerufen wegen weihnachten",
            ],
            ["die trainerin sagt, ich soll das gesicht ins wasser legen, hab ich nicht geschafft"],
            ["heute hab ich mich getraut, kopf unter wasser, die trainerin hat gelacht"],
        ]
    )
    vectors = prototypes.vectors([t.text for t in turns])
    [topic] = [t for t in topics_find(turns=turns, vectors=vectors) if {0, 2} <= t.turns]
    assert thread_title(topic).split(" · ")[0] in {"Wasser", "Trainerin"}


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        (
            "the landlord wants an answer by friday. should we sign for another year",
            "should we sign for another year",
        ),
        (
            "sophie got the job in leeds. what if we cant find anywhere near her office",
            "what if we cant find anywhere near her office",
        ),
        (
            "die wohnung ist eigentlich zu teuer. soll ich trotzdem zusagen",
            "soll ich trotzdem zusagen",
        ),
    ],
)
def test_a_question_typed_without_its_mark_is_still_asked(text, asked):
    found = _question_of(text)
    assert found is not None
    assert found[0].endswith(asked)


def test_a_hedge_before_something_done_is_no_doubt():
    assert _question_of("i dont know why but i rang my brother after work.") is None
    assert _question_of("Do I love this place! Best week all year.") is None
