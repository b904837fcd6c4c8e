"""The rule-based curator: explicit German and English statements → a proposal.

It proposes only what a sentence says plainly ("Luna ist meine Katze", "Luna
bekommt um 19 Uhr Futter", "merk dir …", "ab jetzt …", "vergiss …", "ich muss noch
… bis …") and stays silent when unsure. What the user says is a user assertion;
what a tool reports is an observation with the message's trust tier, so the
validator decides what needs review. Evidence points at the message.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime

from curator.wordlists import CONSEQUENTIAL_TOOL_WORDS, CORRECTION_MARKERS, CORRECTION_PAIRS
from worldmemory.refs import slugify

# noun → (kind, species or relation to the user)
PETS = {
    "katze": "cat",
    "kater": "cat",
    "cat": "cat",
    "hund": "dog",
    "dog": "dog",
    "hase": "rabbit",
    "kaninchen": "rabbit",
    "rabbit": "rabbit",
    "pferd": "horse",
    "horse": "horse",
    "vogel": "bird",
    "bird": "bird",
    "hamster": "hamster",
}
PEOPLE = {
    "schwester": "sister",
    "bruder": "brother",
    "mutter": "mother",
    "vater": "father",
    "frau": "wife",
    "mann": "husband",
    "freundin": "friend",
    "freund": "friend",
    "kollege": "colleague",
    "kollegin": "colleague",
    "chefin": "manager",
    "chef": "manager",
    "sister": "sister",
    "brother": "brother",
    "mother": "mother",
    "father": "father",
    "wife": "wife",
    "husband": "husband",
    "friend": "friend",
    "colleague": "colleague",
    "boss": "manager",
    "partner": "partner",
}
PRONOUNS = {"sie", "er", "es", "she", "he", "it"}
NAME = r"[A-ZÄÖÜ][\w-]+"

IS_MY = re.compile(rf"\b(?P<name>{NAME}) (?:ist|is) (?:mein|meine|my) (?P<noun>\w+)", re.I)
MY_IS_CALLED = re.compile(
    rf"\b(?:mein|meine|my) (?P<noun>\w+) (?:heißt|heisst|is called|is named) (?P<name>{NAME})",
    re.I,
)
FEEDING = re.compile(
    rf"\b(?P<who>{NAME}|sie|er|she|he) (?:bekommt|kriegt|gets|is fed|eats)"
    r"(?: (?:ihr|sein|her|his))?(?: (?:Futter|Essen|food|fed))? (?:um|at) "
    r"(?P<hour>\d{1,2})(?:[:.](?P<minute>\d{2}))? ?(?P<ampm>uhr|am|pm)?",
    re.I,
)
# German verb-second order: "Eigentlich bekommt Luna um 18 Uhr Futter"
FEEDING_V2 = re.compile(
    rf"\b(?:bekommt|kriegt) (?P<who>{NAME})(?: (?:ihr|sein))?(?: (?:Futter|Essen))? um "
    r"(?P<hour>\d{1,2})(?:[:.](?P<minute>\d{2}))? ?(?P<ampm>uhr)?",
    re.I,
)
FEEDING_WORD = re.compile(r"\b(futter|fressen|essen|food|fed|feeding)\b", re.I)
REMEMBER = re.compile(
    r"^\s*(?:bitte\s+)?(?:merk(?:'s|s|e)? dir|remember|note that)\s*(?:that|dass|,|:)?\s*"
    r"(?P<what>.+?)\s*[.!]?\s*$",
    re.I,
)
FROM_NOW_ON = re.compile(
    r"\b(?:ab jetzt|ab sofort|from now on|ich bevorzuge|i prefer|bitte immer|please always)"
    r"[,:]?\s*(?P<what>[^.!?]+)",
    re.I,
)
FORGET = re.compile(
    r"^\s*(?:bitte\s+)?(?:vergiss|forget)\s+(?:das mit\s+|about\s+)?"
    r"(?:dem |der |den |die |das |the )?(?P<what>[^.!?]+)",
    re.I,
)
TASK = re.compile(
    r"\b(?:ich muss noch|ich muss|i need to|i have to)\s+(?P<what>.+?)"
    r"(?:\s+(?:bis|by|until)\s+(?P<due>[^.!?]+))?\s*[.!]?\s*$",
    re.I,
)


@dataclass
class Turn:
    id: str
    role: str
    text: str
    occurred_at: datetime
    trust_tier: str = "trusted"
    tool_calls: list | dict | None = None


@dataclass
class Known:
    """What the curator context says about the owner's world (for pronouns, forgetting)."""

    aliases: dict[str, str] = field(default_factory=dict)  # normalised alias → ref
    facts: list[dict] = field(default_factory=list)  # {id, subject_ref, predicate, value}


