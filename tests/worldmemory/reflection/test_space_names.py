"""What a space is called, and which space a name means: a measure never names a topic, a
word bent otherwise names the space already there, and a space named by a word the person
has come to say less takes the word said most."""

from __future__ import annotations

import pytest

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from worldmemory.reflection import enrichment, selectors

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _spaces(scope) -> list[str]:
    return sorted(
        s.canonical_name
        for s in selectors.reflection_entities(scope=scope, kind="reflection_space")
    )


def test_a_measure_ties_a_topic_but_names_it_only_when_nothing_else_does():
    rowing = enrichment.Topic(["kilom", "ruder"], {0, 1, 2}, {"Kilometer": 4, "Rudern": 3})
    assert enrichment.topic_title(rowing) == "Rudern"
    rent = enrichment.Topic(["pound", "lodge"], {0, 1}, {"pounds": 3, "lodger": 2, "hours": 2})
    assert enrichment.topic_title(rent) == "lodger"
    only = enrichment.Topic(["stund"], {0, 1}, {"Stunde": 2})
    assert enrichment.topic_title(only) == "Stunde"


def test_a_topic_named_only_by_a_measure_names_no_space_by_it():
    from worldmemory.reflection.life_areas import space_name

    laps = [
        "Heute zwei Stunden im Schwimmbad, fast vierzig Bahnen.",
        "Nur eine Stunde geschafft, das Wasser war viel zu kalt.",
    ]
    assert space_name(words=["Stunden"], texts=laps) != "Stunden"
    miles = ["Did nine miles along the canal before work.", "Twelve miles on sunday, legs gone."]
    assert space_name(words=["miles"], texts=miles) != "miles"
    # beside another word the measure is passed over, not the word
    assert space_name(words=["Meter", "Ruderboot"], texts=laps) == "Ruderboot"


def test_a_space_named_by_the_same_word_bent_is_the_space_already_there(scope):
    first = say(scope, "Gestern mit Emma im Zoo gewesen, sie hat die Giraffen gefüttert.")
    later = say(scope, "Emmas Einschulung war heute, ich hab in der Aula geheult.")
    args = {"scope": scope, "chat_id": "s-1", "why": "test"}
    assert enrichment._space_link(name="Emma", members=[], first=first, **args)
    enrichment._space_link(name="Emmas", members=[], first=later, **args)
    assert _spaces(scope) == ["Emma"]


def _named(scope, name: str, *, words: list[str], texts: list[str]) -> str:
    """A space called ``name`` made for a thread recurring by ``words``, then what the
    thread's next run calls it."""
    first = say(scope, texts[0])
    enrichment._space_link(scope=scope, name=name, members=[], first=first, chat_id="s-1", why="t")
    [space] = [
        s
        for s in selectors.reflection_entities(scope=scope, kind="reflection_space")
        if s.canonical_name == name
    ]
    return enrichment._space_renamed(
        scope, space, words=words, name=words[0], texts=texts, first=first, chat_id="s-1"
    )


def test_a_space_named_by_a_word_said_less_since_takes_the_word_said_most(scope):
    rowing = ["The coach shouted at us the whole rowing session."]
    assert _named(scope, "coach", words=["rowing", "coach"], texts=rowing) == "rowing"
    assert _spaces(scope) == ["rowing"]
    # the renamed space is found by its name now, not a second one made beside it
    first = say(scope, rowing[0])
    enrichment._space_link(
        scope=scope, name="rowing", members=[], first=first, chat_id="s-1", why="t"
    )
    assert _spaces(scope) == ["rowing"]


def test_an_area_or_a_persons_name_stays_whatever_the_topic_says_most(scope):
    # a name the topic never said is an area or a trip, not a word said less
    care = ["Oma zieht ins Pflegeheim, ich hab heute die Papiere unterschrieben."]
    assert _named(scope, "Familie", words=["Oma", "Pflegeheim"], texts=care) == "Familie"
    school = [
        "Gestern war Elternabend, Jonte soll in der Schule mehr lesen.",
        "Jonte hat heute zum ersten Mal allein ein Buch gelesen.",
    ]
    assert _named(scope, "Jonte", words=["Elternabend", "Jonte"], texts=school) == "Jonte"


def _topic(surfaces: dict[str, int], matter: str | None) -> enrichment.Topic:
    return enrichment.Topic(["x"], {0, 1, 2}, surfaces, matter=matter)


def test_a_space_is_named_by_the_matter_before_a_side_of_it_said_more():
    # the hooks come up at every session, the climbing hall is what they are about
    climbing = ["Heute wieder in der Kletterhalle, die Haken im Überhang machen mir Angst."]
    hall = _topic({"Haken": 5, "Kletterhalle": 3}, "Kletterhalle")
    assert enrichment._space_words(hall, climbing) == ["Kletterhalle", "Haken"]
    from worldmemory.reflection.life_areas import space_name

    words = enrichment._space_words(hall, climbing)
    assert space_name(words=words, texts=climbing) == "Kletterhalle"
    baking = ["Burnt my apron on the oven again at the bakery this morning."]
    bakery = _topic({"apron": 4, "bakery": 3, "oven": 2}, "bakery")
    assert enrichment._space_words(bakery, baking) == ["bakery", "apron", "oven"]


def test_a_person_said_most_or_a_matter_never_recurred_by_keeps_the_order():
    baking = ["Priya and I opened the bakery at five again, she did the croissants."]
    priya = _topic({"Priya": 4, "bakery": 3}, "bakery")
    assert enrichment._space_words(priya, baking) == ["Priya", "bakery"]
    # a matter the topic does not recur by names its question, not the part of life
    landlord = _topic({"apron": 4, "oven": 2}, "landlord")
    assert enrichment._space_words(landlord, baking) == ["apron", "oven"]
    assert enrichment._space_words(_topic({"apron": 4}, None), baking) == ["apron"]


def test_a_space_named_by_a_side_word_takes_the_matter_once_it_leads(scope):
    climbing = ["Die Haken in der Kletterhalle sind neu geschraubt, der Überhang geht jetzt."]
    words = ["Kletterhalle", "Haken"]
    assert _named(scope, "Haken", words=words, texts=climbing) == "Kletterhalle"
    assert _spaces(scope) == ["Kletterhalle"]


def test_a_matter_said_as_often_as_the_first_word_leaves_the_wider_word_first():
    # the allotment is the part of life, the beans one crop of it, said as often
    allotment = ["Picked the first beans at the allotment today, the allotment looks great."]
    beans = _topic({"allotment": 3, "beans": 2, "Beans": 1}, "beans")
    assert [w.lower() for w in enrichment._space_words(beans, allotment)] == [
        "allotment",
        "beans",
    ]
    # said more than the matter, the first word is a side of it and gives way
    lake = ["Am See wieder die Haubentaucher gezählt, der Steg war nass."]
    birds = _topic({"Steg": 4, "See": 2, "Sees": 1}, "See")
    assert enrichment._space_words(birds, lake) == ["See", "Steg"]


def test_a_relative_said_most_keeps_the_space_beside_the_matter():
    care = ["Vati hat wieder die Pflegerin weggeschickt, Vati will keine Hilfe."]
    vati = _topic({"vati": 6, "pflegerin": 2}, "Pflegerin")
    assert enrichment._space_words(vati, care) == ["vati", "pflegerin"]
