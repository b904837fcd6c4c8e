"""Health, likes and dislikes as people write them who never saw the curator's rules: slang
and dialect, brand names, injuries, tastes said inside a request. Each reading is held to
phrasings of its own in both languages and to sentences it must leave alone."""

from __future__ import annotations

import pytest

from curator.extract.signals import statement_cue
from curator.rules import Known
from tests.curator.test_extract import facts, ops_of

ME = "person:me"


def _of_me(found: set, predicate: str) -> set:
    return {value for subject, p, value in found if subject == ME and p == predicate}


# --- medicines by brand, by chat name, by who prescribed them --------------------------------


@pytest.mark.parametrize(
    ("text", "medicine"),
    [
        ("on nurofen and ice for now", "nurofen"),
        ("hab voltaren drauf geschmiert und nehm noch paar tage panadol", "panadol"),
        ("schiene hab ich, und ibu wenns arg pocht", "Ibuprofen"),
        ("mir hilft nur diclo, nehm das seit montag", "Diclofenac"),
        ("mometason, hat mir der hno gestern verschrieben", "mometason"),
        ("Dexamethason, hat mir die Ärztin aufgeschrieben", "Dexamethason"),
        ("i'm on mesalazine now", "mesalazine"),
        ("the metformin makes my stomach do flips", "metformin"),
        ("das Ramipril macht mir so nen trockenen Husten", "Ramipril"),
        ("erinner mich jeden abend an mein Bisoprolol", "Bisoprolol"),
    ],
)
def test_a_medicine_is_known_by_brand_chat_name_and_prescription(text, medicine):
    assert medicine in _of_me(facts(text), "takes_medication")


@pytest.mark.parametrize(
    "text",
    [
        "Jason kommt morgen vorbei",
        "I read a magazine about it",
        "my mum's metformin is in the cupboard",
        "is nurofen or paracetamol better for a headache?",
        "the ibu rating of this beer is 40",
    ],
)
def test_no_medicine_is_read_where_none_is_taken(text):
    assert not _of_me(facts(text), "takes_medication")


# --- injuries are conditions; what is worn for them and people are not -----------------------


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("bänderriss sagt der doc 🙄 wie lang dauert des?", "bänderriss"),
        ("ich hab nen Muskelfaserriss in der Wade", "Muskelfaserriss in der Wade"),
        ("seit meinem Kreuzbandriss darf ich nicht joggen", "Kreuzbandriss"),
        ("hab mir nen Mittelfußbruch geholt", "Mittelfußbruch"),
        ("I have a torn meniscus since march", "torn meniscus"),
        ("a grade 2 hamstring tear, the physio reckons", "hamstring tear"),
        ("I've got a sprained ankle from netball", "sprained ankle"),
    ],
)
def test_an_injury_is_a_condition(text, condition):
    assert condition in _of_me(facts(text), "health_condition")


@pytest.mark.parametrize(
    "text",
    [
        "unser Grundriss ist super, der Einbruch war schlimm",
        "there is a tear in the sofa",
        "schiene hab i, und ibu wenns arg pocht",
        "wir schaun heut an film, mei freund und i",
        "mein Kumpel hat nen Kreuzbandriss",
        "my sister tore her hamstring, a hamstring tear they say",
    ],
)
def test_no_condition_from_a_plan_a_tear_a_splint_or_someone_else(text):
    found = _of_me(facts(text), "health_condition")
    assert not found
    assert not {v for v in found if v.lower() in ("schiene", "freund")}


# --- tastes said inside a request ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("fargo is eh mei lieblingsfilm, den kann i mitsprechn", "fargo"),
        ("Lasagne ist immer noch mein Lieblingsessen", "Lasagne"),
        ("ooh yes salmon is my fave", "salmon"),
        ("honestly pho is my all-time favourite", "pho"),
        ("also stick on a playlist, 😂 90s britpop any day", "90s britpop"),
        ("honestly? tea, any day", "tea"),
    ],
)
def test_a_favourite_named_first_is_liked(text, thing):
    assert thing in _of_me(facts(text), "prefers")


