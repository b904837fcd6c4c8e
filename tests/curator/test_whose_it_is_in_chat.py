"""Whose a fact is when chat names people loosely: a name after "my" and a role the kin list
lacks ("my offsider Bev is allergic to shellfish"), a demonstrative ("…, die wohnt in
bochum"), an animal said to be someone else's ("die katze … is die von lukas, heißt nudel");
and words that are no names or tastes: "ich heiße zwar gisela", "seine oma weiter besuchen",
"im a tea man", "bier trink ich selber übrigens keins"."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from curator.rules import Known, RuleCurator, Turn

SPRING = datetime(2026, 4, 19, 21, 30, tzinfo=timezone(timedelta(hours=2)))
ME = "person:me"


def _facts(*texts: str) -> set[tuple[str, str, str]]:
    turns = [
        Turn(id=f"w{i}", role="user", text=text, occurred_at=SPRING + timedelta(minutes=i))
        for i, text in enumerate(texts)
    ]
    return {
        (op["subject_ref"], op["predicate"], str(op.get("object_value") or op.get("object_ref")))
        for op in RuleCurator().propose(turns, Known())
        if op["op"] in ("assert_fact", "assert_relationship")
    }


def test_a_name_after_my_and_a_role_the_lists_lack_is_whom_it_is_about():
    facts = _facts("my offsider Bev is allergic to shellfish so she gets it too")
    assert ("person:bev", "allergic_to", "shellfish") in facts
    assert (ME, "allergic_to", "shellfish") not in facts


def test_a_demonstrative_subject_is_never_the_speaker():
    facts = _facts(
        "schreib noch rein dass jonas seine oma weiter regelmässig besuchen kann wenn wir "
        "zurück sind, die wohnt in bochum"
    )
    assert not {f for f in facts if f[1] == "lives_in"}
    assert not {f for f in facts if f[0] == "person:weiter"}
    assert ("person:lena", "lives_in", "place:kiel") in _facts(
        "meine Schwester Lena, die wohnt in Kiel"
    )


def test_a_particle_before_the_name_is_no_name():
    facts = _facts("ach und ich heiße zwar gisela aber alle sagen gila zu mir")
    assert (ME, "name", "Gisela") in facts
    assert (ME, "preferred_name", "Gila") in facts


def test_an_animal_said_to_be_someone_elses_is_theirs():
    facts = _facts(
        "nee ich hab keine katze, bin allergisch 😤 die katze auf unserem insta is die von "
        "lukas, heißt nudel"
    )
    assert ("person:lukas", "owns", "pet:nudel") in facts
    assert (ME, "owns", "pet:nudel") not in facts


def test_a_man_of_a_thing_likes_it():
    assert (ME, "prefers", "tea") in _facts("oh and strong tea not coffee, im a tea man")
    assert not {f for f in _facts("I'm a family man") if f[1] == "prefers"}


def test_not_drinking_something_is_no_dislike():
    facts = _facts("bier trink ich selber übrigens keins, eher mate 😄")
    assert not {f for f in facts if f[1] == "dislikes"}
    assert (ME, "prefers", "mate") in facts


def test_a_medicine_taken_for_an_organ_is_a_medicine_not_a_habit():
    facts = _facts("also i take thyroxine every morning for my thyroid, does that mess with it?")
    assert (ME, "takes_medication", "thyroxine") in facts
    assert not {f for f in facts if f[1] == "routine"}
    assert not {f for f in _facts("i take time for my heart") if f[1] == "takes_medication"}


def test_a_cleft_names_the_allergen_and_a_medicine_spoken_of_is_not_taken():
    facts = _facts("it's codeine im allergic to not penicillin, penicillin is my sister Jess.")
    assert (ME, "allergic_to", "codeine") in facts
    assert (ME, "takes_medication", "penicillin") not in facts


def test_an_introduction_after_a_colon():
    facts = _facts("kurz zu mir damit du mich kennst: ich bin lotte, 35, arbeite als klinikclown")
    assert {(ME, "name", "Lotte"), (ME, "age", "35")} <= facts
    assert (ME, "name", "Sam") in _facts("a bit about me first: I'm Sam, 41, a nurse")


def test_a_grown_child():
    facts = _facts("live with Steve and our cat. got a grown up daughter Jade over in Preston")
    assert ("person:jade", "relation_to_user", "daughter") in facts


def test_a_home_said_after_the_household():
    facts = _facts("wohne mit meinem partner ilias und unserer tochter mara (3) in mannheim.")
    assert (ME, "lives_in", "place:mannheim") in facts


def test_an_animal_adopted_under_another_word_after_its_kind_was_named():
    facts = _facts(
        "can you help me work out how much to feed a greyhound? we adopted a retired racer "
        "called Biscuit from the rescue a fortnight ago"
    )
    assert {
        (ME, "owns", "pet:biscuit"),
        ("pet:biscuit", "species", "dog"),
        ("pet:biscuit", "breed", "greyhound"),
    } <= facts
    assert not {f for f in _facts("we adopted a little boy called Sam") if f[1] == "owns"}


def test_a_reason_after_cos_keeps_the_diet_said_before_it():
    facts = _facts("ive gone gluten free since last month cos the doctor thinks it might help")
    assert (ME, "diet", "gluten_free") in facts


def test_an_afterthought_says_what_the_animal_named_before_it_is():
    facts = _facts("get home around 7:40 walk Pickles round the block, she's our beagle, then bed")
    assert {(ME, "owns", "pet:pickles"), ("pet:pickles", "species", "dog")} <= facts


def test_a_demonstrative_points_to_a_person_of_its_gender():
    facts = _facts(
        "mein mann holger sagt ich soll nich so förmlich schreiben 😅",
        "schreib noch rein dass jonas seine oma weiter besuchen kann, die wohnt in bochum",
    )
    assert not {f for f in facts if f[1] == "lives_in"}


def test_the_one_named_just_before_said_to_be_kin():
    facts = _facts("kann der günter das machen? das is mein nachbar der hat die parzelle neben mir")
    assert ("person:gunter", "relation_to_user", "neighbour") in facts
    assert ("person:tom", "relation_to_user", "cousin") in _facts(
        "I saw Tom today. That's my cousin."
    )
    assert not {
        f
        for f in _facts("Was soll ich kochen? Das ist mein Problem.")
        if f[1] == "relation_to_user"
    }


def test_who_it_is_instead_after_a_denial():
    facts = _facts("no I'm not diabetic that's my neighbour Arthur I get his bits in on a Tuesday")
    assert ("person:arthur", "relation_to_user", "neighbour") in facts
    assert not {f for f in facts if f[0] == ME and f[1] == "health_condition"}


def test_a_german_they_with_a_plural_verb_has_its_own_habit():
    facts = _facts("käfig is groß die dürfen jeden tag freifliegen wenn ich von der schicht komm.")
    assert not {f for f in facts if f[0] == ME and f[1] == "routine"}
    assert (ME, "routine", "jeden sonntag schwimmen") in _facts("wir gehen jeden sonntag schwimmen")
