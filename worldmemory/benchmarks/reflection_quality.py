"""``gd_bench reflection``: what the enrichment path forms from the evaluation dialogues.

Each conversation of ``reflection_data`` is fed into a fresh owner through
``POST /api/v1/sources/messages``, one session per batch, and after each session the
worker's due schedules run (the session-end checkpoint and the enrichment task) exactly as
the worker would run them. Then the formed objects are read back with their source
messages, mapped to turn ids and scored against the expectations (README of the set):
precision and recall of threads, experiences and open questions, spaces and insights, and
the summary coverage of names, dates and decisions; per conversation, language and split,
and how long the session summaries read. Candidates and established objects are scored
together; the figures of the established ones alone follow each total.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from django.test import Client, override_settings

from worldmemory import temporal
from worldmemory.models import ProposalOp, SourceMessage
from worldmemory.reflection import selectors
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

DATA = Path(__file__).parent / "reflection_data" / "conversations"
KINDS = ("threads", "experiences", "open_questions", "spaces", "insights")
SPLITS = ("dev", "holdout")
FOLD = str.maketrans({"-": " ", "'": "", "’": ""})


def fold(text: str) -> str:
    return " ".join(str(text).casefold().translate(FOLD).split())


def conversations(*, split: str, data: Path = DATA) -> list[dict]:
    found = []
    for path in sorted(data.glob("*.json")):
        raw = json.loads(path.read_text())
        if raw["split"] == split:
            found.append(raw)
    return found


# --- the worker's path ---------------------------------------------------------------------

DRAIN_CLUSTER = "gd-bench-drain"


@contextmanager
def in_process_worker():
    """Tasks queued meanwhile run in this process at once, as the worker would run them
    (django-q2's sync mode), instead of waiting in the queue for a cluster."""
    from django_q.conf import Conf

    # the in-process worker narrates every task; the figures are what this prints
    worker_log = logging.getLogger("django-q")
    level = worker_log.level
    worker_log.setLevel(logging.ERROR)
    sync = Conf.SYNC
    Conf.SYNC = True
    try:
        yield
    finally:
        Conf.SYNC = sync
        worker_log.setLevel(level)


def worker_drain(*, owner: str | None = None, rounds: int = 3) -> list[str]:
    """Run every due schedule the way the worker's scheduler does, only ``owner``'s when
    given; return the failures.

    In this process the scheduler runs each task inside its own transaction over all due
    schedules, so the schedules other benchmarks left due (every ingest schedules an
    enrichment) would run in that one transaction with this owner's: one owner's are taken
    as a cluster of their own."""
    from django_q.brokers import get_broker
    from django_q.conf import Conf
    from django_q.models import Failure, Schedule
    from django_q.scheduler import scheduler

    before = set(Failure.objects.values_list("id", flat=True))
    cluster = Conf.CLUSTER_NAME
    if owner is not None:
        Conf.CLUSTER_NAME = DRAIN_CLUSTER
    try:
        with in_process_worker():
            broker = get_broker()
            for _ in range(rounds):
                time.sleep(0.01)  # a schedule due "now" is due once now has passed
                if owner is not None:  # including those the last round's tasks added
                    Schedule.objects.filter(
                        cluster__isnull=True, args__contains=repr(owner)
                    ).update(cluster=DRAIN_CLUSTER)
                scheduler(broker=broker)
    finally:
        Conf.CLUSTER_NAME = cluster
    return [
        f"{f.func}: {f.result}" for f in Failure.objects.exclude(id__in=before).order_by("started")
    ]


def conversation_feed(*, conversation: dict, owner: str) -> list[str]:
    with owner_scope(owner) as scope:
        token = token_create(scope=scope, name="bench")
    client = Client()
    failures = []
    for session in conversation["sessions"]:
        external = f"{conversation['id']}/{session['id']}"
        body = {
            "sessions": [
                {
                    "external_id": external,
                    "title": session["title"],
                    "started_at": session["started_at"],
                }
            ],
            "messages": [
                {
                    "session_external_id": external,
                    "external_id": turn["id"],
                    "role": turn["role"],
                    "speaker": turn["speaker"],
                    "text": turn["text"],
                    "occurred_at": turn["occurred_at"],
                }
                for turn in session["turns"]
            ],
        }
        with in_process_worker():
            response = client.post(
                "/api/v1/sources/messages",
                json.dumps(body),
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Bearer {token}",
            )
        if response.status_code != 200:
            raise RuntimeError(f"ingest of {external} failed: {response.content[:300]!r}")
        failures += worker_drain(owner=owner)
    return failures


# --- reading back --------------------------------------------------------------------------


@dataclass
class Formed:
    ref: str
    name: str
    turns: set[str]
    state: str | None = None
    extra: dict = field(default_factory=dict)
    lifecycle: str | None = None  # candidate, established, transient; None for questions


def _turn_ids(owner: str, ids: set) -> dict:
    rows = SourceMessage.objects.filter(owner_sub=owner, pk__in=list(ids))
    return {m.pk: m.external_id for m in rows}


def formed_read(*, owner: str) -> dict[str, list[Formed]]:
    with owner_scope(owner) as scope:
        kinds = [
            "thread",
            "experience",
            "open_question",
            "reflection_space",
            "insight",
            "session_summary",
        ]
        entities = {k: selectors.reflection_entities(scope=scope, kind=k) for k in kinds}
        everyone = [e for group in entities.values() for e in group]
        current = selectors.current_by_entity(scope=scope, entity_ids=[e.pk for e in everyone])
        cited: dict = {}
        for entity in everyone:
            rows = current[entity.pk]
            ids = set(selectors.message_ids_of((r.evidence or {}).get("ref") for r in rows))
            for value in selectors.values_of(rows, "thread_entry"):
                if isinstance(value, dict) and value.get("message_id"):
                    ids.add(uuid.UUID(value["message_id"]))
            span = selectors.value_of(rows, "covers_span") or {}
            ids |= {uuid.UUID(i) for i in span.get("message_ids", [])}
            # an insight rests on the messages of every experience it was derived from
            derivation = selectors.value_of(rows, "derivation") or {}
            ids |= {uuid.UUID(i) for i in derivation.get("sources", [])}
            cited[entity.pk] = ids
        names = _turn_ids(owner, set().union(*cited.values()) if cited else set())
        incoming = temporal.incoming_current(
            scope=scope, entity_ids=[e.pk for e in entities["reflection_space"]]
        )
        by_id = {e.pk: e for e in everyone}
        formed: dict[str, list[Formed]] = {k: [] for k in kinds}
        for kind, group in entities.items():
            for entity in group:
                rows = current[entity.pk]
                turns = {names[i] for i in cited[entity.pk] if i in names}
                item = Formed(entity.ref, entity.canonical_name, turns)
                item.lifecycle = selectors.state_name(selectors.value_of(rows, "lifecycle_state"))
                if kind == "thread":
                    item.state = selectors.state_name(selectors.value_of(rows, "thread_state"))
                    item.extra["lifecycle"] = selectors.state_name(
                        selectors.value_of(rows, "lifecycle_state")
                    )
                elif kind == "experience":
                    item.extra = {
                        "occurred": selectors.value_of(rows, "occurred_on") or {},
                        "signals": [
                            v.get("signal")
                            for v in selectors.values_of(rows, "significance_signal")
                        ],
                        "user_word": selectors.value_of(rows, "user_significance"),
                        "landmark": (selectors.value_of(rows, "landmark") or {}).get("landmark"),
                        "state": selectors.state_name(selectors.value_of(rows, "lifecycle_state")),
                        # what was told (the name is only the sentence of the moment)
                        "text": str(selectors.value_of(rows, "statement") or entity.canonical_name),
                    }
                    statement = next((r for r in rows if r.predicate_id == "statement"), None)
                    source = (statement.evidence or {}).get("ref") if statement else None
                    ids = selectors.message_ids_of([source])
                    item.extra["source"] = names.get(ids[0]) if ids else None
                elif kind == "open_question":
                    value = selectors.value_of(rows, "question_state") or {}
                    item.state = selectors.state_name(value)
                    statement = next((r for r in rows if r.predicate_id == "statement"), None)
                    ids = selectors.message_ids_of([(statement.evidence or {}).get("ref")])
                    item.extra["source"] = names.get(ids[0]) if ids else None
                    closed = selectors.message_ids_of(
                        value.get("sources", []) if isinstance(value, dict) else []
                    )
                    resolved = _turn_ids(owner, set(closed))
                    item.extra["resolved_by"] = (
                        sorted(resolved.values())[0] if item.state != "open" and resolved else None
                    )
                elif kind == "session_summary":
                    item.extra["text"] = str(selectors.value_of(rows, "statement") or "")
                    span = selectors.value_of(rows, "covers_span") or {}
                    item.extra["session"] = span.get("session", "")
                    sentences = selectors.value_of(rows, "summary_sentences") or []
                    quoted = {uuid.UUID(s["message_id"]) for s in sentences if "message_id" in s}
                    item.extra["cited"] = {names[i] for i in quoted if i in names} or turns
                    item.extra["sentences"] = len(sentences)
                elif kind == "insight":
                    item.extra["text"] = str(selectors.value_of(rows, "statement") or "")
                elif kind == "reflection_space":
                    members = [
                        by_id[r.subject_entity_id].ref
                        for r in incoming
                        if r.object_entity_id == entity.pk and r.subject_entity_id in by_id
                    ]
                    item.extra["members"] = members
                formed[kind].append(item)
        formed["insight"] += _insights_in_review(owner)
        return formed


def _insights_in_review(owner: str) -> list[Formed]:
    """The insights the consolidation proposed that wait in the review queue (derived
    patterns go to the owner before they are memory): candidates, with the messages of the
    experiences they rest on."""
    ops = ProposalOp.objects.filter(
        owner_sub=owner, decision="pending", payload__subject_ref__startswith="insight:"
    ).values_list("payload", flat=True)
    proposed: dict[str, dict] = {}
    for op in ops:
        item = proposed.setdefault(op["subject_ref"], {"text": "", "sources": []})
        if op.get("predicate") == "statement":
            item["text"] = str(op.get("object_value") or "")
        elif op.get("predicate") == "derivation" and isinstance(op.get("object_value"), dict):
            item["sources"] = op["object_value"].get("sources", [])
    ids = {uuid.UUID(s) for item in proposed.values() for s in item["sources"]}
    names = _turn_ids(owner, ids)
    return [
        Formed(
            ref,
            item["text"][:80],
            {names[uuid.UUID(s)] for s in item["sources"] if uuid.UUID(s) in names},
            extra={"text": item["text"]},
            lifecycle="candidate",
        )
        for ref, item in proposed.items()
    ]


# --- scoring -------------------------------------------------------------------------------


@dataclass
class Count:
    matched: int = 0
    candidates: int = 0
    expected: int = 0
    details: dict = field(default_factory=dict)
    # what was expected and not formed, and what was formed and not expected
    missed: list[str] = field(default_factory=list)
    spurious: list[str] = field(default_factory=list)

    def add(self, other: Count) -> None:
        self.matched += other.matched
        self.candidates += other.candidates
        self.expected += other.expected
        for key, (hits, total) in other.details.items():
            old = self.details.get(key, (0, 0))
            self.details[key] = (old[0] + hits, old[1] + total)

    def precision(self) -> float | None:
        return self.matched / self.candidates if self.candidates else None

    def recall(self) -> float | None:
        return self.matched / self.expected if self.expected else None


def _pairs(expected: list[dict], formed: list[Formed], fits: Callable) -> list[tuple]:
    """One-to-one, greedily by the largest turn overlap."""
    options = []
    for e_index, item in enumerate(expected):
        for f_index, candidate in enumerate(formed):
            overlap = fits(item, candidate)
            if overlap:
                options.append((overlap, e_index, f_index))
    options.sort(key=lambda o: (-o[0], o[1], o[2]))
    used_e, used_f, pairs = set(), set(), []
    for _, e_index, f_index in options:
        if e_index in used_e or f_index in used_f:
            continue
        used_e.add(e_index)
        used_f.add(f_index)
        pairs.append((expected[e_index], formed[f_index]))
    return pairs


def _expected_label(item: dict) -> str:
    text = item.get("title") or item.get("what") or item.get("name") or item.get("text")
    turns = item.get("turns") or [item.get("turn")]
    return f"{item.get('id', '')} {text!r} {','.join(str(t) for t in turns if t)}"


def _formed_label(candidate: Formed) -> str:
    turns = sorted({*candidate.turns, candidate.extra.get("source") or ""} - {""})
    return f"{candidate.name!r} {','.join(turns)}"


def _score(expected: list[dict], formed: list[Formed], fits: Callable) -> tuple[Count, list]:
    pairs = _pairs(expected, formed, fits)
    optional = sum(1 for e, _ in pairs if e.get("optional"))
    paired_e = {id(e) for e, _ in pairs}
    paired_f = {id(f) for _, f in pairs}
    count = Count(
        matched=len(pairs) - optional,
        candidates=len(formed) - optional,
        expected=sum(1 for e in expected if not e.get("optional")),
        missed=[
            _expected_label(e) for e in expected if id(e) not in paired_e and not e.get("optional")
        ],
        spurious=[_formed_label(f) for f in formed if id(f) not in paired_f],
    )
    return count, [(e, f) for e, f in pairs if not e.get("optional")]


def _has_keyword(text: str, keywords: list[str]) -> bool:
    return any(fold(k) in fold(text) for k in keywords)


def _detail(count: Count, key: str, hit: bool) -> None:
    hits, total = count.details.get(key, (0, 0))
    count.details[key] = (hits + bool(hit), total + 1)


def _in_period(occurred: dict, expected: str, granularity: str) -> bool:
    order = ["day", "week", "month", "year"]
    got = occurred.get("granularity")
    value = str(occurred.get("value") or "")
    if got not in order or order.index(got) > order.index(granularity):
        return False
    if granularity == "day":
        return value == expected
    if granularity == "week":
        if got == "week":
            return value == expected
        from datetime import date

        day = date.fromisoformat(value)
        return f"{day.isocalendar().year}-W{day.isocalendar().week:02d}" == expected
    return value.startswith(expected)


def conversation_score(*, conversation: dict, formed: dict[str, list[Formed]]) -> dict[str, Count]:
    expect = conversation["expect"]
    scores: dict[str, Count] = {}

    def thread_fits(item, candidate):
        shared = len(set(item["turns"]) & candidate.turns)
        return shared if shared and _has_keyword(candidate.name, item["keywords"]) else 0

    count, pairs = _score(expect["threads"], formed["thread"], thread_fits)
    for item, candidate in pairs:
        states = {item["state_at_end"], *item.get("state_also_ok", [])}
        _detail(count, "state", candidate.state in states)
        share = len(set(item["turns"]) & candidate.turns) / len(item["turns"])
        hits, total = count.details.get("evidence", (0, 0))
        count.details["evidence"] = (hits + share, total + 1)
    scores["threads"] = count

    def experience_fits(item, candidate):
        turns = {item["turn"], *item.get("also_turns", [])}
        return 1 if candidate.extra.get("source") in turns else 0

    count, pairs = _score(expect["experiences"], formed["experience"], experience_fits)
    for item, candidate in pairs:
        extra = candidate.extra
        _detail(count, "date", _in_period(extra["occurred"], item["occurred"], item["granularity"]))
        important = "explicit_importance" in extra["signals"] or bool(extra["landmark"])
        important = important or extra["user_word"] == "important"
        if item["significance"] == "important":
            ok = important
        elif item["significance"] == "unimportant":
            ok = extra["user_word"] == "not_important" and extra["state"] != "established"
        else:
            ok = not important and extra["user_word"] is None
        _detail(count, "significance", ok)
        words = [w for w in fold(item["place"]).replace(",", " ").split() if len(w) > 3]
        _detail(count, "place", any(w in fold(extra["text"]) for w in words))
    scores["experiences"] = count

    def question_fits(item, candidate):
        return 1 if candidate.extra.get("source") == item["turn"] else 0

    count, pairs = _score(expect["open_questions"], formed["open_question"], question_fits)
    for item, candidate in pairs:
        allowed = {item["resolved_by"], *item.get("resolved_also_ok", [])}
        _detail(count, "resolution", candidate.extra.get("resolved_by") in allowed)
    scores["open_questions"] = count

    expected_members = {}
    for item, candidate in _pairs(expect["threads"], formed["thread"], thread_fits):
        expected_members[item["id"]] = candidate.ref
    for item, candidate in _pairs(expect["experiences"], formed["experience"], experience_fits):
        expected_members[item["id"]] = candidate.ref

    def space_fits(item, candidate):
        if not _has_keyword(candidate.name, item["keywords"]):
            return 0
        wanted = [
            expected_members[m]
            for m in [*item.get("threads", []), *item.get("experiences", [])]
            if m in expected_members
        ]
        if not wanted:
            return 1
        return len(set(wanted) & set(candidate.extra.get("members", [])))

    scores["spaces"], _ = _score(expect["spaces"], formed["reflection_space"], space_fits)

    def insight_fits(item, candidate):
        wanted = set(item["based_on_turns"])
        shared = len(wanted & candidate.turns)
        if shared < min(2, len(wanted)):
            return 0
        return shared if _has_keyword(candidate.extra["text"], item["keywords"]) else 0

    insights = expect.get("insights", [])
    scores["insights"], _ = _score(insights, formed["insight"], insight_fits)

    coverage = Count()
    for session_id, want in expect.get("summaries", {}).items():
        external = f"{conversation['id']}/{session_id}"
        texts = [s for s in formed["session_summary"] if s.extra.get("session") == external]
        text = fold(" ".join(s.extra["text"] for s in texts))
        cited = set().union(*(s.extra["cited"] for s in texts)) if texts else set()
        for mention in want.get("must_mention", []):
            _detail(coverage, "names and dates", fold(mention) in text)
        for decision in want.get("decisions", []):
            _detail(coverage, "decisions", decision["turn"] in cited)
    scores["summaries"] = coverage
    return scores


# --- the run -------------------------------------------------------------------------------


def _pct(value: float | None) -> str:
    return "   –" if value is None else f"{value * 100:4.0f}"


def _row(label: str, scores: dict[str, Count]) -> str:
    cells = []
    for kind in KINDS:
        c = scores[kind]
        cells.append(f"{_pct(c.precision())} {_pct(c.recall())}")
    summary = scores["summaries"].details
    names = summary.get("names and dates", (0, 0))
    decisions = summary.get("decisions", (0, 0))
    cells.append(_pct(names[0] / names[1] if names[1] else None))
    cells.append(_pct(decisions[0] / decisions[1] if decisions[1] else None))
    return f"{label:<34}" + " | ".join(cells)


def _established_row(label: str, scores: dict[str, Count]) -> str:
    """Precision and recall of the established objects alone (open questions have no
    lifecycle: a question is open or settled)."""
    cells = []
    for kind in KINDS:
        c = scores[kind]
        cells.append(
            "   –    –" if kind == "open_questions" else f"{_pct(c.precision())} {_pct(c.recall())}"
        )
    return f"{label:<34}" + " | ".join(cells)


def _misses_write(
    scores: dict[str, Count], conversation: dict, write: Callable[[str], None]
) -> None:
    for kind in KINDS:
        for label in scores[kind].missed:
            write(f"    {kind} missed:  {label}")
        for label in scores[kind].spurious:
            write(f"    {kind} unwanted: {label}")
    # what no insight may say, beside the candidates above: read, not matched by strings
    for item in conversation["expect"].get("not_insights", []):
        write(f"    insights not wanted: {item.get('statement', item)!r}")


def established_only(formed: dict[str, list[Formed]]) -> dict[str, list[Formed]]:
    """``formed`` with only the established objects of the kinds that have a lifecycle."""
    return {
        kind: items
        if kind in ("open_question", "session_summary")
        else [item for item in items if item.lifecycle == "established"]
        for kind, items in formed.items()
    }


def run(
    *,
    split: str,
    write: Callable[[str], None],
    data: Path = DATA,
    ids: str | None = None,
    show_misses: bool = False,
) -> dict:
    if split not in SPLITS:
        raise ValueError(f"split must be one of {', '.join(SPLITS)}")
    totals: dict[str, dict[str, Count]] = {}
    # how long a session summary reads: coverage alone would reward a transcript
    lengths: list[tuple[int, int]] = []
    established: dict[str, Count] = {}
    write(
        f"{'conversation':<34}threads P  R | experiences P R | open q. P  R | spaces P  R"
        " | insights P R | names+dates | decisions"
    )
    with override_settings(
        GD_REFLECTION_ENRICH_SECONDS=0,
        GD_REFLECTION_CONSOLIDATE_SECONDS=0,
        GD_RATE_LIMIT_PER_MINUTE=0,
    ):
        for conversation in conversations(split=split, data=data):
            # A fresh conversation is measured on its own before and after a change; the
            # split still decides what may be read at all.
            if ids and not conversation["id"].startswith(tuple(ids.split(","))):
                continue
            owner = f"bench-refl-{conversation['id']}-{uuid.uuid4().hex[:8]}"
            started = time.perf_counter()
            failures = conversation_feed(conversation=conversation, owner=owner)
            formed = formed_read(owner=owner)
            scores = conversation_score(conversation=conversation, formed=formed)
            alone = conversation_score(conversation=conversation, formed=established_only(formed))
            for kind, count in alone.items():
                established.setdefault(kind, Count()).add(count)
            lengths += [
                (len(s.extra["text"]), s.extra["sentences"]) for s in formed["session_summary"]
            ]
            write(_row(conversation["id"], scores) + f"   ({time.perf_counter() - started:.0f} s)")
            for failure in failures:
                write(f"    worker failure: {failure[:300]}")
            if show_misses:
                _misses_write(scores, conversation, write)
            for key in (conversation["lang"], split):
                bucket = totals.setdefault(key, {k: Count() for k in scores})
                for kind, count in scores.items():
                    bucket[kind].add(count)
    for key, scores in totals.items():
        write(_row(f"== {key}", scores))
    if established:
        write(_established_row(f"== {split}, established only", established))
    overall = totals.get(split, {})
    for kind, count in overall.items():
        details = ", ".join(
            f"{name} {hits / total * 100:.0f}% of {total}"
            for name, (hits, total) in sorted(count.details.items())
            if total
        )
        if details:
            write(f"   {kind}: {details}")
    if lengths:
        chars = sum(c for c, _ in lengths) / len(lengths)
        sentences = sum(n for _, n in lengths) / len(lengths)
        write(
            f"   session summaries: {len(lengths)}, on average {chars:.0f} characters"
            f" in {sentences:.1f} sentences"
        )
    return totals
