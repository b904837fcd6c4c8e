"""Leave-one-out calibration of the nearest-example reading (:mod:`curator.extract.nearest`).

Every example clause of both banks is read against all the others (clauses of the same text
left out), through the same decision the curator makes — floor, margin or two of three, the
guards for a mood of the day and for a negation, a taste told apart into a like or a dislike —
and the predicate it would state is compared with the clause's own label.
Run it from a shell with the embedding model configured::

    .venv/bin/python manage.py shell -c \
        "from curator.evaluation.nearest_calibration import report; report()"
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime

from curator.extract import nearest


@dataclass
class Tally:
    stated: int = 0  # clauses given this predicate
    right: int = 0  # … whose label it is
    labelled: int = 0  # clauses labelled with this predicate
    wrong: list[tuple[str, str]] = field(default_factory=list)  # (clause, its label)

    @property
    def precision(self) -> float:
        return self.right / self.stated if self.stated else 1.0


def _count(tallies: dict[str, Tally], *, said: str, gold: str, text: str) -> None:
    tally = tallies.setdefault(said, Tally())
    tally.stated += 1
    if said == gold:
        tally.right += 1
    else:
        tally.wrong.append((text, gold))


def _rows() -> list[dict]:
    return [
        json.loads(line)
        for path in nearest.EXAMPLES
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and nearest.line_ok(json.loads(line))
    ]


def leave_one_out(
    *, floor: float, margin: float, stated: set[str], source: str | None = None
) -> dict[str, Tally]:
    """Per predicate, how the examples (of ``source``, or all) are read with their own text
    left out of the bank."""
    import numpy as np

    table = nearest.example_table()
    if table is None:
        raise RuntimeError("no embedding model configured")
    rows = _rows()
    texts = np.array([r["text"].casefold() for r in rows])
    tallies: dict[str, Tally] = {}
    for number, row in enumerate(rows):
        if source is not None and row.get("source", "dev") != source:
            continue
        gold = row["predicate"]
        tallies.setdefault(gold, Tally()).labelled += 1
        similarities = table.vectors @ table.vectors[number]
        similarities[texts == texts[number]] = -1.0
        reading = nearest.clause_reading(
            row["text"],
            similarities,
            table,
            lang=row.get("lang", "en"),
            floor=floor,
            margin=margin,
            stated=stated,
        )
        if reading is not None:
            _count(tallies, said=reading.predicate, gold=gold, text=row["text"])
    return tallies


def report(
    *,
    floors: tuple[float, ...] = (0.40, 0.45, 0.50, 0.55),
    margins: tuple[float, ...] = (0.0, 0.04, 0.08, 0.12),
    stated: set[str] | None = None,
    source: str | None = None,
    show_wrong: bool = False,
    reader: bool = True,
) -> None:
    """Prints, per floor and margin, the precision and count per stated predicate: through
    the reader (:func:`through_the_reader`), or of the bare decision (:func:`leave_one_out`)."""
    stated = stated or set(nearest.STATED)
    measure = through_the_reader if reader else leave_one_out
    for floor in floors:
        for margin in margins:
            tallies = measure(floor=floor, margin=margin, stated=stated, source=source)
            said = sum(t.stated for t in tallies.values())
            right = sum(t.right for t in tallies.values())
            parts = " ".join(
                f"{p}={t.right}/{t.stated}" for p, t in sorted(tallies.items()) if t.stated
            )
            print(f"floor {floor:.2f} margin {margin:.2f}: {right}/{said}  {parts}")
            if show_wrong:
                for predicate, tally in sorted(tallies.items()):
                    for text, gold in tally.wrong:
                        print(f"    {predicate:<17} ← {gold:<20} {text}")


def through_the_reader(
    *, floor: float, margin: float, stated: set[str], source: str | None = None
) -> dict[str, Tally]:
    """Per predicate, what the rule curator states from the nearest examples when each
    example clause is said alone as a user turn, with its own text left out of the bank:
    the reader's guards (questions, hypotheticals, someone else, a construction that reads
    the clause, a negation) come first, as in use."""
    from unittest import mock

    from curator.rules import Known, RuleCurator, Turn

    table = nearest.example_table()
    if table is None:
        raise RuntimeError("no embedding model configured")
    vectors, examples = table.vectors, table.examples
    rows = _rows()
    texts = [r["text"].casefold() for r in rows]
    at = datetime(2026, 7, 25, 10, 15, tzinfo=UTC)
    tallies: dict[str, Tally] = {}
    read = nearest.read_clauses
    for number, row in enumerate(rows):
        if source is not None and row.get("source", "dev") != source:
            continue
        gold = row["predicate"]
        tallies.setdefault(gold, Tally()).labelled += 1
        keep = [i for i, text in enumerate(texts) if text != texts[number]]
        readings: list = []

        def capture(clauses, *, lang, _readings=readings):
            out = read(clauses, lang=lang)
            _readings.extend(r for r in out if r is not None)
            return out

        with (
            mock.patch.object(
                nearest,
                "_table",
                lambda _model, k=keep: nearest.bank(vectors[k], tuple(examples[i] for i in k)),
            ),
            mock.patch.object(nearest, "read_clauses", capture),
            mock.patch.multiple(nearest, FLOOR=floor, MARGIN=margin, STATED=stated),
        ):
            ops = RuleCurator().propose(
                [Turn(id="m0", role="user", text=row["text"], occurred_at=at)], Known()
            )
        said = {
            (op["predicate"], op.get("object_value"))
            for op in ops
            if op["op"] == "assert_fact" and op["subject_ref"] == "person:me"
        }
        for reading in readings:
            if (reading.predicate, reading.value) in said:
                _count(tallies, said=reading.predicate, gold=gold, text=row["text"])
    return tallies
