"""The writer's name and town as a chat's opening gives them, often in lower case and in the
region's own words ("tom here from leeds", "bin der jörg aus reutlingen", "servus, i bin
d'vroni", "its priya btw"); the same slot holding a word of the language names no one ("im
tired", "bin der meinung", "its raining")."""

from __future__ import annotations

import pytest

from curator.extract.dialect import standard_speech
from curator.extract.greetings import opening_self, reads_as_name
from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "name", "place"),
    [
        ("hey, tom here from leeds, quick question about my boiler", "Tom", "place:leeds"),
        ("evening all, kez here, sheffield. need a hand with a letter", "Kez", "place:sheffield"),
        ("hiya, its priya btw, can u help me with my cv", "Priya", None),
        ("hi im tom", "Tom", None),
        ("howdy, it's Dolores from Amarillo. got a question", "Dolores", "place:amarillo"),
        ("morning! myself Venkat, working on a report", "Venkat", None),
        ("moin, hauke hier aus husum. brauch hilfe bei ner bewerbung", "Hauke", "place:husum"),
        ("hallo, bin der jörg aus reutlingen. kannst du mir helfen?", "Jörg", "place:reutlingen"),
        ("servus, i bin d'vroni aus rosenheim", "Vroni", "place:rosenheim"),
        ("moin, hier is de gesche aus aurich 🙂 ich hab ne frage", "Gesche", "place:aurich"),
        ("grüezi, dä luca vo schaffhausen. chasch mr hälfe?", "Luca", "place:schaffhausen"),
        ("jule hier, wohn seit kurzem in fürth", "Jule", "place:furth"),
        # after a short exclamation instead of a greeting
        ("na servus, i bin die resi aus passau. wie lang hält sauerteig?", "Resi", "place:passau"),
        ("oh man, bin der sören aus kiel und brauch hilfe", "Sören", "place:kiel"),
        ("right then – dave here from hull, quick one about my car", "Dave", "place:hull"),
        ("well well, its niamh btw", "Niamh", None),
        # the name closed by "and" and the next clause
        ("hi, i'm siobhan and i live in derry now", "Siobhan", "place:derry"),
        ("hi im keira and i need help with a letter", "Keira", None),
    ],
)
def test_a_chats_opening_names_the_writer_and_their_town(text, name, place):
    facts = asserted_triples(text)
    assert (ME, "name", name) in facts
    homes = {o for s, p, o in facts if s == ME and p == "lives_in"}
    assert homes == ({place} if place else set())


@pytest.mark.parametrize(
    "text",
    [
        "im tired, long day at work",
        "hi, its me again",
        "its raining again, any tips for drying washing",
        "it's monday, ugh",
        "ich bin der meinung, dass das zu teuer ist",
        "bin die erste, die das sagt",
        "ich bin der chef hier, also entscheide ich",
        "hier is alles gut, danke",
        "jo, im UKE, ich bin da röntgenassistentin",
        "it's DD/MM, not the other way round",
        "the boss here from work said no",
        "bin der neue hier aus dem büro",
        "this is Harvey, my grandad's dog, he's staying with us",
        "I'm Irish, so tea it is",
        "ach mensch, bin der meinung dass das so nicht geht",
        "ugh, kids here are so loud today",
        "ok cool, im tired",
    ],
)
def test_a_word_of_the_language_in_the_slot_names_no_one(text):
    facts = asserted_triples(text)
    assert not any(p == "name" for _, p, _ in facts)
    assert not any(p == "lives_in" for _, p, _ in facts)


@pytest.mark.parametrize(
    ("word", "name"),
    [("wiebke", True), ("rhodri", True), ("mark", True), ("tired", False), ("meinung", False),
     ("erste", False), ("raining", False), ("UKE", False), ("alles", False)],
)  # fmt: skip
def test_a_name_is_a_proper_noun_or_no_word_at_all(word, name):
    assert reads_as_name(word) is name


def test_swabian_towns_and_towns_by_their_own_peoples_name_are_read_in_standard_words():
    said = opening_self(standard_speech("griaß di, d'resi aus sindelfinga", lang="de").text)
    assert said is not None
    assert (said.name, said.place) == ("Resi", "Sindelfingen")
    facts = asserted_triples("tach, et Gisela hier us Kölle, wie geht dat")
    assert (ME, "lives_in", "place:koln") in facts
    assert (ME, "lives_in", "place:tubingen") in asserted_triples("i wohn seit 2018 in Tübinga")
