"""Recurring topics among the owner's turns: how German compounds and English names that
keep company come together into one topic."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import language, prototypes
from worldmemory.reflection.enrichment import (
    Topic,
    _background_words,
    _joined_across_languages,
    _near_turns_joined,
    _one_word_merged,
    _people_joined,
    _retitled,
    _said_in_closing,
    _side_topics_merged,
    _stands_apart,
    thread_title,
    topic_title,
    topics_find,
)
from worldmemory.reflection.operations import Provenance, op_entity, op_rename, reflection_commit
from worldmemory.renaming import entity_rename

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _turns(scope, sessions: list[list[str]]):
    start = timezone.now() - timedelta(days=30)
    turns = []
    for number, texts in enumerate(sessions, start=1):
        for offset, text in enumerate(texts):
            at = start + timedelta(days=7 * number, minutes=offset)
            turns.append(say(scope, text, session=f"s-{number}", at=at))
    return turns


def test_a_hobby_told_by_different_compounds_is_one_topic(scope):
    # "Fotokurs", "Fotoclub" and "Fotografie" share no five first letters
    turns = _turns(
        scope,
        [
            ["Heute war ich wieder beim Fotokurs, zwei Stunden lang.", "Das Wetter war grau."],
            ["Im Fotoclub haben wir heute Abzüge gemacht, sehr schön.", "Bruno schläft."],
            ["Ob ich mit der Fotografie nach dem Umzug weitermache, weiß ich nicht."],
        ],
    )
    [topic] = topics_find(turns=turns, vectors=None)
    assert topic.turns == {0, 2, 4}
    assert "Foto" in topic_title(topic)


def test_a_verb_is_not_split_like_a_compound():
    # out of context the word model reads "meditiere" as "Medi" + "Tier"
    assert "medi" not in language.compound_terms("Ich meditiere jetzt jeden Morgen.")
    assert set(language.compound_terms("Die Wohnungssuche in Leipzig nervt.")) >= {"wohnu"}


def test_words_sharing_only_their_first_letters_stay_apart_without_a_compound(scope):
    turns = _turns(
        scope,
        [
            ["Die Medizin vom Arzt hilft mir kaum.", "Das Wetter war grau."],
            ["Ich meditiere jetzt jeden Morgen zehn Minuten."],
            ["Mein Meditationskissen ist endlich angekommen, ganz weich."],
        ],
    )
    for topic in topics_find(turns=turns, vectors=None):
        assert 0 not in topic.turns


def _said(sessions: list[list[str]]):
    from types import SimpleNamespace

    return [
        SimpleNamespace(session_external_id=f"s{number}", text=text)
        for number, texts in enumerate(sessions, start=1)
        for text in texts
    ]


ROLE = [
    [
        "They posted the senior designer role at work, I think I'll apply for the role.",
        "My manager Priya says I should go for it, she thinks I'm ready to lead.",
    ],
    [
        "Sent off my application for the designer role this morning, hands shaking.",
        "Priya told me the panel will love my portfolio and my leadership.",
    ],
    [
        "The interview for the role is on Thursday and I feel sick already.",
        "Priya offered to do a mock interview with me before the panel.",
        "My sister Mia is getting married in June, we went dress shopping.",
    ],
    ["Mia wants me to give a speech at the wedding.", "Mia sent the seating plan, chaos."],
]
STELLE = [
    [
        "Die Stelle als Teamleitung ist ausgeschrieben, ich überlege, mich auf die Stelle zu "
        "bewerben.",
        "Meine Chefin Katrin meint, ich soll mich unbedingt bewerben, ich sei bereit für die "
        "Leitung.",
    ],
    [
        "Heute früh die Bewerbung auf die Stelle abgeschickt, ganz schön aufgeregt.",
        "Katrin hat gesagt, sie legt beim Vorstand ein gutes Wort für mich ein.",
    ],
    [
        "Das Vorstellungsgespräch für die Stelle ist am Donnerstag, mir ist jetzt schon schlecht.",
        "Katrin will vor dem Vorstellungsgespräch noch ein Probegespräch mit mir machen.",
    ],
]


@pytest.mark.parametrize(
    ("sessions", "matter", "people"),
    [
        (
            ROLE,
            Topic(["role"], {0, 2, 4, 5}, {"role": 4}),
            Topic(["priya"], {1, 3, 5}, {"Priya": 3}),
        ),
        (
            STELLE,
            Topic(["stell"], {0, 2, 4, 5}, {"Stelle": 4}),
            Topic(["katri"], {1, 3, 5}, {"Katrin": 3}),
        ),
    ],
)
def test_someone_playing_a_part_in_a_larger_matter_is_no_thread_of_their_own(
    sessions, matter, people
):
    """The manager who said to apply is a side of the promotion: her turns join it and
    the thread stays named by the matter."""
    turns = _said(sessions)
    vectors = prototypes.vectors([t.text for t in turns])
    joined = _people_joined([matter, people], turns, vectors)
    assert [topic_title(t) for t in joined] == [topic_title(matter)]
    assert joined[0].turns >= people.turns
    # the person's earlier thread is a fragment of the matter's
    assert joined[0].folded == people.seeds


def test_people_stay_a_topic_when_far_from_the_matter_or_as_large_as_it():
    """A sister's wedding told in the same session as the interview is another matter; a
    person said as often as the matter beside them may be what the turns are about."""
    turns = _said(ROLE)
    vectors = prototypes.vectors([t.text for t in turns])
    role = Topic(["role"], {0, 2, 4, 5}, {"role": 4})
    mia = Topic(["mia"], {6, 7, 8}, {"Mia": 3})
    assert len(_people_joined([role, mia], turns, vectors)) == 2
    # as near in meaning as the manager above, but said in as many turns as the role
    priya = Topic(["priya"], {1, 3, 4, 5}, {"Priya": 4})
    assert len(_people_joined([role, priya], turns, vectors)) == 2


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("heute sitz ich wieder bis acht im bus", "sitz"),
        ("am samstag spiel ich in der ersten mannschaft", "spiel"),
        ("morgen fahr ich zu papa ins heim", "fahr"),
        ("ich lauf jetzt jeden morgen", "lauf"),
        ("ich zieh im märz um", "zieh"),
    ],
)
def test_a_chat_verb_beside_its_pronoun_is_no_matter(text, verb):
    # in lower case the tagger reads "sitz" as "Sitz": said beside "ich" it is what he does
    nouns, verbs = language.spoken_as(text)
    assert verb[: language.STEM] in verbs
    assert verb[: language.STEM] not in nouns


@pytest.mark.parametrize(
    ("text", "noun"),
    [
        ("das spiel ging unentschieden aus", "spiel"),
        ("der sitz im bus ist kaputt", "sitz"),
        ("Mama und ich waren im Garten", "mama"),
        ("ihr sohn wohnt jetzt in hamburg", "sohn"),
        ("ihr mann ist seit wochen krank", "mann"),
        # in lower case the tagger reads an unknown noun as a verb; none follows an article
        ("wir haben die alte kogge im hafen gesehen", "kogge"),
        ("mit der jolle war ich am see", "jolle"),
    ],
)
def test_a_noun_stays_a_noun(text, noun):
    # "ihr sohn": the possessive before a noun leaves it a noun
    nouns, _verbs = language.spoken_as(text)
    assert noun[: language.STEM] in nouns


@pytest.mark.parametrize(
    "text",
    [
        "frau ostendorf hat schon wieder wegen der hecke gemeckert",
        "Herr Neumeier aus dem Vorstand war da",
        "gestern hat Frau Brandenburg angerufen",
    ],
)
def test_a_name_after_a_title_is_no_compound(text):
    # "Ostendorf" is a neighbour, not "Osten" and "Dorf"
    assert not {"osten", "dorf", "neume", "brand", "burg"} & set(language.compound_terms(text))


def test_a_compound_noun_still_gives_its_parts():
    assert {"foto", "kurs"} <= set(language.compound_terms("der Fotokurs war toll"))


@pytest.mark.parametrize(
    ("text", "nouns", "not_nouns"),
    [
        ("am samstag spiel ich mit wolfgang in der ersten mannschaft", {"Mannschaft"}, {"spiel"}),
        ("frau ostendorf hat mir setzlinge über den zaun gereicht", {"Zaun"}, {"Frau"}),
        ("Sophie took the baby to her mum's so I could sleep", {"baby", "mum"}, {"Sophie"}),
    ],
)
def test_a_matter_is_named_by_a_common_noun(text, nouns, not_nouns):
    found = set(language.matter_nouns(text).values())
    assert nouns <= found
    assert not {n.casefold() for n in not_nouns} & {f.casefold() for f in found}


@pytest.mark.parametrize(
    "text",
    ["frau ostendorf hat mir setzlinge gereicht", "gestern war Herr Brandt wieder schlecht drauf"],
)
def test_a_title_before_a_name_names_no_topic(text):
    assert not {"frau", "herr"} & {language.fold(w) for w in language.topic_terms(text).values()}


def test_a_woman_without_a_name_is_still_a_word():
    found = language.topic_terms("ne frau ist gestürzt").values()
    assert "frau" in {language.fold(w) for w in found}


CHESS = [
    [
        "am samstag spiel ich wieder mit wolfgang, brett acht in der ersten mannschaft",
        "birgit hat heute ihre schwester besucht",
    ],
    ["wolfgang hat mir die partien vom gegner geschickt, die spiel ich abends nach"],
    ["gestern das spiel mit wolfgang: remis gerettet, die mannschaft bleibt in der liga"],
]
WIFE = [
    ["Sophie was up with the baby all night again, I slept maybe three hours."],
    ["Sophie says the baby finally sleeps through, four hours in a row."],
    ["Sophie and I took turns with the night feeds, the baby is teething."],
]


@pytest.mark.parametrize(
    ("sessions", "shared", "matter"),
    [(CHESS, "spiel", "Mannschaft"), (WIFE, "sophi", "baby")],
)
def test_a_thread_is_named_by_its_matter_not_by_a_verb_or_a_person(sessions, shared, matter):
    turns = _said(sessions)
    vectors = prototypes.vectors([t.text for t in turns])
    [topic] = [t for t in topics_find(turns=turns, vectors=vectors) if shared in t.seeds]
    assert thread_title(topic).split(" · ")[0] == matter


def test_a_space_keeps_the_words_the_turns_share():
    topic = Topic(["spiel"], {0, 1, 2}, {"spiel": 3}, matter="Mannschaft")
    assert topic_title(topic) == "spiel"
    assert thread_title(topic) == "Mannschaft · spiel"
    assert thread_title(Topic(["mann"], {0, 1, 2}, {"Mannschaft": 3}, matter="Mannschaft")) == (
        "Mannschaft"
    )


# the husband said in passing, each time about something else; the friend's illness and the
# hearing loss are what the turns come back to
HUSBAND_BESIDE_ILLNESS = [
    ["mein mann hat den traktor repariert, henning kann das. Gesa hat einen Knoten in der Brust."],
    [
        "Gesa hat jetzt den Befund, der Tumor ist bösartig. beim elternabend saß henning neben "
        "mir und hat nur aufs handy geguckt.",
    ],
    [
        "Die Chemo von Gesa beginnt am Montag, sie hat Angst vor dem Haarausfall. und henning "
        "will sich jetzt echt für den marathon anmelden, mit 55.",
    ],
]
HUSBAND_BESIDE_HEARING = [
    [
        "himself is useless with tools, declan spent the morning swearing at the boiler. My "
        "hearing test showed I've lost the high sounds in both ears.",
    ],
    [
        "The hearing aids are booked for June, the audiologist was lovely. at the school concert "
        "declan sat beside me and only looked at his phone.",
    ],
    [
        "With the new hearing aids I can hear the kettle click again. and declan wants to run "
        "the marathon now, at 66.",
    ],
]


@pytest.mark.parametrize(
    ("sessions", "background", "matter"),
    [(HUSBAND_BESIDE_ILLNESS, "henni", "gesa"), (HUSBAND_BESIDE_HEARING, "decla", "heari")],
)
def test_a_word_said_beside_every_matter_is_background_not_a_topic(sessions, background, matter):
    turns = _said(sessions)
    where = {stem: {0, 1, 2} for stem in (background, matter)}
    assert _background_words([background, matter], turns, where) == {background}


def test_a_thread_is_retitled_when_another_matter_leads_and_never_over_the_owners_name(scope):
    ref = "thread:topic-gesa"
    how = Provenance.observed(what="recurs in 2 sessions")
    reflection_commit(scope=scope, ops=[op_entity(ref, "Bratkartoffeln · Gesa", how)], purpose="t")
    thread = entity_by_ref(scope=scope, ref=ref)
    assert _retitled(scope, thread, "Krebs · Gesa · Chemo")
    # the same first word, or the old one still named beside a new one: the title stays
    assert not _retitled(scope, thread, "Bratkartoffeln · Gesa · Chemo")
    assert not _retitled(scope, thread, "Krebs · Bratkartoffeln · Gesa")
    assert not _retitled(scope, thread, "Krebs · Gesa · Bratkartoffel")
    assert _retitled(scope, thread, "Krebs · Gesa · Brat")  # a word it begins with is another
    # a title the rules gave may be given again; the owner's name is theirs for good
    reflection_commit(scope=scope, ops=[op_rename(ref, "Krebs · Gesa", how)], purpose="t")
    assert _retitled(scope, entity_by_ref(scope=scope, ref=ref), "Chemo · Gesa")
    entity_rename(scope=scope, ref=ref, name="Gesas Krankheit", reason=None, actor="user:me")
    thread = entity_by_ref(scope=scope, ref=ref)
    assert thread.canonical_name == "Gesas Krankheit"
    assert not _retitled(scope, thread, "Chemo · Gesa")


# a canoe restored over a few weeks, told in German and then in English, beside a mother's
# operation and a job interview
CANOE = [
    ("s1", "ich hab mir ein altes holzkanu für 90 euro vom flohmarkt in plön geholt"),
    ("s1", "das kanu braucht neuen lack und zwei spanten sind gebrochen"),
    ("s2", "für das kanu hab ich heute die spanten aus esche bestellt"),
    ("s3", "the canoe got its first coat of varnish today, it already looks much better"),
    ("s4", "my neighbour tobias will help me carry the canoe down to the lake on sunday"),
    ("s4", "i think the canoe will be ready to paddle by easter"),
    ("s2", "meine mutter muss nächste woche zur knie-op ins krankenhaus nach eutin"),
    ("s3", "mama hat die op gut überstanden, sie darf schon wieder laufen"),
    ("s3", "the job interview at the insurance company went badly, they asked about macros"),
    ("s5", "still no reply from the insurance company about the job, i guess it's a no"),
]


def _canoe_turns():
    from types import SimpleNamespace

    return [SimpleNamespace(session_external_id=s, text=t) for s, t in CANOE]


def test_one_matter_told_in_two_languages_is_one_topic():
    turns = _canoe_turns()
    vectors = prototypes.vectors([t.text for t in turns])
    kanu = Topic(["kanu"], {0, 1, 2}, {"Kanu": 3})
    mama = Topic(["mama"], {6, 7}, {"Mama": 2})
    canoe = Topic(["canoe"], {3, 4, 5}, {"canoe": 3})
    job = Topic(["insur"], {8, 9}, {"insurance": 2})
    joined = _joined_across_languages([kanu, mama, canoe, job], turns, vectors)
    assert [(t.seeds, t.turns) for t in joined] == [
        (["kanu", "canoe"], {0, 1, 2, 3, 4, 5}),
        (["mama"], {6, 7}),
        (["insur"], {8, 9}),
    ]


def test_topics_in_one_language_are_not_joined_across_languages():
    turns = _canoe_turns()
    vectors = prototypes.vectors([t.text for t in turns])
    kanu = Topic(["kanu"], {0, 1, 2}, {"Kanu": 3})
    mama = Topic(["mama"], {6, 7}, {"Mama": 2})
    assert len(_joined_across_languages([kanu, mama], turns, vectors)) == 2


# a daughter's cough is what the turns come back to; the turns naming her and her father
# about anything else (his hours, a parade, the lawn) only share their names with it
COUGH_AND_FAMILY = [
    [
        "mila hatte heute nacht wieder einen hustenanfall, sie ist um 2 aufgewacht und hat "
        "kaum luft bekommen",
        "im büro ist gerade die hölle los, der neue chef will alles umstellen",
        "und jonas will im sommer wieder mehr stunden arbeiten, mal schauen wie wir das mit "
        "mila machen",
        "werder hat am samstag endlich wieder gewonnen",
    ],
    [
        "mila coughed half the night again, she woke up at 2am wheezing and could hardly breathe",
        "the new boss at work wants every report twice, it is driving me mad",
        "jonas lifted mila onto his shoulders at the parade and she waved at everyone",
        "made a huge pot of chili tonight, enough for the whole week",
    ],
    [
        "mila hustet nachts immer noch und wacht davon auf. der kinderarzt meint, es ist wohl "
        "asthma",
        "der chef hat heute im meeting wieder alle reports zerrissen",
        "jonas hat heute den rasen gemäht und mila hat mit dem nachbarshund gespielt",
        "bei dem regen bleib ich heute lieber drinnen",
    ],
    [
        "the boss finally approved my report, only took three rounds",
        "with the inhaler in mila's room she hardly coughed last night and slept through",
        "chili again tonight, still good on the third day",
    ],
]


def test_a_turn_sharing_only_a_name_with_a_topic_tells_its_matter_or_stays_out():
    turns = _said(COUGH_AND_FAMILY)
    vectors = prototypes.vectors([t.text for t in turns])
    [topic] = [t for t in topics_find(turns=turns, vectors=vectors) if "mila" in t.seeds]
    assert topic.turns == {0, 4, 8, 13}


def test_a_mealtime_or_the_children_said_in_passing_start_no_topic():
    turns = _said(
        [
            ["met the plumber over lunch about the leaking boiler", "the kids painted the fence"],
            ["had lunch with my sister at the garden centre", "the kids want a trampoline"],
            ["lunch at my desk again, the audit is eating my week", "the kids are at their gran's"],
        ]
    )
    seeds = {seed for topic in topics_find(turns=turns, vectors=None) for seed in topic.seeds}
    assert not seeds & {"lunch", "kids"}


# a father's passport told over weeks, and a word of two meanings: the river bank he
# fishes from and the bank that holds his loan
PASSPORT = [
    ("s1", "dad's passport ran out in march and he only noticed it now"),
    ("s1", "the passport office wants a new photo and his old passport posted to them"),
    ("s2", "took dad for passport photos at the chemist, he refused to take his cap off"),
    ("s3", "his passport finally came through, the photo makes him look like a convict"),
    ("s2", "sat on the bank of the river all morning and caught nothing but weed"),
    ("s3", "the bank still hasn't answered about the loan for the van"),
    ("s4", "the river bank was flooded so no fishing this weekend"),
    ("s4", "the bank rang, the loan is approved if i put down two thousand"),
]


def test_two_topics_named_by_one_matter_near_in_meaning_are_one(multilingual):
    from types import SimpleNamespace

    from worldmemory.reflection.enrichment import _one_matter_merged

    turns = [SimpleNamespace(session_external_id=s, text=t) for s, t in PASSPORT]
    vectors = prototypes.vectors([t.text for t in turns])
    office = Topic(["offic"], {0, 1, 3}, {"office": 2}, matter="passport")
    photo = Topic(["photo"], {1, 2, 3}, {"photos": 3}, matter="passports")
    [merged] = _one_matter_merged([office, photo], vectors)
    assert merged.turns == {0, 1, 2, 3}
    assert "photo" in merged.folded  # an earlier thread of the smaller is folded in

    fishing = Topic(["river"], {4, 6}, {"river": 2}, matter="bank")
    loan = Topic(["loan"], {5, 7}, {"loan": 2}, matter="bank")
    assert len(_one_matter_merged([fishing, loan], vectors)) == 2


def _unit(*parts: tuple[int, float]):
    import numpy as np

    vector = np.zeros(10, dtype=np.float32)
    for axis, weight in parts:
        vector[axis] += weight
    return vector / np.linalg.norm(vector)


def test_topics_told_in_one_voice_are_one_only_by_what_sets_them_apart():
    """Axis 0 is how the owner speaks (a dialect, a way of writing), said in every turn;
    the other axes are what the turns are about."""
    import numpy as np

    from worldmemory.reflection.enrichment import _merged_by_meaning

    voice = (0, 3.0)
    vectors = np.array(
        [
            _unit(voice, (1, 1)),  # the workshop
            _unit(voice, (1, 1)),
            _unit(voice, (2, 1)),  # the wife at home
            _unit(voice, (2, 1)),
            _unit(voice, (3, 2), (4, 0.7)),  # the branch closing, by the notice
            _unit(voice, (3, 2), (4, 0.7)),
            _unit(voice, (3, 2), (5, 0.7)),  # the same, by the meeting about it
            _unit(voice, (3, 2), (5, 0.7)),
            # the weather, a meal, the neighbours …
            *(_unit(voice, (axis, 1)) for axis in (6, 7, 8, 9)),
            *(_unit(voice, (a, 1), (b, 1)) for a, b in ((6, 7), (8, 9), (6, 9), (7, 8))),
        ]
    )
    workshop = Topic(["werks"], {0, 1})
    wife = Topic(["resi"], {2, 3})
    notice = Topic(["notic"], {4, 5})
    meeting = Topic(["meeti"], {6, 7})
    merged = _merged_by_meaning([workshop, wife, notice, meeting], vectors)
    assert [t.seeds for t in merged] == [["werks"], ["resi"], ["notic", "meeti"]]


def test_an_aside_told_beside_a_matter_but_far_from_it_in_meaning_is_no_topic():
    """The neighbour's parrot, told in two of the three sessions right beside the pharmacy
    job, is neither a side of the job nor a matter of its own; the trial day told beside
    it is a side."""
    sessions = [
        [
            "Ich hab mich auf die Stelle in der Krankenhausapotheke beworben, Gespräch ist am "
            "Dienstag.",
            "Der Papagei von nebenan hat wieder den ganzen Abend gekreischt, ich hab kein Auge "
            "zugemacht.",
        ],
        ["Das Gespräch in der Apotheke lief gut, die Chefin will mich zur Probe einen Tag sehen."],
        [
            "Heute hat der Papagei sogar gepfiffen statt gekreischt, der Nachbar ist stolz wie "
            "Oskar.",
            "Der Probetag in der Apotheke war anstrengend, aber die Kolleginnen waren herzlich.",
            "Nach dem Probetag hat die Chefin gesagt, sie meldet sich nächste Woche.",
        ],
    ]
    turns = _said(sessions)
    vectors = prototypes.vectors([t.text for t in turns])
    job = Topic(["apoth"], {0, 2, 4}, {"Apotheke": 3})
    parrot = Topic(["papag"], {1, 3}, {"Papagei": 2})
    trial = Topic(["probe"], {4, 5}, {"Probetag": 2})
    [merged] = _side_topics_merged([job, parrot, trial], turns, vectors)
    assert merged.turns == {0, 2, 4, 5}
    assert "Papagei" not in topic_title(merged)


def _normed(*rows: list[float]):
    import numpy as np

    vectors = np.array(rows, dtype=float)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def test_a_small_topic_no_nearer_itself_than_the_rest_is_no_thread():
    # three turns as near each other as to the owner's other turns: a word they share
    # says nothing of one matter
    vectors = _normed([1, 1, 0], [1, 0, 1], [0, 1, 1], [1, 1, 1], [1, 0.9, 1.1], [1.1, 1, 0.9])
    assert not _stands_apart(Topic(["stall"], {0, 1, 2}), vectors)
    # the same number of turns told alike, apart from the rest
    alike = _normed([1, 0, 0], [1, 0.1, 0], [1, 0, 0.1], [0, 1, 1], [0, 1, 0.9], [0, 0.9, 1])
    assert _stands_apart(Topic(["tatort"], {0, 1, 2}), alike)


def test_a_larger_topic_stands_however_widely_it_is_told():
    vectors = _normed(*([1, 1, 0], [1, 0, 1], [0, 1, 1], [1, 1, 1], [1, 0, 0], [0, 1, 0]))
    assert not _stands_apart(Topic(["job"], {0, 1, 2}), vectors)
    assert _stands_apart(Topic(["job"], {0, 1, 2, 4, 5}), vectors)


def _sessions_of_five(closing: list[str]) -> list[list[str]]:
    # each session: four turns about the flat, then what the owner says on the way out
    return [[*(f"Flat {n}.{k}" for k in range(4)), last] for n, last in enumerate(closing, start=1)]


def test_a_topic_only_said_on_the_way_out_is_small_talk():
    turns = _said(_sessions_of_five(["Eintracht won", "Eintracht lost", "Eintracht drew"]))
    assert _said_in_closing(Topic(["eintr"], {4, 9, 14}), turns)


def test_a_topic_talked_over_once_is_no_small_talk():
    sessions = _sessions_of_five(["Eintracht won", "Eintracht lost", "Eintracht drew"])
    sessions[1].insert(1, "The Eintracht tickets for the derby, should I go?")
    turns = _said(sessions)
    # the second session's closing turn is now index 10; the derby tickets turn is 6
    assert not _said_in_closing(Topic(["eintr"], {4, 6, 15}), turns)
    # two turns of the topic in one session are no passing mention either
    assert not _said_in_closing(Topic(["eintr"], {3, 4, 9}), turns)


def test_a_short_session_has_no_closing_apart_from_its_matter():
    turns = _said([["Flat", "Eintracht won"], ["Flat", "Eintracht lost"], ["Eintracht drew"]])
    assert not _said_in_closing(Topic(["eintr"], {1, 3, 4}), turns)


def test_topics_sharing_a_word_and_a_turn_are_one_matter():
    office = Topic(["offic", "post"], {0, 1, 2, 3, 4, 5})
    meeting = Topic(["meeti", "post"], {5, 7, 8})
    shoulder = Topic(["ortho", "dach"], {9, 10, 11})
    coffee = Topic(["kaffe", "dach"], {12, 13, 14, 15})
    merged = _one_word_merged([meeting, shoulder, office, coffee])
    assert [sorted(t.turns) for t in merged] == [
        [0, 1, 2, 3, 4, 5, 7, 8],
        [12, 13, 14, 15],
        [9, 10, 11],
    ]
    assert merged[0].folded == ["meeti", "post"]


def test_turns_near_a_topic_join_it_unless_they_are_most_of_what_the_owner_says():
    # turns 0–2 tell the canteen, 3 is near it; 4–9 are about other things
    other = [0.3, 0, 1]
    canteen = _normed([1, 1, 0], [1, 1, 0.1], [1, 1.1, 0], [1, 0.9, 0.1], *([other] * 6))
    topic = Topic(["kanti"], {0, 1, 2})
    _near_turns_joined(topic, canteen, most=5)
    assert topic.turns == {0, 1, 2, 3}
    # every turn near: the voice, not the matter
    spoken = _normed(*([[1, 0.2, 0]] * 10))
    topic = Topic(["kanti"], {0, 1, 2})
    _near_turns_joined(topic, spoken, most=5)
    assert topic.turns == {0, 1, 2}
