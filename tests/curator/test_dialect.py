"""Regional speech read as the standard words it stands for: Hessian, Bavarian, Berlin, Ruhr,
Swabian (with its "en", "scht" and infinitives in "-a") and Swiss German, Scots, Geordie and
Southern US English. Only forms that cannot be a standard word where they stand are replaced,
and what is read keeps the writer's own text and positions. The sentences here are not those
of the evaluation set."""

from __future__ import annotations

from datetime import datetime

import pytest

from curator.extract.dialect import standard_speech
from curator.extract.timeparse import language_of
from curator.rules import Known, RuleCurator, Turn
from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("written", "lang", "read"),
    [
        ("i hob koa zeit, mei bua is krank", "de", "ich hab kein zeit, mein sohn ist krank"),
        ("isch wohn jetz in Offenbach", "de", "ich wohn jetzt in Offenbach"),
        ("gestern hab isch mei fraa abgeholt", "de", "gestern hab ich meine frau abgeholt"),
        (
            "ick arbeite bei de Stadtreinigung, det is jut",
            "de",
            "ich arbeite bei der Stadtreinigung, det ist jut",
        ),
        ("dat is wat anderes, getz ned", "de", "dat ist was anderes, jetzt nicht"),
        (
            "mir hen a wohnung in Reutlinge, mei schwester isch au do",
            "de",
            "wir haben a wohnung in Reutlinge, meine schwester ist au do",
        ),
        ("ich bi bi de Post gsi", "de", "ich bin bei der Post gewesen"),
        ("dann sin mir umgezoge", "de", "dann sind wir umgezogen"),
        ("des isch mei freund", "de", "des ist mein freund"),
        ("mia san oiwei dahoam", "de", "wir sind immer daheim"),
        ("i fahr mitm rad ins gschäft", "de", "ich fahr mit dem rad ins geschäft"),
        ("mei bruada schafft beim Bosch", "de", "mein bruder arbeitet beim Bosch"),
        ("ma wee brother cannae drive", "en", "my wee brother cannot drive"),
        ("wor lass is a teacher", "en", "my wife is a teacher"),
        ("ah'm fae Dundee", "en", "i'm from Dundee"),
        ("we're fixin' to move", "en", "we're going to move"),
        ("i'm no vegetarian, it's no a date", "en", "i'm not vegetarian, it's not a date"),
        ("me da is a plumber", "en", "me dad is a plumber"),
        # Swabian "en" before a town or an article is "in", before another word "ein"
        (
            "mei tochter schafft en böblinga en dr kantine",
            "de",
            "meine tochter arbeitet in böblingen in der kantine",
        ),
        ("i hab seit zischdig en schnupfa", "de", "ich hab seit dienstag ein schnupfa"),
        ("ond em winter fahr i ski", "de", "und im winter fahr ich ski"),
        # "scht" and "-a" where only the standard word is one the lexicon knows
        (
            "mei erschter job, i muss no viel lerna",
            "de",
            "mein erster job, ich muss no viel lernen",
        ),
        ("bin seit zwoi johr inne gewerkschaft", "de", "bin seit zwoi jahr in der gewerkschaft"),
        ("samstach kimmt mei bruder", "de", "samstag kommt mein bruder"),
        # a spoken "-in" for "-ing", "wi" before a name, a pronoun's "s" without apostrophe
        (
            "need a hand writin a card for somethin",
            "en",
            "need a hand writing a card for something",
        ),
        ("im a farrier wi Strathearn Equine", "en", "im a farrier with Strathearn Equine"),
        ("shes moving out, hes staying", "en", "she's moving out, he's staying"),
    ],
)
def test_regional_forms_are_read_as_the_standard_words(written, lang, read):
    assert standard_speech(written, lang=lang).text == read


@pytest.mark.parametrize(
    ("written", "lang"),
    [
        ("des Vaters Haus ist alt", "de"),  # a genitive article
        ("bei mir wohnen zwei Katzen", "de"),  # a dative "mir"
        ("gib mir das Buch", "de"),
        ("mir wäre das lieber, die sind mir zu klein", "de"),
        ("ich wohne in KA und die EM war super", "de"),  # abbreviations
        ("des mach ich dienstags", "de"),  # points to what is done
        ("Mia hat Geburtstag", "de"),  # a name
        ("ich wohne in Hamm", "de"),
        ("the net is broken and I need a new one", "en"),
        ("ma said she's coming", "en"),  # a mother addressed by name
        ("my dog hurt his paw", "en"),
        ("i'm no longer at the bank, no idea why", "en"),
        ("zum abendessen gab es fleischtomate und pizza", "de"),  # "scht" in a compound
        ("die villa von oma und lena", "de"),  # "-a" of a noun or a name
        ("mit dem Dr. Maier", "de"),
        ("my cousin robin has a cabin in the mountains", "en"),  # nouns in "-in"
    ],
)
def test_standard_words_stay_as_written(written, lang):
    assert standard_speech(written, lang=lang).text == written


def test_positions_lead_back_to_the_written_words():
    written = "i hob mei bua in Passau"
    standard = standard_speech(written, lang="de")
    at = standard.text.index("Passau")
    assert written[standard.written_at(at) :].startswith("Passau")
    assert standard.written_at(standard.text.index("sohn")) == written.index("bua")
    assert standard.written_at(len(standard.text)) == len(written)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("i hob ja koa zeit, mei bua is grad krank", "de"),
        ("isch is des egal", "de"),
        ("ah'm fae glasgow", "en"),
        # chat English "im" before a verb's "-ing"; German "im" before a noun in "-ing"
        ("im moving to leeds", "en"),
        ("im working from home today", "en"),
        ("ich bin heute im training", "de"),
    ],
)
def test_the_language_of_regional_speech(text, lang):
    assert language_of(text) == lang


def test_a_move_said_with_a_casual_im_is_a_plan_not_a_home():
    facts = asserted_triples("im moving to leeds")
    assert (ME, "plans", "moving to Leeds") in facts
    assert not {f for f in facts if f[1] == "lives_in"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("isch wohn seit zwaa johr in Offenbach", (ME, "lives_in", "place:offenbach")),
        ("mia san letzten sommer nach Passau zogn", (ME, "lives_in", "place:passau")),
        ("i schaff seit 2019 beim Daimler", (ME, "works_at", "org:daimler")),
        ("ich bi Lehrerin, jetzt bi ich bi de Migros", (ME, "works_at", "org:migros")),
        ("ick wohn in Pankow, wa", (ME, "lives_in", "place:pankow")),
        ("mei fraa schafft beim Bosch", ("person:frau", "works_at", "org:bosch")),
        ("ah'm fae Dundee", (ME, "comes_from", "place:dundee")),
        ("me da is a plumber", ("person:dad", "works_as", "plumber")),
    ],
)
def test_a_fact_said_in_dialect_is_read(text, fact):
    assert fact in asserted_triples(text)


def test_the_evidence_quotes_the_writer():
    text = "mia san nach Passau zogn, i hob do a wohnung"
    turn = Turn(
        id="m0",
        role="user",
        text=text,
        occurred_at=datetime.fromisoformat("2026-03-10T19:00:00+01:00"),
    )
    ops = [o for o in RuleCurator().propose([turn], Known()) if o["op"] == "assert_relationship"]
    assert ops
    assert all(text.startswith(o["evidence"]["text"]) or o["evidence"]["text"] in text for o in ops)
