"""A session's extractive summary holds what the person told, not greetings, bare replies or
the assistant's questions and small talk, and a club or a doctor written in lower case
stays one sentence."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from worldmemory.reflection import language
from worldmemory.reflection.summaries import (
    MIN_CHARS,
    SHARE,
    _chosen,
    _names,
    _room,
    extractive_summary,
)

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _session(scope, turns: list[tuple[str, str]]):
    start = timezone.now() - timedelta(hours=1)
    return [
        say(scope, text, role=role, at=start + timedelta(minutes=n))
        for n, (role, text) in enumerate(turns)
    ]


@pytest.mark.parametrize(
    "turns",
    [
        [
            ("user", "n'abend."),
            ("assistant", "Guten Abend! Wie war dein Tag?"),
            ("user", "jo. war bei papa im heim in vegesack, er hat nach mama gefragt."),
            ("assistant", "Das klingt schwer. Wie ging es dir damit?"),
            ("user", "boah. ich ruf morgen sabine an, die soll auch mal hinfahren."),
            ("user", "ok danke."),
        ],
        [
            ("user", "hey"),
            ("assistant", "Hi! What's up?"),
            ("user", "lol. my landlord finally fixed the boiler after three weeks."),
            ("assistant", "Finally! How cold did it get?"),
            ("user", "ugh. we're moving out in march anyway, found a flat in leith."),
            ("user", "thx"),
        ],
    ],
)
def test_a_summary_leaves_out_the_assistants_questions(scope, turns):
    summary = extractive_summary(messages=_session(scope, turns))
    said = [s["text"] for s in summary]
    assert said, "something was told"
    assert not [s for s in said if s.endswith("?")]


# a week's evening in a chat's lower case: the matter of the day, between the assistant's
# comfort and the goodnights
EVENING_DE = [
    ("user", "n'abend."),
    ("assistant", "Guten Abend, Jannik! Wie war dein Tag?"),
    ("user", "jonte hatte heute nacht wieder fieber, wir waren um 7 beim notdienst in eutin."),
    ("assistant", "Oh nein, das tut mir leid. Hoffentlich geht es ihm bald besser."),
    ("user", "ja."),
    ("assistant", "Hat der Arzt etwas gesagt?"),
    ("user", "mittelohrentzündung, er kriegt jetzt zehn tage antibiotikum."),
    ("assistant", "Gute Besserung für Jonte! Ruh dich auch aus."),
    ("user", "nee, vergessen."),
    ("user", "ok gute nacht"),
    ("assistant", "Gute Nacht, Jannik."),
]
EVENING_EN = [
    ("user", "evening!"),
    ("assistant", "Evening, Tamsin! How was your day?"),
    ("user", "the vet says biscuit needs two teeth out, the op is on friday in truro."),
    ("assistant", "Ouch. Poor Biscuit, that sounds rough."),
    ("user", "yeah."),
    ("user", "my sister morwenna will drive us there because the car is still in the garage."),
    ("assistant", "That's kind of her. Fingers crossed for Friday."),
    ("user", "ok, off to bed. have a good one"),
    ("assistant", "Good night, Tamsin."),
]


@pytest.mark.parametrize(
    ("turns", "matter"),
    [
        (EVENING_DE, ["notdienst", "antibiotikum"]),
        (EVENING_EN, ["truro", "morwenna"]),
    ],
)
def test_a_summary_keeps_what_the_person_told_and_no_pleasantry(scope, turns, matter):
    summary = extractive_summary(messages=_session(scope, turns))
    said = " · ".join(s["text"] for s in summary)
    for word in matter:
        assert word in said, said
    quoted = [s["text"].casefold() for s in summary]
    for noise in ("ja.", "yeah.", "nee, vergessen.", "evening!", "have a good one"):
        assert noise not in quoted, said
    assert not [q for q in quoted if "nacht" in q and "jannik" in q or "tamsin" in q], said
    assert not [q for q in quoted if q.startswith(("oh nein", "ouch", "that's kind"))], said


def test_every_sentence_cites_the_persons_own_turn(scope):
    messages = _session(scope, EVENING_EN)
    roles = {str(m.pk): m.role for m in messages}
    summary = extractive_summary(messages=messages)
    assert summary
    assert {roles[s["message_id"]] for s in summary} == {"user"}


@pytest.mark.parametrize(
    ("turns", "answer"),
    [
        (
            [
                ("user", "wann sind nochmal die herbstferien in schleswig-holstein?"),
                ("assistant", "Die Herbstferien beginnen am 12. Oktober 2026."),
                ("user", "danke"),
            ],
            "12. Oktober 2026",
        ),
        (
            [
                ("user", "how long can i stay in canada without a visa?"),
                ("assistant", "Up to 180 days as a visitor from the UK."),
                ("user", "cheers"),
            ],
            "180 days",
        ),
    ],
)
def test_the_assistants_answer_with_a_date_the_person_did_not_say_stays(scope, turns, answer):
    said = " ".join(s["text"] for s in extractive_summary(messages=_session(scope, turns)))
    assert answer in said


@pytest.mark.parametrize(
    ("turns", "asked"),
    [
        (
            [
                ("user", "war heute mit oma hilde beim augenarzt in kiel, die op ist im mai."),
                ("assistant", "Wie geht es Hilde mit der Aussicht auf die OP?"),
            ],
            "Wie geht es Hilde",
        ),
        (
            [
                ("user", "took mum to the eye clinic in leeds, the operation is in may."),
                ("assistant", "How is your mum Brenda feeling about it?"),
            ],
            "Brenda",
        ),
    ],
)
def test_the_assistants_question_stays_out_even_when_it_names_someone(scope, turns, asked):
    said = " ".join(s["text"] for s in extractive_summary(messages=_session(scope, turns)))
    assert said and asked not in said


def test_a_name_in_lower_case_is_a_name_by_the_tagger_or_by_the_spans_spelling():
    assert "henrike" in _names("irgendwann kam henrike mit dem fahrrad aus plön vorbei")
    # the assistant wrote "Fenella" elsewhere in the span
    sentence = "and then fenella rang from the station"
    assert "fenella" not in _names(sentence)
    assert "fenella" in _names(sentence, spelled=frozenset({"fenella"}))


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("am samstag spielt st. pauli gegen bremen. ich geh hin.", 2),
        ("war heute bei dr. sommer wegen dem knie. alles gut.", 2),
        ("mrs. patel next door lent us her ladder. so kind.", 2),
    ],
)
def test_a_title_in_lower_case_ends_no_sentence(text, count):
    assert len(language.sentences(text)) == count


@pytest.mark.parametrize(
    ("sentence", "pleasantry"),
    [
        ("ok danke.", True),
        ("haha", True),
        ("danke dir!", True),
        ("gute nacht", True),
        ("ja danke.", True),
        ("lol cheers", True),
        ("thank you so much!", True),
        ("See you tomorrow.", True),
        ("Yes.", False),  # an answer, not a pleasantry
        ("Obviously yes.", False),
        ("Pine then.", False),
        ("dann nehm ich die Kiefer.", False),
        ("Morgen.", False),  # a day named
        ("See you at 5.", False),
        ("war schön.", False),
        ("super, danke!", True),
        ("great, cheers mate", True),
        ("perfect thanks", True),
        ("really good", False),  # an answer: how the scan went
        ("so good!", False),
        ("that's good", False),
        ("perfect.", False),
        ("great", False),
        ("you good?", False),
        ("dich", False),
    ],
)
def test_a_sentence_of_nothing_but_pleasantries_is_told_apart(sentence, pleasantry):
    assert language.pleasantry_only(sentence) is pleasantry


LONG_DE = [
    ("user", "ok"),
    ("user", "Wir waren am Samstag im Baumarkt in Findorff wegen der Regale für die Laube."),
    ("assistant", "Gab es dort Holz, das dir gefiel?"),
    ("user", "Jörg meinte, Fichte ist billiger, aber Lärche hält im Regen länger als 20 Jahre."),
    ("user", "Birgit will die Regale bis Pfingsten fertig haben, weil Sabine am 15. kommt."),
    ("user", "Die Kiefer kostet 38 Euro pro Brett, die Lärche 54 Euro bei Hornbach."),
    ("user", "Der Verkäufer Herr Albers hat uns noch Öl von Osmo empfohlen, Farbe Teak."),
    ("user", "haha"),
    ("user", "dann nehm ich die Kiefer."),
    ("user", "danke dir"),
    ("user", "gute nacht"),
]
LONG_EN = [
    ("user", "lol cheers"),
    ("user", "Went to the Ikea in Croydon on Saturday with Priya to look at desks for the flat."),
    ("assistant", "Did any of them fit the corner by the window?"),
    ("user", "The oak one from Habitat is £240 but the pine one at Ikea is only £95 in the sale."),
    ("user", "Priya says the oak lasts longer, her brother Dev had the pine one for 3 years."),
    ("user", "The delivery to Brixton is on Thursday 12 June if we order before Monday."),
    ("user", "Marcus from work offered his van on Sunday so we could skip the £40 delivery fee."),
    ("user", "haha"),
    ("user", "Pine then."),
    ("user", "ok"),
    ("user", "thanks, good night"),
]


@pytest.mark.parametrize(("turns", "decision"), [(LONG_DE, "Kiefer"), (LONG_EN, "Pine then")])
def test_a_summary_keeps_a_short_decision_and_drops_the_pleasantries(scope, turns, decision):
    said = [s["text"] for s in extractive_summary(messages=_session(scope, turns))]
    assert [s for s in said if decision in s], "the choice stays however short"
    assert not [s for s in said if language.pleasantry_only(s)], said


@pytest.mark.parametrize(
    "sentence",
    [
        "Pine then.",
        "Okay, the oak one then!",
        "Lärche then",
        "dann nehm ich die Kiefer.",
        "ich behalt das Ding.",
        "Wir nehmen doch die Lärche.",
        "I'll take the blue one.",
        "I'm going with the pine.",
        "We'll keep the old car.",
    ],
)
def test_a_short_choice_decides(sentence):
    assert language.chooses(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "See you then.",
        "Talk to you then",
        "ok bye then",
        "Fine then.",
        "Right then!",
        "I was so tired then.",
        "ich nehme an, dass er kommt.",
        "ich nehm das mit.",
        "ich kauf seit Jahren bei Aldi.",
        "I'll take a nap.",
        "I'll get back to you.",
        "let's keep in touch",
        "I'll keep that in mind.",
        "just going with the flow",
        "I'm going with the flow.",
        "Are you going with Tom?",
        "Let's take a look at the lease.",
    ],
)
def test_everyday_talk_chooses_nothing(sentence):
    assert not language.chooses(sentence)


def test_only_the_owner_chooses():
    assert not _chosen("Let's take the lease first.", "assistant")
    assert _chosen("Let's take the lease first.", "user")


LANDLORD = [
    ("user", "The landlord Mr Okafor finally came round about the damp in the back bedroom."),
    ("assistant", "Let's take a look at what he said. I'll keep that in mind."),
    ("user", "He sent the roofer Dariusz, who says the flashing on the chimney is cracked."),
    ("user", "I'll get back to you. I'll take a nap. See you then."),
    ("user", "Dariusz quoted £850 and the insurance from Aviva might cover half of it."),
    ("assistant", "Talk to you then. Let's keep in touch."),
    ("user", "Okafor wants the insurance claim in before the 14th of March. ok bye then."),
]


def test_everyday_talk_does_not_push_out_what_was_told(scope):
    said = " ".join(s["text"] for s in extractive_summary(messages=_session(scope, LANDLORD)))
    for matter in ("damp", "Dariusz", "insurance"):
        assert matter in said, said


@pytest.mark.parametrize(
    "sentence",
    ["ok it stays.", "That stays in the speech.", "der absatz bleibt drin", "bleibt dabei"],
)
def test_keeping_what_was_in_doubt_is_a_decision(sentence):
    assert language.DECIDED.search(language.fold(sentence))


# a reply of a few words means nothing without the question it answers: folded in when it
# carries a date, a name or a number, left out when it carries nothing
@pytest.mark.parametrize(
    ("turns", "folded", "left_out"),
    [
        (
            [
                ("user", "die zahnärztin hat gesagt, der weisheitszahn muss raus."),
                ("assistant", "Autsch. Wann ist der Termin?"),
                ("user", "am 3. märz, morgens."),
                ("assistant", "Brauchst du jemanden, der dich abholt?"),
                ("user", "nee, geht schon."),
            ],
            "Wann ist der Termin? – am 3. märz, morgens.",
            "geht schon",
        ),
        (
            [
                ("user", "my landlady wants to sell the flat in partick."),
                ("assistant", "That's unsettling. How long is your notice period?"),
                ("user", "two months, apparently."),
                ("assistant", "Do you want to start looking at places this weekend?"),
                ("user", "yeah maybe."),
            ],
            "How long is your notice period? – two months, apparently.",
            "maybe",
        ),
    ],
)
def test_an_elliptical_reply_keeps_its_question_or_goes(scope, turns, folded, left_out):
    said = [s["text"] for s in extractive_summary(messages=_session(scope, turns))]
    assert folded in said, said
    assert not [s for s in said if left_out in s and "?" not in s], said


@pytest.mark.parametrize(
    ("turns", "fragment"),
    [
        (
            [
                ("user", "wir fahren im sommer mit dem zug nach triest, über wien."),
                ("assistant", "Die Strecke Wien–Triest dauert etwa acht Stunden."),
                ("user", "das sind ja fast 8 stunden. egal, wir machen das."),
            ],
            "das sind ja fast 8 stunden.",
        ),
        (
            [
                ("user", "the boiler engineer from corgi homeplan came round about the leak."),
                ("assistant", "A new boiler usually costs around 2500 pounds."),
                ("user", "that's about 2500 quid. ouch."),
            ],
            "that's about 2500 quid.",
        ),
    ],
)
def test_a_fragment_pointing_back_at_the_assistant_is_no_sentence_of_its_own(
    scope, turns, fragment
):
    said = [s["text"] for s in extractive_summary(messages=_session(scope, turns))]
    assert said and fragment not in said, said


def test_a_fragment_leading_on_goes_with_the_sentence_it_leads_to(scope):
    turns = [
        ("user", "die probe für das sommerkonzert war heute."),
        ("assistant", "Wie lief es?"),
        ("user", "gut. und der dirigent... er will, dass ich das solo in der kirche singe."),
    ]
    said = [s["text"] for s in extractive_summary(messages=_session(scope, turns))]
    assert [s for s in said if s.startswith("und der dirigent... er will")], said


def test_a_summary_keeps_a_share_of_its_span_and_at_least_a_few_sentences():
    assert _room(400) == MIN_CHARS
    assert _room(2000) == _room(1000) * 2 == int(SHARE * 2000)
