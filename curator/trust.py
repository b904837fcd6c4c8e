"""What the curator proposes from content someone else wrote never commits on its own.

A tool result or a document is data: an untrusted turn (the default for both, see
``worldmemory.sources.trust_tiers``) makes whatever is derived from it untrusted, so the
validator sends it to review with its evidence. A "merk dir …", "remember …" or "vergiss
…" inside such content is never an instruction, not even from a trusted integration:
what is derived from a turn that addresses the memory waits for review too, and no tool
or document makes a policy. The curator's own claims about trust do not count; the
turns it cites do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from worldmemory.sources import CONTENT_ROLES, EVIDENCE_PREFIX

UNTRUSTED = "untrusted"
# Phrases that address the memory ("speichere das", "note that", "from now on …"): in a
# tool result or a document they are someone else's words aimed at the agent.
ADDRESSES_MEMORY = re.compile(
    r"(?i)(?<!\w)(?:merk(?:'s|s|e|t)?\s+(?:dir|euch|ihnen)|merken\s+sie|speicher\w*|"
    r"abspeicher\w*|vergiss\w*|vergessen\s+sie|notier\w*|ab\s+jetzt|ab\s+sofort|bitte\s+immer|"
    r"remember|memori[sz]e|note\s+that|make\s+a\s+note|forget|save\s+(?:this|that|it)|"
    r"store\s+(?:this|that|it)|from\s+now\s+on|please\s+always|in\s+(?:your|deinem|ihrem)\s+"
    r"(?:memory|gedächtnis|speicher))(?!\w)"
)


@dataclass(frozen=True)
class Cited:
    """What the guard needs of a window's turn."""

    id: str
    role: str
    trust_tier: str
    text: str


def tainted(turn: Cited) -> bool:
    """Whether what is derived from the turn needs a person's look."""
    if turn.trust_tier == UNTRUSTED:
        return True
    return turn.role in CONTENT_ROLES and ADDRESSES_MEMORY.search(turn.text) is not None


def _cited(op: dict, turns: dict[str, Cited]) -> Cited | None:
    ref = str((op.get("evidence") or {}).get("ref") or "")
    return turns.get(ref.removeprefix(EVIDENCE_PREFIX)) if ref.startswith(EVIDENCE_PREFIX) else None


def guard(*, ops: list[dict], turns: list[Cited], whole_window: bool) -> list[dict]:
    """The operations with the trust tier their content earns.

    ``whole_window``: the curator read every turn at once (a model), so content anywhere in
    the window may have steered any of its operations; a rule curator reads sentence by
    sentence, so only what cites a tainted turn (or no turn of the window) is tainted."""
    by_id = {t.id: t for t in turns}
    window_tainted = any(tainted(t) for t in turns)
    guarded = []
    for op in ops:
        turn = _cited(op, by_id)
        suspect = window_tainted if turn is None or whole_window else tainted(turn)
        if turn is not None and turn.role in CONTENT_ROLES and op.get("memory_type") == "policy":
            op = {**op, "memory_type": "observed_state"}  # content never sets a rule
        if suspect:
            op = {**op, "trust_tier": UNTRUSTED}
            if op.get("memory_type") == "policy":
                op["memory_type"] = "observed_state"
        guarded.append(op)
    return guarded


def partition(ops: list[dict]) -> tuple[list[dict], list[dict]]:
    """Trusted and untrusted operations: committed as two proposals, so that what the user
    said plainly is not held back because a tool result in the same window was untrusted
    (the validator sends a whole run to review once one operation is untrusted)."""
    trusted = [op for op in ops if op.get("trust_tier") != UNTRUSTED]
    return trusted, [op for op in ops if op.get("trust_tier") == UNTRUSTED]