@pytest.mark.parametrize(
    "text",
    [
        "Maria is my favourite colleague",
        "my sister Maria is my fave",
        "this one is my favourite, thanks",
        "is that your favourite film?",
        "my dad loves westerns. john wayne any day he says",
        "you can call me any day",
        "Tante Uschi ist meine Lieblingstante",
    ],
)
def test_no_taste_from_a_favourite_person_a_pointer_or_someone_else(text):
    assert not _of_me(facts(text), "prefers")


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("i schau heut an film, aber bittschön koa horror, des halt i ned aus", "horror"),
        ("i love thai food, and no mushrooms pls", "mushrooms"),
        ("ich hör fast alles, aber bitte kein schlager", "schlager"),
    ],
)
def test_a_clause_opening_on_what_is_not_wanted_is_a_dislike(text, thing):
    found = facts(text)
    assert thing in _of_me(found, "dislikes")
    assert not {v for v in _of_me(found, "prefers") if thing in v.lower()}


@pytest.mark.parametrize(
    "text",
    [
        "i take my coffee with oat milk and no sugar",
        "klar, kein stress, ich mach das",
        "und jetzt soll ich plötzlich ein team leiten 😬 wie bereite ich mich vor?",
        "ich schau heute serien, aber da krieg ich zu viel",
    ],
)
def test_no_taste_or_pastime_from_an_idiom_a_duty_or_getting(text):
    found = facts(text)
    assert not _of_me(found, "dislikes") - {"sugar"}
    assert not {v for v in _of_me(found, "prefers") if v.lower() in ("team", "stress")}
    assert not _of_me(found, "hobby")


@pytest.mark.parametrize(
    "text",
    [
        "fargo is eh mei lieblingsfilm",
        "stick on a playlist, anything but jazz",
        "irgendwas gscheits, koa horror, des halt i ned aus",
        "my favourite takeaway is the chippy on the corner",
    ],
)
def test_a_taste_said_inside_a_request_is_worth_curating(text):
    assert statement_cue(text) is not None


# --- dialect negation and its double -------------------------------------------------------


def test_a_chat_negation_keeps_its_clause_from_being_stated():
    assert not _of_me(facts("bin übrigens nich mehr vegetarisch"), "diet")
    assert not _of_me(facts("i bin ned vegetarisch"), "diet")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("bin ja nich umsonst nachtportier im Hotel Adlon", ("works_at", "org:hotel-adlon")),
        ("ich bin nicht ohne Grund Vegetarierin", ("diet", "vegetarian")),
        ("I'm vegan, not for nothing", ("diet", "vegan")),
    ],
)
def test_a_double_negation_affirms(text, fact):
    assert (ME, *fact) in facts(text)


# --- routines: how often, and whose --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        ("oh and fortnightly i do a saturday shift at the oxfam shop", "fortnightly"),
        ("alle zwei wochen hab ich chorprobe im gemeindehaus", "alle zwei wochen"),
        ("ich geh monatlich zum Stammtisch", "monatlich"),
        ("biweekly i play five-a-side on fridays", "biweekly"),
    ],
)
def test_a_habit_kept_every_few_weeks_is_a_routine(text, routine):
    found = _of_me(facts(text), "routine")
    assert any(v.lower().startswith(routine) for v in found)


@pytest.mark.parametrize(
    "text",
    [
        "kino is jut, die jeht eh jeden montag ins kiezkino, da is seniorentag",
        "meine Mutter? die geht jeden Montag ins Kino",
        "ok so my coworker keeps bringing me lattes every morning which is sweet",
        "meine Oma ruft jeden Sonntag an",
        "the bins go out fortnightly",
    ],
)
def test_someone_elses_habit_is_not_the_speakers(text):
    assert not _of_me(facts(text), "routine")


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        ("mein Mann und ich kochen jeden Sonntag zusammen", "jeden Sonntag zusammenkochen"),
        ("wir holen jeden Freitag die Kinder ab", "jeden Freitag Kinder abholen"),
        ("ich hol jeden Freitag die Kinder ab", "jeden Freitag Kinder abholen"),
    ],
)
def test_a_plural_verb_keeps_its_infinitive(text, routine):
    assert routine in _of_me(facts(text), "routine")


# --- a verdict on a thing just left out, and a verdict said with "find ich" ----------------


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("aber bitte ohne pilze, die krieg ich echt nich runter", "pilze"),
        ("hähnchen. aber keine würstchen, die kann ich nicht ausstehen", "würstchen"),
        ("bitte ohne Oliven, die mag ich nicht", "Oliven"),
        ("keinen Koriander bitte, den vertrag ich nicht", "Koriander"),
    ],
)
def test_a_verdict_pointing_back_at_what_was_left_out_is_a_dislike(text, thing):
    assert thing in _of_me(facts(text), "dislikes")


