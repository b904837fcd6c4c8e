"""Sentence splitting keeps dates, ordinals and abbreviations whole, in German and English."""

# ruff: noqa: E501 (tables read best one row a line)
from __future__ import annotations

import pytest

from curator.language.sentences import Sentence, split_sentences

# (lang, text, expected sentences)
# fmt: off
TABLE: list[tuple[str, str, list[str]]] = [
    # German ordinals and dates
    (
        "de",
        "Opa Heinz hat am 3. Juli Geburtstag. Was schenke ich ihm?",
        ["Opa Heinz hat am 3. Juli Geburtstag.", "Was schenke ich ihm?"],
    ),
    ("de", "Wir sind seit dem 2. Mai verlobt.", ["Wir sind seit dem 2. Mai verlobt."]),
    (
        "de",
        "Treffen am 3.7.2025 um 19.30 Uhr. Kommst du?",
        ["Treffen am 3.7.2025 um 19.30 Uhr.", "Kommst du?"],
    ),
    (
        "de",
        "Wir sind am 15.08. in die neue Wohnung gezogen.",
        ["Wir sind am 15.08. in die neue Wohnung gezogen."],
    ),
    (
        "de",
        "Mein Geburtstag ist am 14.02. Ich werde 30.",
        ["Mein Geburtstag ist am 14.02.", "Ich werde 30."],
    ),
    ("de", "Am 1. Oktober 2024 fing ich an.", ["Am 1. Oktober 2024 fing ich an."]),
    ("de", "Ich wohne im 3. Stock links.", ["Ich wohne im 3. Stock links."]),
    ("de", "Zum 2. Mal dieses Jahr krank.", ["Zum 2. Mal dieses Jahr krank."]),
    ("de", "Sie geht in die 4. Klasse.", ["Sie geht in die 4. Klasse."]),
    ("de", "Beim 5. Versuch hat es geklappt.", ["Beim 5. Versuch hat es geklappt."]),
    ("de", "Mein Sohn ist 3. Er spielt gern.", ["Mein Sohn ist 3.", "Er spielt gern."]),
    ("de", "Ich spiele seit 2019. Das macht Spaß.", ["Ich spiele seit 2019.", "Das macht Spaß."]),
    ("de", "Der Termin ist am 3. juli, glaub ich.", ["Der Termin ist am 3. juli, glaub ich."]),
    ("de", "Am 24.12. feiern wir bei Oma.", ["Am 24.12. feiern wir bei Oma."]),
    # German abbreviations
    (
        "de",
        "Ich mag z. B. Äpfel, bzw. Birnen. Dr. Müller sagt das auch.",
        ["Ich mag z. B. Äpfel, bzw. Birnen.", "Dr. Müller sagt das auch."],
    ),
    ("de", "Ich esse z.B. gern Nudeln.", ["Ich esse z.B. gern Nudeln."]),
    ("de", "Das kostet ca. 40 Euro.", ["Das kostet ca. 40 Euro."]),
    ("de", "Wir wohnen in der Hauptstr. 5 in Kiel.", ["Wir wohnen in der Hauptstr. 5 in Kiel."]),
    ("de", "Mein Zimmer hat Nr. 12. Es ist klein.", ["Mein Zimmer hat Nr. 12.", "Es ist klein."]),
    ("de", "Wir waren in St. Pauli essen.", ["Wir waren in St. Pauli essen."]),
    ("de", "Das ist d. h. morgen fertig.", ["Das ist d. h. morgen fertig."]),
    ("de", "Ich war bei Prof. Weber in der Sprechstunde.", ["Ich war bei Prof. Weber in der Sprechstunde."]),
    (
        "de",
        "Wir brauchen Mehl, Zucker usw. Dann backen wir.",
        ["Wir brauchen Mehl, Zucker usw.", "Dann backen wir."],
    ),
    ("de", "Mein Termin bei Dr. med. Schulz ist heute.", ["Mein Termin bei Dr. med. Schulz ist heute."]),
    # decimals, clock times, URLs
    ("de", "Ich laufe 7.5 km am Tag.", ["Ich laufe 7.5 km am Tag."]),
    ("de", "Er wiegt 3,5 kg. Ganz schön schwer!", ["Er wiegt 3,5 kg.", "Ganz schön schwer!"]),
    ("de", "Luna kriegt um 19.30 Uhr ihr Futter.", ["Luna kriegt um 19.30 Uhr ihr Futter."]),
    (
        "de",
        "Schau auf https://www.example.de/a.b.html nach. Danke!",
        ["Schau auf https://www.example.de/a.b.html nach.", "Danke!"],
    ),
    ("de", "Schreib mir an anna.berg@web.de bitte.", ["Schreib mir an anna.berg@web.de bitte."]),
    ("de", "Das steht auf tagesschau.de, lies mal.", ["Das steht auf tagesschau.de, lies mal."]),
    # chat endings
    (
        "de",
        "Wir sind verlobt!! Kaum zu glauben 😍 Ich freu mich.",
        ["Wir sind verlobt!!", "Kaum zu glauben 😍", "Ich freu mich."],
    ),
    (
        "de",
        "Echt jetzt?! Das glaub ich nicht... vielleicht doch. Na gut...",
        ["Echt jetzt?!", "Das glaub ich nicht... vielleicht doch.", "Na gut..."],
    ),
    (
        "de",
        "Wir haben einen Hund! 🐶🐶 Er heißt Rocky.",
        ["Wir haben einen Hund! 🐶🐶", "Er heißt Rocky."],
    ),
    ("de", "Ich liebe 🍕 Pizza mit Salami.", ["Ich liebe 🍕 Pizza mit Salami."]),
    ("de", "Das war toll :) Bis morgen.", ["Das war toll :)", "Bis morgen."]),
    ("de", "Sie sagte „Komm!“ und ging.", ["Sie sagte „Komm!“ und ging."]),
    ("de", "Super! ich freu mich", ["Super!", "ich freu mich"]),
    ("de", "ok. ich geh jetzt schlafen", ["ok.", "ich geh jetzt schlafen"]),
    ("de", "Ich bin müde.Gute Nacht", ["Ich bin müde.", "Gute Nacht"]),
    # line breaks
    (
        "de",
        "bin filialleiter bei rewe\nheute inventur\nich bin tot",
        ["bin filialleiter bei rewe", "heute inventur", "ich bin tot"],
    ),
    ("de", "Merk dir:\nLuna ist meine Katze", ["Merk dir:\nLuna ist meine Katze"]),
    (
        "de",
        "Ich wohne in\nBerlin seit 2019. Das ist schön",
        ["Ich wohne in\nBerlin seit 2019.", "Das ist schön"],
    ),
    (
        "de",
        "meine schwester heißt lea und\nsie wohnt in bonn",
        ["meine schwester heißt lea und\nsie wohnt in bonn"],
    ),
    ("de", "Hallo\n\nich bin neu hier", ["Hallo", "ich bin neu hier"]),
    ("de", "Hab am 3.\nJuli Geburtstag", ["Hab am 3.\nJuli Geburtstag"]),
    ("de", "Er sagte: „Ich komme morgen.“ Dann ging er.", ["Er sagte: „Ich komme morgen.“", "Dann ging er."]),
    ("de", "Ich heiße Anna.\r\nIch wohne in Kiel.", ["Ich heiße Anna.", "Ich wohne in Kiel."]),
    ("de", "Meine Mutter (geb. Schmidt) wohnt in Ulm.", ["Meine Mutter (geb. Schmidt) wohnt in Ulm."]),
    ("de", "Heute ist der 1. Mai. Feiertag!", ["Heute ist der 1. Mai.", "Feiertag!"]),
    ("en", "U.S. citizens need a visa. I'm British.", ["U.S. citizens need a visa.", "I'm British."]),
    ("en", "I work 9 a.m. to 5 p.m. every day.", ["I work 9 a.m. to 5 p.m. every day."]),
    ("de", "  Hallo!  ", ["Hallo!"]),
    ("de", "", []),
    # English
    (
        "en",
        "I met Dr. Smith e.g. at the clinic. Mr. Brown too!",
        ["I met Dr. Smith e.g. at the clinic.", "Mr. Brown too!"],
    ),
    ("en", "It cost approx. 3.5 dollars.", ["It cost approx. 3.5 dollars."]),
    ("en", "We moved on Feb. 3 to St. Louis. It's great", ["We moved on Feb. 3 to St. Louis.", "It's great"]),
    ("en", "My birthday is on the 3rd of March. Ideas?", ["My birthday is on the 3rd of March.", "Ideas?"]),
    ("en", "Mrs. Jones lives at No. 7 now.", ["Mrs. Jones lives at No. 7 now."]),
    ("en", "The meeting is at 7 p.m. tomorrow.", ["The meeting is at 7 p.m. tomorrow."]),
    ("en", "Dinner at 7 p.m. Then the movie.", ["Dinner at 7 p.m.", "Then the movie."]),
    ("en", "I.e. it is done. Thanks", ["I.e. it is done.", "Thanks"]),
    ("en", "I work with J. R. Martin on it.", ["I work with J. R. Martin on it."]),
    ("en", "We bought apples, pears, etc. Then we left.", ["We bought apples, pears, etc.", "Then we left."]),
    ("en", "The rate is 2.75 percent.", ["The rate is 2.75 percent."]),
    ("en", "See www.example.com/page.html for more. OK?", ["See www.example.com/page.html for more.", "OK?"]),
    (
        "en",
        "GOT ENGAGED TO BEN YESTERDAY!!! he did it at the restaurant 😭💍 So happy",
        ["GOT ENGAGED TO BEN YESTERDAY!!!", "he did it at the restaurant 😭💍", "So happy"],
    ),
    ("en", "wait what?! no way", ["wait what?!", "no way"]),
    ("en", "I dunno... maybe later", ["I dunno... maybe later"]),
    ("en", "I dunno... Maybe later", ["I dunno...", "Maybe later"]),
    ("en", "so tired lol\ngoing to bed", ["so tired lol", "going to bed"]),
    ("en", "my sister lives in\nDenver now", ["my sister lives in\nDenver now"]),
    ("en", "I met Jan. She is nice.", ["I met Jan.", "She is nice."]),
    ("en", "Our cat Pepper is two. She is a Maine Coon.", ["Our cat Pepper is two.", "She is a Maine Coon."]),
    ("en", "She turned 7. We had cake.", ["She turned 7.", "We had cake."]),
    ("en", "Pick up 2 lbs. of flour", ["Pick up 2 lbs. of flour"]),
    ("en", "I'm done!🎉 Party tonight", ["I'm done!🎉", "Party tonight"]),
    ("en", "sorry, I meant Morgan 🙄 my sister is Morgan", ["sorry, I meant Morgan 🙄", "my sister is Morgan"]),
    ("en", "AGREEMENT with the Client. 1. Term: 12 months. 2. Notice: 30 days.", ["AGREEMENT with the Client.", "1. Term: 12 months.", "2. Notice: 30 days."]),
    ("de", "Top 3:\n1. Die beste Guacamole\n2. Guacamole klassisch", ["Top 3:\n1. Die beste Guacamole", "2. Guacamole klassisch"]),
]
# fmt: on


@pytest.mark.parametrize(("lang", "text", "expected"), TABLE)
def test_split_table(lang: str, text: str, expected: list[str]) -> None:
    assert [sentence.text for sentence in split_sentences(text, lang=lang)] == expected


def test_table_is_large_and_bilingual() -> None:
    assert len(TABLE) >= 60
    assert {lang for lang, _, _ in TABLE} == {"de", "en"}


@pytest.mark.parametrize(("lang", "text", "_"), TABLE)
def test_offsets_point_into_the_text(lang: str, text: str, _: list[str]) -> None:
    sentences = split_sentences(text, lang=lang)
    for sentence in sentences:
        assert text[sentence.start : sentence.end] == sentence.text
    assert all(a.end <= b.start for a, b in zip(sentences, sentences[1:], strict=False))


def test_sentence_is_frozen() -> None:
    sentence = split_sentences("Hallo Welt.", lang="de")[0]
    assert sentence == Sentence(0, 11, "Hallo Welt.")
    with pytest.raises(AttributeError):
        sentence.start = 3  # type: ignore[misc]
