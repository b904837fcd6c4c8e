"""An entity's facts on both time axes, for the fact timeline picture and the entity's
timeline of changes.

Across: valid time (when it held in the world). Per predicate, the top row is what is
believed now; beneath it, each earlier belief that has since been closed, with the span
of system time it was believed in. So a correction shows as a bar marked "believed until
R, never held" under the new value's bar over the same period, and a change as a second
bar starting where the old one now ends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import pairwise
from uuid import UUID

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from worldmemory import labels, render, temporal
from worldmemory.models import Entity, Fact, WorldEvent
from worldmemory.pages.display import predicate_labels
from worldmemory.reads.entities import subject_of
from worldmemory.templatetags.gedaechtnis import held_moment
from worldmemory.tenancy import OwnerScope

ROW_LIMIT = 400  # rows read for one entity; a picture of more would not be read anyway

# the drawing, in SVG user units (the SVG scales to the page; below 640 px it scrolls)
WIDTH = 960
PLOT_LEFT = 200
PLOT_RIGHT = 940
AXIS_HEIGHT = 34
ROW_HEIGHT = 26
BAR_HEIGHT = 18
LANE_GAP = 16
CHAR_WIDTH = 7  # of 12 px text, enough to decide whether a label fits in its bar
BAR_TEXT_CHARS = 40  # a bar says at most this much of its value; the title says all
# the moments after the widest gap squeezed into less than this share of the axis: the
# gap is left out (one fact "seit 2015" beside a week of changes made every bar a sliver)
RECENT_SHARE = 0.1

HELD, WAS_BELIEVED, NEVER_HELD = "held", "was-believed", "never-held"


@dataclass
class Bar:
    fact_id: str
    predicate: str
    value: str
    state: str  # HELD, WAS_BELIEVED or NEVER_HELD
    valid_from: datetime
    valid_to: datetime | None
    recorded_at: datetime
    superseded_at: datetime | None
    title: str = ""
    text: str = ""  # what the bar says, placed where it fits
    cut: bool = False  # it began before the axis does (its start is in its text)
    x: float = 0.0
    width: float = 0.0
    y: float = 0.0
    text_x: float = 0.0
    text_y: float = 0.0
    text_inside: bool = True
    text_anchor: str = "start"


@dataclass
class Row:
    label: str
    bars: list[Bar]
    y: float = 0.0
    text_y: float = 0.0
    current: bool = True


@dataclass
class Lane:
    predicate: str
    label: str
    rows: list[Row] = field(default_factory=list)
    y: float = 0.0


@dataclass
class Tick:
    x: float
    label: str


@dataclass
class Picture:
    lanes: list[Lane]
    ticks: list[Tick]
    start: datetime
    end: datetime
    now_x: float
    height: int
    cut: bool = False  # the axis leaves out a long gap before its start
    width: int = WIDTH
    plot_left: int = PLOT_LEFT
    plot_right: int = PLOT_RIGHT

    @property
    def bars(self) -> list[Bar]:
        return [bar for lane in self.lanes for row in lane.rows for bar in row.bars]


def _when(moment: datetime) -> str:
    return formats.date_format(render.local_moment(moment), "SHORT_DATETIME_FORMAT")


def _shifted(moment: datetime, delta: timedelta) -> datetime:
    """``moment + delta``, kept inside the calendar (stored times may lie at year 1 or 9999)."""
    try:
        return moment + delta
    except OverflowError:
        return moment


def entity_fact_rows(*, scope: OwnerScope, ref: str) -> tuple[list, dict[UUID, str]]:
    """Every row ever recorded about the entity (merged members included), with the
    names of the entities its relationships point to."""
    subject = subject_of(scope, ref)
    sql = (
        f"SELECT {temporal.FACT_COLUMNS} FROM facts WHERE owner_sub = %(owner)s"
        " AND subject_entity_id = ANY(%(ids)s)"
        " ORDER BY predicate, valid_from, recorded_at, id LIMIT %(limit)s"
    )
    params = {"owner": scope.owner_sub, "ids": list(subject.family), "limit": ROW_LIMIT}
    rows = temporal.fetch_rows(sql, params)
    targets = {row.object_entity_id for row in rows if row.object_entity_id}
    names = {
        pk: labels.entity_name(f"{kind}:{slug}").capitalize()
        if f"{kind}:{slug}" == labels.ME
        else name
        for pk, kind, slug, name in Entity.objects.filter(
            owner_sub=scope.owner_sub, pk__in=targets
        ).values_list("pk", "kind_id", "slug", "canonical_name")
    }
    return rows, names


def value_text(row, names: dict[UUID, str]) -> str:
    """The value as shown: an entity's name (the user is "Du"), a literal in words ("cat" →
    "Katze", "--02-14" → "14. Februar")."""
    if row.object_entity_id:
        return names.get(row.object_entity_id, "?")
    return labels.value_word(row.object_value)


def state_of(row) -> str:
    if temporal.believed(row) and row.status != Fact.Status.INVALIDATED:
        return HELD
    if row.status == Fact.Status.INVALIDATED:
        return NEVER_HELD
    return WAS_BELIEVED


def _held_span(bar: Bar) -> str:
    if temporal.open_ended(bar):
        return _("from %(start)s on") % {"start": held_moment(bar.valid_from)}
    return _("from %(start)s until %(end)s") % {
        "start": held_moment(bar.valid_from),
        "end": held_moment(bar.valid_to),
    }


def _title(bar: Bar, predicate_label: str) -> str:
    words = {"predicate": predicate_label, "value": bar.value, "span": _held_span(bar)}
    if bar.state == HELD:
        return _("%(predicate)s: %(value)s — held %(span)s; known since %(at)s") % {
            **words,
            "at": _when(bar.recorded_at),
        }
    words |= {"since": _when(bar.recorded_at), "until": _when(bar.superseded_at)}
    if bar.state == NEVER_HELD:
        return (
            _("%(predicate)s: %(value)s — believed from %(since)s until %(until)s, never held")
            % words
        )
    return (
        _("%(predicate)s: %(value)s — believed from %(since)s until %(until)s to hold %(span)s")
        % words
    )


def _pack(bars: list[Bar]) -> list[list[Bar]]:
    """Bars of one predicate believed now, in as few rows as they fit without overlap
    (a predicate with several values at once gets several rows)."""
    rows: list[list[Bar]] = []
    for bar in sorted(bars, key=lambda b: b.valid_from):
        for row in rows:
            last = row[-1]
            if temporal.ends_by(last, bar.valid_from):
                row.append(bar)
                break
        else:
            rows.append([bar])
    return rows


def _ticks(start: datetime, end: datetime, scale) -> list[Tick]:
    """Six labels across the axis. Within a few days a tick on the same day as the one
    before shows its clock time only: the full "04.12.2026 03:39" six times overlapped."""
    span = end - start
    count = 5
    moments = [render.local_moment(start + span * step / count) for step in range(count + 1)]
    ticks, day_before = [], None
    for moment in moments:
        if span > timedelta(days=4):
            fmt = "SHORT_DATE_FORMAT"
        else:
            fmt = "TIME_FORMAT" if moment.date() == day_before else "SHORT_DATETIME_FORMAT"
        day_before = moment.date()
        ticks.append(Tick(x=scale(moment), label=formats.date_format(moment, fmt)))
    return ticks


def window_start(moments: list[datetime]) -> datetime | None:
    """Where the axis starts when a gap takes most of the span: at the first moment after
    the widest gap, so long-running facts begin before the axis and the recent ones keep
    their width; ``None`` when the whole span reads well."""
    ordered = sorted(set(moments))
    if len(ordered) < 3:
        return None
    _gap, after = max(
        (later - earlier, index + 1) for index, (earlier, later) in enumerate(pairwise(ordered))
    )
    # at least two moments after it, or the axis would be a point
    if after > len(ordered) - 2:
        return None
    if ordered[-1] - ordered[after] > (ordered[-1] - ordered[0]) * RECENT_SHARE:
        return None
    return ordered[after]


def _shorten(text: str, chars: int) -> str:
    if chars < 2:
        return ""
    return text if len(text) <= chars else text[: chars - 1] + "…"


def place_text(bar: Bar, *, left: float = PLOT_LEFT, right: float = WIDTH) -> float:
    """The bar's words inside it when they fit, else right of it up to ``right`` (where the
    row's next bar begins), else left of it down to ``left`` (where what came before in the
    row ends: the lane labels at the least), else inside it as far as they fit (the title
    keeps the whole value). Returns where what it drew ends."""
    words = _shorten(bar.text, BAR_TEXT_CHARS)
    needed = len(words) * CHAR_WIDTH
    bar.text_inside, bar.text_anchor = True, "start"
    end = bar.x + bar.width
    if needed + 10 <= bar.width:
        bar.text, bar.text_x = words, bar.x + 5
    elif end + 4 + needed <= right:
        bar.text, bar.text_x, bar.text_inside = words, end + 4, False
        end = bar.text_x + needed
    elif bar.x - 4 - needed >= left:
        bar.text, bar.text_x, bar.text_inside = words, bar.x - 4, False
        bar.text_anchor = "end"
    else:
        bar.text = _shorten(words, int((bar.width - 10) // CHAR_WIDTH))
        bar.text_x = bar.x + 5
    return end


def place_texts(bars: list[Bar]) -> None:
    """The words of a row's bars, left to right, none drawn over another's: two values of
    one predicate side by side ("Bootsbauer" until last week, "Segelmacher" since) each
    keep to their own room."""
    free = PLOT_LEFT
    for index, bar in enumerate(bars):
        following = bars[index + 1].x - 4 if index + 1 < len(bars) else WIDTH
        free = place_text(bar, left=free, right=following) + 4


def _cut_text(bar: Bar) -> str:
    """The value of a bar that began before the axis, with when it began (and ended)."""
    if temporal.open_ended(bar):
        return _("since %(start)s · %(value)s") % {
            "start": held_moment(bar.valid_from),
            "value": bar.value,
        }
    return _("%(start)s–%(end)s · %(value)s") % {
        "start": held_moment(bar.valid_from),
        "end": held_moment(bar.valid_to),
        "value": bar.value,
    }


def fact_timeline(*, scope: OwnerScope, ref: str, now: datetime | None = None) -> Picture | None:
    """The picture of ``ref``'s facts, laid out; ``None`` when it has none."""
    now = now or timezone.now()
    rows, names = entity_fact_rows(scope=scope, ref=ref)
    if not rows:
        return None
    labels = predicate_labels({row.predicate_id for row in rows})
    bars = [
        Bar(
            fact_id=str(row.pk),
            predicate=row.predicate_id,
            value=value_text(row, names),
            state=state_of(row),
            valid_from=row.valid_from,
            valid_to=row.valid_to,
            recorded_at=row.recorded_at,
            superseded_at=row.superseded_at,
        )
        for row in rows
    ]
    moments = [b.valid_from for b in bars] + [b.valid_to for b in bars if b.valid_to] + [now]
    cut = window_start(moments)
    start, end = cut or min(moments), max(moments)
    if end - start < timedelta(hours=1):
        start = _shifted(start, -timedelta(minutes=30))
    margin = (end - start) * 0.04
    start, end = _shifted(start, -margin), _shifted(end, margin)
    seconds = (end - start).total_seconds()

    def scale(moment: datetime) -> float:
        share = max((moment - start).total_seconds() / seconds, 0.0)
        return round(PLOT_LEFT + share * (PLOT_RIGHT - PLOT_LEFT), 1)

    lanes: list[Lane] = []
    y = AXIS_HEIGHT + 8
    for predicate in sorted(labels, key=lambda p: labels[p].casefold()):
        own = [b for b in bars if b.predicate == predicate]
        lane = Lane(predicate=predicate, label=labels[predicate], y=y)
        held = [b for b in own if b.state == HELD]
        for index, packed in enumerate(_pack(held) or [[]]):
            lane.rows.append(Row(label=labels[predicate] if index == 0 else "", bars=packed))
        earlier = sorted((b for b in own if b.state != HELD), key=lambda b: b.superseded_at)
        for bar in earlier:
            until = _("believed until %(at)s") % {"at": _when(bar.superseded_at)}
            lane.rows.append(Row(label=until, bars=[bar], current=False))
        for row in lane.rows:
            row.y, row.text_y = y, y + 17
            for bar in row.bars:
                bar.title = _title(bar, labels[predicate])
                bar.x = scale(bar.valid_from)
                right = scale(bar.valid_to) if bar.valid_to else PLOT_RIGHT
                bar.width = max(round(right - bar.x, 1), 3.0)
                bar.y = y + (ROW_HEIGHT - BAR_HEIGHT) / 2
                bar.cut = cut is not None and temporal.begins_before(bar, start)
                bar.text = _cut_text(bar) if bar.cut else bar.value
                bar.text_y = y + 17
            place_texts(row.bars)
            y += ROW_HEIGHT
        lanes.append(lane)
        y += LANE_GAP
    return Picture(
        lanes=lanes,
        ticks=_ticks(start, end, scale),
        start=start,
        end=end,
        now_x=scale(now),
        height=int(y + 4),
        cut=cut is not None,
    )


