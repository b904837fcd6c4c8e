"""Each clause's tense dates its own fact, a week gone by dates from its first day, an unnamed
relative is a person of their own (the one memory holds, if it holds one), a weekday named for
one event is no habit, a death or a breakup ends what held, "stimmt gar nicht"
corrects, and a request to forget may be phrased many ways. The phrasings here are not those
of the evaluation set."""

from __future__ import annotations

import uuid
from datetime import datetime

import pytest

from curator.prefilter import classify
from curator.rules import Known, RuleCurator, Turn
from tests.conftest import BOTH_DATABASES
from tests.curator.test_newcomer_phrasing import Chat

ME = "person:me"
DECEMBER = "2025-12-10T10:00:00+01:00"  # a Wednesday: last week began on Monday 1 December


def _ops(*texts: str, at: str = DECEMBER, known: Known | None = None) -> list[dict]:
    turns = [
        Turn(id=f"m{n}", role="user", text=text, occurred_at=datetime.fromisoformat(at))
        for n, text in enumerate(texts)
    ]
    return RuleCurator().propose(turns, known or Known())


def _asserted(ops: list[dict]) -> dict[tuple, dict]:
    return {
        (o["subject_ref"], o["predicate"], o.get("object_value") or o.get("object_ref")): o
        for o in ops
        if o["op"] in ("assert_fact", "assert_relationship")
    }


def _known(*facts: tuple[str, str, str]) -> tuple[list[str], Known]:
    """Memory believing ``(subject, predicate, value or ref)`` facts; their ids in order."""
    ids = [str(uuid.uuid4()) for _ in facts]
    aliases = {
        ref.split(":")[1]: ref
        for subject, _, value in facts
        for ref in (subject, value)
        if ":" in ref and ref != ME
    }
    rows = [
        {
            "id": fact_id,
            "subject_ref": subject,
            "predicate": predicate,
            "value": value,
            "object_ref": value if ":" in value else None,
        }
        for fact_id, (subject, predicate, value) in zip(ids, facts, strict=True)
    ]
    return ids, Known(aliases=aliases, facts=rows)


def _targets(ops: list[dict], op: str) -> list[str]:
    return [o["target_fact_id"] for o in ops if o["op"] == op]


# --- each clause's tense dates its own fact ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fact", "month"),
    [
        (
            "meine Schwester Lena fängt im März bei Bosch an, hat sich letztes Jahr beworben",
            ("person:lena", "works_at", "org:bosch"),
            "2026-03",
        ),
        (
            "I'm starting at Deloitte in January, I applied back in the summer",
            (ME, "works_at", "org:deloitte"),
            "2026-01",
        ),
    ],
)
def test_a_coming_month_in_its_own_clause_is_the_coming_one(text, fact, month):
    assert _asserted(_ops(text))[fact]["valid_from"].startswith(month)


@pytest.mark.parametrize(
    ("text", "fact", "month"),
    [
        (
            "Im März bin ich nach Kiel gezogen, wohne jetzt gern da",
            (ME, "lives_in", "place:kiel"),
            "2025-03",
        ),
        ("I moved to York in February and I love it", (ME, "lives_in", "place:york"), "2025-02"),
        (
            "Ich hab im März, nach langem Suchen, bei Bosch angefangen",
            (ME, "works_at", "org:bosch"),
            "2025-03",
        ),
    ],
)
def test_a_month_its_own_clause_tells_as_past_stays_past(text, fact, month):
    assert _asserted(_ops(text))[fact]["valid_from"].startswith(month)


# --- a week gone by dates from its first day --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fact", "day"),
    [
        (
            "ich hab seit letzter Woche nen neuen Job bei Siemens",
            (ME, "works_at", "org:siemens"),
            "2025-12-01",
        ),
        (
            "I've had a new job at Tesco since last week",
            (ME, "works_at", "org:tesco"),
            "2025-12-01",
        ),
        ("seit vorletzter Woche wohne ich in Kiel", (ME, "lives_in", "place:kiel"), "2025-11-24"),
        (
            "I've been vegetarian since the week before last",
            (ME, "diet", "vegetarian"),
            "2025-11-24",
        ),
    ],
)
def test_since_a_past_week_holds_from_its_monday(text, fact, day):
    assert _asserted(_ops(text))[fact]["valid_from"].startswith(day)


