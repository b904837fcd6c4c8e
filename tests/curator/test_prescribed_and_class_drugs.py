"""A medicine no list names is read by how it was given — a prescribing verb names a drug
whatever its brand ("the doc started me on zoloft", "hat mir Xarelto verschrieben", "bin auf
Elvanse eingestellt") — or by its class with a verb of taking ("nimmt Blutverdünner", "muss
Betablocker nehmen", "takes blood thinners"); a known word in the same slot ("put me on
nights", "auf Teilzeit umgestellt") or a treatment ("physio") is no medicine. The phrasings
here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _asserted


def _medicines(*texts: str) -> set[tuple[str, str]]:
    return {(s, str(v).lower()) for s, p, v in _asserted(*texts) if p == "takes_medication"}


@pytest.mark.parametrize(
    ("text", "medicine"),
    [
        ("the doc started me on zoloft last month, feeling a bit flat", ("person:me", "zoloft")),
        ("my GP switched me to Wegovy in the spring", ("person:me", "wegovy")),
        ("the psychiatrist prescribed me lexapro for the panic attacks", ("person:me", "lexapro")),
        ("der Hausarzt hat mir jetzt Xarelto verschrieben", ("person:me", "xarelto")),
        ("seit März bin ich auf Elvanse eingestellt", ("person:me", "elvanse")),
        ("meine Ärztin hat mich auf Tilidin umgestellt", ("person:me", "tilidin")),
        ("mein Opa muss seit dem Schlaganfall Betablocker nehmen", ("person:opa", "betablocker")),
        ("my dad takes blood thinners since his stroke", ("person:dad", "blood thinners")),
        ("meine Schwester Ina nimmt Antidepressiva", ("person:ina", "antidepressiva")),
    ],
)
def test_a_medicine_named_by_its_giving_or_its_class(text, medicine):
    assert medicine in _medicines(text)


@pytest.mark.parametrize(
    "text",
    [
        "they put me on nights at work again",
        "wurde im Betrieb auf Teilzeit umgestellt",
        "the surgeon put me on physio for six weeks",
        "my boss put me on hold for twenty minutes",
    ],
)
def test_a_known_word_or_a_treatment_in_the_slot_is_no_medicine(text):
    assert not _medicines(text)
