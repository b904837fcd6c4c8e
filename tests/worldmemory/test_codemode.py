"""Code mode: conventions resolved per repo, the coding slice of the context block, what
an edit triggered (effects_of / explain_change with intent and outcome), AGENTS.md."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.test_api import Api, _token
from worldmemory import causality, codemode
from worldmemory.committer import proposal_commit
from worldmemory.context import build_context
from worldmemory.errors import NotFound
from worldmemory.models import Entity, Fact, WorldEvent
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

OWNER = "owner-code"


def commit(scope, *ops):
    result = proposal_commit(scope=scope, proposal=p.parsed(*ops))
    assert all(r.decision == "committed" for r in result.results), result.results
    return result


def convention(topic: str | None, rule: str, scope_ref: str | None = None, subject="person:me"):
    value = {"topic": topic, "rule": rule} if topic else rule
    extra = {"scope_ref": scope_ref, "scope_kind": scope_ref.split(":")[0]} if scope_ref else {}
    return p.fact(subject, "convention", value, **extra)


@pytest.fixture
def scope():
    with owner_scope(OWNER) as scope:
        yield scope


@pytest.fixture
def workspace(scope):
    commit(
        scope,
        p.entity("person:me", "Basti", ("ich",)),
        p.entity("project:assistant", "assistant"),
        p.entity("repo:home-agent", "home-agent"),
        p.entity("repo:docs", "docs"),
        p.relationship("repo:home-agent", "part_of", "project:assistant"),
        p.entity("pull_request:42", "PR 42"),
        p.entity("issue:40", "Issue 40"),
        p.entity("issue:39", "Issue 39"),
        p.entity("file:memory-py", "memory.py"),
        p.relationship("pull_request:42", "in_repo", "repo:home-agent"),
        p.relationship("issue:40", "in_repo", "repo:home-agent"),
        p.relationship("issue:39", "in_repo", "repo:home-agent"),
        p.relationship("file:memory-py", "in_repo", "repo:home-agent"),
        p.fact("pull_request:42", "status", "open"),
        p.fact("issue:40", "status", "open"),
        p.fact("issue:39", "status", "closed"),
        p.relationship("pull_request:42", "blocked_by", "issue:40"),
        convention("package_manager", "use `uv`, never pip"),
        convention("line_length", "line length 88"),
        convention("line_length", "line length 100", scope_ref="repo:home-agent"),
        convention("tests", "run pytest with -x", scope_ref="project:assistant"),
        p.fact("repo:home-agent", "decision", "extensions via postInitSQL"),
        p.fact("person:me", "prefers", "dark mode"),  # a preference, not a convention
    )
    return scope


def rules(slice_: dict) -> dict[str, str]:
    return {c["rule"]: c["level"] for c in slice_["conventions"]}


def test_conventions_resolve_repo_over_project_over_global(workspace):
    home = codemode.conventions_for(scope=workspace, repo_ref="repo:home-agent")
    assert rules(home) == {
        "line length 100": "repo",
        "extensions via postInitSQL": "repo",
        "run pytest with -x": "project",
        "use `uv`, never pip": "global",
    }
    docs = codemode.conventions_for(scope=workspace, repo_ref="repo:docs")
    assert rules(docs) == {"line length 88": "global", "use `uv`, never pip": "global"}
    with pytest.raises(NotFound):
        codemode.conventions_for(scope=workspace, repo_ref="project:assistant")


def test_a_narrower_convention_added_later_or_earlier_still_wins(workspace):
    commit(workspace, convention("line_length", "line length 79"))  # a newer global one
    home = codemode.conventions_for(scope=workspace, repo_ref="repo:home-agent")
    assert "line length 100" in rules(home) and "line length 79" not in rules(home)
    assert "line length 79" in rules(
        codemode.conventions_for(scope=workspace, repo_ref="repo:docs")
    )


def _edit_and_two_failing_runs(scope) -> tuple[str, list[str]]:
    stamp = timezone.now() - timedelta(minutes=10)
    edit = commit(
        scope,
        {
            "op": "record_event",
            "event_type": "agent_action",
            "summary": "du hast memory.py editiert",
            "target_ref": "repo:home-agent",
            "intent": "Import fixen",
            "expected_effect": {"event_type": "test_run", "payload": {"outcome": "passed"}},
            "payload": {"snapshot_tree": "4b825dc6", "files": ["memory.py"]},
            **p.provenance(stamp),
            "memory_type": "agent_action",
            "source": "agent:run",
        },
    )
    edit_id = edit.results[0].ids["event_id"]
    runs = []
    for index, test in enumerate(("test_world_memory", "test_context")):
        run = commit(
            scope,
            {
                "op": "record_event",
                "event_type": "test_run",
                "summary": f"{test}: fehlgeschlagen",
                "target_ref": "repo:home-agent",
                "caused_by_event_id": edit_id,
                "payload": {"outcome": "failed", "failures": 1, "test": test},
                **p.provenance(stamp + timedelta(minutes=1 + index)),
                "memory_type": "observed_state",
                "source": "ci:tests",
            },
        )
        runs.append(run.results[0].ids["event_id"])
    return edit_id, runs


def test_an_edit_and_the_test_runs_it_caused(workspace):
    edit_id, runs = _edit_and_two_failing_runs(workspace)

    effects = causality.effects_of(scope=workspace, event_id=edit_id)
    assert "test_world_memory: fehlgeschlagen" in effects["text"]
    assert "test_context: fehlgeschlagen" in effects["text"]
    test_runs = [e for e in effects["data"]["events"] if e["event_type"] == "test_run"]
    assert sorted(e["id"] for e in test_runs) == sorted(runs)
    (edit,) = [e for e in effects["data"]["events"] if e["id"] == edit_id]
    assert (edit["intent"], edit["intent_outcome"]) == ("Import fixen", "unfulfilled")

    why = causality.explain_change(scope=workspace, event_id=runs[1])
    assert why["text"].startswith("test_context: fehlgeschlagen, because:")
    assert "triggered by: du hast memory.py editiert" in why["text"]
    assert "[intent was: Import fixen · outcome: unfulfilled]" in why["text"]

    events = WorldEvent.objects.filter(owner_sub=OWNER)
    stored_edit = events.get(pk=edit_id)
    assert stored_edit.payload["snapshot_tree"] == "4b825dc6"
    assert stored_edit.retention_class == "permanent"
    # transient test state: windowed events, never a lasting fact
    assert {e.retention_class for e in events.filter(pk__in=runs)} == {"windowed"}
    assert not Fact.objects.filter(owner_sub=OWNER, predicate_id__in=["test_run", "outcome"])
    # the test runs belong to the edit's run (correlation inherited)
    assert {e.correlation_id for e in events.filter(pk__in=runs)} == {stored_edit.correlation_id}


def test_an_edit_followed_by_passing_tests_is_fulfilled(workspace):
    edit = (
        commit(
            workspace,
            {
                "op": "record_event",
                "event_type": "agent_action",
                "summary": "Import korrigiert",
                "target_ref": "repo:home-agent",
                "intent": "Import fixen",
                "expected_effect": {"event_type": "test_run", "payload": {"outcome": "passed"}},
                **p.provenance(),
                "memory_type": "agent_action",
                "source": "agent:run",
            },
        )
        .results[0]
        .ids["event_id"]
    )
    effects = causality.effects_of(scope=workspace, event_id=edit)
    assert effects["data"]["events"][0]["intent_outcome"] is None  # no test run yet: unknown
    commit(
        workspace,
        {
            "op": "record_event",
            "event_type": "test_run",
            "summary": "alle Tests grün",
            "caused_by_event_id": edit,
            "payload": {"outcome": "passed"},
            **p.provenance(),
            "memory_type": "observed_state",
            "source": "ci:tests",
        },
    )
    effects = causality.effects_of(scope=workspace, event_id=edit)
    assert effects["data"]["events"][0]["intent_outcome"] == "fulfilled"


def test_the_context_block_carries_the_coding_slice(workspace, django_assert_max_num_queries):
    _edit_and_two_failing_runs(workspace)
    with django_assert_max_num_queries(12, connection=connections["app"]):
        scoped = build_context(scope=workspace, message="Weiter", scope_refs=("repo:home-agent",))
    text = scoped["text"]
    assert "### coding repo:home-agent" in text, text
    section = text.split("### coding repo:home-agent", 1)[1]
    assert "line length 100" in section and "line length 88" not in section
    assert "use `uv`, never pip   [scope: global]" in section
    assert "pull_request:42: open · ⚠ blocked_by issue:40" in section
    assert "issue:39" not in section and "file:memory-py" not in section  # closed; a file
    assert "du hast memory.py editiert → test_world_memory: fehlgeschlagen" in section
    # the outcome recorded after the edit, not the one known when it was recorded
    assert "[intent: Import fixen · unfulfilled]" in section
    assert "dark mode" not in section
    # shown once, resolved: not again (unresolved) in the user's profile
    assert text.count("line length 100") == 1 and "line length 88" not in text

    named = build_context(scope=workspace, message="Was ist offen in home-agent?")
    assert "### coding repo:home-agent" in named["text"]
    assert named["data"]["coding"][0]["repo"] == "repo:home-agent"
    unrelated = build_context(scope=workspace, message="Wie geht es Luna?")
    assert "### coding" not in unrelated["text"] and unrelated["data"]["coding"] == []


def test_coding_slice_queries_do_not_grow_with_conventions(
    workspace, django_assert_max_num_queries
):
    with django_assert_max_num_queries(5, connection=connections["app"]) as few:
        codemode.coding_slice(scope=workspace, repos=_repo(workspace))
    for index in range(30):
        commit(workspace, convention(f"topic_{index}", f"rule {index}"))
    with django_assert_max_num_queries(5, connection=connections["app"]) as many:
        codemode.coding_slice(scope=workspace, repos=_repo(workspace))
    assert len(many.captured_queries) == len(few.captured_queries)


def _repo(scope) -> dict:
    repo = Entity.objects.get(owner_sub=scope.owner_sub, kind_id="repo", slug="home-agent")
    return {repo.pk: repo.ref}


def test_agents_md_is_rendered_for_the_caller_and_writes_nothing(workspace):
    owner = Api(_token(OWNER))
    before = (Fact.objects.count(), WorldEvent.objects.count())
    response = owner.client.post("/api/v1/code/agents-md?repo=repo:home-agent", **owner.headers)
    assert response.status_code == 200, response.content
    text = response.json()["text"]
    assert text.startswith("<!-- gedaechtnis:conventions repo:home-agent -->")
    assert text.rstrip().endswith("<!-- /gedaechtnis:conventions repo:home-agent -->")
    assert "- line length 100\n" in text and "line length 88" not in text
    assert "- use `uv`, never pip\n" in text
    assert "### Decisions\n\n- extensions via postInitSQL" in text
    assert (Fact.objects.count(), WorldEvent.objects.count()) == before

    missing = owner.client.post("/api/v1/code/agents-md?repo=repo:nope", **owner.headers)
    assert missing.status_code == 404
    stranger = Api(_token("owner-stranger"))
    foreign = stranger.client.post(
        "/api/v1/code/agents-md?repo=repo:home-agent", **stranger.headers
    )
    assert foreign.status_code == 404  # another owner's repo is just missing
    listed = owner.get("/code/conventions", repo="repo:docs")
    assert listed.status_code == 200 and "line length 88" in listed.json()["text"]


def test_the_person_block_says_the_coding_slice_in_words(workspace):
    _edit_and_two_failing_runs(workspace)
    german = build_context(
        scope=workspace, message="Weiter", scope_refs=("repo:home-agent",), language="de"
    )["text"]
    english = build_context(
        scope=workspace, message="Go on", scope_refs=("repo:home-agent",), language="en"
    )["text"]
    assert "### Code in " in german and "### coding" not in german
    assert "%(repo)s" not in german and "%(repo)s" not in english
    section = german.split("### Code in ", 1)[1]
    assert "use `uv`, never pip   [gilt überall]" in section
    assert "⚠ blockiert durch " in section
    assert "[Absicht: Import fixen" in section  # the intent, in the block's words
    assert "blocked_by" not in german and "[scope:" not in german
    assert "[applies everywhere]" in english and "⚠ blocked by " in english
    assert "gilt" not in english and "Absicht" not in english