@pytest.mark.parametrize(
    ("text", "fact", "day"),
    [
        # the week under way names no start before today
        ("I've been vegetarian since this week", (ME, "diet", "vegetarian"), "2025-12-10"),
        # a coming week still dates a start ahead, as before
        ("ab nächster Woche arbeite ich bei Aldi", (ME, "works_at", "org:aldi"), "2025-12-15"),
    ],
)
def test_a_week_not_gone_by_is_no_past_start(text, fact, day):
    assert _asserted(_ops(text))[fact]["valid_from"].startswith(day)


# --- an unnamed relative is a person of their own ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "relative", "relation", "fact"),
    [
        (
            "meine Mutter ist Krankenschwester",
            "person:mutter",
            "mother",
            ("works_as", "Krankenschwester"),
        ),
        ("my dad's a plumber", "person:dad", "father", ("works_as", "plumber")),
        ("mein Bruder wohnt in Graz", "person:bruder", "brother", ("lives_in", "place:graz")),
        ("meine Tante arbeitet als Friseurin", "person:tante", "aunt", ("works_as", "Friseurin")),
        ("my sister lives in Leeds now", "person:sister", "sister", ("lives_in", "place:leeds")),
        ("my husband works at Siemens", "person:husband", "husband", ("works_at", "org:siemens")),
    ],
)
def test_what_is_said_of_an_unnamed_relative_is_theirs(text, relative, relation, fact):
    found = _asserted(_ops(text))
    assert (relative, *fact) in found
    assert (relative, "relation_to_user", relation) in found
    assert (ME, *fact) not in found


def test_an_unnamed_relative_is_known_by_the_relation_too():
    ops = _ops("my mum is a teacher")
    entity = next(o for o in ops if o["op"] == "upsert_entity" and o["id_hint"] == "person:mum")
    assert entity["canonical_name"] == "Mum"
    assert "mother" in entity["aliases"]


@pytest.mark.parametrize(
    "text",
    [
        "my friend is a nurse",  # one of many friends: nobody singled out
        "if my mum were a nurse she'd know what to do",
        "mein Kollege wohnt in Graz",
    ],
)
def test_no_relative_is_made_of_many_or_of_a_hypothetical(text):
    assert _asserted(_ops(text)) == {}


# --- a death ends what held of the person -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Oma ist letzte Woche gestorben", "person:oma"),
        ("grandma passed away on sunday", "person:grandma"),
        ("mein Opa ist verstorben", "person:opa"),
        ("Uncle Rob died last night", "person:rob"),
    ],
)
def test_who_died_lives_nowhere_now_and_stays_a_relative(text, person):
    (relation, home), known = _known(
        (person, "relation_to_user", "grandmother"), (person, "lives_in", "place:kiel")
    )
    ops = _ops(text, known=known)
    assert _targets(ops, "end_fact") == [home]
    assert relation not in _targets(ops, "end_fact") + _targets(ops, "invalidate_fact")
    assert not any(k[0].endswith((":passed", ":away")) for k in _asserted(ops))


def test_what_the_window_said_of_someone_who_died_is_not_held_now():
    found = _asserted(_ops("meine Oma wohnt in Kiel", "meine Oma ist gestern verstorben"))
    assert ("person:oma", "lives_in", "place:kiel") not in found
    assert ("person:oma", "relation_to_user", "grandmother") in found


@pytest.mark.parametrize(
    "text",
    [
        "the actor from that show died yesterday, so sad",
        "Oma hat Angst vorm Sterben",
    ],
)
def test_someone_elses_death_ends_nothing_of_the_relative(text):
    _, known = _known(
        ("person:oma", "relation_to_user", "grandmother"), ("person:oma", "lives_in", "place:kiel")
    )
    assert _targets(_ops(text, known=known), "end_fact") == []


# --- a breakup ends the partnership -----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Ben and I broke up last week",
        "Ben und ich haben uns getrennt",
        "Ben hat mit mir Schluss gemacht",
        "we split up, it's for the best",
        "wir sind nicht mehr zusammen",
    ],
)
def test_a_breakup_ends_the_partner_relation(text):
    (partner, home), known = _known(
        ("person:ben", "relation_to_user", "partner"), ("person:ben", "lives_in", "place:leeds")
    )
    ops = _ops(text, known=known)
    assert _targets(ops, "end_fact") == [partner]