@dataclass
class Change:
    """One write to one of the entity's facts, as a person would tell it."""

    kind: str  # asserted, changed, corrected, forgotten, ended
    at: datetime  # system time: when the memory learned it
    predicate: str
    label: str
    old: str = ""
    new: str = ""
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    closed_ids: tuple[str, ...] = ()


def _write_changes(predicate: str, label: str, at: datetime, opened, closed, names) -> list:
    copies = [row for row in opened if any(temporal.is_history_copy(row, old) for old in closed)]
    new = [row for row in opened if row not in copies]
    old_text = ", ".join(dict.fromkeys(value_text(row, names) for row in closed))
    closed_ids = tuple(str(row.pk) for row in closed)
    base = {"at": at, "predicate": predicate, "label": label, "closed_ids": closed_ids}
    retracted = [row for row in closed if row.status == Fact.Status.INVALIDATED]
    changes = []
    for row in new:
        kind = "asserted"
        if retracted and row.memory_type == "correction":
            kind = "corrected"
        elif closed:
            kind = "changed"
        changes.append(
            Change(
                kind=kind,
                old=old_text if kind != "asserted" else "",
                new=value_text(row, names),
                valid_from=row.valid_from,
                valid_to=row.valid_to,
                **base,
            )
        )
    if not new and retracted:
        changes.append(Change(kind="forgotten", old=old_text, **base))
    if not new and not retracted:
        for row in copies:
            if not temporal.open_ended(row):
                changes.append(
                    Change(kind="ended", old=value_text(row, names), valid_to=row.valid_to, **base)
                )
    return changes


