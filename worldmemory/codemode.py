"""Code mode (seed 000 §11): conventions per repo, the coding slice of the context block,
and the AGENTS.md section a caller may write.

The repo and its files are the truth about code; the graph keeps lasting knowledge about
the work. Conventions and decisions are ``convention``/``decision`` facts (or notes,
preferences and policies scoped to a repo or project) and resolve repo > project/folder
> global: a value ``{"topic": …, "rule": …}`` of a narrower scope replaces a wider one on
the same topic. Build and test state stays in (windowed) events. Nothing here writes
project rule files: rendering AGENTS.md is the caller's explicit act.
"""

from __future__ import annotations

from collections.abc import Mapping
from uuid import UUID

from django.db import connections
from django.utils import timezone

from infra.routers import APP_DB
from worldmemory import render, temporal
from worldmemory.errors import NotFound
from worldmemory.reads.entities import facts_data
from worldmemory.reads.outcomes import LATEST_OUTCOME_SQL
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.tenancy import OwnerScope

REPO_KIND = "repo"
CONVENTION_PREDICATES = ("convention", "decision")
# these count as conventions only when scoped to the repo's chain (not every preference)
SCOPED_CONVENTION_PREDICATES = ("prefers", "note", "rule")
CONTAINER_PREDICATES = ("part_of", "belongs_to")
ITEM_PREDICATE = "in_repo"
ITEM_STATE_PREDICATES = ("status", "blocked_by")
CLOSED_STATES = frozenset({"closed", "merged", "done", "resolved", "cancelled"})
LEVELS = {"repo": 0, "project": 1, "folder": 1, "global": 2}
EVENT_LIMIT = 5
HIDDEN_EVENTS = ("memory_commit", "merge", "split", "intent_outcome")


def _current(scope: OwnerScope, branches: list[str], params: dict) -> list[temporal.FactRow]:
    """Current facts (believed and valid now) matching any branch, in one query."""
    current = (
        f"SELECT {temporal.FACT_COLUMNS_WITHOUT_EVIDENCE} FROM facts WHERE owner_sub = %(owner)s"
        f" AND {temporal.BELIEVED_NOW_SQL} AND {temporal.VALID_AT_SQL.format(v='now')}"
    )
    sql = " UNION ".join(f"{current} AND ({branch})" for branch in branches)
    return temporal.fetch_rows(sql, {"owner": scope.owner_sub, "now": timezone.now(), **params})


def _topic(fact: dict) -> str:
    value = fact["value"]
    if isinstance(value, dict) and value.get("topic"):
        return f"{fact['predicate']}:{value['topic']}"
    return f"{fact['predicate']}:{render.value_text(fact)}"  # no topic: only itself


def rule_text(fact: dict) -> str:
    value = fact["value"]
    if isinstance(value, dict) and "rule" in value:
        return str(value["rule"])
    return render.value_text(fact)


def _level(fact: dict, chain: dict[str, str]) -> str | None:
    """Where a convention applies from: the repo, a project/folder of it, global — or
    ``None`` when it belongs to another repo or project."""
    if fact["scope_ref"]:
        return chain.get(fact["scope_ref"])
    if fact["subject_ref"] in chain:
        return chain[fact["subject_ref"]]
    subject_kind = (fact["subject_ref"] or "").split(":", 1)[0]
    if subject_kind in (REPO_KIND, "project", "folder"):
        return None
    if fact["predicate"] not in CONVENTION_PREDICATES and fact["memory_type"] != "policy":
        return None  # an unscoped preference is the user's profile, not a code convention
    return "global"


def resolve_conventions(facts: list[dict], chain: dict[str, str]) -> list[dict]:
    """Per topic the most specific convention (then priority, then the newer), most
    specific first. ``chain``: ref → level for the repo and its projects/folders."""
    best: dict[str, dict] = {}
    for fact in facts:
        level = _level(fact, chain)
        if level is None:
            continue
        candidate = {**fact, "level": level, "rule": rule_text(fact)}
        key = _topic(fact)
        current = best.get(key)
        rank = (LEVELS[level], -fact["priority"], -fact["recorded_at"].timestamp())
        if current is None or rank < (
            LEVELS[current["level"]],
            -current["priority"],
            -current["recorded_at"].timestamp(),
        ):
            best[key] = candidate
    return sorted(best.values(), key=lambda f: (LEVELS[f["level"]], f["predicate"], f["rule"]))


