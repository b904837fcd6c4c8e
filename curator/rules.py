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
from datetime import date, datetime

from curator.extract.mapping import FLOOR, nearest_predicate
from curator.extract.propose import Fact, Proposer, valid_from
from curator.extract.timeparse import language_of, split_sentences
from curator.language import rx
from curator.wordlists import CONSEQUENTIAL_TOOL_WORDS, CORRECTION_MARKERS, CORRECTION_PAIRS
from worldmemory.refs import slugify

REMEMBER = re.compile(
    r"^\s*(?:bitte\s+)?(?:merk(?:'s|s|e)? dir|remember|note that|erinner(?:e)? dich)"
    r"\s*(?:bitte\s*)?(?:that|dass|,|:)?\s*(?P<what>.+?)\s*[.!]?\s*$",
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
    context: bool = False  # already curated: read for reference, never proposed again


@dataclass
class Known:
    """What the curator context says about the owner's world (for pronouns, forgetting)."""

    aliases: dict[str, str] = field(default_factory=dict)  # normalised alias → ref
    facts: list[dict] = field(default_factory=list)  # {id, subject_ref, predicate, value,
    # object_ref}


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
    if any(rx.search(rf"\b{re.escape(marker)}", plain) for marker in CORRECTION_MARKERS):
        return True
    return any(
        rx.search(rf"\b{first}\b.+\b{second}\b", plain) for first, second in CORRECTION_PAIRS
    )


def _day_in(moment: str | None, turns: list[Turn]) -> date | None:
    """The day a stored time falls on where the window's speaker is: a start the curator
    wrote as midnight of a stated day in the speaker's offset reads as that day again."""
    if not moment or not turns:
        return None
    return datetime.fromisoformat(moment).astimezone(turns[-1].occurred_at.tzinfo).date()


class RuleCurator:
    name = "rules"

    def propose(self, turns: list[Turn], known: Known) -> list[dict]:
        ops: list[dict] = []
        for turn in turns:
            if not turn.context:
                ops += self._tool_results(turn)
        facts = [
            Fact(
                id=str(f["id"]),
                subject=f["subject_ref"],
                predicate=f["predicate"],
                value=None if f.get("object_ref") else _text(f.get("value")),
                object_ref=f.get("object_ref"),
                since=_day_in(f.get("valid_from"), turns),
            )
            for f in known.facts
            if f.get("subject_ref")
        ]
        proposer = Proposer(turns=turns, known_facts=facts, known_names=known.aliases)
        reading = proposer.read()
        claims = proposer.decide()
        # (a relative memory holds may come without an alias: "my mum" for Brigid)
        existing = set(known.aliases.values()) | {f["subject_ref"] for f in known.facts}
        introduced: set[str] = set()
        for claim in claims:
            turn = turns[claim.turn_index]
            for ref in (claim.subject, claim.object_ref):
                if not ref or ref == "person:me" or ref in existing or ref in introduced:
                    continue
                mention = reading.entities.get(ref)
                if mention is None:
                    continue
                introduced.add(ref)
                ops.append(
                    {
                        "op": "upsert_entity",
                        "id_hint": ref,
                        "kind": mention.kind,
                        "canonical_name": _shown_name(mention.name, kind=mention.kind)[:200],
                        "aliases": [a[:200] for a in mention.aliases],
                        **_provenance(turn, claim.sentence),
                    }
                )
            made = {
                "subject_ref": claim.subject,
                "predicate": claim.predicate,
                **_provenance(turn, claim.sentence),
                "valid_from": valid_from(claim, turn).isoformat(),
            }
            if claim.object_ref:
                made |= {"op": "assert_relationship", "object_ref": claim.object_ref}
            else:
                made |= {"op": "assert_fact", "object_value": claim.value}
            corrected = proposer.corrects.get(id(claim))
            if corrected and turn.role == "user":
                # "nicht X sondern Y": X never held (the committer rewrites the past)
                made |= {"memory_type": "correction", "corrects_fact_id": corrected}
                if claim.when is not None:
                    # "erst seit 2019, nicht 2018": the start is what the correction says, not
                    # when it was said — the committer may then move a start later too
                    made["observed_at"] = turn.occurred_at.isoformat()
            ops.append(made)
        for ref, (name, index) in reading.named.items():
            # a parent memory held by the kin word alone ("Mum") is called by her name now
            if ref in existing and not turns[index].context:
                ops.append(
                    {
                        "op": "rename_entity",
                        "entity_ref": ref,
                        "canonical_name": name[:200],
                        **_provenance(turns[index], turns[index].text),
                    }
                )
        ops += self._unread_requests(turns, reading)
        for fact_id, (index, sentence) in proposer.invalidate.items():
            ops.append(
                {
                    "op": "invalidate_fact",
                    "target_fact_id": fact_id,
                    **_provenance(turns[index], sentence),
                    "memory_type": "correction",
                    "reason": f"vergessen oder korrigiert: {sentence[:200]}",
                }
            )
        for fact_id, (index, sentence) in proposer.end.items():
            ops.append(
                {
                    "op": "end_fact",
                    "target_fact_id": fact_id,
                    "valid_to": turns[index].occurred_at.isoformat(),
                    **_provenance(turns[index], sentence),
                }
            )
        return ops

    def _unread_requests(self, turns: list[Turn], reading) -> list[dict]:
        """ "Merk dir …" that no construction read: the nearest predicate for review, or
        the user's words as a note when nothing in the vocabulary is near."""
        said = {claim.sentence for claim in reading.claims}
        ops = []
        for turn in turns:
            if turn.role != "user" or turn.context:
                continue
            for sentence in split_sentences(turn.text, lang=language_of(turn.text)):
                match = REMEMBER.match(sentence.text)
                if match is None or sentence.text in said or reading.forgets:
                    continue
                what = match["what"].strip()
                if len(what.split()) < 3:
                    continue  # "Merk dir das bitte": what it refers to was read already
                nearest = nearest_predicate(what)
                if nearest is not None and nearest[1] >= FLOOR:
                    op = {
                        "op": "assert_fact",
                        "subject_ref": "person:me",
                        "predicate": nearest[0],
                        "object_value": what,
                        **_provenance(turn, sentence.text),
                        # a guess at the predicate and an untrimmed value: a person decides
                        "memory_type": "hypothesis",
                        "confidence": round(nearest[1], 3),
                    }
                else:
                    op = {
                        "op": "assert_fact",
                        "subject_ref": "person:me",
                        "predicate": "note",
                        "object_value": what,
                        **_provenance(turn, sentence.text),
                    }
                ops.append(op)
        return ops

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


def _text(value) -> str | None:
    return value if isinstance(value, str) else None if value is None else str(value)


def _shown_name(name: str, *, kind: str) -> str:
    """A double name a writer without capitals gave ("mein mann hans-peter", read as
    "Hans-peter") is a name in each of its parts: "Hans-Peter"."""
    if kind not in ("person", "pet") or not name[:1].isupper():
        return name
    return rx.sub(r"(?<=-)[a-zäöü]", lambda m: m.group(0).upper(), name)
