"""What a question or a supposition takes as given: a noun phrase the speaker's possessive
opens names what is there ("if i quit my job at Lidl …", "würde mein Freund Jonas …?"),
whatever the verb asks or supposes; what the verb itself supposes stays unsaid."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "if i left my job at Aldi in june, would i still get paid for my leave?",
            (ME, "works_at", "org:aldi"),
        ),
        (
            "if i quit my job as a paralegal, could i retrain as a nurse at 40?",
            (ME, "works_as", "paralegal"),
        ),
        (
            "would my boyfriend Luca mind if i invited my ex to the party?",
            ("person:luca", "relation_to_user", "partner"),
        ),
        (
            "wenn ich meinen job bei Siemens hinschmeiße, krieg ich dann noch urlaubsgeld?",
            (ME, "works_at", "org:siemens"),
        ),
        (
            "angenommen ich kündige meine stelle als zahnarzthelferin, wie lang ist die frist?",
            (ME, "works_as", "zahnarzthelferin"),
        ),
        (
            "würde meine schwester Paula sich freuen, wenn ich zu ihrem geburtstag komme?",
            ("person:paula", "relation_to_user", "sister"),
        ),
    ],
)
def test_a_possessive_noun_phrase_is_given_in_a_question(text, fact):
    assert fact in asserted_triples(text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("what if my brother Sam moved to Glasgow?", ("person:sam", "lives_in", "place:glasgow")),
        ("if i worked at Google would i earn more?", (ME, "works_at", "org:google")),
        ("wenn ich bei Bosch anfangen würde, wie weit wär das?", (ME, "works_at", "org:bosch")),
        (
            "wenn mein bruder Tim nach Hamburg ziehen würde, wär das blöd",
            ("person:tim", "lives_in", "place:hamburg"),
        ),
    ],
)
def test_what_the_verb_supposes_stays_unsaid(text, fact):
    assert fact not in asserted_triples(text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Arbeitet mein Bruder Tom bei Siemens?", ("person:tom", "works_at", "org:siemens")),
        ("does my cousin Ella still work at Tesco?", ("person:ella", "works_at", "org:tesco")),
    ],
)
def test_a_link_after_the_name_leads_to_what_is_asked(text, fact):
    assert fact not in asserted_triples(text)
