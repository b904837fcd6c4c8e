"""Pursuits: a hobby, a sport, a course that comes back across sessions gets a space named
after it, with its moments; a single mention, a work routine or a person said as often
does not.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.test import override_settings

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from tests.worldmemory.reflection.test_enrichment import BERLIN, Dialogue
from worldmemory import temporal
from worldmemory.benchmarks.reflection_quality import worker_drain
from worldmemory.models import SourceMessage
from worldmemory.reflection import enrichment, selectors
from worldmemory.reflection.pursuits import pursuits_find
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _turns(sessions: list[list[str]]) -> list[SourceMessage]:
    return [
        SourceMessage(role="user", text=text, session_external_id=f"s{number}")
        for number, texts in enumerate(sessions, start=1)
        for text in texts
    ]


@pytest.mark.parametrize(
    ("sessions", "name"),
    [
        (
            [
                [
                    "Die Woche war lang, drei Spätdienste und dann noch der Umzug von Tom.",
                    "Donnerstag ist wieder Handball, das brauch ich nach so einer Woche.",
                ],
                ["Mein Vermieter will die Miete erhöhen, ich weiß nicht, was ich tun soll."],
                [
                    "Handball fällt diese Woche aus, die Halle wird gestrichen. Schade, ich "
                    "hatte mich drauf gefreut.",
                ],
            ],
            "Handball",
        ),
        (
            [
                [
                    "Work was rubbish again, the rota is a mess.",
                    "On the bright side I've signed up for a beginners' Italian class on "
                    "Monday evenings.",
                ],
                [
                    "Back from Italian class, we did the numbers and the days of the week.",
                    "My landlord still hasn't fixed the boiler.",
                ],
            ],
            "Italian class",
        ),
    ],
)
def test_a_pursuit_coming_back_across_sessions_is_named_after_itself(multilingual, sessions, name):
    assert [p.name for p in pursuits_find(turns=_turns(sessions))] == [name]


@pytest.mark.parametrize(
    "sessions",
    [
        # said once: an aside, not a pursuit
        [
            ["Ich hab heute zum ersten Mal Yoga ausprobiert, war ganz nett."],
            ["Mein Vermieter will die Miete erhöhen, ich weiß nicht, was ich tun soll."],
        ],
        # work and a colleague come back as often, and are no pursuit
        [
            ["Vierter Spätdienst am Stück, meine Kollegin Steffi ist schon wieder krank."],
            ["Nach dem Spätdienst hat Steffi mich gefragt, ob ich ihre Schicht übernehme."],
        ],
        [
            ["Long day at the depot, Gareth wants the rota changed again."],
            ["Gareth called a meeting at the depot about the new rota."],
        ],
    ],
)
def test_no_pursuit_from_one_mention_or_from_work(multilingual, sessions):
    assert pursuits_find(turns=_turns(sessions)) == []


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_pursuit_gets_a_space_of_its_name_with_its_moment(multilingual):
    chat = Dialogue("owner-pursuit")
    at = datetime(2026, 3, 2, 20, 0, tzinfo=BERLIN)
    chat.session(
        "s1",
        at,
        [
            ("user", "Die Woche war lang, drei Spätdienste am Stück."),
            ("assistant", "Das klingt anstrengend."),
            ("user", "Mittwoch ist wieder Volleyball, das brauch ich nach so ner Woche."),
            ("assistant", "Klingt gut."),
        ],
    )
    chat.session(
        "s2",
        at + timedelta(days=8),
        [
            (
                "user",
                "Gestern beim Volleyball haben wir im Pokal gewonnen, ich hab den letzten "
                "Ball gemacht. Ich war so stolz auf uns!",
            ),
            ("assistant", "Glückwunsch!"),
        ],
    )
    assert worker_drain() == []
    with owner_scope(chat.owner) as scope:
        [space] = [
            s
            for s in selectors.reflection_entities(scope=scope, kind="reflection_space")
            if s.canonical_name == "Volleyball"
        ]
        members = {
            r.subject_entity_id
            for r in temporal.incoming_current(scope=scope, entity_ids=[space.pk])
            if r.predicate_id == "in_space"
        }
        [experience] = selectors.reflection_entities(scope=scope, kind="experience")
    assert members == {experience.pk}


def _sat_in(scope, name: str, members: list, first) -> None:
    how = enrichment.Provenance.observed(
        what="test", ref=enrichment.message_ref(first), valid_from=first.occurred_at
    )
    for member in members:
        ops = [enrichment.op_entity(member, member.split(":")[1], how)]
        enrichment.reflection_commit(scope=scope, ops=ops, purpose="test", chat_id="s-1")
    entities = [
        e
        for kind in ("thread", "experience")
        for e in selectors.reflection_entities(scope=scope, kind=kind)
        if e.ref in members
    ]
    enrichment._space_link(
        scope=scope, name=name, members=entities, first=first, why="test", chat_id="s-1"
    )


@pytest.mark.parametrize(
    ("held", "after"),
    [
        # a thread's space named by the common word of its matter is the pursuit's part of
        # life: it takes the pursuit's name, and no second space is made beside it
        ("Arie", ["Chor"]),
        # a life area keeps its name; the pursuit gets its own space
        ("Familie", ["Chor", "Familie"]),
    ],
)
def test_a_thread_space_named_by_its_matter_takes_the_pursuits_name(
    multilingual, scope, held, after
):
    at = datetime(2026, 11, 3, 20, 0, tzinfo=BERLIN)
    texts = [
        ("s1", "Die Woche war lang, drei Spätdienste am Stück."),
        ("s1", "Donnerstag ist wieder Chor, wir üben schon fürs Adventskonzert."),
        ("s2", "Mein Vermieter will schon wieder die Miete erhöhen."),
        (
            "s2",
            "Gestern beim Chor hab ich die Arie zum ersten Mal vor allen gesungen, mir "
            "haben die Knie gezittert.",
        ),
    ]
    turns = [
        say(scope, text, session=session, at=at + timedelta(days=7 * (session == "s2"), hours=i))
        for i, (session, text) in enumerate(texts)
    ]
    _sat_in(scope, held, ["thread:topic-arie", "experience:knie"], turns[3])
    [moment] = selectors.reflection_entities(scope=scope, kind="experience")
    enrichment.pursuit_spaces(scope=scope, turns=turns, told={moment: 3}, chat_id="s-2")
    names = sorted(
        s.canonical_name
        for s in selectors.reflection_entities(scope=scope, kind="reflection_space")
    )
    assert names == after
