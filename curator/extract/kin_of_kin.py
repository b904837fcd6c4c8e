"""A relative named as someone else's relative ("my daughter Isla … her little brother Leo",
"meine Nichte Mia … ihr kleiner Bruder Jonte", "my sister's boy Tom"): when whose relative
they are is a relative of the speaker's, the two relations together say what they are to the
speaker. Only the steps that hold whatever the family is like are taken: a child's sibling is
the speaker's child, a sibling's child a nephew or niece; a partner's relatives, a parent's
children (the speaker, or half-siblings) and anyone's partner are left unsaid."""

from __future__ import annotations

CHILD = frozenset({"son", "daughter", "child"})
SIBLING = frozenset({"brother", "sister"})
SIBLINGS_CHILD = frozenset({"niece", "nephew"})
PARENT = frozenset({"mother", "father"})

# (whose relative they are to the speaker, what they are to them) → what they are to the
# speaker, by the gender the second relation names
_STEPS: dict[tuple[frozenset[str], str], str] = {
    (CHILD, "brother"): "son",
    (CHILD, "sister"): "daughter",
    (CHILD, "son"): "grandson",
    (CHILD, "daughter"): "granddaughter",
    (SIBLING, "son"): "nephew",
    (SIBLING, "daughter"): "niece",
    (SIBLINGS_CHILD, "brother"): "nephew",
    (SIBLINGS_CHILD, "sister"): "niece",
    (PARENT, "mother"): "grandmother",
    (PARENT, "father"): "grandfather",
    (PARENT, "sister"): "aunt",
    (PARENT, "brother"): "uncle",
}


def relation_through(owner: str, relation: str) -> str | None:
    """What someone is to the speaker who is ``relation`` (a relation token: "brother") of
    the speaker's ``owner`` (a relation token: "daughter"); None when the family does not
    say it."""
    return next(
        (found for (owners, step), found in _STEPS.items() if owner in owners and step == relation),
        None,
    )
