"""Classify: which section of the block each gathered fact belongs to.

Membership is decided once per fact by id (a set), not by searching the other buckets'
lists: a fact about a linked entity, a policy (which may also be about a linked entity
and then shows in both), the owner's own profile, and what lies one hop further.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class Buckets:
    about_linked: list[dict]
    policies: list[dict]
    preferences: list[dict]  # the owner's own facts, neither policies nor about the linked
    further: list[dict]  # one hop further over an inference-enabled predicate


def classify(facts: list[dict], *, linked_refs: set[str], me_ref: str | None) -> Buckets:
    about_linked = [
        f for f in facts if f["subject_ref"] in linked_refs or f["object_ref"] in linked_refs
    ]
    policies = [f for f in facts if _is_policy(f)]
    placed = {f["id"] for f in about_linked} | {f["id"] for f in policies}
    preferences = [
        f for f in facts if me_ref and f["subject_ref"] == me_ref and f["id"] not in placed
    ]
    placed |= {f["id"] for f in preferences}
    further = [f for f in facts if f["id"] not in placed]
    return Buckets(
        about_linked=about_linked, policies=policies, preferences=preferences, further=further
    )


def _is_policy(fact: dict) -> bool:
    return fact["memory_type"] == "policy" or (fact["subject_ref"] or "").startswith("policy:")