def _events(scope: OwnerScope, entity_ids: list[UUID]) -> list[dict]:
    """The last events about the repo and its items, with the effects they caused."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "WITH recent AS (SELECT id FROM world_events WHERE owner_sub = %(o)s"
            " AND target_entity_id = ANY(%(ids)s)"
            " AND event_type <> ALL(%(hidden)s) ORDER BY occurred_at DESC LIMIT %(n)s)"
            " SELECT e.id, e.event_type, e.occurred_at, e.summary, e.intent,"
            f" {LATEST_OUTCOME_SQL}, e.caused_by_event_id, e.run_id, e.target_entity_id"
            " FROM world_events e WHERE e.owner_sub = %(o)s AND e.event_type <> ALL(%(hidden)s)"
            " AND (e.id IN (SELECT id FROM recent)"
            " OR e.caused_by_event_id IN (SELECT id FROM recent))"
            " ORDER BY e.occurred_at, e.recorded_at",
            {
                "o": scope.owner_sub,
                "ids": entity_ids,
                "hidden": list(HIDDEN_EVENTS),
                "n": EVENT_LIMIT,
            },
        )
        columns = [c.name for c in cursor.description]
        return [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]


def coding_slice(*, scope: OwnerScope, repos: Mapping[UUID, str]) -> list[dict]:
    """For each repo (id → ref): its resolved conventions, open pull requests/issues/tasks
    with their state, and the last events with what they caused. At most four queries for
    any number of repos."""
    repo_ids = list(repos)
    if not repo_ids:
        return []
    # one read: every convention-like fact, the repos' projects/folders and their items
    rows = _current(
        scope,
        [
            "predicate = ANY(%(conventions)s)",
            "predicate = ANY(%(scoped)s) AND scope_entity_id IS NOT NULL",
            "memory_type = 'policy' AND scope_entity_id IS NOT NULL",
            "subject_entity_id = ANY(%(repos)s) AND predicate = ANY(%(containers)s)",
            "object_entity_id = ANY(%(repos)s) AND predicate = %(item)s",
        ],
        {
            "conventions": list(CONVENTION_PREDICATES),
            "scoped": list(SCOPED_CONVENTION_PREDICATES),
            "containers": list(CONTAINER_PREDICATES),
            "repos": repo_ids,
            "item": ITEM_PREDICATE,
        },
    )
    item_ids = [r.subject_entity_id for r in rows if r.predicate_id == ITEM_PREDICATE]
    if item_ids:
        rows += _current(
            scope,
            ["subject_entity_id = ANY(%(items)s) AND predicate = ANY(%(states)s)"],
            {"items": item_ids, "states": list(ITEM_STATE_PREDICATES)},
        )
    data = facts_data(rows, as_of=timezone.now(), known=dict(repos))
    events = _events(scope, repo_ids + item_ids)
    slices = []
    for repo_id in repo_ids:
        repo_ref = repos[repo_id]
        chain = {repo_ref: "repo"}
        for f in data:
            if f["subject_ref"] == repo_ref and f["predicate"] in CONTAINER_PREDICATES:
                level = (f["object_ref"] or "").split(":", 1)[0]
                chain[f["object_ref"]] = "folder" if level == "folder" else "project"
        conventions = resolve_conventions([f for f in data if _is_convention(f)], chain)
        mine = {repo_id} | {
            r.subject_entity_id
            for r in rows
            if r.predicate_id == ITEM_PREDICATE and r.object_entity_id == repo_id
        }
        slices.append(
            {
                "repo": repo_ref,
                "chain": chain,
                "conventions": conventions,
                "items": _open_items(data, repo_ref),
                "events": _with_effects(events, mine),
            }
        )
    return slices


def _is_convention(fact: dict) -> bool:
    if fact["object_kind"] != "literal":
        return False
    if fact["predicate"] in CONVENTION_PREDICATES:
        return True
    scoped = fact["scope_ref"] is not None
    return scoped and (
        fact["predicate"] in SCOPED_CONVENTION_PREDICATES or fact["memory_type"] == "policy"
    )


def _with_effects(events: list[dict], entity_ids: set[UUID]) -> list[dict]:
    """The events about these entities, and what each of them caused."""
    roots = {e["id"] for e in events if e["target_entity_id"] in entity_ids}
    return [e for e in events if e["id"] in roots or e["caused_by_event_id"] in roots]


def _open_items(data: list[dict], repo_ref: str) -> list[dict]:
    """Pull requests, issues and tasks in the repo that are not closed, with their state."""
    refs = [
        f["subject_ref"]
        for f in data
        if f["predicate"] == ITEM_PREDICATE and f["object_ref"] == repo_ref
    ]
    items = []
    for ref in dict.fromkeys(refs):
        if ref.startswith("file:"):  # files are light entities, not open work
            continue
        statuses = [
            render.value_text(f)
            for f in data
            if f["subject_ref"] == ref and f["predicate"] == "status"
        ]
        status = statuses[0] if statuses else None
        if status and status.lower() in CLOSED_STATES:
            continue
        blocked_by = sorted(
            f["object_ref"]
            for f in data
            if f["subject_ref"] == ref and f["predicate"] == "blocked_by"
        )
        items.append({"ref": ref, "status": status, "blocked_by": blocked_by})
    return items


def slice_lines(coding: dict) -> list[str]:
    """The coding slice as lines of the context block (seed 000 appendix B)."""
    lines = []
    for convention in coding["conventions"]:
        where = (
            "global"
            if convention["level"] == "global"
            else convention["scope_ref"] or (convention["subject_ref"])
        )
        lines.append(f"- {convention['predicate']}: {convention['rule']}   [scope: {where}]")
    for item in coding["items"]:
        text = f"- {item['ref']}: {item['status'] or 'open'}"
        if item["blocked_by"]:
            text += " · ⚠ blocked_by " + ", ".join(item["blocked_by"])
        lines.append(text)
    by_id = {e["id"]: e for e in coding["events"]}
    for event in (e for e in coding["events"] if e["caused_by_event_id"] not in by_id):
        effects = [e for e in coding["events"] if e["caused_by_event_id"] == event["id"]]
        text = f"- {render.day(event['occurred_at'])} {event['summary'] or event['event_type']}"
        if effects:
            text += " → " + ", ".join(e["summary"] or e["event_type"] for e in effects)
        if event["intent"]:
            text += f"   [intent: {event['intent']} · {event['intent_outcome'] or 'open'}]"
        lines.append(text)
    return lines


def _repo(scope: OwnerScope, repo_ref: str):
    entity = entity_by_ref(scope=scope, ref=repo_ref)
    if entity is None or entity.kind_id != REPO_KIND:
        raise NotFound(f"no repo {repo_ref!r}")
    return entity


def conventions_for(*, scope: OwnerScope, repo_ref: str) -> dict:
    """The conventions that apply in a repo, resolved repo > project/folder > global."""
    repo = _repo(scope, repo_ref)
    (coding,) = coding_slice(scope=scope, repos={repo.pk: repo.ref})
    return coding


def agents_md_render(*, scope: OwnerScope, repo_ref: str) -> dict:
    """The repo's conventions as an AGENTS.md section, for the caller to write (an explicit
    act; this writes nothing)."""
    coding = conventions_for(scope=scope, repo_ref=repo_ref)
    marker = f"gedaechtnis:conventions {coding['repo']}"
    lines = [f"<!-- {marker} -->", "## Conventions (from Gedächtnis)", ""]
    conventions = [c for c in coding["conventions"] if c["predicate"] != "decision"]
    decisions = [c for c in coding["conventions"] if c["predicate"] == "decision"]
    for convention in conventions:
        lines.append(f"- {convention['rule']}")
    if not conventions:
        lines.append("- (none recorded)")
    if decisions:
        lines += ["", "### Decisions", ""]
        lines += [f"- {decision['rule']}" for decision in decisions]
    lines += ["", f"<!-- /{marker} -->"]
    return {
        "text": "\n".join(lines) + "\n",
        "data": {
            "repo": coding["repo"],
            "conventions": [
                {
                    "rule": c["rule"],
                    "predicate": c["predicate"],
                    "level": c["level"],
                    "scope_ref": c["scope_ref"],
                    "fact_id": c["id"],
                }
                for c in coding["conventions"]
            ],
        },
    }
