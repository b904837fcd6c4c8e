"""An introduction after a short exclamation ("na servus, i bin die resi aus passau", "right
then – dave here from hull"), a name after a filler ("ich heiß eigentlich Birte"), and a job
after the speaker's copula without its "ich" ("Birte, 51, bin Dachdeckerin bei …"): the
speaker's facts, and the slot after an exclamation still names no one when it holds a word."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "name", "place"),
    [
        ("na servus, i bin die resi aus passau. wie lang hält sauerteig?", "Resi", "place:passau"),
        ("oh man, bin der sören aus kiel und brauch hilfe", "Sören", "place:kiel"),
        ("right then – dave here from hull, quick one about my car", "Dave", "place:hull"),
        ("well well, its niamh btw", "Niamh", None),
    ],
)
def test_an_introduction_after_an_exclamation_names_the_writer(text, name, place):
    facts = asserted_triples(text)
    assert (ME, "name", name) in facts
    homes = {o for s, p, o in facts if s == ME and p == "lives_in"}
    assert homes == ({place} if place else set())


@pytest.mark.parametrize(
    "text",
    [
        "ach mensch, bin der meinung dass das so nicht geht",
        "oh no, its raining again",
        "ugh, kids here are so loud today",
        "ok cool, im tired",
    ],
)
def test_a_word_after_an_exclamation_names_no_one(text):
    assert not {f for f in asserted_triples(text) if f[1] in ("name", "lives_in")}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("ich heiß eigentlich Birte und komm aus Husum", "Birte"),
        ("my name's actually Siobhan", "Siobhan"),
    ],
)
def test_a_filler_between_the_naming_verb_and_the_name(text, name):
    assert (ME, "name", name) in asserted_triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "Birte, 51, bin Dachdeckerin bei Holzbau Janssen",
        "bin kfz-mechatroniker bei Autohaus Brandt",
    ],
)
def test_a_job_after_the_copula_without_its_pronoun_is_the_job_alone(text):
    jobs = {o for s, p, o in asserted_triples(text) if s == ME and p == "works_as"}
    assert jobs and not any(job.lower().startswith("bin ") for job in jobs)