@pytest.mark.parametrize(
    ("text", "predicate", "thing"),
    [
        ("und bitte nix mit würfeln, würfelspiele find ich öde", "dislikes", "würfelspiele"),
        ("Sushi find ich mega lecker", "prefers", "Sushi"),
        ("Musicals find ich echt furchtbar", "dislikes", "Musicals"),
    ],
)
def test_what_one_finds_a_thing_is_a_taste(text, predicate, thing):
    assert thing in _of_me(facts(text), predicate)


@pytest.mark.parametrize(
    "text",
    [
        "den Film find ich super, hab ihn gestern gesehen",
        "meine Schwester? die kann ich nicht ausstehen",
        "wie findest du das? ich find das doof",
    ],
)
def test_no_taste_from_one_thing_seen_or_a_person(text):
    found = facts(text)
    assert not _of_me(found, "prefers") and not _of_me(found, "dislikes")


# --- what someone else wants the speaker to do -----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "my sister Dana wants me to journal every night",
        "my physio told me to stretch every morning",
        "mein Arzt meint, ich soll jeden Tag ne halbe Stunde spazieren gehen",
        "meine Frau will, dass ich jeden Abend Zähne putze",
    ],
)
def test_a_habit_someone_else_wants_of_the_speaker_is_none_yet(text):
    assert not _of_me(facts(text), "routine")


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        ("ich stretche jeden Morgen, hat mir die Physio gezeigt", "stretche jeden Morgen"),
        ("I journal every night before bed", "journal every night before bed"),
    ],
)
def test_a_habit_the_speaker_keeps_stays_a_routine(text, routine):
    assert routine in _of_me(facts(text), "routine")


def test_prediabetes_is_a_condition_said_by_name():
    assert "prädiabetes" in _of_me(
        facts("hab heut beim arzt erfahren dass ich prädiabetes hab"), "health_condition"
    )


# --- a request to forget said with the infinitive --------------------------------------------

HEALTH = [
    {"id": "pre", "subject_ref": ME, "predicate": "health_condition", "value": "Prädiabetes",
     "object_ref": None},
    {"id": "job", "subject_ref": ME, "predicate": "works_as", "value": "Erzieherin",
     "object_ref": None},
]  # fmt: skip


def _forgotten(text: str) -> set[str]:
    ops = ops_of(text, known=Known(facts=HEALTH))
    return {op["target_fact_id"] for op in ops if op["op"] == "invalidate_fact"}


@pytest.mark.parametrize(
    ("text", "forgotten"),
    [
        ("du, das mit dem prädiabetes bitte wieder vergessen", {"pre"}),
        ("das mit dem Prädiabetes bitte vergessen, danke", {"pre"}),
        ("das mit der Erzieherin wieder vergessen bitte", {"job"}),
    ],
)
def test_an_infinitive_request_to_forget_forgets_its_topic(text, forgotten):
    assert _forgotten(text) == forgotten


@pytest.mark.parametrize(
    "text",
    [
        "bitte nicht vergessen: ich hab Prädiabetes",
        "das darfst du nicht vergessen, ich bin Erzieherin",
    ],
)
def test_a_reminder_not_to_forget_forgets_nothing(text):
    assert not _forgotten(text)


# --- what is no medicine, no habit and no taste ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "date night at home tonight, my bf Marcus is sooo picky",
        "ich hüt den solang. eigene viecher hab ich keine",
        "my mum is reallyyy strict about sugar",
    ],
)
def test_an_elongation_or_a_modifier_is_no_medicine(text):
    assert not _of_me(facts(text), "takes_medication")


@pytest.mark.parametrize(
    ("text", "medicine"),
    [
        ("i am on lamotrigine now", "lamotrigine"),
        ("seit montag nehm ich bisoprolol", "bisoprolol"),
        ("nehm jetzt L-Thyroxin", "L-Thyroxin"),
    ],
)
def test_a_medicine_no_list_names_is_still_read(text, medicine):
    assert medicine in _of_me(facts(text), "takes_medication")


