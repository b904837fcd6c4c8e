"""Moments of the owner's own that were read as no moment: a child's first word (a saying
the owner was there for, not news passed on), a day the owner places among the days of
their life without a word of time. And what stays no moment: news someone passed on, a
decision looking ahead, a feeling about a moment told just before.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import override_settings

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.test_enrichment import Dialogue
from worldmemory.benchmarks.reflection_quality import worker_drain
from worldmemory.reflection import language as lang
from worldmemory.reflection.enrichment import _felt_part, experience_cue, moment_name

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
SAID_AT = datetime(2026, 5, 20, 20, 0, tzinfo=ZoneInfo("Europe/Berlin"))


@pytest.mark.parametrize(
    "text",
    [
        "Yesterday my son said his first word! I was so happy, I cried.",
        "Gestern hat mein Sohn sein erstes Wort gesagt, ich war so gerührt.",
        "Heute Morgen hat meine Tochter zum ersten Mal Mama gesagt. Ich hab geheult vor Glück.",
        "This morning my daughter asked for her first ice cream in Welsh, I was so proud.",
    ],
)
def test_a_saying_the_owner_was_there_for_is_their_moment(multilingual, text):
    cue = experience_cue(text=text, said_at=SAID_AT)
    assert cue is not None
    assert "feeling" in cue.reasons


@pytest.mark.parametrize(
    "sentence",
    [
        "Yesterday my sister told me she's pregnant, I was so happy.",
        "Gestern hat mir meine Schwester erzählt, dass sie schwanger ist.",
        "Mum said on the phone yesterday that she fell again, I was scared.",
        "Yesterday Sophie said she's exhausted, I felt awful.",
        "Gestern hat Steffi gesagt, bei ihnen wird eine Stelle frei.",
        "Gestern hat Papa gefragt, ob ich mitkomme.",
        "Last night Tom asked if I want to move in.",
    ],
)
def test_news_passed_on_to_the_owner_stays_the_tellers(sentence):
    assert lang.told_by_someone_else(sentence)


@pytest.mark.parametrize(
    "text",
    [
        "I DID IT. 4:21:37. My mum was at the finish with a sign. I cried. One of the best "
        "days of my life.",
        "Ich hab es geschafft! Nach vier Stunden im Ziel, ich hab nur noch geheult. Einer der "
        "schönsten Tage meines Lebens.",
        "We got married in the garden, just us and the kids. Best day of my life, honestly.",
        "Wir haben uns verlobt, oben auf dem Turm. Das vergesse ich nie.",
    ],
)
def test_a_day_placed_among_the_days_of_a_life_needs_no_word_of_time(multilingual, text):
    assert experience_cue(text=text, said_at=SAID_AT) is None
    cue = experience_cue(text=text, said_at=SAID_AT, undated=True)
    assert cue is not None
    assert cue.when == {"value": "2026-05-20", "granularity": "day", "cue": "said that day"}


@pytest.mark.parametrize(
    "text",
    [
        # looking ahead, however it is judged
        "One of the best days of my life is coming: the wedding is next month.",
        "Das wird einer der schönsten Tage meines Lebens, wenn sie ja sagt.",
        # a judgement of something that is no moment
        "Ich finde das wichtig, das war es mir immer.",
        # dismissed
        "We went to the fair. Not a big deal, nothing special.",
    ],
)
def test_no_moment_without_a_lived_day(multilingual, text):
    assert experience_cue(text=text, said_at=SAID_AT, undated=True) is None


@pytest.mark.parametrize(
    "text",
    [
        "Made the call on the knee yesterday: no surgery. I'm going with the six months of "
        "rehab and we'll look at it again in September. Feels good to have that settled.",
        "Gestern mit der Bank gesprochen: ich werde den Kredit nächste Woche ablösen, das "
        "fühlt sich gut an.",
    ],
)
def test_a_decision_looking_ahead_with_its_feeling_is_no_moment(multilingual, text):
    assert experience_cue(text=text, said_at=SAID_AT) is None


WINTER_EVENING = datetime(2026, 12, 9, 21, 0, tzinfo=ZoneInfo("Europe/Berlin"))


@pytest.mark.parametrize(
    "text",
    [
        "n'abend! wir haben endlich den sommerurlaub gebucht: zwei wochen auf usedom im juli, "
        "die kinder freuen sich riesig",
        "Guess what, we finally booked the summer trip: ten days in the Lofoten in August, "
        "Priya is over the moon.",
    ],
)
def test_a_trip_booked_for_the_summer_is_a_plan_not_a_moment(multilingual, text):
    # said in December, "im Juli" of the booking is the coming one, not the last
    assert experience_cue(text=text, said_at=WINTER_EVENING) is None


@pytest.mark.parametrize(
    "text",
    [
        "Im Juli waren wir zwei Wochen auf Usedom, es war wunderbar, die Kinder waren jeden "
        "Tag am Strand.",
        "In August we spent ten days in the Lofoten, it was the best trip we ever had.",
    ],
)
def test_a_summer_trip_told_in_winter_stays_a_moment(multilingual, text):
    assert experience_cue(text=text, said_at=WINTER_EVENING) is not None


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_an_undated_day_of_a_life_is_an_experience_but_not_the_answer_about_one(multilingual):
    chat = Dialogue("owner-undated-moment")
    at = datetime(2026, 4, 20, 19, 0, tzinfo=ZoneInfo("Europe/London"))
    chat.session(
        "race-1",
        at,
        [
            ("user", "I DID IT. 4:21:37. Mum was at mile 23. I cried. Best day of my life."),
            ("assistant", "Congratulations!"),
        ],
    )
    chat.session(
        "walk-1",
        at + timedelta(days=3),
        [
            ("user", "Last night we walked along the harbour wall in Whitby until dark."),
            ("assistant", "That sounds lovely. How was it for you?"),
            ("user", "I cried a bit, honestly. One of the best evenings of my life."),
            ("assistant", "What a thing to keep."),
        ],
    )
    assert worker_drain() == []
    told = sorted(min(e["turns"]) for e in chat.objects("experience"))
    assert told == ["race-1-t01", "walk-1-t01"]


@pytest.mark.parametrize(
    "text",
    [
        "Und ich hab mich entschieden: Ich wechsle zum Sommer die Stelle. Gestern hab ich "
        "gemerkt, dass ich nicht überall durchhalten muss.",
        "I've decided to hand in my notice. Yesterday I realised I dread every Monday.",
    ],
)
def test_a_turn_opening_with_the_owners_decision_tells_no_moment(multilingual, text):
    assert experience_cue(text=text, said_at=SAID_AT) is None


@pytest.mark.parametrize(
    "text",
    [
        # a matter that settled itself, then the moment
        "Die Wohnungssache hat sich erledigt! Gestern hab ich den Mietvertrag unterschrieben, "
        "ich bin so erleichtert.",
        # someone else decided in the sentence of the moment
        "Yesterday I signed the lease on the workshop, the bank said yes on Friday. I was so "
        "proud.",
    ],
)
def test_a_moment_beside_a_decision_not_the_owners_stays_a_moment(multilingual, text):
    assert experience_cue(text=text, said_at=SAID_AT) is not None


def test_news_after_a_verbless_opening_stays_the_tellers():
    assert lang.told_by_someone_else(
        "Other news: Marco told me on Sunday he's dropping out of engineering."
    )
    assert lang.told_by_someone_else(
        "Ach, übrigens: Sandra hat mir gestern erzählt, dass sie nach Hamburg zieht."
    )


@pytest.mark.parametrize(
    ("answer", "felt"),
    [
        # a fragment without a verb is read past, to the feeling after it
        (
            "Besser, sie haben ihr Wasser rausgeholt. Herzinsuffizienz, dekompensiert. Aber "
            "ich stand im Flur und hab gezittert.",
            "gezittert",
        ),
        # how the moment leaves the owner, said in the present
        (
            "Ich bin danach noch am Fluss entlang. Dass sich das jetzt umdreht, macht mir "
            "ehrlich Angst.",
            "Angst",
        ),
        ("We walked back along the pier. Honestly I'm still shaking.", "shaking"),
        # a few words first that answer what the reply asked, then the feeling
        (
            "shed'll dry out. tbh i were fine at the time, it were after, sat in car on the "
            "lane and had a proper cry.",
            "proper cry",
        ),
        ("Wird schon wieder. Danach saß ich im Auto und hab nur geheult.", "geheult"),
    ],
)
def test_the_answer_about_a_moment_keeps_its_feeling(answer, felt):
    assert felt in _felt_part(answer)


def test_german_will_wants_and_looks_ahead_to_nothing(multilingual):
    text = (
        "heut früh nach der schicht bin ich gelaufen wie die ärztin will. der himmel überm "
        "main war ganz rot, hätt nie gedacht dass ich sowas schön find."
    )
    cue = experience_cue(text=text, said_at=SAID_AT)
    assert cue is not None and "gelaufen" in cue.sentence
    # English "will" still looks ahead
    assert experience_cue(text="This morning I will run along the river.", said_at=SAID_AT) is None


@pytest.mark.parametrize(
    "answer",
    [
        "Fine, it passed. Ask me again in March lol",
        "Gut gelaufen. Nächste Woche muss ich das Auto wieder abgeben.",
    ],
)
def test_the_answer_that_moves_on_leaves_the_moment(answer):
    kept = _felt_part(answer)
    assert "Ask me" not in kept
    assert "Nächste Woche" not in kept


@pytest.mark.parametrize(
    "sentence",
    [
        "Also: Saturday night dinner with Jo at the Thai place and she asked me to be her "
        "best woman.",
        "Übrigens: Sonntag Brunch mit Paul im Café Rosa und er hat mich gefragt, ob ich "
        "Patentante werden will.",
    ],
)
def test_a_saying_joined_to_a_scene_of_the_owners_is_their_moment(sentence):
    assert not lang.told_by_someone_else(sentence)


def test_an_and_opening_the_telling_joins_no_scene():
    assert lang.told_by_someone_else(
        "Und Sandra hat mir heute Morgen gesagt: Jörg hat die Stelle abgesagt."
    )


@pytest.mark.parametrize(
    "text",
    [
        "nachmittags war ich dann mit mama am see, wir haben ewig geredet. war so schön.",
        "Abends waren wir noch beim Italiener, ich hab mich total gefreut.",
        "That evening we walked down to the harbour and I felt so calm.",
    ],
)
def test_a_part_of_the_day_before_its_past_verb_tells_a_moment(multilingual, text):
    assert experience_cue(text=text, said_at=SAID_AT) is not None


@pytest.mark.parametrize(
    "text",
    [
        "beim Spätdienst müsste ich vormittags laufen, das nervt mich.",
        "abends geh ich meistens joggen, das tut mir gut.",
    ],
)
def test_a_part_of_the_day_in_a_plan_or_a_habit_is_no_moment(multilingual, text):
    assert experience_cue(text=text, said_at=SAID_AT) is None


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        (
            "und jetzt halt dich fest: ich hab sabine gestern angerufen.",
            "Ich hab sabine gestern angerufen.",
        ),
        (
            "ok so guess what: we saw the northern lights last night",
            "We saw the northern lights last night",
        ),
        ("gestern in delmenhorst.", "Gestern in delmenhorst."),
        (
            "Mum said: I'm proud of you, and I cried yesterday.",
            "Mum said: I'm proud of you, and I cried yesterday.",
        ),
    ],
)
def test_a_moment_is_named_as_a_person_would_recall_it(sentence, name):
    assert moment_name(sentence=sentence) == name


@pytest.mark.parametrize(
    ("text", "felt_next"),
    [
        (
            "heut an der ampel fast n radfahrer gerammt, ich voll in die eisen.",
            "mir haben danach noch lange die hände gezittert.",
        ),
        (
            "and when i came out of the exam sam was waiting with flowers, i was so happy",
            None,
        ),
        ("Als wir oben ankamen, lag der ganze See unter uns. Ich hab geheult vor Glück.", None),
        ("When we finally arrived at the cabin it was snowing, I cried with relief.", None),
        ("heute hab ich endlich sabine angerufen, ich war so erleichtert.", None),
    ],
)
def test_today_or_a_when_opens_a_moment(multilingual, text, felt_next):
    # "heut", "heute" alone with a participle and "when i came out" name the moment as
    # "today" does
    assert experience_cue(text=text, said_at=SAID_AT, felt_next=felt_next) is not None


@pytest.mark.parametrize(
    "text",
    [
        "heut bin ich einfach nur müde, ich bin so froh über das wochenende.",
        "Das lief besser als ich dachte, ich bin so froh.",
        "When I get the results I'll be so relieved.",
        "When I was a kid I loved trains, I was so happy at the station.",
        "When I was at uni I rowed every morning, it was the best.",
        "Als ich klein war, sind wir jeden Sommer an die Ostsee gefahren, das war schön.",
        "als ich klein war fuhren wir immer nach Oma, ich war so glücklich.",
        "When I have time I'll read it, I loved her last book.",
    ],
)
def test_today_in_the_present_or_a_comparison_tells_no_moment(multilingual, text):
    assert experience_cue(text=text, said_at=SAID_AT) is None


@pytest.mark.parametrize(
    "sentence",
    ["heute gefällt mir alles", "heute vergessen wir das", "heute wird gearbeitet"],
)
def test_today_with_a_verb_that_is_no_past_names_no_moment(sentence):
    assert not lang.MOMENT.search(lang.fold(sentence))


@pytest.mark.parametrize(
    "text",
    [
        "Heute hat Lea ihren ersten Wackelzahn verloren, sie war so stolz, das war einer der "
        "schönsten Momente der Woche.",
        "Yesterday Tom scored his first goal, he was over the moon, one of the best moments of "
        "the season.",
    ],
)
def test_a_moment_the_owner_places_among_their_own_was_lived_by_them(multilingual, text):
    cue = experience_cue(text=text, said_at=SAID_AT)
    assert cue is not None and "lived" in cue.reasons


@pytest.mark.parametrize(
    "text",
    [
        "Gestern hatte Gesa einen der schönsten Tage ihres Lebens, die Hochzeit war traumhaft.",
        "Yesterday Tom scored his first goal, he was over the moon.",
    ],
)
def test_a_moment_of_someone_elses_life_stays_theirs(multilingual, text):
    assert experience_cue(text=text, said_at=SAID_AT) is None


@pytest.mark.parametrize(
    ("answer", "word"),
    [
        (
            "Turned out the form had a typo nobody had noticed. Honestly not a big deal in "
            "the end, more awkward than anything.",
            "not a big deal",
        ),
        (
            "Am Ende hat der Techniker das in zehn Minuten gerichtet. Ehrlich gesagt war es "
            "nicht so wichtig, eher peinlich.",
            "nicht so wichtig",
        ),
    ],
)
def test_the_owners_word_on_a_moment_in_the_answer_stays_with_it(answer, word):
    assert word in _felt_part(answer)


@pytest.mark.parametrize(
    "text",
    [
        "WIR HAM GEWONNEN!!! 2:1 im letzten Spiel, ich lag im Matsch. Einer der besten "
        "Sonntage seit langem.",
        "We won the pub quiz, I got the last answer right. One of the best Fridays in ages.",
    ],
)
def test_a_day_named_by_its_weekday_is_one_of_the_days_of_a_life(multilingual, text):
    cue = experience_cue(text=text, said_at=SAID_AT, undated=True)
    assert cue is not None


@pytest.mark.parametrize(
    "text",
    [
        "Einer der besten Sonntagsbraten, die ich kenne, macht meine Tante.",
        "One of the best Sunday roasts in town is at the corner pub.",
    ],
)
def test_a_thing_named_after_a_day_is_no_day_of_a_life(multilingual, text):
    assert experience_cue(text=text, said_at=SAID_AT, undated=True) is None


@pytest.mark.parametrize(
    ("sentence", "news"),
    [
        ("Gestern hat der Vermieter angerufen, ob wir die Wohnung noch wollen.", True),
        ("The garage offered me a courtesy car until Friday.", True),
        ("Hab gestern Abend endlich Tante Hilde angerufen.", False),
        ("The vet rang on Monday while I was stuck in traffic and I cried at the wheel.", False),
    ],
)
def test_a_call_or_an_offer_made_to_the_owner_is_news_passed_on(sentence, news):
    assert lang.told_by_someone_else(sentence) is news
