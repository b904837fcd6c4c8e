"""Wrong facts fresh chat speech used to make: a verb read as a name after a kinship or pet
noun. Each rule is held to sentences of its own and to sentences it must leave alone."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


# --- the verb after a kinship or pet noun, written in lower case ----------------------------


@pytest.mark.parametrize(
    "text",
    [
        "my kids adore the zoo",
        "my twins hate broccoli",
        "my cats love the sunny window",
        "meine jungs lieben fußball",
        "meine schwiegermutter hasse ich",
        "meinen hund liebe ich abgöttisch",
    ],
)
def test_a_verb_after_a_kin_or_pet_noun_is_nobodys_name(text):
    found = facts(text)
    named = {f[0] for f in found} | {f[2] for f in found if isinstance(f[2], str)}
    verb = text.split()[2]
    assert not any(ref.endswith(f":{verb}") for ref in named), found


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        ("my sister rose lives in bristol", "person:rose"),
        ("my son max adores dinosaurs", "person:max"),
        ("meine tochter frieda liebt pferde", "person:frieda"),
        ("my dog luna hates the vacuum", "pet:luna"),
    ],
)
def test_a_name_before_the_verb_is_still_a_name(text, ref):
    assert any(f[0] == ref or f[2] == ref for f in facts(text))
