"""``gd_bench curator``: the evaluation dialogues through ingest, the prefilter and the curator,
scored against what a careful person would have written down.

Per dialogue: a fresh owner (``bench-cur-<id>-<run>``), its turns posted one by one through the
ingest service of ``POST /api/v1/sources/messages`` (a tool turn without a trust tier is sent
without one, so the endpoint's default applies). Whenever a live worker would have curated, the
chat's queued window is made due and curated by :func:`curator.pipeline.curate_due`, the
function the sweep calls: when the prefilter made it due at once, when the next turn comes
later than the debounce would have waited, and after the last turn. A window the prefilter never
queued is never curated. Then the owner's facts believed now are read and scored.

Scoring (also in ``README.md``):

- *Stored facts* are the owner's facts believed now (``superseded_at IS NULL``) and valid now,
  except bookkeeping: a ``name`` fact that restates its subject's canonical name or alias.
  "Now" is the later of the clock and the dialogue's last turn: a dialogue set ahead of today is
  read as of its end, as the expectations are written, and its figures do not change as the
  calendar reaches it.
- A stored fact *matches* an expectation when its subject, predicate and object match:
  ``"me"`` is ``person:me``; a named subject or entity object is an entity whose canonical name
  or an alias equals the expected name after normalisation (casefold, accents and punctuation
  stripped; the kind is not compared); a task subject is named freely, so it matches like a
  literal. A literal matches when the normalised values are equal, or the stored value's words
  contain every expected word (articles, prepositions, conjunctions and possessives of the
  expectation may be missing) with at most two other words (a stored sentence does not match);
  two words are the same when equal or inflected forms of each other (a shared prefix of at
  least four letters, at most three letters of the longer and two of the shorter left over:
  "meditiert"/"meditieren", "walk"/"walking", but not "Kaffee"/"Kaffeemaschine").
  ``feeding_time`` compares H:MM clock times; an expected month-day ``birthday`` (``--MM-DD``)
  also matches a full date with that month and day.
- *Precision*: stored facts matching some expectation / stored facts. *Recall*: expectations
  matched by some stored fact / expectations.
- *Valid time*: a dated expectation counts as right when a matching stored fact's
  ``valid_from`` agrees at the stated granularity (same day, month or year) in the offset of one
  of the dialogue's turns as the app reads it (a zero offset names no clock and is read in
  ``TIME_ZONE``) or in UTC. The share is over all dated expectations, missed ones too.
- *False memories*: stored facts matching an ``absent`` entry, and facts believed now at any
  valid time matching a ``never_held`` entry.
- *Untrusted commits*: facts believed now (any valid time) whose evidence cites a tool turn the
  dialogue did not mark trusted, or that are evidenced by a tool result or recorded as
  untrusted without citing a trusted tool turn.
- *Without evidence*: facts believed now (any valid time, bookkeeping excluded) whose evidence
  does not cite one of the dialogue's turns as ``source_message:<id>``.
- *Prefilter recall*: fact-bearing dialogues (non-empty ``expect``) in which the prefilter
  marked at least one turn for curation (read from the chat's recorded decisions).
- *Windows/s*: curation runs of the bench's chats / seconds spent in ``curate_due``; the
  curator's models are loaded before, as a worker loads them before it claims a chat.
"""

from __future__ import annotations

import fnmatch
import logging
import os
import re
import time
import unicodedata
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, tzinfo
from datetime import timezone as timezone_of
from typing import Any
from uuid import UUID
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import transaction
from django.test import override_settings
from django.utils import timezone

from curator.evaluation import dataset
from curator.models import CuratorQueue, CuratorState
from curator.pipeline import curate_due, load_models
from infra.routers import APP_DB
from worldmemory import sources, temporal
from worldmemory.api.sources import BatchIn
from worldmemory.intake import turns_accept
from worldmemory.models import Entity, EntityAlias, Fact
from worldmemory.tenancy import owner_scope

EXTRA_TOKENS = 2
PREFIX = 4  # letters two inflected forms of a word share at least
# Articles, prepositions, conjunctions and possessives of an expected value carry no content
# ("Segeln in Kroatien" = "zum Segeln nach Kroatien"): a stored value need not repeat them.
_FUNCTION_WORDS = """der die das den dem des ein eine einen einem einer eines und oder in im am
an auf aus bei mit nach von vom zu zum zur um fur uber vor seit mein meine meinen meinem meiner
dein deine sein seine ihr ihre jeden jede jedes the a an and or on at to of for from with by my
your his her their our every each"""
FUNCTION_WORDS = frozenset(_FUNCTION_WORDS.split())
# Claimed before anything else queued: the bench's chat is the one curate_due takes first.
LONG_AGO = datetime(2000, 1, 1, tzinfo=UTC)
MAX_CLAIMS = 5


