"""The lemmatised markers the enrichment path reads the owner's thinking by: settled,
still open, felt — each in several forms of the same words, in German and English, and
the look-alikes that must not count."""

from __future__ import annotations

import pytest

from worldmemory.reflection import language as lang
from worldmemory.reflection import markers
from worldmemory.reflection.enrichment import _question_of, left_open


@pytest.mark.parametrize(
    "sentence",
    [
        "Die Wohnungssache hat sich erledigt!",
        "Damit ist das Problem mit dem Alleinsein vom Tisch.",
        "Ich hab mich entschieden: ich geh nicht zu HR.",
        "Wir entschieden uns am Ende für die kleinere Wohnung.",
        "Und wegen der Tafel: Ich hab zugesagt, aber nur für dienstags.",
        "We've sorted it out: I'm staying.",
        "It's all sorted now.",
        "Made the call on the knee: no surgery for now.",
        "Feels good to have that settled.",
        "We decided: no hard sleep training.",
    ],
)
def test_a_matter_settled_by_itself_or_by_the_owner(sentence):
    assert markers.settles(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Mum's decided too, she's putting her name down for Maple Court.",
        "Can't make up my mind, surgery means no climbing till next year.",
        "Ich habe noch nicht entschieden, ob ich zusage.",
        "Callum's sorting the paperwork.",
        "I should have listened to her earlier instead of deciding for her.",
        "Die Probezeit läuft bis Oktober.",
    ],
)
def test_someone_elses_decision_or_a_doubt_settles_nothing(sentence):
    assert not markers.settles(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "wir haben bis zum herbst zeit, das zu entscheiden.",
        "Das müssen wir noch entscheiden.",
        "Das will ich erst nach dem Urlaub festlegen.",
        "I still have to make the call on the knee.",
        "I'll decide after the scan on Friday.",
        "We need to make a decision about the flat by March.",
    ],
)
def test_a_decision_still_to_take_settles_nothing(sentence):
    assert not markers.settles(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Ich hab beschlossen, zu kündigen.",
        "hab zugesagt.",
        "We decided to stay in Leeds.",
        "I'll go with the cheaper one, decided.",
        "I decided to commit to the Berlin job.",
        "Took me weeks to decide, but I've decided: I'm taking it.",
    ],
)
def test_a_decision_taken_still_settles(sentence):
    assert markers.settles(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Ob ich mit der Fotografie weitermache, weiß ich noch nicht.",
        "Ich weiß nicht recht, ob ich den Streit ansprechen soll.",
        "Keine Ahnung, wie ich das hinkriegen soll.",
        "Langsam zweifle ich, ob ich überhaupt was finde.",
        "Ich bin hin- und hergerissen, ob ich mir das zutraue.",
        "Ich frage mich, ob das auf Dauer reicht.",
        "Not sure I'm ready to see it go.",
        "I still haven't worked out whether I want to stay.",
        "Can't make up my mind.",
        "Still torn, honestly.",
        "Bit torn between the two flats.",
        "I'm seriously considering quitting the band.",
        "I keep going back and forth on it.",
    ],
)
def test_a_matter_still_open_for_the_owner(sentence):
    assert markers.unresolved(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Ich weiß, wo der Schlüssel liegt.",
        "Frau Dr. Albrecht hat mich gefragt, ob ich mich bewerben will.",
        "I know exactly what I want.",
        "Sure, I'll bring the cake.",
        # a tear, not a doubt
        "The physio thinks it's a torn ligament, so six weeks in a brace.",
        "Found the tent with a torn flysheet after the storm.",
        "The strap on her school bag is torn again.",
    ],
)
def test_knowing_or_being_asked_is_not_being_unsure(sentence):
    assert not markers.unresolved(sentence)


@pytest.mark.parametrize(
    "text",
    [
        "Ich kam mir so hilflos vor.",
        "Mir ist klar geworden, wie sehr mir das Team fehlt.",
        "Im Nachhinein hat sie wohl recht.",
        "Das hat mir richtig viel bedeutet.",
        "Looking back, I was the one who wasn't ready.",
        "Honestly the scariest moment I've had in years.",
        "Kicking myself for skipping the warm-up. Lesson learned.",
    ],
)
def test_a_feeling_an_insight_or_a_regret(text):
    assert markers.felt(text)


