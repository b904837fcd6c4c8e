"""A health item named only to be denied, as forms and their answers do ("no X ever",
"X allergy? nope, X are fine", "i always thought i was allergic to X but … i'm not", "X —
wait no that's my mum's") is no condition, allergy or medicine of the speaker; the same item
said plainly still is. The phrasings here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _asserted

ME = "person:me"
HEALTH = ("health_condition", "allergic_to", "takes_medication")


def _health(*texts: str) -> set:
    return {(p, str(v).lower()) for s, p, v in _asserted(*texts) if s == ME and p in HEALTH}


@pytest.mark.parametrize(
    "text",
    [
        "so far: no kidney problems, no asthma, never had measles, not pregnant, no seizures ever",
        "the form asks about peanut allergy for the vaccine – nope, peanuts are fine",
        "Im Fragebogen steht was von Nussallergie für die Impfung – nö, Nüsse sind kein Problem",
        "i always thought i was allergic to amoxicillin but the allergist tested me and i'm not",
        "ich dachte immer, ich wär allergisch gegen Penicillin, aber bin ich gar nicht",
        "i take ramipril — wait no that's my mum's, i don't take anything",
    ],
)
def test_a_denied_health_item_is_not_stored(text):
    assert not _health(text)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("i have epilepsy and i'm allergic to latex", ("allergic_to", "latex")),
        (
            "i take lisinopril every morning, it's my dad's birthday today",
            ("takes_medication", "lisinopril"),
        ),
        ("ich nehme Ramipril, das ist mein Blutdruckmittel", ("takes_medication", "ramipril")),
    ],
)
def test_the_same_item_said_plainly_stays(text, kept):
    assert kept in _health(text)
