"""Reflexion: the list of threads, spaces and questions, the reflection section of the
entity detail, and a session's working state — built through the reflection services."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connections
from django.utils import timezone

from tests import proposals
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.conftest import htmx
from tests.worldmemory.pages.reflection_world import build_meditation
from tests.worldmemory.reflection.conftest import say
from worldmemory import committer
from worldmemory.models import SessionWorkingState
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import activity, continuity, promotion, threads
from worldmemory.reflection.operations import message_ref
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

LIST = "/gedaechtnis/reflexion/"
# request setup (session, user, owner, RLS scope), the review badge, two reads (entities,
# current facts) per listed kind (four on the overview), and three for the conversations
# with their summaries (sessions, summaries, their facts) — never one per object
QUERIES_PER_LIST = 17


@pytest.fixture
def meditation():
    return build_meditation()


def _section(page: str, testid: str, end: str = "</ul>") -> str:
    return page.split(f'data-testid="{testid}"', 1)[1].split(end, 1)[0]


def test_login_required(client, meditation):
    response = client.get(LIST)
    assert response.status_code == 302
    assert response["Location"].startswith("/gedaechtnis/anmelden/")


def test_list_shows_threads_spaces_and_questions_with_their_state(client_a, meditation):
    response = client_a.get(LIST)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'aria-current="page">Reflexion<' in page  # the nav entry, in German
    assert "Fäden" in page and "Reflexionsräume" in page and "Offene Fragen" in page
    assert f'href="/gedaechtnis/e/{meditation["thread"]}"' in page
    assert f'href="/gedaechtnis/e/{meditation["space"]}"' in page
    assert f'href="/gedaechtnis/e/{meditation["question"]}"' in page
    assert f'data-testid="state-{meditation["thread"]}">verankert<' in page
    assert f'data-testid="state-{meditation["question"]}">offen<' in page
    assert "<html" in page


def test_the_overview_lists_experiences_but_not_those_set_aside_as_unimportant(
    client_a, meditation
):
    page = client_a.get(LIST).content.decode()
    assert "Erfahrungen" in page
    assert f'href="/gedaechtnis/e/{meditation["experience"]}"' in page
    with owner_scope("owner-a") as scope:
        said = say(scope, "Das mit der Meditation war nicht wichtig.", session="s-now")
        promotion.significance_user_mark(
            scope=scope, ref=meditation["experience"], message_id=said.pk
        )
    assert meditation["experience"] not in client_a.get(LIST).content.decode()
    # still there for whoever asks for experiences
    listed = client_a.get(LIST, {"kind": "experience"}).content.decode()
    assert f'href="/gedaechtnis/e/{meditation["experience"]}"' in listed


def test_a_space_nobody_touched_for_a_year_says_it_is_archived(client_a, meditation):
    with owner_scope("owner-a") as scope:
        said = datetime(2025, 1, 10, 19, 0, tzinfo=UTC)
        choir = say(scope, "Im Chor üben wir das Requiem.", session="s-chor", at=said)
        space, _ = threads.space_resolve(scope=scope, name="Chor", message=choir)
        threads.thread_place(scope=scope, message_id=choir.pk, topic="Requiem", space_ref=space)
        continuity.session_close(scope=scope, external_id="s-chor")
    chip = f'data-testid="activity-{space}"'
    assert f'href="/gedaechtnis/e/{space}"' in client_a.get(LIST).content.decode()
    assert chip not in client_a.get(LIST).content.decode()
    with owner_scope("owner-a") as scope:
        activity.activity_sweep(scope=scope)
    page = client_a.get(LIST).content.decode()
    assert f"{chip}>archiviert<" in page
    # the conversation itself rests too, and its page says so in words
    session = client_a.get("/gedaechtnis/quellen/sitzung/s-chor").content.decode()
    resting = session.split('data-testid="session-activity"', 1)[1].split("</p>", 1)[0]
    assert "archiviert" in resting
    assert "Seit 10. Januar 2025 nichts Neues; bleibt als Quelle erhalten." in resting
    now = client_a.get("/gedaechtnis/quellen/sitzung/s-now").content.decode()
    assert 'data-testid="session-activity"' not in now


def test_list_in_english(client_a, meditation):
    client_a.cookies["django_language"] = "en"
    page = client_a.get(LIST).content.decode()
    assert "Threads" in page and "Reflection spaces" in page and "Open questions" in page
    assert f'data-testid="state-{meditation["thread"]}">anchored<' in page


def test_filter_by_kind_and_thread_state(client_a, meditation):
    anchored = client_a.get(LIST, {"kind": "thread", "state": "anchored"}).content.decode()
    assert meditation["thread"] in anchored
    assert meditation["space"] not in anchored and meditation["question"] not in anchored
    dormant = client_a.get(LIST, {"kind": "thread", "state": "dormant"})
    assert dormant.status_code == 200
    assert meditation["thread"] not in dormant.content.decode()
    assert "Keine in diesem Zustand." in dormant.content.decode()


def test_an_empty_list_says_what_would_be_there(client_a, world):
    page = client_a.get(LIST).content.decode()
    assert "Noch keine Fäden: der Agent beginnt einen" in page
    assert "Keine offenen Fragen" in page


def test_filter_experiences_by_lifecycle(client_a, meditation):
    state = meditation["experience_state"]
    assert state in {"transient", "candidate", "established"}
    shown = client_a.get(LIST, {"kind": "experience", "state": state}).content.decode()
    assert f'href="/gedaechtnis/e/{meditation["experience"]}"' in shown
    other = "established" if state != "established" else "transient"
    hidden = client_a.get(LIST, {"kind": "experience", "state": other}).content.decode()
    assert meditation["experience"] not in hidden


def test_filter_htmx_partial(client_a, meditation):
    response = client_a.get(
        LIST, {"kind": "open_question", "state": "open"}, **htmx("reflection-list")
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "<html" not in page and page.lstrip().startswith('<div id="reflection-list"')
    assert meditation["question"] in page and meditation["thread"] not in page


def test_unknown_kind_or_state_is_a_422_with_what_is_wrong(client_a, meditation):
    bad_kind = client_a.get(LIST, {"kind": "dragon"})
    assert bad_kind.status_code == 422
    assert "Unbekannte Art: „dragon“" in bad_kind.content.decode()
    assert "Möglich: Fäden, Reflexionsräume, Offene Fragen, Erfahrungen, Einsichten" in (
        bad_kind.content.decode()
    )
    bad_state = client_a.get(
        LIST, {"kind": "thread", "state": "answered"}, **htmx("reflection-list")
    )
    assert bad_state.status_code == 422
    page = bad_state.content.decode()
    assert "Unbekannter Zustand: „answered“" in page and "verankert" in page
    assert "<html" not in page and meditation["thread"] not in page


def test_another_owner_sees_none_of_it(client_b, meditation):
    page = client_b.get(LIST).content.decode()
    assert meditation["thread"] not in page and meditation["space"] not in page
    assert client_b.get(f"/gedaechtnis/e/{meditation['thread']}").status_code == 404
    assert client_b.get(f"/gedaechtnis/e/{meditation['space']}").status_code == 404


def test_thread_detail_shows_state_history_links_sources_and_anchors(client_a, meditation):
    response = client_a.get(f"/gedaechtnis/e/{meditation['thread']}")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-testid="reflection-state">verankert<' in page
    history = _section(page, "state-history", "</ol>")
    # newest first: anchored (by the anchor), dormant (with its trigger), active (started)
    assert history.index("verankert") < history.index("ruhend") < history.index("aktiv")
    assert history.count("<li class=") == 3  # one entry per change, not per stored row
    assert "eine Weile ruhen" in history and "begonnen" in history
    # dormant was replaced at the same instant by anchored: shown, marked superseded
    assert '<li class="superseded"><span class="chip state-dormant">' in history
    assert f"/gedaechtnis/quellen/nachricht/{meditation['pause'].pk}" in history
    links = _section(page, "reflection-links")
    assert f'href="/gedaechtnis/e/{meditation["experience"]}"' in links  # in, part_of
    assert f'href="/gedaechtnis/e/{meditation["question"]}"' in links
    assert f'href="/gedaechtnis/e/{meditation["space"]}"' in links  # out, in_space
    assert "→" in links and "←" in links
    sources = _section(page, "reflection-sources")
    assert f"/gedaechtnis/quellen/nachricht/{meditation['first'].pk}" in sources
    assert "40 Minuten meditiert" in sources
    anchors = _section(page, "reflection-anchors")
    assert f'href="/gedaechtnis/e/{meditation["anchor"]}"' in anchors
    assert "fällig" in anchors and "wartet" in anchors
    # the entity components stay: facts with provenance, as-of bar, timeline
    assert 'id="facts"' in page and 'name="axis"' in page and 'id="tl-h"' in page


def test_space_detail_lists_what_lives_in_it(client_a, meditation):
    page = client_a.get(f"/gedaechtnis/e/{meditation['space']}").content.decode()
    links = _section(page, "reflection-links")
    for ref in (meditation["thread"], meditation["experience"], meditation["question"]):
        assert f'href="/gedaechtnis/e/{ref}"' in links
    assert "im Raum" in links and "←" in links
    assert "Keine Anker." in _section(page, "reflection-anchors")


def test_entity_body_partial_carries_the_reflection_section(client_a, meditation):
    url = f"/gedaechtnis/e/{meditation['question']}"
    response = client_a.get(url, **htmx("entity-body"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "<html" not in page and 'id="reflection"' in page
    assert 'data-testid="reflection-state">offen<' in page
    assert "in einem Gespräch gefragt" in _section(page, "state-history", "</ol>")
    facts_only = client_a.get(url, **htmx("facts")).content.decode()
    assert 'id="reflection"' not in facts_only and 'id="facts"' in facts_only


def test_past_valid_time_shows_the_reflection_state_and_links_then(client_a, meditation):
    at = timezone.localtime(timezone.now() - timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    page = client_a.get(f"/gedaechtnis/e/{meditation['thread']}", {"at": at}).content.decode()
    # the thread began on 19 August; it went dormant and was anchored only today
    assert 'data-testid="reflection-state">aktiv<' in page and "Zustand am " in page
    assert "Keine Anker." in _section(page, "reflection-anchors")
    links = _section(page, "reflection-links")
    assert f'href="/gedaechtnis/e/{meditation["space"]}"' in links
    # the history lists every recorded state, whatever the moment
    assert _section(page, "state-history", "</ol>").count("<li class=") == 3


def test_past_system_time_shows_what_was_known_of_the_reflection_object(client_a, meditation):
    known = timezone.now()
    with owner_scope("owner-a") as scope:
        done = say(scope, "Die Meditationsreise ist für mich abgeschlossen.", session="s-now")
        threads.thread_state_change(
            scope=scope,
            ref=meditation["thread"],
            state="resolved",
            trigger="abgeschlossen",
            message=done,
        )
    url = f"/gedaechtnis/e/{meditation['thread']}"
    assert 'data-testid="reflection-state">gelöst<' in client_a.get(url).content.decode()
    then = client_a.get(url, {"at": known.isoformat(), "axis": "system"}).content.decode()
    assert 'data-testid="reflection-state">verankert<' in then and "Zustand, wie am " in then
    assert 'href="/gedaechtnis/e/' in _section(then, "reflection-anchors")
    # a day earlier the agent knew nothing of the thread yet
    day_before = (known - timedelta(days=1)).isoformat()
    before = client_a.get(url, {"at": day_before, "axis": "system"}).content.decode()
    assert 'data-testid="reflection-state">—<' in before
    assert "Nichts verknüpft." in _section(before, "reflection-links")


def test_ordinary_entities_have_no_reflection_section(client_a, world):
    page = client_a.get("/gedaechtnis/e/pet:luna").content.decode()
    assert 'id="reflection"' not in page and 'data-testid="value-status"' in page


def test_session_page_shows_its_working_state(client_a, meditation):
    response = client_a.get("/gedaechtnis/quellen/sitzung/s-now")
    assert response.status_code == 200
    state = response.content.decode().split('data-testid="working-state"', 1)[1]
    assert "Arbeitszustand" in response.content.decode()
    assert f'href="/gedaechtnis/e/{meditation["space"]}"' in state.split("</dd>", 1)[0]
    assert "In der Meditation heute war ich unruhig." in response.content.decode()


def test_a_session_without_noted_turns_has_no_working_state(client_a, meditation):
    response = client_a.get("/gedaechtnis/quellen/sitzung/s-august")
    assert response.status_code == 200
    page = response.content.decode()
    assert "40 Minuten meditiert" in page and 'data-testid="working-state"' not in page


def test_list_queries_do_not_grow_with_the_objects(
    client_a, meditation, django_assert_max_num_queries
):
    with django_assert_max_num_queries(QUERIES_PER_LIST, connection=connections["app"]):
        assert client_a.get(LIST).status_code == 200
    with owner_scope("owner-a") as scope:
        for topic in ("Schreiben", "Gartenarbeit", "Laufen"):
            message = say(scope, f"{topic} beschäftigt mich gerade sehr.", session=f"s-{topic}")
            threads.thread_place(scope=scope, message_id=message.pk, topic=topic)
            threads.question_open(scope=scope, message_id=message.pk, question=f"Wozu {topic}?")
    with django_assert_max_num_queries(QUERIES_PER_LIST, connection=connections["app"]):
        page = client_a.get(LIST).content.decode()
    assert "Schreiben" in page


def test_the_facts_poll_does_not_read_the_reflection_section(
    client_a, meditation, django_assert_max_num_queries
):
    url = f"/gedaechtnis/e/{meditation['thread']}"
    with django_assert_max_num_queries(100, connection=connections["app"]) as full:
        client_a.get(url)
    with django_assert_max_num_queries(100, connection=connections["app"]) as poll:
        response = client_a.get(f"{url}/aktuell", {"marker": "stale"})
    assert response.status_code == 200 and 'id="facts"' in response.content.decode()
    assert 'id="reflection"' not in response.content.decode()

    # the section's reads (its source passages among them) happen for the page only
    def passages(queries) -> int:
        return sum('FROM "source_messages"' in q["sql"] for q in queries.captured_queries)

    assert passages(full) >= 1 and passages(poll) == 0


def test_the_reflection_layers_own_facts_are_the_memorys_not_a_devices(client_a, meditation):
    page = client_a.get(f"/gedaechtnis/e/{meditation['experience']}").content.decode()
    marks = re.findall(r'<span class="marks">.*?</span></span>', page)
    origins = re.findall(r"<dt>Woher</dt><dd>(.*?)</dd>", page)
    noted = "🤖 vom Gedächtnis selbst beim Nachdenken über deine Gespräche bemerkt"
    assert marks and not any("🔌" in line for line in marks)
    assert noted in origins and not any("gedaechtnis" in origin for origin in origins), origins


def test_an_open_question_named_by_its_words_says_them_once(client_a, meditation):
    page = client_a.get(f"/gedaechtnis/e/{meditation['question']}").content.decode()
    words = "Warum fällt mir das Sitzen morgens leichter?"
    assert f"{words}: {words}" not in page
    assert f"Aussage: {words}" in page


def _believed(page: str) -> str:
    """The facts section above the folded bookkeeping: what the agent believes."""
    facts = page.split('id="facts"', 1)[1].split("</section>", 1)[0]
    return facts.split('data-testid="bookkeeping"', 1)[0]


def test_a_thread_says_its_state_once_and_keeps_its_bookkeeping_apart(client_a, meditation):
    page = client_a.get(f"/gedaechtnis/e/{meditation['thread']}").content.decode()
    believed = _believed(page)
    # the state is said at the top, not again (nor a lifecycle beside it) among the beliefs
    assert 'data-testid="reflection-state">verankert<' in page
    assert "ist im Zustand" not in believed and "ist verankert" not in believed
    assert "wurde fortgesetzt" not in believed and 'data-predicate="thread_entry"' not in believed
    kept = page.split('data-testid="bookkeeping"', 1)[1].split("</section>", 1)[0]
    assert 'data-testid="kept-thread_entry"' in kept and "Eintrag im Faden: " in kept
    assert 'data-testid="kept-lifecycle_state"' in kept
    assert "Buchführung des Agenten" in page


def test_an_experience_says_its_state_once_and_its_statement_without_its_name(client_a):
    with owner_scope("owner-a") as scope:
        told = say(scope, "Hi! I went running again last Saturday, did my first 5k in ages.")
        ref = promotion.experience_record(
            scope=scope,
            message_id=told.pk,
            statement=told.text,
            name="I went running again last Saturday, did my first 5k in ages.",
        )["ref"]
    page = client_a.get(f"/gedaechtnis/e/{ref}").content.decode()
    believed = _believed(page)
    name = "I went running again last Saturday, did my first 5k in ages."
    assert f"{name}: Hi!" not in believed
    assert "Aussage: Hi! I went running" in believed
    assert "ist im Zustand" not in believed  # its lifecycle is its state, said at the top


def test_a_session_lists_the_earlier_question_its_working_state_took_up_again(client_a):
    with owner_scope("owner-a") as scope:
        asked = say(scope, "Wann ist Leas Theateraufführung in der Schule?", session="s-nov")
        question = threads.question_open(
            scope=scope, message_id=asked.pk, question="Wann ist Leas Theateraufführung?"
        )["question"]
        again = say(scope, "Ich plane gerade die Woche mit Lea.", session="s-dec")
        continuity.working_state_note(scope=scope, messages=[again])
        noted = SessionWorkingState.objects.get(owner_sub=scope.owner_sub, chat_id="s-dec")
        noted.open_questions = [entity_by_ref(scope=scope, ref=question).pk]
        noted.save(update_fields=["open_questions"])
    page = client_a.get("/gedaechtnis/quellen/sitzung/s-dec").content.decode()
    formed = page.split('data-testid="session-formed"', 1)[1].split("</section>", 1)[0]
    assert "Noch nichts" not in formed
    assert f'data-ref="{question}"' in formed and "wieder aufgekommen" in formed


def test_a_session_lists_a_question_asked_again_in_it_with_the_turn(client_a):
    with owner_scope("owner-a") as scope:
        asked = say(scope, "Wann ist Leas Theateraufführung in der Schule?", session="s-nov")
        question = threads.question_open(
            scope=scope, message_id=asked.pk, question="Wann ist Leas Theateraufführung?"
        )["question"]
        again = say(scope, "When is Lea's school play again?", session="s-dec")
        assert threads.question_asked_again(scope=scope, ref=question, message=again)
    page = client_a.get("/gedaechtnis/quellen/sitzung/s-dec").content.decode()
    formed = page.split('data-testid="session-formed"', 1)[1].split("</section>", 1)[0]
    assert f'data-ref="{question}"' in formed and f'href="#msg-{again.pk}"' in formed


def test_an_experiences_significance_is_said_in_words_and_german_decimals(client_a, meditation):
    """Its signals are no stored keys, its score is written as German writes decimals, and
    the cue matched on the accent-folded text ("tiefgreifend" folded) is not shown."""
    page = client_a.get(f"/gedaechtnis/e/{meditation['experience']}").content.decode()
    # what is read: not the stored row shown to experts, nor the forms' raw values
    page = re.sub(r"<[^>]+>", " ", re.sub(r"<code>.*?</code>", "", page, flags=re.DOTALL))
    for key in ("explicit_importance", "biographical_novelty"):
        assert key not in page
    assert "du hast gesagt, dass es dir viel bedeutet" in page
    assert "etwas zum ersten Mal" in page
    assert "Bedeutung eingeschätzt auf 0,75 von 1" in page
    assert "0.75" not in page


def test_the_question_list_counts_every_asking_its_page_lists(client_a):
    """Asked three times, though the last state it was given cites only the first and the
    last asking (two askings handled side by side): the list counts what its page lists."""
    with owner_scope("owner-a") as scope:
        first = say(scope, "In welchem Jahr hat Opa die Werft gegründet?", session="s-1")
        question = threads.question_open(
            scope=scope,
            message_id=first.pk,
            question="In welchem Jahr hat Opa die Werft gegründet?",
        )["question"]
        second = say(scope, "Weißt du inzwischen, wann Opa die Werft gegründet hat?", session="s-2")
        assert threads.question_asked_again(scope=scope, ref=question, message=second)
        third = say(scope, "What year did grandpa found the boatyard?", session="s-3")
        state = {
            "state": "open",
            "trigger": "raised again in session s-3",
            "sources": [message_ref(first), message_ref(third)],
        }
        result = committer.proposal_commit(
            scope=scope,
            proposal=proposals.parsed(
                proposals.fact(
                    question,
                    "question_state",
                    state,
                    evidence={"kind": "observation", "ref": message_ref(third), "text": "again"},
                )
            ),
        )
        assert all(r.decision == "committed" for r in result.results), result.results
    listed = client_a.get(LIST, {"kind": "open_question"}).content.decode()
    assert "3 Quellnachrichten" in listed
    page = client_a.get(f"/gedaechtnis/e/{question}").content.decode()
    for message in (first, second, third):
        assert f"/gedaechtnis/quellen/nachricht/{message.pk}" in page