@pytest.mark.parametrize(
    "text",
    [
        "what if Ben and I broke up?",
        "my parents split up when I was five",
        "meine Schwester und ihr Freund haben sich getrennt",
    ],
)
def test_no_breakup_of_the_speaker_ends_nothing(text):
    _, known = _known(("person:ben", "relation_to_user", "partner"))
    assert _targets(_ops(text, known=known), "end_fact") == []


def test_a_breakup_in_the_window_keeps_the_partnership_from_being_stored():
    found = _asserted(
        _ops("Lena und ich sind seit 2020 zusammen", "Lena und ich haben uns getrennt")
    )
    assert not any(k[1] == "relation_to_user" and k[2] == "partner" for k in found)


# --- a value denied as a whole is corrected ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "predicate", "believed", "said"),
    [
        (
            "das stimmt überhaupt nicht, ich wohn in Hamburg",
            "lives_in",
            "place:bremen",
            "place:hamburg",
        ),
        ("that's not true, I live in Hamburg", "lives_in", "place:bremen", "place:hamburg"),
        ("stimmt gar nicht, ich bin Erzieher", "works_as", "Lehrer", "Erzieher"),
        ("no that's not right, I'm a midwife", "works_as", "nurse", "midwife"),
        ("Das ist so nicht richtig, ich arbeite bei Bosch", "works_at", "org:siemens", "org:bosch"),
    ],
)
def test_a_denial_corrects_the_believed_value(text, predicate, believed, said):
    (fact_id,), known = _known((ME, predicate, believed))
    made = _asserted(_ops(text, known=known))[(ME, predicate, said)]
    assert made["memory_type"] == "correction"
    assert made["corrects_fact_id"] == fact_id


@pytest.mark.parametrize(
    ("text", "predicate", "believed", "said"),
    [
        (
            "das stimmt nicht mehr, ich wohne jetzt in Hamburg",
            "lives_in",
            "place:bremen",
            "place:hamburg",
        ),
        ("that's not right anymore, I'm a midwife now", "works_as", "nurse", "midwife"),
    ],
)
def test_no_longer_true_is_a_change(text, predicate, believed, said):
    _, known = _known((ME, predicate, believed))
    made = _asserted(_ops(text, known=known))[(ME, predicate, said)]
    assert made["memory_type"] != "correction"


# --- a request to forget, however it is phrased -----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "please drop the bit about the ibuprofen",
        "can you drop the ibuprofen thing",
        "leave out the part about the ibuprofen please",
        "please get rid of the ibuprofen entry",
        "wipe the ibuprofen from your memory",
        "das mit dem Ibuprofen bitte raus",
        "nimm das mit dem Ibuprofen wieder raus",
        "die Sache mit dem Ibuprofen kannst du vergessen",
        "das mit dem Ibuprofen kannst du weglassen",
    ],
)
def test_a_request_to_forget_reaches_the_value_it_names(text):
    (medicine, home), known = _known(
        (ME, "takes_medication", "Ibuprofen"), (ME, "lives_in", "place:bremen")
    )
    assert _targets(_ops(text, known=known), "invalidate_fact") == [medicine]


@pytest.mark.parametrize(
    "text",
    [
        "I drop the kids at school at 8",
        "we got rid of the old sofa",
        "das mit dem Hund ist weg",
        "ich geh heute wieder raus",
    ],
)
def test_dropping_and_going_out_forget_nothing(text):
    _, known = _known(
        (ME, "takes_medication", "Ibuprofen"), (ME, "routine", "drop the kids at school")
    )
    assert _targets(_ops(text, known=known), "invalidate_fact") == []


# --- the prefilter lets them through ----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Ben and I broke up",
        "grandma passed away",
        "Opa ist gestorben",
        "wir haben uns getrennt",
        "das mit Tom kannst du vergessen",
        "please drop the bit about Tom",
    ],
)
def test_life_events_and_requests_to_forget_are_curated(text):
    assert classify(text=text, role="user").trigger


# --- a relative memory already holds is that person -------------------------------------------


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("my mum is a teacher now", ("works_as", "teacher")),
        ("meine Mutter wohnt jetzt in Graz", ("lives_in", "place:graz")),
        ("Mama arbeitet als Friseurin", ("works_as", "Friseurin")),
    ],
)
def test_an_unnamed_relative_memory_holds_by_a_fact_is_that_person(text, fact):
    _, known = _known(("person:brigid", "relation_to_user", "mother"))
    ops = _ops(text, known=known)
    assert ("person:brigid", *fact) in _asserted(ops)
    assert not [o for o in ops if o["op"] == "upsert_entity" and o["kind"] == "person"]