@pytest.mark.parametrize(
    "text",
    [
        "und jaaa ich werd ab morgen frühaufsteher und geh vor der arbeit joggen. NICHT 😂",
        "yeah i go running every morning at 5. NOT! i'm a night owl",
        "klar, ich geh jetzt jeden Tag ins Fitnessstudio. Nich. 🙄",
    ],
)
def test_a_bare_negation_after_a_sentence_takes_it_back(text):
    assert not _of_me(facts(text), "routine")


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        ("ich geh jeden Morgen joggen. Nicht immer, aber meistens", "jeden Morgen joggen"),
        ("I run every morning. Not today though", "run every morning"),
    ],
)
def test_a_negation_with_more_to_say_takes_nothing_back(text, routine):
    assert routine in _of_me(facts(text), "routine")


@pytest.mark.parametrize(
    "text",
    [
        "keine sorge, bin eigentlich eher sportlich",
        "ich bin eher ruhig, ehrlich gesagt",
        "good, bath is where i live so no travel for me",
        "Köln ist da wo ich wohne, also kein Hotel nötig",
    ],
)
def test_how_one_is_and_where_one_lives_is_no_taste(text):
    found = facts(text)
    assert not _of_me(found, "prefers") and not _of_me(found, "dislikes")


@pytest.mark.parametrize(
    ("text", "thing"),
    [("ich trink eher Tee", "Tee"), ("musikmäßig eher jazz", "jazz")],
)
def test_what_one_rather_has_is_still_liked(text, thing):
    assert thing in _of_me(facts(text), "prefers")


# --- what one was, what others keep saying, what might happen --------------------------------


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("i was a proper tea person my whole life but now it's coffee or death", "prefers",
         "proper tea person"),
        ("seit oktober leb ich vegan, davor war ich sechs jahre vegetarierin", "diet",
         "vegetarian"),
        ("ich bin jetzt Veganerin, zuvor war ich Vegetarierin", "diet", "vegetarian"),
        ("my boyfriend keeps saying i've got IBS but i reckon it's the coffee",
         "health_condition", "IBS"),
        ("meine Mutter ist überzeugt ich hab ne Laktoseintoleranz", "health_condition",
         "Laktoseintoleranz"),
        ("my sister is convinced i have ADHD", "health_condition", "ADHD"),
        ("asking in case i go vegan, my mate has been on at me", "diet", "vegan"),
        ("ich frag für den Fall dass ich vegan werde", "diet", "vegan"),
    ],
)  # fmt: skip
def test_what_one_was_others_say_or_might_become_is_not_held(text, predicate, value):
    assert value not in _of_me(facts(text), predicate)


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("seit oktober leb ich vegan, davor war ich sechs jahre vegetarierin", "diet", "vegan"),
        ("my doctor says i've got IBS", "health_condition", "IBS"),
        ("I'm a tea person, always have been", "prefers", "tea"),
    ],
)
def test_what_one_is_now_is_still_held(text, predicate, value):
    assert value in _of_me(facts(text), predicate)


# --- a request to forget that joins a place and another topic ------------------------------

MAYA = [
    {"id": "sister", "subject_ref": "person:maya", "predicate": "relation_to_user",
     "value": "sister", "object_ref": None},
    {"id": "town", "subject_ref": "person:maya", "predicate": "lives_in", "value": None,
     "object_ref": "place:denver"},
    {"id": "job", "subject_ref": "person:maya", "predicate": "works_as", "value": "nurse",
     "object_ref": None},
]  # fmt: skip
MAYA_KNOWN = Known(aliases={"maya": "person:maya", "denver": "place:denver"}, facts=MAYA)


@pytest.mark.parametrize(
    "text",
    [
        "pls don't save the denver move or the job, she hasn't told our mom yet",
        "vergiss das mit Denver und den Job bitte",
        "forget the Denver thing and her job",
    ],
)
def test_a_place_named_beside_another_topic_is_forgotten_with_it(text):
    ops = ops_of(text, known=MAYA_KNOWN)
    forgotten = {op["target_fact_id"] for op in ops if op["op"] == "invalidate_fact"}
    assert "town" in forgotten
    assert "sister" not in forgotten


def test_a_place_named_with_what_was_said_of_it_forgets_only_that():
    ops = ops_of("forget where Maya lives", known=MAYA_KNOWN)
    assert {op["target_fact_id"] for op in ops if op["op"] == "invalidate_fact"} == {"town"}
