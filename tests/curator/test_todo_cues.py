"""Things to do said in the other common ways of chat (:mod:`curator.extract.todo_cues`): an
obligation whose subject chat drops after an adverb ("still need to …"), "don't forget",
"on my list:", a German modal after a fronted deadline ("bis freitag muss das paket
zurück"), a bare infinitive after "noch", "steht an", "auf der Liste", and a request to be
reminded asked as a question. Each is a task named by its object and verb, open, with its
due day. The phrasings are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import my_tasks as _tasks


@pytest.mark.parametrize(
    ("text", "ref", "due"),
    [
        ("still need to cancel the gym membership", "task:cancel-gym-membership", None),
        (
            "also have to return the library books by saturday",
            "task:return-library-books",
            "2026-03-14",
        ),
        ("i still gotta renew the car insurance tho", "task:renew-car-insurance", None),
        (
            "don't forget: pick up the dry cleaning on thursday",
            "task:pick-up-dry-cleaning",
            "2026-03-12",
        ),
        ("dont forget to water the tomatoes tomorrow", "task:water-tomatoes", "2026-03-11"),
        ("on my list: fix the bike light", "task:fix-bike-light", None),
    ],
)
def test_an_english_obligation_without_its_subject_is_a_task(text, ref, due):
    tasks = _tasks(text)
    expected = {"status": "open", **({"due": due} if due else {})}
    assert tasks[ref] == expected


@pytest.mark.parametrize(
    ("text", "ref", "due"),
    [
        (
            "bis montag muss die bewerbung an die stadtwerke raus",
            "task:bewerbung-stadtwerke",
            "2026-03-16",
        ),
        ("und morgen muss das altglas weg", "task:altglas", "2026-03-11"),
        ("am donnerstag muss der antrag zum amt", "task:antrag-amt", "2026-03-12"),
    ],
)
def test_a_german_modal_after_a_fronted_deadline_is_the_things_task(text, ref, due):
    assert _tasks(text)[ref] == {"status": "open", "due": due}


@pytest.mark.parametrize(
    ("text", "ref", "due"),
    [
        ("jetzt noch schnell die miete überweisen", "task:miete-uberweisen", None),
        (
            "heute noch die winterreifen abholen, die werkstatt macht um 6 zu",
            "task:winterreifen-abholen",
            None,
        ),
        (
            "dann noch den handyvertrag kündigen, frist ist der 31.3.",
            "task:handyvertrag-kundigen",
            "2026-03-31",
        ),
    ],
)
def test_a_german_bare_infinitive_after_noch_is_a_task(text, ref, due):
    expected = {"status": "open", **({"due": due} if due else {})}
    assert _tasks(text)[ref] == expected


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        ("Personalausweis verlängern steht an", "task:personalausweis-verlangern"),
        ("steht noch an: den keller entrümpeln", "task:keller-entrumpeln"),
        ("auf meiner liste steht noch fenster putzen", "task:fenster-putzen"),
    ],
)
def test_a_german_thing_said_due_or_on_the_list_is_a_task(text, ref):
    assert _tasks(text)[ref] == {"status": "open"}


@pytest.mark.parametrize(
    ("text", "ref", "due"),
    [
        (
            "kannst du mich dran erinnern, dass ich morgen die pflanzen gieße?",
            "task:pflanzen-giesse",
            "2026-03-11",
        ),
        ("can you remind me to call the dentist on monday?", "task:call-dentist", "2026-03-16"),
        ("could you remind me to book the ferry by friday?", "task:book-ferry", "2026-03-13"),
    ],
)
def test_a_request_to_be_reminded_asked_as_a_question_is_a_task(text, ref, due):
    assert _tasks(text)[ref] == {"status": "open", "due": due}


@pytest.mark.parametrize(
    "text",
    [
        "früher musste ich jeden tag pendeln",
        "heute noch nix gegessen",
        "was steht heute an?",
        "morgen muss ich arbeiten",
        "you still need to tell me the recipe",
        "do you think i still need to bring a towel?",
    ],
)
def test_no_task_from_the_past_an_answer_or_a_question(text):
    assert _tasks(text) == {}