@pytest.mark.parametrize(
    ("alias", "text"),
    [("mama", "my mum lives in Leeds now"), ("sis", "meine Schwester wohnt in Leeds")],
)
def test_an_unnamed_relative_memory_holds_by_a_kin_alias_is_that_person(alias, text):
    known = Known(aliases={"kate": "person:kate", alias: "person:kate"})
    assert ("person:kate", "lives_in", "place:leeds") in _asserted(_ops(text, known=known))


@pytest.mark.parametrize(
    "text", ["my sister lives in Leeds now", "meine Schwester wohnt jetzt in Leeds"]
)
def test_which_of_two_sisters_memory_holds_is_unsaid(text):
    _, known = _known(
        ("person:kate", "relation_to_user", "sister"), ("person:anna", "relation_to_user", "sister")
    )
    assert not any(k[1] == "lives_in" for k in _asserted(_ops(text, known=known)))


def test_someone_elses_mum_is_not_the_mother_memory_holds():
    _, known = _known(("person:brigid", "relation_to_user", "mother"))
    found = _asserted(_ops("Tom's mum is a teacher", known=known))
    assert ("person:brigid", "works_as", "teacher") not in found


@pytest.mark.parametrize(
    "text",
    [
        "Annas Mutter ist Lehrerin",
        "die Mutter von Anna ist Lehrerin",
        "Jonas' Vater ist Lehrer",
        "Tom's mum is a teacher",
        "the mother of my friend is a teacher",
    ],
)
def test_someone_elses_relative_is_not_the_speaker(text):
    assert not any(k[0] == ME for k in _asserted(_ops(text)))


def test_a_relative_of_someone_else_as_an_object_leaves_the_subject_be():
    found = _asserted(_ops("meine Freundin Wiebke ist mit ihrem Mann nach Husum gezogen"))
    assert ("person:wiebke", "lives_in", "place:husum") in found


def test_the_speaker_beside_someone_elses_relative_is_still_the_speaker():
    found = _asserted(_ops("Annas Mutter ist Lehrerin und ich bin Ärztin"))
    assert set(found) == {(ME, "works_as", "Ärztin")}


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_the_mother_named_in_an_earlier_chat_is_who_meine_mutter_is():
    Chat(owner="vera").say("Meine Mutter heißt Brigid")
    Chat(owner="vera", session="chat-2").say(
        "meine Mutter wohnt jetzt in Graz", at="2026-03-15T09:12:00+01:00"
    )
    assert Chat(owner="vera").current("person:brigid")["→lives_in"] == "place:graz"
    assert Chat(owner="vera").current("person:mutter") == {}


HELD_KIN = (
    ("person:kate", "relation_to_user", "sister"),
    ("person:lena", "relation_to_user", "cousin"),
    ("person:tom", "relation_to_user", "uncle"),
    ("person:brigid", "relation_to_user", "mother"),
    ("person:mark", "relation_to_user", "husband"),
    ("person:kate", "relation_to_user", "daughter"),
    ("person:hilde", "relation_to_user", "grandmother"),
)


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("my younger sister lives in Leeds", "person:kate"),
        ("my sister lives in Leeds", "person:kate"),
        ("my cousin lives in Berlin now", "person:lena"),
        ("meine Cousine wohnt jetzt in Berlin", "person:lena"),
        ("my uncle is a plumber", "person:tom"),
        ("my youngest daughter is a nurse", "person:kate"),
        ("my daughter is a nurse", "person:kate"),
        ("my new husband works as a chef", "person:mark"),
        ("mein neuer Mann arbeitet als Koch", "person:mark"),
        ("my stepmum is a teacher", "person:brigid"),
        ("meine Stiefmutter wohnt in Kiel", "person:brigid"),
        ("my grandma lives in Kiel", "person:hilde"),
        ("my ex-husband works as a chef", "person:mark"),
    ],
)
def test_a_relative_others_may_share_the_relation_with_is_not_the_one_memory_holds(text, held):
    _, known = _known(*HELD_KIN)
    assert not any(k[0] == held for k in _asserted(_ops(text, known=known)))


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("my husband works as a chef", ("person:mark", "works_as", "chef")),
        ("meine Oma mütterlicherseits wohnt in Kiel", ("person:hilde", "lives_in", "place:kiel")),
    ],
)
def test_a_relation_one_stands_in_alone_is_the_one_memory_holds(text, fact):
    _, known = _known(*HELD_KIN)
    assert fact in _asserted(_ops(text, known=known))


