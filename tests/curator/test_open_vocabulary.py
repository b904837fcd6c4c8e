"""Words no list holds, said in a frame that leaves no doubt what they are: a job after "arbeite
als"/"work as", an animal named after "unsere … heißt"/"our … called", an illness after "ich hab"/
"I've got" that sounds like one, a drug after "nehme"/"I take". The same frames around everyday
words store nothing."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


# an unseen animal is read when the embedding model places the noun among animals; it does
# not place "Bartagame" there yet
OPEN_PET = pytest.mark.xfail(reason="the model does not place this animal yet", strict=True)


def _found(text: str) -> set[tuple[str, str, str]]:
    return {(s, p, str(v).lower()) for s, p, v in facts(text)}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # jobs
        ("ich arbeite als orgelbauerin", (ME, "works_as", "orgelbauerin")),
        ("Ich arbeite als Glockengießerin in Sinn", (ME, "works_as", "glockengießerin")),
        ("bin seit 2019 hufschmied", (ME, "works_as", "hufschmied")),
        ("ich bin von beruf geigenbauer", (ME, "works_as", "geigenbauer")),
        ("Ich bin Hörakustikerin", (ME, "works_as", "hörakustikerin")),
        ("arbeite seit jahren als kältetechniker", (ME, "works_as", "kältetechniker")),
        ("i work as a court stenographer", (ME, "works_as", "court stenographer")),
        ("I work as a farrier", (ME, "works_as", "farrier")),
        ("i'm a luthier by trade", (ME, "works_as", "luthier")),
        ("I'm a cooper by trade, barrels mostly", (ME, "works_as", "cooper")),
        ("i work as a bell founder", (ME, "works_as", "bell founder")),
        # pets
        pytest.param(
            "unsere bartagame heißt rocky", ("pet:rocky", "species", "bartagame"), marks=OPEN_PET
        ),
        ("Unser Shetlandpony heißt Flocke", ("pet:flocke", "species", "horse")),
        ("unser frettchen heißt krümel", ("pet:krumel", "species", "frettchen")),
        ("our bearded dragon is called Spike", ("pet:spike", "species", "bearded dragon")),
        ("we have a lurcher called Bramble", ("pet:bramble", "breed", "lurcher")),
        ("my pet axolotl is named Gilly", ("pet:gilly", "species", "axolotl")),
        ("our tortoise named Shelby is 40 years old", ("pet:shelby", "species", "tortoise")),
        # illnesses
        ("ich hab morbus bechterew", (ME, "health_condition", "morbus bechterew")),
        ("Ich habe Histaminintoleranz", (ME, "health_condition", "histaminintoleranz")),
        ("ich leide an fibromyalgie", (ME, "health_condition", "fibromyalgie")),
        (
            "ich hab seit jahren eine Hashimoto-Thyreoiditis",
            (ME, "health_condition", "hashimoto-thyreoiditis"),
        ),
        ("Ich habe Endometriose", (ME, "health_condition", "endometriose")),
        ("bei mir wurde zöliakie diagnostiziert", (ME, "health_condition", "zöliakie")),
        ("i've got sleep apnoea", (ME, "health_condition", "sleep apnoea")),
        ("I was diagnosed with sarcoidosis last year", (ME, "health_condition", "sarcoidosis")),
        ("i have ulcerative colitis", (ME, "health_condition", "ulcerative colitis")),
        ("I suffer from tinnitus", (ME, "health_condition", "tinnitus")),
        ("i've got plantar fasciitis", (ME, "health_condition", "plantar fasciitis")),
        # medication
        ("nehme seit märz pantoprazol", (ME, "takes_medication", "pantoprazol")),
        ("ich nehme jeden morgen L-Thyroxin", (ME, "takes_medication", "l-thyroxin")),
        ("ich nehme täglich 20 mg citalopram", (ME, "takes_medication", "citalopram")),
        ("Ich nehme Metoprolol gegen den Blutdruck", (ME, "takes_medication", "metoprolol")),
        ("i take sertraline every morning", (ME, "takes_medication", "sertraline")),
        ("I take 50mg of lamotrigine daily", (ME, "takes_medication", "lamotrigine")),
        ("i'm on propranolol for the tremor", (ME, "takes_medication", "propranolol")),
        ("I take levothyroxine every day", (ME, "takes_medication", "levothyroxine")),
    ],
)
def test_an_unseen_word_in_a_clear_frame_is_stored(text, fact):
    assert fact in _found(text)


@pytest.mark.parametrize(
    ("text", "predicate"),
    [
        ("ich arbeite als ob nichts wär", "works_as"),
        ("i work as hard as i can", "works_as"),
        ("I work as long as it takes", "works_as"),
        ("bin seit 2019 hier", "works_as"),
        ("i'm a bit tired by now", "works_as"),
        ("unsere katze frisst alles", "species"),
        ("unser hund bellt ständig", "species"),
        ("unser Boot heißt Undine", "species"),
        ("our house is called Rose Cottage", "species"),
        ("our band is called The Wombats", "species"),
        ("my car is named Betsy", "species"),
        ("my plant is called Gerald", "species"),
        ("unsere Straße heißt Lindenweg", "species"),
        ("unser auto heißt eigentlich anders", "species"),
        ("our street is called Mill Lane", "species"),
        ("ich hab keine ahnung", "health_condition"),
        ("ich hab morgen frei", "health_condition"),
        ("i've got a new bike", "health_condition"),
        ("ich habe eine Stehlampe gekauft", "health_condition"),
        ("I have a meeting at ten", "health_condition"),
        ("i take the bus every morning", "takes_medication"),
        ("ich nehme den zug um acht", "takes_medication"),
        ("I take my coffee black", "takes_medication"),
        ("ich nehme mir morgen frei", "takes_medication"),
    ],
)
def test_the_same_frame_around_an_everyday_word_stores_nothing(text, predicate):
    assert not [f for f in _found(text) if f[1] == predicate]
