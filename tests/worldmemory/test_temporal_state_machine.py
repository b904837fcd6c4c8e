"""Property-based test: the committer and the as-of reads against a plain-Python model.

The model keeps, per owner and entity, the believed valid-time intervals of each
functional attribute, and the current merges. After each step the database must
agree with it; at the end, every belief snapshot taken along the way must be
rebuilt exactly by ``state_as_known_at`` for its system time.
"""

from __future__ import annotations

import itertools
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import pytest
from django.db import connections
from django.utils import timezone
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from tests import proposals as p
from tests.conftest import BOTH_DATABASES, check_deferred_keys
from worldmemory import tools
from worldmemory.committer import entity_merge, entity_split, proposal_commit
from worldmemory.models import Entity, Fact
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

ENTITIES = ("pet:e0", "pet:e1", "pet:e2")
PREDICATES = ("status", "color")
VALUES = ("a", "b", "c")
OWNERS = (0, 1)
STEPS = itertools.count()  # operations run across all examples, for the long profile's report

Interval = tuple[datetime, datetime | None, str]  # valid_from, valid_to, value


@dataclass
class OwnerModel:
    name: str
    # (entity ref, predicate) → believed intervals of that entity's own rows
    intervals: dict[tuple[str, str], list[Interval]] = field(default_factory=dict)
    merged_into: dict[str, str] = field(default_factory=dict)

    def head(self, ref: str) -> str:
        while ref in self.merged_into:
            ref = self.merged_into[ref]
        return ref

    def family(self, ref: str) -> list[str]:
        head = self.head(ref)
        return [r for r in ENTITIES if self.head(r) == head]

    def assert_value(self, ref: str, predicate: str, value: str, start: datetime) -> None:
        rows = self.intervals.setdefault((self.head(ref), predicate), [])
        if any(e is None and v == value and b <= start for b, e, v in rows):
            return  # already believed from before `start`: a duplicate changes nothing
        kept = []
        for begin, end, old in rows:
            if end is not None and end <= start:
                kept.append((begin, end, old))
            elif begin < start:
                kept.append((begin, start, old))
        self.intervals[(self.head(ref), predicate)] = [*kept, (start, None, value)]

    def correct(self, ref: str, predicate: str, value: str, start: datetime) -> str:
        """ "Not X but ``value``": the row valid at ``start`` (else the latest) never held;
        ``value`` held over its period, from ``start`` when that is earlier. Returns the
        decision the committer must reach."""
        key = (self.head(ref), predicate)
        rows = self.intervals.get(key, [])
        valid = [r for r in rows if r[0] <= start and (r[1] is None or r[1] > start)]
        target = valid[0] if valid else max(rows, key=lambda r: r[0], default=None)
        if target is None:
            self.assert_value(ref, predicate, value, start)
            return "committed"
        if target[2] == value and start >= target[0]:
            return "duplicate"
        begin, end = min(target[0], start), target[1]
        others = [r for r in rows if r != target]

        def overlapping(row: Interval) -> bool:
            return (row[1] is None or row[1] > begin) and (end is None or row[0] < end)

        for row in others:
            if overlapping(row) and row[2] == value:  # the same value joins the new row
                begin = min(begin, row[0])
                end = None if end is None or row[1] is None else max(end, row[1])
        kept = []
        for row in others:
            if not overlapping(row):
                kept.append(row)
            elif row[2] != value and row[0] < begin:
                kept.append((row[0], begin, row[2]))
        self.intervals[key] = [*kept, (begin, end, value)]
        return "committed"

    def open_row(self, ref: str, predicate: str) -> Interval | None:
        rows = self.intervals.get((self.head(ref), predicate), [])
        return next((r for r in rows if r[1] is None), None)

    def end(self, ref: str, predicate: str, until: datetime) -> None:
        key = (self.head(ref), predicate)
        self.intervals[key] = [
            (b, until, v) if e is None else (b, e, v) for b, e, v in self.intervals[key]
        ]

    def invalidate(self, ref: str, predicate: str) -> None:
        key = (self.head(ref), predicate)
        self.intervals[key] = [r for r in self.intervals[key] if r[1] is not None]

    def state_at(self, ref: str, moment: datetime) -> list[tuple[str, str]]:
        found = []
        for member in self.family(ref):
            for predicate in PREDICATES:
                for begin, end, value in self.intervals.get((member, predicate), []):
                    if begin <= moment and (end is None or end > moment):
                        found.append((predicate, value))
        return sorted(found)


def db_clock() -> datetime:
    with connections["app"].cursor() as cursor:
        cursor.execute("SELECT clock_timestamp()")
        return cursor.fetchone()[0]


class TemporalMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        tag = uuid.uuid4().hex[:8]
        self.owners = [OwnerModel(f"sm-{tag}-{i}") for i in OWNERS]
        self.base = timezone.now().replace(microsecond=0) - timedelta(days=60)
        self.snapshots: list[tuple[int, datetime, str, datetime, list]] = []
        self.seen_rows: dict[uuid.UUID, tuple] = {}
        self.last_recorded: dict[int, datetime] = {}
        self.last_proposal: tuple[int, dict] | None = None
        self.touched = set(OWNERS)  # owners changed by the last step; only they need checking

    def day(self, offset: int) -> datetime:
        return self.base + timedelta(days=offset)

    def commit(self, owner: int, *ops: dict, run_id: str | None = None):
        self.touched.add(owner)
        body = p.proposal(*ops, run_id=run_id)
        self.last_proposal = (owner, body)
        with owner_scope(self.owners[owner].name) as scope:
            from worldmemory.contracts import MemoryMutationProposal

            return proposal_commit(scope=scope, proposal=MemoryMutationProposal(**body))

    @initialize()
    def create_entities(self) -> None:
        for owner in OWNERS:
            self.commit(owner, *(p.entity(ref, ref.split(":")[1].upper()) for ref in ENTITIES))

    @rule(
        owner=st.sampled_from(OWNERS),
        ref=st.sampled_from(ENTITIES),
        predicate=st.sampled_from(PREDICATES),
        value=st.sampled_from(VALUES),
        offset=st.integers(0, 30),
    )
    def assert_fact(self, owner, ref, predicate, value, offset) -> None:
        next(STEPS)
        start = self.day(offset)
        result = self.commit(owner, p.fact(ref, predicate, value, start))
        assert result.results[0].decision in {"committed", "duplicate"}, result.results[0]
        self.owners[owner].assert_value(ref, predicate, value, start)

    @rule(
        owner=st.sampled_from(OWNERS),
        ref=st.sampled_from(ENTITIES),
        predicate=st.sampled_from(PREDICATES),
        value=st.sampled_from(VALUES),
        offset=st.integers(0, 35),
    )
    def correct_fact(self, owner, ref, predicate, value, offset) -> None:
        next(STEPS)
        start = self.day(offset)
        result = self.commit(owner, p.correction(ref, predicate, value, start))
        expected = self.owners[owner].correct(ref, predicate, value, start)
        assert result.results[0].decision == expected, result.results[0]
        check_deferred_keys()

    @rule(
        owner=st.sampled_from(OWNERS),
        ref=st.sampled_from(ENTITIES),
        predicate=st.sampled_from(PREDICATES),
        offset=st.integers(0, 40),
    )
    def end_fact(self, owner, ref, predicate, offset) -> None:
        next(STEPS)
        model = self.owners[owner]
        row = model.open_row(ref, predicate)
        fact = self._open_fact(owner, ref, predicate)
        assert (row is None) == (fact is None)
        if fact is None:
            return
        until = self.day(offset)
        result = self.commit(owner, p.end(str(fact.pk), until))
        if until > row[0]:
            assert result.results[0].decision == "committed", result.results[0]
            model.end(ref, predicate, until)
        else:
            assert result.results[0].decision == "rejected"

    @rule(
        owner=st.sampled_from(OWNERS),
        ref=st.sampled_from(ENTITIES),
        predicate=st.sampled_from(PREDICATES),
    )
    def invalidate_fact(self, owner, ref, predicate) -> None:
        next(STEPS)
        fact = self._open_fact(owner, ref, predicate)
        if fact is None:
            return
        result = self.commit(owner, p.invalidate(str(fact.pk)))
        assert result.results[0].decision == "committed"
        self.owners[owner].invalidate(ref, predicate)

    @rule(
        owner=st.sampled_from(OWNERS), ref=st.sampled_from(ENTITIES), into=st.sampled_from(ENTITIES)
    )
    def merge(self, owner, ref, into) -> None:
        next(STEPS)
        model = self.owners[owner]
        target = model.head(into)
        if ref in model.merged_into or target == ref:
            return
        with owner_scope(model.name) as scope:
            entity = Entity.objects.get(owner_sub=model.name, kind_id="pet", slug=ref[4:])
            head = Entity.objects.get(owner_sub=model.name, kind_id="pet", slug=target[4:])
            entity_merge(scope=scope, entity=entity, into=head, actor="test")
        self.touched.add(owner)
        model.merged_into[ref] = target

    @rule(owner=st.sampled_from(OWNERS), ref=st.sampled_from(ENTITIES))
    def split(self, owner, ref) -> None:
        next(STEPS)
        model = self.owners[owner]
        if ref not in model.merged_into:
            return
        with owner_scope(model.name) as scope:
            entity = Entity.objects.get(owner_sub=model.name, kind_id="pet", slug=ref[4:])
            entity_split(scope=scope, entity=entity, actor="test")
        self.touched.add(owner)
        del model.merged_into[ref]

    @precondition(lambda self: self.last_proposal is not None)
    @rule()
    def replay(self) -> None:
        next(STEPS)
        owner, body = self.last_proposal
        with owner_scope(self.owners[owner].name):
            before = Fact.objects.count()
        result = self.commit(owner, *body["operations"], run_id=body["run_id"])
        assert result.replayed
        with owner_scope(self.owners[owner].name):
            assert Fact.objects.count() == before

    def _open_fact(self, owner: int, ref: str, predicate: str) -> Fact | None:
        model = self.owners[owner]
        head = model.head(ref)
        with owner_scope(model.name):
            return Fact.objects.filter(
                subject_entity__slug=head[4:],
                predicate_id=predicate,
                superseded_at__isnull=True,
                valid_to__isnull=True,
            ).first()

    # --- invariants -----------------------------------------------------------------------

    @invariant()
    def after_each_step(self) -> None:
        self.valid_time_state_matches_the_model()
        self.rows_only_close_and_time_only_moves_forward()
        self.take_a_belief_snapshot()

    def valid_time_state_matches_the_model(self) -> None:
        for owner in self.touched:
            model = self.owners[owner]
            with owner_scope(model.name) as scope:
                for ref in ENTITIES:
                    for offset in (3, 17, 45):
                        moment = self.day(offset) + timedelta(hours=12)
                        data = tools.state_at(scope=scope, ref=ref, valid_time=moment)["data"]
                        got = sorted((f["predicate"], f["value"]) for f in data["facts"])
                        assert got == model.state_at(ref, moment), (owner, ref, offset)

    def rows_only_close_and_time_only_moves_forward(self) -> None:
        for owner, model in enumerate(self.owners):
            with owner_scope(model.name):
                rows = list(Fact.objects.all())
                assert {r.owner_sub for r in rows} <= {model.name}  # nobody else's rows
                newest = self.last_recorded.get(owner)
                for row in rows:
                    frozen = (
                        row.subject_entity_id,
                        row.predicate_id,
                        row.object_value,
                        row.valid_from,
                        row.valid_to,
                        row.recorded_at,
                    )
                    if row.pk in self.seen_rows:
                        old_frozen, old_closed = self.seen_rows[row.pk]
                        assert frozen == old_frozen, row.pk
                        if old_closed is not None:
                            assert row.superseded_at == old_closed, row.pk
                    elif newest is not None:
                        assert row.recorded_at >= newest
                    self.seen_rows[row.pk] = (frozen, row.superseded_at)
                if rows:
                    self.last_recorded[owner] = max(r.recorded_at for r in rows)
                # at most one current belief per functional key at any valid time
                open_rows = [r for r in rows if r.superseded_at is None]
                for a, b in itertools.combinations(open_rows, 2):
                    if (a.subject_entity_id, a.predicate_id) != (
                        b.subject_entity_id,
                        b.predicate_id,
                    ):
                        continue
                    overlap = (a.valid_to is None or a.valid_to > b.valid_from) and (
                        b.valid_to is None or b.valid_to > a.valid_from
                    )
                    assert not overlap, (a.pk, b.pk)

    def take_a_belief_snapshot(self) -> None:
        """Runs last: snapshots the touched owners' beliefs, then clears ``touched``."""
        moment = db_clock()
        for owner in sorted(self.touched):
            model = self.owners[owner]
            with owner_scope(model.name) as scope:
                for ref in ENTITIES:
                    valid = self.day(20) + timedelta(hours=12)
                    data = tools.state_as_known_at(
                        scope=scope, ref=ref, system_time=moment, valid_time=valid
                    )["data"]
                    facts = sorted((f["id"], f["value"]) for f in data["facts"])
                    self.snapshots.append((owner, moment, ref, valid, facts))
        self.touched = set()

    def teardown(self) -> None:
        for owner, moment, ref, valid, facts in self.snapshots:
            with owner_scope(self.owners[owner].name) as scope:
                data = tools.state_as_known_at(
                    scope=scope, ref=ref, system_time=moment, valid_time=valid
                )["data"]
                assert sorted((f["id"], f["value"]) for f in data["facts"]) == facts, (
                    owner,
                    moment,
                    ref,
                )


def test_temporal_rules_hold_against_the_model():
    run_state_machine_as_test(TemporalMachine)
    assert next(STEPS) > 0
