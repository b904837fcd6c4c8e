"""Chat runs thoughts together without commas: a denial closing a clause before the next one
("vegan bin ich nich mehr ich ess wieder käse"), a dropped "ich" after an emoji ("… für die
insassen 😄 bin bibliothekar"), a demonstrative opening the next clause ("nix mit fenchel den
hasse ich"), and the speaker set against others ("ich selbst geh jeden Mittwoch schwimmen")."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from curator.rules import Known, RuleCurator, Turn

SUMMER = datetime(2026, 9, 8, 18, 20, tzinfo=timezone(timedelta(hours=2)))
ME = "person:me"


def _facts(*texts: str) -> set[tuple[str, str, str]]:
    turns = [
        Turn(id=f"r{i}", role="user", text=text, occurred_at=SUMMER + timedelta(minutes=i))
        for i, text in enumerate(texts)
    ]
    return {
        (op["subject_ref"], op["predicate"], str(op.get("object_value") or op.get("object_ref")))
        for op in RuleCurator().propose(turns, Known())
        if op["op"] in ("assert_fact", "assert_relationship")
    }


def test_a_denial_run_on_into_the_next_clause_still_denies():
    assert not {
        f for f in _facts("ach und vegan bin ich nich mehr ich ess wieder käse") if f[1] == "diet"
    }
    assert (ME, "diet", "vegetarian") in _facts("ich bin vegetarierin und fleisch ess ich nicht")


def test_a_denial_before_the_closing_participle_denies_what_was_fronted():
    facts = _facts("nach erfurt bin ich nicht gezogen, ich wohn immer noch in apolda")
    assert {f for f in facts if f[1] == "lives_in"} == {(ME, "lives_in", "place:apolda")}
    assert not _facts("nach Erfurt bin ich nie gezogen")
    assert (ME, "lives_in", "place:erfurt") in _facts("nach Erfurt bin ich letztes Jahr gezogen")


def test_a_dropped_ich_after_an_emoji_opens_a_new_thought():
    facts = _facts(
        "ich brauch buchtipps für mich selber mal nich für die insassen 😄 bin bibliothekar"
    )
    assert (ME, "works_as", "bibliothekar") in facts


def test_a_demonstrative_ends_the_thing_a_request_leaves_out():
    dislikes = {
        v
        for s, p, v in _facts("aber bitte nix mit fenchel den hasse ich wie die pest")
        if p == "dislikes"
    }
    assert dislikes == {"fenchel"}


def test_the_speaker_set_against_others_is_no_part_of_the_habit():
    routines = {
        v for s, p, v in _facts("ich selbst geh jeden Mittwoch schwimmen") if p == "routine"
    }
    assert routines == {"jeden Mittwoch schwimmen"}


def test_what_a_denial_sets_against_it_is_affirmed():
    facts = _facts("ich hab kein diabetes nur bluthochdruck")
    assert {v for s, p, v in facts if p == "health_condition"} == {"bluthochdruck"}


def test_an_adverb_after_a_kin_noun_is_no_name():
    facts = _facts("reading's heaps better and she's made a friend finally 🥹")
    assert not {f for f in facts if f[1] == "relation_to_user"}
    assert ("person:holly", "relation_to_user", "sister") in _facts(
        "my sister holly lives in leeds"
    )


def test_a_number_then_the_one_it_replaces_corrects():
    from curator.extract.reader import corrects

    assert corrects("ich bin 43 nich 34")
    assert not corrects("ich bin 43 und sie ist 34")


def test_health_said_run_on():
    facts = _facts(
        "tabletten soll ich keine nehmen wegen meinem magen ich hab ne gastritis",
        "die salbe mit arnika fällt übrigens raus gegen arnika bin ich allergisch",
    )
    assert {(ME, "health_condition", "gastritis"), (ME, "allergic_to", "arnika")} <= facts
    assert not {f for f in facts if f[1] == "takes_medication"}


def test_an_inflammation_named_by_where_it_sits_and_a_cream_taken():
    facts = _facts("ich hab seit zwei wochen ne sehnenscheidenentzündung im rechten handgelenk")
    conditions = {v for s, p, v in facts if p == "health_condition"}
    assert conditions == {"sehnenscheidenentzündung im rechten handgelenk"}
    assert (ME, "takes_medication", "hydrocortisone cream") in _facts(
        "i got hydrocortisone cream for it"
    )
    assert not _facts("I have a hand cream")


def test_chat_short_articles_count_one():
    ops = RuleCurator().propose(
        [
            Turn(
                id="n",
                role="user",
                text="ich ess seit nem jahr kein fleisch mehr, fisch aber schon",
                occurred_at=SUMMER,
            )
        ],
        Known(),
    )
    diet = next(op for op in ops if op.get("predicate") == "diet")
    assert (diet["object_value"], diet["valid_from"][:4]) == ("pescetarian", "2025")


def test_earlier_is_no_past_and_a_unit_closes_a_sentence():
    facts = _facts(
        "freitags hab ich früher schluss da geh ich immer mit meiner schwester inge walken"
    )
    assert ("person:inge", "relation_to_user", "sister") in facts
    assert {v for s, p, v in facts if p == "routine"}
    from curator.language.sentences import split_sentences

    said = split_sentences("eher laien so 5 min. ich mach das seit 2019", lang="de")
    assert [s.text for s in said] == ["eher laien so 5 min.", "ich mach das seit 2019"]