def _provenance(turn: Turn, quote: str) -> dict:
    by_user = turn.role == "user"
    return {
        "confidence": 0.9 if by_user else 0.7,
        "source": "user:chat" if by_user else f"{turn.role}:chat",
        "memory_type": "user_assertion" if by_user else "observed_state",
        "trust_tier": turn.trust_tier,
        "valid_from": turn.occurred_at.isoformat(),
        "evidence": {
            "kind": "conversation_quote" if by_user else "tool_result",
            "text": quote[:4000],
            "ref": f"source_message:{turn.id}",
        },
    }


def is_correction(text: str) -> bool:
    """Whether the sentence says a known value never held ("eigentlich …", "nicht X
    sondern Y", "I meant …") rather than that it changed ("ab jetzt …")."""
    plain = text.lower()
    if any(re.search(rf"\b{re.escape(marker)}", plain) for marker in CORRECTION_MARKERS):
        return True
    return any(
        re.search(rf"\b{first}\b.+\b{second}\b", plain) for first, second in CORRECTION_PAIRS
    )


def _time(match: re.Match) -> str | None:
    hour, minute = int(match["hour"]), int(match["minute"] or 0)
    if (match["ampm"] or "").lower() == "pm" and hour < 12:
        hour += 12
    if not (0 <= hour < 24 and 0 <= minute < 60):
        return None
    return f"{hour:02d}:{minute:02d}"