def test_the_named_mother_is_preferred_to_a_newcomer_called_mum():
    _, known = _known(
        ("person:mum", "relation_to_user", "mother"),
        ("person:brigid", "relation_to_user", "mother"),
    )
    known.aliases["mum"] = "person:mum"
    found = _asserted(_ops("my mum works as a teacher now", known=known))
    assert ("person:brigid", "works_as", "teacher") in found


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_my_mum_said_after_mum_was_named_is_the_named_mother():
    Chat(owner="ines").say("my mum lives in Leeds")
    Chat(owner="ines", session="chat-2").say(
        "Meine Mutter heißt Brigid", at="2026-03-15T09:12:00+01:00"
    )
    Chat(owner="ines", session="chat-3").say(
        "my mum works as a teacher now", at="2026-03-16T09:12:00+01:00"
    )
    assert Chat(owner="ines").current("person:brigid")["works_as"] == "teacher"
    assert "works_as" not in Chat(owner="ines").current("person:mum")


# --- one weekday named for one event is no habit ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Saturday is the big day",
        "saturday is the big day, our wedding!",
        "Monday is my first day",
        "Samstag ist der große Tag",
        "Samstagabend ist der große Abend",
        "Saturday is the big day we get married",
    ],
)
def test_one_weekday_named_for_an_event_is_no_routine(text):
    assert not any(k[1] == "routine" for k in _asserted(_ops(text)))


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        ("every Saturday I swim", "every Saturday swim"),
        ("samstags geh ich schwimmen", "samstags schwimmen"),
        ("Sunday is laundry day", "Sunday laundry day"),
        ("jeden Samstagabend geh ich tanzen", "jeden Samstagabend tanzen"),
    ],
)
def test_a_weekday_kept_for_something_stays_a_routine(text, routine):
    assert (ME, "routine", routine) in _asserted(_ops(text))


@pytest.mark.parametrize(
    "text",
    [
        "Thursday is the night we play poker with the lads",
        "Sunday is the day I call mum",
        "Friday is the day we always go swimming",
        "Tuesday is the only day I can swim",
        "Sunday is always laundry day",
        "Sonntag ist der Tag, an dem ich Mama anrufe",
    ],
)
def test_a_weekday_told_by_what_is_done_on_it_is_no_single_occasion(text):
    assert any(k[1] == "routine" for k in _asserted(_ops(text)))


# --- the markers fire on what they are for ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "please remove the part about my salary",
        "can you take out the bit about Tom",
        "skip the part about my knee, it's fine",
        "ok. Drop the bit, it was wrong",
        "could you remove the part",
    ],
)
def test_a_part_asked_to_go_is_curated_at_once(text):
    assert classify(text=text, role="user").immediate


@pytest.mark.parametrize(
    "text",
    [
        "I loved the part about the dragons",
        "the bit about the ending was weird",
        "the mechanic had to remove the part and order a new one",
        "we had to take out the part that was broken",
        "she had to cut the part of the hedge",
    ],
)
def test_talk_about_a_part_waits_for_quiet(text):
    assert not classify(text=text, role="user").immediate


@pytest.mark.parametrize(
    "text",
    [
        "sie hat sich letzte Woche von Tom getrennt",
        "Anna und ich haben uns getrennt",
        "wir leben seit März getrennt",
        "Ben und ich sind seit März getrennt",
        "ich bin getrennt lebend",
    ],
)
def test_people_parting_is_a_breakup_marker(text):
    assert classify(text=text, role="user").reason == "memory marker: a breakup"


@pytest.mark.parametrize(
    "text",
    [
        "wir haben den Müll getrennt",
        "Müll getrennt, Spülmaschine ausgeräumt",
        "die zwei Zimmer sind durch eine Wand getrennt",
        "Sind die Dateien getrennt?",
        "die Kinder haben sich beim Spielen kurz getrennt",
    ],
)
def test_things_or_a_moment_apart_is_no_breakup(text):
    assert not classify(text=text, role="user").reason.startswith("memory marker")