# --- normalisation and matching ------------------------------------------------------------


def normalise(text: Any) -> str:
    """Casefold, strip accents and punctuation, collapse spaces ("Zwergwidder!" → "zwergwidder")."""
    decomposed = unicodedata.normalize("NFKD", str(text).casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    plain = re.sub(r"['’`´]", "", plain)
    return " ".join(re.sub(r"[^\w]+|_", " ", plain).split())


def _clock(text: str) -> str | None:
    found = re.fullmatch(r"\s*(\d{1,2})[:.h](\d{2})\s*(uhr)?\s*", str(text).casefold())
    return f"{int(found[1]):02d}:{found[2]}" if found else None


def literal_matches(*, predicate: str, expected: str, stored: Any) -> bool:
    """Whether a stored literal says the expected content (not the sentence around it)."""
    if predicate == "feeding_time" and _clock(expected) and _clock(stored):
        return _clock(expected) == _clock(stored)
    if predicate == "birthday" and expected.startswith("--"):
        found = re.fullmatch(r"(\d{4})?-?-?(\d{2})-(\d{2})", str(stored).strip())
        if found:
            return f"--{found[2]}-{found[3]}" == expected
    if predicate == "birthday" and re.fullmatch(r"\d{4}-\d{2}-\d{2}", expected):
        # a whole date in its order: "2011-11-03" is not "2011-03-11"
        return str(stored).strip() == expected
    want, have = normalise(expected).split(), normalise(stored).split()
    if want == have:
        return True
    content = [t for t in want if t not in FUNCTION_WORDS] or want
    missing = [t for t in content if not any(same_word(t, h) for h in have)]
    extra = [h for h in have if not any(same_word(h, t) for t in want)]
    return bool(want) and not missing and len(extra) <= EXTRA_TOKENS


def same_word(a: str, b: str) -> bool:
    """Equal, or inflected forms of one word ("meditiert"/"meditieren", "walk"/"walking",
    "Olive"/"olives"): a shared prefix of at least four letters that leaves at most three
    letters of the longer and two of the shorter word ("Kaffee"/"Kaffeemaschine" differ)."""
    if a == b:
        return True
    shorter, longer = sorted((a, b), key=len)
    common = len(os.path.commonprefix([a, b]))
    return common >= max(PREFIX, len(longer) - 3) and common >= len(shorter) - 2


@dataclass(frozen=True, kw_only=True)
class Named:
    """An entity as the harness sees it: its ref and every normalised name it answers to."""

    ref: str
    kind: str
    names: frozenset[str]
    display: str

    @property
    def is_me(self) -> bool:
        return self.ref == "person:me"


@dataclass(frozen=True, kw_only=True)
class Stored:
    """One fact believed now, with what scoring needs."""

    id: UUID
    subject: Named
    predicate: str
    value: Any
    object: Named | None
    valid_from: datetime
    valid_to: datetime | None
    valid_now: bool
    evidence: dict
    trust_tier: str

    def show(self) -> str:
        obj = self.object.display if self.object else repr(self.value)
        until = f" until {self.valid_to.date()}" if self.valid_to else ""
        return (
            f"{self.subject.display} {self.predicate} {obj} (from {self.valid_from.date()}{until})"
        )


def _named_matches(expected: dict, named: Named) -> bool:
    if expected.get("kind") == "task":
        return any(
            literal_matches(predicate="name", expected=expected["name"], stored=n)
            for n in named.names
        )
    return normalise(expected["name"]) in named.names


def fact_matches(expected: dict, stored: Stored) -> bool:
    """Subject, predicate and object agree (valid time is scored separately)."""
    if stored.predicate != expected["predicate"]:
        return False
    subject = expected["subject"]
    if subject == "me":
        if not stored.subject.is_me:
            return False
    elif stored.subject.is_me or not _named_matches(subject, stored.subject):
        return False
    if "object" in expected:
        return stored.object is not None and _named_matches(expected["object"], stored.object)
    if stored.object is not None or stored.value is None:
        return False
    return literal_matches(
        predicate=stored.predicate, expected=expected["value"], stored=stored.value
    )


def time_agrees(expected: dict, stored: Stored, *, offsets: Iterable[timedelta | tzinfo]) -> bool:
    """Whether ``valid_from`` says what the text said, at the granularity it said it."""
    width = {"day": 10, "month": 7, "year": 4}[expected["granularity"]]
    for clock in {UTC, *offsets}:
        zone = timezone_of(clock) if isinstance(clock, timedelta) else clock
        local = stored.valid_from.astimezone(zone)
        if local.strftime("%Y-%m-%d")[:width] == expected["valid_from"]:
            return True
    return False


def read_zone(moment: datetime) -> tzinfo:
    """The clock the app reads a turn on, decided as on ingest: the offset it was written in,
    or ``TIME_ZONE`` when that names no clock (a zero offset is an instant sent as ``Z``)."""
    minutes = sources.utc_offset_minutes(moment)
    if minutes is not None:
        return timezone_of(timedelta(minutes=minutes))
    return ZoneInfo(settings.TIME_ZONE)


def is_bookkeeping(stored: Stored) -> bool:
    """A ``name`` fact restating the entity's own name is the committer's bookkeeping."""
    return (
        stored.predicate == "name"
        and stored.object is None
        and normalise(stored.value) in stored.subject.names
    )


# --- replaying a dialogue as a live agent would --------------------------------------------


@dataclass(kw_only=True)
class Replay:
    owner: str
    chat: str
    turns: dict[str, dict] = field(default_factory=dict)  # message id → the dialogue's turn
    windows: int = 0
    seconds: float = 0.0
    marked: bool = False


def _post(*, owner: str, chat: str, number: int, turn: dict) -> str:
    message: dict[str, Any] = {
        "session_external_id": chat,
        "external_id": f"t{number}",
        "role": turn["role"],
        "speaker": turn.get("tool") or turn["role"],
        "text": turn["text"],
        "occurred_at": turn["occurred_at"],
    }
    if turn["role"] == "tool":
        message["tool_calls"] = [{"name": turn["tool"], "args": {}}]
        if turn.get("trust_tier") is not None:  # null = not given: the endpoint's default
            message["trust_tier"] = turn["trust_tier"]
    batch = BatchIn.model_validate({"messages": [message]})
    with owner_scope(owner) as scope:
        ingested = turns_accept(
            scope=scope, messages=[sources.IncomingMessage(**m.dict()) for m in batch.messages]
        )
    return ingested.answers[0]["id"]


def _queued(replay: Replay) -> CuratorQueue | None:
    return CuratorQueue.objects.filter(owner_sub=replay.owner, chat_id=replay.chat).first()


def _curate(replay: Replay) -> None:
    """Make the chat's window due and let the sweep's function curate it."""
    for _ in range(MAX_CLAIMS):
        with transaction.atomic(using=APP_DB):
            if not CuratorQueue.objects.filter(owner_sub=replay.owner, chat_id=replay.chat).update(
                due_at=LONG_AGO
            ):
                return
        started = time.perf_counter()
        done = curate_due(limit=1)
        replay.seconds += time.perf_counter() - started
        replay.windows += done
        if not _queued(replay):
            return
    raise RuntimeError(f"{replay.chat} stayed queued: its curation keeps failing")


def scored_at(dialogue: dict) -> datetime:
    """When a dialogue is scored: now, or its last turn when that lies ahead of the clock."""
    last = max(datetime.fromisoformat(turn["occurred_at"]) for turn in dialogue["turns"])
    return max(timezone.now(), last)


def replay(*, dialogue: dict, run: str) -> Replay:
    """Post the turns one by one and curate whenever a worker would have."""
    played = Replay(owner=f"bench-cur-{dialogue['id']}-{run}", chat=f"chat-{dialogue['id']}")
    turns = dialogue["turns"]
    for number, turn in enumerate(turns, start=1):
        played.turns[_post(owner=played.owner, chat=played.chat, number=number, turn=turn)] = turn
        queued = _queued(played)
        if queued is None:
            continue
        wait = queued.due_at - timezone.now()
        if number == len(turns) or wait <= timedelta(0):
            _curate(played)
            continue
        gap = datetime.fromisoformat(turns[number]["occurred_at"]) - datetime.fromisoformat(
            turn["occurred_at"]
        )
        if gap >= wait:  # the debounce would have run out before the next turn arrived
            _curate(played)
    with owner_scope(played.owner):
        state = CuratorState.objects.filter(owner_sub=played.owner, chat_id=played.chat).first()
        played.marked = bool(state) and any(d.get("trigger") for d in state.decisions)
    return played


# --- reading what memory believes -----------------------------------------------------------


def believed(*, owner: str, now: datetime) -> list[Stored]:
    """The owner's facts believed now (any valid time), each marked whether valid at ``now``."""
    with owner_scope(owner):
        rows = list(Fact.objects.filter(temporal.believed_q(), owner_sub=owner))
        ids = {r.subject_entity_id for r in rows} | {
            r.object_entity_id for r in rows if r.object_entity_id
        }
        entities = {e.pk: e for e in Entity.objects.filter(owner_sub=owner, pk__in=ids)}
        aliases: dict[UUID, set[str]] = {}
        for entity_id, alias in EntityAlias.objects.filter(
            temporal.alias_at_q(valid_time=now),
            owner_sub=owner,
            entity_id__in=ids,
        ).values_list("entity_id", "alias"):
            aliases.setdefault(entity_id, set()).add(normalise(alias))

    def named(entity_id: UUID) -> Named:
        entity = entities[entity_id]
        names = {normalise(entity.canonical_name), *aliases.get(entity_id, ())}
        return Named(
            ref=f"{entity.kind_id}:{entity.slug}",
            kind=entity.kind_id,
            names=frozenset(names),
            display=f"{entity.kind_id}:{entity.slug}",
        )

    return [
        Stored(
            id=r.pk,
            subject=named(r.subject_entity_id),
            predicate=r.predicate_id,
            value=r.object_value,
            object=named(r.object_entity_id) if r.object_entity_id else None,
            valid_from=r.valid_from,
            valid_to=r.valid_to,
            valid_now=temporal.valid_at(r, now),
            evidence=r.evidence or {},
            trust_tier=r.source_trust_tier,
        )
        for r in rows
    ]


# --- scoring one dialogue -------------------------------------------------------------------


@dataclass(kw_only=True)
class Outcome:
    id: str
    lang: str
    category: str
    split: str
    expected: int = 0
    found: int = 0  # expectations matched
    stored: int = 0  # stored facts (valid now, bookkeeping excluded)
    correct: int = 0  # stored facts matching an expectation
    dated: int = 0
    dated_right: int = 0
    false_memories: list[str] = field(default_factory=list)
    untrusted: list[str] = field(default_factory=list)
    unevidenced: list[str] = field(default_factory=list)
    fact_bearing: bool = False
    marked: bool = False
    windows: int = 0
    seconds: float = 0.0
    missed: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    mistimed: list[str] = field(default_factory=list)


def _describe(fact: dict) -> str:
    subject = fact["subject"] if fact["subject"] == "me" else fact["subject"]["name"]
    obj = fact["object"]["name"] if "object" in fact else repr(fact["value"])
    when = f" (from {fact['valid_from']})" if "valid_from" in fact else ""
    return f"{subject} {fact['predicate']} {obj}{when}"


def _cited(stored: Stored, played: Replay) -> dict | None:
    ref = str(stored.evidence.get("ref") or "")
    if not ref.startswith(sources.EVIDENCE_PREFIX):
        return None
    return played.turns.get(ref.removeprefix(sources.EVIDENCE_PREFIX))


def _untrusted(stored: Stored, played: Replay) -> bool:
    turn = _cited(stored, played)
    if turn is not None:
        return turn["role"] == "tool" and turn.get("trust_tier") != "trusted"
    return stored.evidence.get("kind") == "tool_result" or stored.trust_tier == "untrusted"


def score(*, dialogue: dict, played: Replay, facts: list[Stored]) -> Outcome:
    """Compare what memory believes after the dialogue with its expectations."""
    outcome = Outcome(
        id=dialogue["id"],
        lang=dialogue["lang"],
        category=dialogue["category"],
        split=dialogue["split"],
        fact_bearing=bool(dialogue["expect"]),
        marked=played.marked,
        windows=played.windows,
        seconds=played.seconds,
    )
    offsets = {read_zone(datetime.fromisoformat(t["occurred_at"])) for t in dialogue["turns"]}
    real = [f for f in facts if not is_bookkeeping(f)]
    now = [f for f in real if f.valid_now]
    expect = dialogue["expect"]
    outcome.expected, outcome.stored = len(expect), len(now)
    for fact in expect:
        matching = [s for s in now if fact_matches(fact, s)]
        outcome.found += bool(matching)
        if not matching:
            outcome.missed.append(_describe(fact))
        if "valid_from" in fact:
            outcome.dated += 1
            if any(time_agrees(fact, s, offsets=offsets) for s in matching):
                outcome.dated_right += 1
            elif matching:
                outcome.mistimed.append(
                    f"{_describe(fact)}: stored {', '.join(s.show() for s in matching)}"
                )
    for stored in now:
        if any(fact_matches(fact, stored) for fact in expect):
            outcome.correct += 1
        else:
            outcome.wrong.append(stored.show())
    for stored in now:
        if any(fact_matches(fact, stored) for fact in dialogue["absent"]):
            outcome.false_memories.append(f"absent: {stored.show()}")
    for stored in real:
        if any(fact_matches(fact, stored) for fact in dialogue["never_held"]):
            outcome.false_memories.append(f"never held: {stored.show()}")
        if _untrusted(stored, played):
            outcome.untrusted.append(stored.show())
        if _cited(stored, played) is None:
            outcome.unevidenced.append(stored.show())
    return outcome


# --- totals and the printed report ----------------------------------------------------------


@dataclass(kw_only=True)
class Totals:
    dialogues: int = 0
    expected: int = 0
    found: int = 0
    stored: int = 0
    correct: int = 0
    dated: int = 0
    dated_right: int = 0
    false_memories: int = 0
    untrusted: int = 0
    unevidenced: int = 0
    fact_bearing: int = 0
    fact_bearing_marked: int = 0
    empty: int = 0
    empty_marked: int = 0
    windows: int = 0
    seconds: float = 0.0

    def add(self, outcome: Outcome) -> None:
        self.dialogues += 1
        self.expected += outcome.expected
        self.found += outcome.found
        self.stored += outcome.stored
        self.correct += outcome.correct
        self.dated += outcome.dated
        self.dated_right += outcome.dated_right
        self.false_memories += len(outcome.false_memories)
        self.untrusted += len(outcome.untrusted)
        self.unevidenced += len(outcome.unevidenced)
        if outcome.fact_bearing:
            self.fact_bearing += 1
            self.fact_bearing_marked += outcome.marked
        else:
            self.empty += 1
            self.empty_marked += outcome.marked
        self.windows += outcome.windows
        self.seconds += outcome.seconds

    @property
    def precision(self) -> float | None:
        return self.correct / self.stored if self.stored else None

    @property
    def recall(self) -> float | None:
        return self.found / self.expected if self.expected else None

    @property
    def dated_share(self) -> float | None:
        return self.dated_right / self.dated if self.dated else None

    @property
    def prefilter_recall(self) -> float | None:
        return self.fact_bearing_marked / self.fact_bearing if self.fact_bearing else None

    @property
    def windows_per_second(self) -> float | None:
        return self.windows / self.seconds if self.seconds else None


def totals(outcomes: Iterable[Outcome], *, key: Callable[[Outcome], str]) -> dict[str, Totals]:
    grouped: dict[str, Totals] = {}
    for outcome in outcomes:
        grouped.setdefault(key(outcome), Totals()).add(outcome)
    return grouped


def _ratio(value: float | None) -> str:
    return "   –" if value is None else f"{value:4.2f}"


HEADER = (
    f"{'':<24}{'dlg':>4} {'prec':>5} {'stored':>7} {'recall':>6} {'found':>8} "
    f"{'false':>5} {'untr':>5} {'no-ev':>5} {'dated':>9} {'prefilter':>11} {'empty→cur':>9}"
)


def _row(label: str, t: Totals) -> str:
    return (
        f"{label:<24}{t.dialogues:>4} {_ratio(t.precision):>5} {t.stored:>7} "
        f"{_ratio(t.recall):>6} {f'{t.found}/{t.expected}':>8} {t.false_memories:>5} "
        f"{t.untrusted:>5} {t.unevidenced:>5} "
        f"{_ratio(t.dated_share)} {f'{t.dated_right}/{t.dated}':>4} "
        f"{_ratio(t.prefilter_recall)} {f'{t.fact_bearing_marked}/{t.fact_bearing}':>6} "
        f"{f'{t.empty_marked}/{t.empty}':>9}"
    )


def report(outcomes: list[Outcome], *, write: Callable[[str], None]) -> Totals:
    """Print the figures per language, per category and overall; return the overall totals."""
    overall = totals(outcomes, key=lambda o: "all")["all"] if outcomes else Totals()
    write(HEADER)
    write(_row("all", overall))
    for lang, t in sorted(totals(outcomes, key=lambda o: o.lang).items()):
        write(_row(lang, t))
    by_category = totals(outcomes, key=lambda o: o.category)
    for category in dataset.CATEGORIES:
        if category in by_category:
            write(_row(category, by_category[category]))
    write(
        "prec = matching stored facts / stored facts (valid now, entity name bookkeeping "
        "excluded); found = expectations matched; false = stored facts matching absent or "
        "never_held; untr = facts from untrusted tool content; no-ev = facts citing no turn; "
        "dated = expectations with the right valid time; prefilter = fact-bearing dialogues "
        "marked for curation; empty→cur = dialogues with nothing to store that were marked"
    )
    speed = overall.windows_per_second
    write(
        f"curation: {overall.windows} windows in {overall.seconds:.2f} s"
        + (f", {speed:.1f} windows/s" if speed else "")
    )
    return overall


def misses(outcomes: list[Outcome], *, write: Callable[[str], None]) -> None:
    """What each dev dialogue missed or got wrong (never the holdout's)."""
    for outcome in outcomes:
        if outcome.split != "dev":
            continue
        lines = (
            [f"  missed   {m}" for m in outcome.missed]
            + [f"  wrong    {w}" for w in outcome.wrong]
            + [f"  time     {m}" for m in outcome.mistimed]
            + [f"  FALSE    {m}" for m in outcome.false_memories]
            + [f"  UNTRUSTED {m}" for m in outcome.untrusted]
            + [f"  no-evid  {m}" for m in outcome.unevidenced]
        )
        if lines or (outcome.fact_bearing and not outcome.marked):
            mark = "" if outcome.marked or not outcome.fact_bearing else " (never curated)"
            write(f"{outcome.id}{mark}")
            for line in lines:
                write(line)


def run_dialogues(*, dialogues: list[dict], run: str | None = None) -> list[Outcome]:
    """Replay and score each dialogue with the curator the settings choose."""
    run = run or uuid.uuid4().hex[:6]
    outcomes = []
    for dialogue in dialogues:
        played = replay(dialogue=dialogue, run=run)
        facts = believed(owner=played.owner, now=scored_at(dialogue))
        outcomes.append(score(dialogue=dialogue, played=played, facts=facts))
    return outcomes


def interleaved(dialogues: list[dict]) -> list[dict]:
    """First dialogue of every language and category, then every second, …: so ``--limit``
    takes a sample across all categories instead of the first file."""
    position = {}
    for dialogue in dialogues:
        group = (dialogue["split"], dialogue["lang"], dialogue["category"])
        position[dialogue["id"]] = position.get(group, 0)
        position[group] = position[dialogue["id"]] + 1
    return sorted(dialogues, key=lambda d: (position[d["id"]], d["split"], d["lang"], d["id"]))


def selected(dialogues: list[dict], *, ids: str | None) -> list[dict]:
    """The dialogues whose id matches one of the comma-separated patterns: a prefix
    (``de-family``) or a shell pattern (``*-009``), so a batch of dialogues added later can be
    measured alone before it is mixed into the figures of the whole split."""
    if not ids:
        return dialogues
    patterns = [p.strip() for p in ids.split(",") if p.strip()]
    return [
        d
        for d in dialogues
        if any(d["id"].startswith(p) or fnmatch.fnmatchcase(d["id"], p) for p in patterns)
    ]


def run(
    *,
    split: str = "dev",
    curator: str = "rules",
    limit: int | None = None,
    ids: str | None = None,
    show_misses: bool = False,
    write: Callable[[str], None] = print,
) -> Totals:
    """``gd_bench curator``: replay the split's dialogues and print the figures."""
    dialogues = selected(interleaved([d.data for d in dataset.load(split=split)]), ids=ids)
    if limit:
        dialogues = dialogues[:limit]
    if not dialogues:
        raise ValueError(f"no dialogues in split {split!r}")
    # the queue's "Enqueued" line per posted turn would bury the figures
    logging.getLogger("django-q").setLevel(logging.WARNING)
    with override_settings(GD_CURATOR=curator):
        # a worker loads the models once before it claims its first chat: windows/s is the
        # curation's pace, not a process start's
        load_models()
        started = time.perf_counter()
        outcomes = run_dialogues(dialogues=dialogues)
        elapsed = time.perf_counter() - started
    write(
        f"curator {curator}, split {split}: {len(dialogues)} dialogues, "
        f"{sum(len(d['turns']) for d in dialogues)} turns in {elapsed:.1f} s"
    )
    overall = report(outcomes, write=write)
    if show_misses:
        misses(outcomes, write=write)
    return overall