class RuleCurator:
    name = "rules"

    def propose(self, turns: list[Turn], known: Known) -> list[dict]:
        ops: list[dict] = []
        last_pet: str | None = None
        for turn in turns:
            ops += self._tool_results(turn)
            for sentence in re.split(
                r"(?<=[.!?;])\s+|\s+(?:und|and|,)\s+(?=sie |er |she |he )", turn.text
            ):
                made, last_pet = self._sentence(turn, sentence.strip(), known, last_pet)
                ops += made
        return ops

    def _sentence(self, turn: Turn, text: str, known: Known, last_pet: str | None):
        if not text:
            return [], last_pet
        if (match := REMEMBER.match(text)) and turn.role != "assistant":
            return [self._fact(turn, text, "person:me", "note", match["what"])], last_pet
        if match := FORGET.match(text):
            return self._forget(turn, text, match["what"], known), last_pet
        ops: list[dict] = []
        for match in [*IS_MY.finditer(text), *MY_IS_CALLED.finditer(text)]:
            made, ref = self._introduce(turn, text, match["name"], match["noun"].lower())
            ops += made
            if ref and ref.startswith("pet:"):
                last_pet = ref
        match = FEEDING.search(text) or FEEDING_V2.search(text)
        if match and FEEDING_WORD.search(text):
            who = match["who"].lower()
            ref = (
                last_pet
                if who in PRONOUNS
                else known.aliases.get(who)
                or (f"pet:{slugify(match['who'])}" if match["who"][0].isupper() else None)
            )
            at = _time(match)
            if ref and at:
                slot = (
                    "morning" if int(at[:2]) < 11 else "midday" if int(at[:2]) < 15 else "evening"
                )
                fact = self._fact(turn, text, ref, f"feeding_time_{slot}", at)
                if turn.role == "user" and is_correction(text):
                    # "Eigentlich bekommt Luna um 18 Uhr Futter": 19 Uhr never held
                    fact["memory_type"] = "correction"
                ops.append(fact)
                last_pet = ref if ref.startswith("pet:") else last_pet
        if match := FROM_NOW_ON.search(text):
            ops.append(self._fact(turn, text, "person:me", "prefers", match["what"].strip()))
        elif (match := TASK.search(text)) and turn.role == "user":
            ops += self._task(turn, text, match["what"], match["due"])
        return ops, last_pet

    def _tool_results(self, turn: Turn) -> list[dict]:
        """Consequential tool calls become action events (with the intent and expected
        effect the agent gave them); a branch a tool created is an entity of its own."""
        calls = turn.tool_calls if isinstance(turn.tool_calls, list) else [turn.tool_calls]
        ops = []
        for call in calls:
            if not isinstance(call, dict):
                continue
            name = str(call.get("name", ""))
            if any(word in name.lower() for word in CONSEQUENTIAL_TOOL_WORDS):
                quote = f"{name}({json.dumps(call.get('args') or {}, ensure_ascii=False)})"
                ops.append(
                    {
                        "op": "record_event",
                        "event_type": "tool_call",
                        "summary": quote[:2000],
                        "intent": call.get("intent"),
                        "expected_effect": call.get("expected_effect"),
                        "correlation_id": call.get("run_id"),
                        "tool_call_id": call.get("id"),
                        **_provenance(
                            Turn(turn.id, "tool", quote, turn.occurred_at, turn.trust_tier), quote
                        ),
                        "memory_type": "agent_action",
                    }
                )
            if "branch" not in name.lower():
                continue
            name = (call.get("args") or {}).get("name") or (call.get("args") or {}).get("branch")
            if isinstance(name, str) and name.strip():
                quote = f"{call.get('name')}({name})"
                ops.append(
                    {
                        "op": "upsert_entity",
                        "id_hint": f"branch:{slugify(name)}",
                        "kind": "branch",
                        "canonical_name": name.strip(),
                        "aliases": [],
                        **_provenance(
                            Turn(turn.id, "tool", quote, turn.occurred_at, turn.trust_tier), quote
                        ),
                    }
                )
        return ops

    def _fact(self, turn: Turn, quote: str, subject: str, predicate: str, value) -> dict:
        return {
            "op": "assert_fact",
            "subject_ref": subject,
            "predicate": predicate,
            "object_value": value,
            **_provenance(turn, quote),
        }

    def _introduce(self, turn: Turn, quote: str, name: str, noun: str):
        if noun in PETS:
            ref = f"pet:{slugify(name)}"
            return [
                {
                    "op": "upsert_entity",
                    "id_hint": ref,
                    "kind": "pet",
                    "canonical_name": name,
                    "aliases": [],
                    **_provenance(turn, quote),
                },
                self._fact(turn, quote, ref, "species", PETS[noun]),
                {
                    "op": "assert_relationship",
                    "subject_ref": "person:me",
                    "predicate": "cares_for",
                    "object_ref": ref,
                    **_provenance(turn, quote),
                },
            ], ref
        if noun in PEOPLE:
            ref = f"person:{slugify(name)}"
            return [
                {
                    "op": "upsert_entity",
                    "id_hint": ref,
                    "kind": "person",
                    "canonical_name": name,
                    "aliases": [],
                    **_provenance(turn, quote),
                },
                self._fact(turn, quote, ref, "relation_to_user", PEOPLE[noun]),
            ], ref
        return [], None

    def _forget(self, turn: Turn, quote: str, what: str, known: Known) -> list[dict]:
        words = {w for w in re.findall(r"\w+", what.lower()) if len(w) > 2}
        ops = []
        for fact in known.facts:
            haystack = f"{fact['subject_ref']} {fact['predicate']} {fact['value']}".lower()
            if words and all(w in haystack for w in words):
                ops.append(
                    {
                        "op": "invalidate_fact",
                        "target_fact_id": fact["id"],
                        **_provenance(turn, quote),
                        "memory_type": "correction",
                        "reason": f"vergessen: {what.strip()}",
                    }
                )
        return ops

    def _task(self, turn: Turn, quote: str, what: str, due: str | None) -> list[dict]:
        what = what.strip().rstrip(".!")
        ref = f"task:{slugify(what)[:60]}"
        ops = [
            {
                "op": "upsert_entity",
                "id_hint": ref,
                "kind": "task",
                "canonical_name": what[:200],
                "aliases": [],
                **_provenance(turn, quote),
            },
            self._fact(turn, quote, ref, "status", "open"),
        ]
        if due:
            ops.append(self._fact(turn, quote, ref, "due", due.strip()))
        return ops
