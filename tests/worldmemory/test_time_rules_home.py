"""Every rule of time has one home: comparisons on the two time axes live in
``worldmemory/temporal.py``, the model constraints and the committer's fact writer only.

A comparison is an ORM lookup (``valid_to__isnull``, ``recorded_at__gt``…), an SQL one
(``superseded_at IS NULL``, ``valid_from <= %(v)s``) or a Python one
(``row.valid_to is None``, ``fact.recorded_at > moment``) on ``valid_from``, ``valid_to``,
``superseded_at`` or ``recorded_at``. Comments and docstrings may name them.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("infra", "worldmemory", "curator", "gedaechtnis")
HOMES = {
    "worldmemory/temporal.py",
    "worldmemory/models/graph.py",  # the check constraints of the tables
    "worldmemory/committer/facts.py",  # the fact writer decides supersede and end
}
# a field name, alone or at the end of an ORM path (``caused_by_event__recorded_at``)
FIELD = r"(?<![A-Za-z0-9])(?:valid_from|valid_to|superseded_at|recorded_at)(?![A-Za-z0-9])"
COMPARISON = re.compile(
    "|".join(
        [
            rf"{FIELD}__(?:lt|lte|gt|gte|isnull)\b",
            rf"{FIELD}[\"'\]]*\s*(?:<=|>=|<(?!<)|>(?!>)|IS\s+(?:NOT\s+)?NULL|is\s+(?:not\s+)?None)",
            rf"(?:<=|>=|(?<![<-])<|(?<![>-])>)\s*[\w.]*{FIELD}",
        ]
    )
)


def _code_lines(source: str) -> list[tuple[int, str]]:
    """The module's lines without comments and docstrings (strings stay: they hold SQL)."""
    docstrings = {
        node.body[0].value.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
        and isinstance(node.body[0].value.value, str)
    }
    lines: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            continue
        if token.type == tokenize.STRING and token.start[0] in docstrings:
            continue
        row = token.start[0]
        lines[row] = f"{lines.get(row, '')} {token.string}"
    return sorted(lines.items())


def comparisons_outside_home() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name in HOMES or "/migrations/" in name:
                continue
            for row, text in _code_lines(path.read_text()):
                if COMPARISON.search(text):
                    found.setdefault(name, []).append(f"{row}: {text.strip()[:120]}")
    return found


def test_time_comparisons_live_in_temporal_the_constraints_and_the_fact_writer():
    assert comparisons_outside_home() == {}


def test_the_scan_finds_each_kind_of_comparison():
    for text in (
        "Fact.objects.filter(valid_to__isnull=True)",
        '"WHERE f.superseded_at IS NULL"',
        "if row.valid_to is None:",
        "fresh = moment < fact.recorded_at",
        'if row["superseded_at"] is not None:',
    ):
        assert COMPARISON.search(text), text
    comment_only = '"""valid_to is None means open."""\nx = 1  # superseded_at IS NULL\n'
    assert all(not COMPARISON.search(text) for _, text in _code_lines(comment_only))