def fact_changes(*, scope: OwnerScope, ref: str, limit: int = 30) -> list[Change]:
    """The writes to the entity's facts, newest first: asserted, changed (a new value from
    a date on), corrected (the old value never held), forgotten, ended. One write closes
    rows and opens others at the same system time; history copies of the closed rows (the
    part that still held) are bookkeeping, not news."""
    rows, names = entity_fact_rows(scope=scope, ref=ref)
    labels = predicate_labels({row.predicate_id for row in rows})
    changes: list[Change] = []
    for predicate in labels:
        own = [row for row in rows if row.predicate_id == predicate]
        moments = sorted({row.recorded_at for row in own})
        for at in moments:
            opened = [row for row in own if row.recorded_at == at]
            closed = [r for r in own if r.superseded_at == at and temporal.recorded_before(r, at)]
            changes += _write_changes(predicate, labels[predicate], at, opened, closed, names)
        for at in sorted({row.superseded_at for row in own if row.superseded_at} - set(moments)):
            closed = [row for row in own if row.superseded_at == at]
            changes += _write_changes(predicate, labels[predicate], at, [], closed, names)
    changes.sort(key=lambda change: change.at, reverse=True)
    return changes[:limit]


def timeline_with_changes(events: list[dict], changes: list[Change]) -> list[dict]:
    """World events and fact changes in one list, newest first. The ``invalidate`` event a
    correction or a forgetting writes tells the same as its change and is left out."""
    told = {fact_id for change in changes for fact_id in change.closed_ids}
    invalidations = WorldEvent.objects.filter(
        pk__in=[event["id"] for event in events], event_type_id="invalidate"
    ).values_list("pk", "payload")
    told_events = {str(pk) for pk, data in invalidations if (data or {}).get("fact_id") in told}
    entries = [
        {"events": [event], "at": event["occurred_at"]}
        for event in events
        if event["id"] not in told_events
    ]
    entries += [{"change": change, "at": change.at} for change in changes]
    entries.sort(key=lambda entry: entry["at"], reverse=True)
    return entries