@pytest.mark.parametrize(
    "text", ["Ich war einkaufen und dann zu Hause.", "The meeting moved to Tuesday."]
)
def test_a_plain_report_carries_no_feeling(text):
    assert not markers.felt(text)


def test_the_owners_question_is_the_doubt_or_the_real_question_not_a_topic_opener():
    assert _question_of("Und die Wohnung? Immer noch nichts.") is None
    doubt = "Ich bin hin- und hergerissen, ob ich mir das neben dem Job zutraue."
    assert _question_of(f"Die Tafel sucht jemanden. {doubt}") == (doubt, True)
    asked = "Should I fly out and leave Sophie alone with a 3 month old?"
    assert _question_of(f"Funeral is on the 19th. {asked} I genuinely dont know") == (asked, True)
    assert _question_of("Wie lange muss weißer Spargel kochen?") == (
        "Wie lange muss weißer Spargel kochen?",
        False,
    )


def test_a_short_weighing_question_and_one_typed_without_its_mark_are_questions():
    # the matter is in the sentences before: "soll ich nachgeben?" weighs it
    text = "ich will des haus behalten. aber auszahlen kann ich ihn net. soll ich nachgeben?"
    assert _question_of(text) == ("soll ich nachgeben?", False)
    asked = "will i ever actually be able to talk to her or am i always gonna be sat in corner"
    assert _question_of(f"the wife's nan speaks no english. {asked}") == (asked, False)
    # a short question that only opens a topic stays none
    assert _question_of("Und die Wohnung?") is None


def test_a_reply_that_names_the_question_a_dilemma_leaves_it_open():
    from types import SimpleNamespace

    reply = SimpleNamespace(role="assistant", text="That's a real dilemma. It might help to ask.")
    assert left_open(question="do we chuck in seven years of work or keep paying", reply=reply)


def test_english_topics_are_named_by_nouns_and_names_not_by_verbs_or_adverbs():
    found = lang.topic_terms("Honestly started training again, the physio at Maple Court helped.")
    assert {"physi", "maple", "court"} <= set(found)
    assert not {"hones", "start"} & set(found)
    # German keeps its content words
    assert {"fotok", "dunke"} <= set(lang.topic_terms("Im Fotokurs war die Dunkelkammer toll."))


def test_a_moment_is_the_narrators_and_behind_the_telling():
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from worldmemory.reflection.enrichment import experience_cue

    said = datetime(2026, 2, 13, 9, 42, tzinfo=ZoneInfo("Europe/Berlin"))
    told = "Gestern am Rhein hab ich zum ersten Mal seit Wochen gelacht, ich war so glücklich."
    assert experience_cue(text=told, said_at=said).when["value"] == "2026-02-12"
    # "heute" inside what Mia said dates nothing the owner tells
    quoted = "Und Mia hat gesagt 'Mama, du bist heute so lustig'. Das hat mich echt berührt."
    assert experience_cue(text=quoted, said_at=said) is None
    # a date ahead of the telling is a plan, however much was learned on the way
    ahead = "Am 25. Februar ziehen wir um. Was ich gelernt hab: früh anfangen."
    assert experience_cue(text=ahead, said_at=said) is None
    # a weekday in the future tense is the coming one, whatever the reader makes of the day
    coming = "Miriam wird am Freitag 35 und ich war so glücklich über die Einladung."
    assert experience_cue(text=coming, said_at=said) is None


@pytest.mark.parametrize(
    ("reply", "hands_back"),
    [
        ("Dafür ist es noch zu früh, um das zu sagen.", True),
        ("It's too early to tell, honestly.", True),
        ("Es ist noch zu früh, das zu entscheiden.", True),
        ("Eine Handbreit ist noch zu früh. Warte, bis die Stangen 25 cm lang sind.", False),
        ("Planting tomatoes now is too early, wait until mid-May.", False),
    ],
)
def test_too_early_hands_a_question_back_only_when_it_is_too_early_to_say(reply, hands_back):
    assert bool(lang.LEFT_OPEN.search(lang.fold(reply))) is hands_back
