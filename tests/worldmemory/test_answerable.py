"""A question about things the owner never named needs a nearer turn than the floor, while
questions in the other language or in other words than the turn that answers them are still
answered — through the real search with the multilingual model's vectors."""

from __future__ import annotations

import pytest

from tests import factories
from tests.conftest import BOTH_DATABASES
from worldmemory import sources, vectorstore
from worldmemory.reads import answerable, passages
from worldmemory.reads.answerable import names_the_unknown, question_nouns
from worldmemory.tenancy import owner_scope
from worldmemory.vectors import embed_pending

TURNS = [
    ("umzug", "Wir ziehen im Juni nach Leipzig, der Umzugswagen ist schon bestellt."),
    ("umzug", "Die neue Wohnung hat einen Balkon und liegt direkt am Park."),
    ("zahn", "Mein Zahnarzttermin ist am Dienstag um acht, hoffentlich keine Wurzelbehandlung."),
    ("sister", "My sister Clara lives in Leeds with her husband and two cats."),
    ("sister", "She works as a nurse at the children's hospital there."),
    ("urlaub", "Im Mai fliegen wir für eine Woche nach Lissabon, das Hotel liegt in der Alfama."),
    ("fahrrad", "Mein Fahrrad wurde gestern vor dem Bahnhof geklaut, ich war so wütend."),
    ("sport", "Ich gehe jetzt zweimal die Woche schwimmen, meistens morgens vor der Arbeit."),
    (
        "segeln",
        "Letzten Sommer habe ich am Bodensee den Segelschein gemacht, die Prüfung war hart.",
    ),
    ("konzert", "Gestern waren wir im Konzert, die Band hat zwei Stunden lang gespielt."),
]


def _remembered_owner(scope) -> None:
    vectorstore.ensure_dimension_index(dims=512, using="default")
    sessions = {}
    for name, text in TURNS:
        if name not in sessions:
            sessions[name] = factories.session(scope, external_id=name)
        factories.message(scope, in_session=sessions[name], text=text)
    assert embed_pending(scope=scope)["messages"] == len(TURNS)


def _texts(scope, query: str) -> list[str]:
    return [hit["text"] for hit in sources.sources_search(scope=scope, query=query, k=3)]


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_a_question_about_things_never_named_finds_nothing(multilingual, monkeypatch):
    """The licence questions sit just above the floor, beside the sailing licence, and the
    blood type beside Clara's turn: only the unknown nouns ("Pilotenschein", "licence",
    "type" beside the known "Clara") tell them apart from an answer."""
    with owner_scope("owner-unknown-things") as scope:
        _remembered_owner(scope)
        questions = [
            "Wann habe ich meinen Pilotenschein gemacht?",
            "When did I get my pilot's licence?",
        ]
        for question in questions:
            assert names_the_unknown(scope=scope, query=question, nearest=[])
            assert _texts(scope, question) == []
        # the floor alone lets them through: the unknown nouns decide
        monkeypatch.setattr(answerable, "UNKNOWN_THINGS_MARGINS", {})
        for question in questions:
            assert _texts(scope, question) != []


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_questions_in_the_other_language_or_other_words_are_still_answered(multilingual):
    with owner_scope("owner-known-things") as scope:
        _remembered_owner(scope)
        sister, dentist, bike = TURNS[3][1], TURNS[2][1], TURNS[6][1]
        # "Schwester" is known through its translation, though the turn says "sister"
        assert not names_the_unknown(scope=scope, query="Wo wohnt meine Schwester?", nearest=[])
        assert _texts(scope, "Wo wohnt meine Schwester?")[0] == sister
        # a known name and an unknown word, but the turn is near enough to be the answer
        assert names_the_unknown(
            scope=scope, query="What are the names of Clara's cats?", nearest=[]
        )
        assert _texts(scope, "What are the names of Clara's cats?")[0] == sister
        # no noun said, but the turn is near enough to be the answer
        assert names_the_unknown(scope=scope, query="When is my dentist appointment?", nearest=[])
        assert _texts(scope, "When is my dentist appointment?")[0] == dentist
        # a compound's beginning is a word the owner said ("Zahnarzt" in "Zahnarzttermin")
        assert not names_the_unknown(scope=scope, query="Wann muss ich zum Zahnarzt?", nearest=[])
        assert _texts(scope, "Was ist mit meinem Rad passiert?")[0] == bike
        # a cognate the translation list lacks, spelled almost like a word of the nearest turns
        mackerel = "How many mackerel did I catch?"
        assert names_the_unknown(scope=scope, query=mackerel, nearest=[])
        caught = ["Heute drei Makrelen gefangen!"]
        assert not names_the_unknown(scope=scope, query=mackerel, nearest=caught)


def test_the_nouns_of_a_question_are_its_things():
    pilot = question_nouns(query="Wann habe ich meinen Pilotenschein gemacht?")
    assert pilot == [("Pilotenschein", False)]
    volcano = question_nouns(query="Which volcano did I climb in Iceland?")
    assert volcano == [("volcano", False), ("Iceland", True)]
    assert question_nouns(query="what did she say?") == []


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_a_turn_about_several_things_answers_a_question_about_one_of_them(
    multilingual, monkeypatch
):
    """Most of the turn is about work, so its vector sits below the floor for a question
    about the sister; the sentence that names her and where she lives answers it."""
    told = (
        "Ich heiße Mara und arbeite seit 2021 als Erzieherin in einer Kita in Bremen. "
        "Meine Schwester Jana wohnt in Halle."
    )
    with owner_scope("owner-two-things") as scope:
        vectorstore.ensure_dimension_index(dims=512, using="default")
        session = factories.session(scope, external_id="kennenlernen")
        factories.message(scope, in_session=session, text=told)
        factories.message(scope, in_session=session, text="Luna ist meine Katze.")
        assert embed_pending(scope=scope)["messages"] == 2
        questions = ["Wo wohnt meine Schwester?", "Where does my sister live?"]
        for question in questions:
            assert _texts(scope, question)[:1] == [told]
        # the nouns alone are not enough: where she works was never said
        assert not answerable.said_in_one_sentence(
            query="Wo arbeitet meine Schwester?", texts=[told]
        )
        # without the sentence's words the floor alone says "nothing"
        monkeypatch.setattr(passages, "said_in_one_sentence", lambda **_: False)
        for question in questions:
            assert _texts(scope, question) == []


FRIEND_CHAT = [
    ("user", "how's the german going? still dreading frau pohl?"),
    (
        "Marcus",
        "frau pohl is still terrifying. we have the A2 exam on 14 march, flashcards on the u-bahn",
    ),
    ("user", "you'll smash it. my pottery class made mugs this week, mine leans like pisa"),
    ("Marcus", "lena says the van needs a new floor before summer, her dad has a workshop"),
    ("user", "the park bid is in, we hear back in april, fingers crossed"),
]


def _friend_chat_owner(scope) -> None:
    vectorstore.ensure_dimension_index(dims=512, using="default")
    session = factories.session(scope, external_id="chat")
    for speaker, text in FRIEND_CHAT:
        factories.message(scope, in_session=session, text=text, speaker=speaker)
    assert embed_pending(scope=scope)["messages"] == len(FRIEND_CHAT)


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_a_question_about_the_friend_a_chat_is_with_is_answered_by_their_own_words(
    multilingual, monkeypatch
):
    """Marcus says "we have the A2 exam", in the first person: far from "When did Marcus take
    his A2 exam?" in the model's space, below the floor, yet his turn ranks first."""
    with owner_scope("owner-friend-chat") as scope:
        _friend_chat_owner(scope)
        question = "When did Marcus take his A2 exam?"
        assert _texts(scope, question)[:1] == [FRIEND_CHAT[1][1]]
        # without who said it, the floor says "nothing"
        monkeypatch.setattr(passages, "_told_by_named", lambda *_: False)
        assert _texts(scope, question) == []


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_a_thing_never_said_beside_the_friend_finds_nothing_though_their_turn_ranks_best(
    multilingual, monkeypatch
):
    """Marcus's birthday never came up: his own best turn, which answers what he told, is no
    answer to it, however near; what he did tell is still found."""
    with owner_scope("owner-friend-birthday") as scope:
        _friend_chat_owner(scope)
        monkeypatch.setattr(passages, "_told_by_named", lambda *_: True)
        assert answerable.never_said_of(scope=scope, query="When is Marcus's birthday?")
        assert _texts(scope, "When is Marcus's birthday?") == []
        assert _texts(scope, "When is Marcus's A2 exam?")[:1] == [FRIEND_CHAT[1][1]]


def test_only_a_named_speakers_best_turn_sharing_the_questions_words_tells():
    said = {
        "mine": passages._Said("user", "user", None, ""),
        "his": passages._Said("user", "Marcus", None, ""),
    }
    question = "When did Marcus take his exam?"
    both = {"mine": 0.15, "his": 0.30}  # the owner's own words count too, his name again
    words = {"his": 1.0}
    assert passages._told_by_named(said, question, {"mine": 0.3, "his": 0.2}, both, words)
    assert not passages._told_by_named(said, question, {"mine": 0.4, "his": 0.2}, both, words)
    assert not passages._told_by_named(said, "When is my exam?", {"his": 0.4}, {}, words)
    # his best turn sharing none of the question's words is no answer to it
    assert not passages._told_by_named(said, question, {"his": 0.4}, both, {"his": 0.1})


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_a_turn_between_unrelated_turns_answers_a_question_by_its_words(multilingual):
    """Embedded with the turns around it (a gift question, the assistant's advice), the turn
    about Dirk's move sits below the floor; its sentence names what the question asks, and a
    question word ("wohin", "where") is no content the sentence must repeat."""
    turns = [
        "hey, kurze frage: was schenkt man zur einweihungsparty?",
        "Blumen, Salz und Brot sind klassisch – für wen ist die Party?",
        "für meinen kumpel dirk, der ist letzten monat nach hamburg gezogen.",
        "Dann passt vielleicht etwas Hamburgisches oder eine Pflanze für den Balkon.",
    ]
    with owner_scope("owner-dirk-moved") as scope:
        vectorstore.ensure_dimension_index(dims=512, using="default")
        session = factories.session(scope, external_id="geschenk")
        for text in turns:
            factories.message(scope, in_session=session, text=text)
        assert embed_pending(scope=scope)["messages"] == len(turns)
        for question in ["Wohin ist Dirk gezogen?", "Where did Dirk move?"]:
            assert _texts(scope, question)[:1] == [turns[2]]
        # nothing in the chat says where Dirk works
        assert _texts(scope, "Wo arbeitet Dirk?") == []


def test_a_modal_verb_frames_a_question_and_need_not_be_said():
    told = ["chalkbag is gut. ach und erinner mich dran am donnerstag den tisch zu reservieren"]
    for modal in ["muss", "sollte"]:
        question = f"Wann {modal} ich den Tisch reservieren?"
        assert answerable.said_in_one_sentence(query=question, texts=told), question
    # the thing asked after still has to be said
    paying = "Wann muss ich den Tisch bezahlen?"
    assert not answerable.said_in_one_sentence(query=paying, texts=told)


@pytest.mark.parametrize(
    ("question", "owned"),
    [
        ("What's Kati's blood type?", [("Kati", "type")]),
        ("When is Marcus's half marathon?", [("Marcus", "marathon")]),
        ("Wie heißt der Hund von Jens?", [("Jens", "Hund")]),
        ("Wie heißt Emmas Klassenlehrerin?", [("Emma", "Klassenlehrerin")]),
        ("Wann hat Micha Geburtstag?", [("Micha", "Geburtstag")]),
        ("Wann hat Tobi gekündigt?", []),
        # the sister's baby: the sister is the one asked after beside Lena
        ("Wie heißt das Baby von Lenas Schwester?", [("Lena", "Schwester")]),
        # a question about what happened, and a name in a clause after the main one
        ("Was hat der Standesbeamte für Dans Familie gemacht?", []),
        ("Wie heißt die neue Kollegin, die Tobis Platz übernommen hat?", []),
        ("What's the name of my dog?", []),
    ],
)
def test_a_question_asking_what_someones_thing_is_names_the_thing_and_whose(question, owned):
    assert answerable.owned_things(query=question) == owned


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_a_thing_never_said_beside_its_owner_was_never_said_of_them():
    with owner_scope("owner-owned-things") as scope:
        grill = factories.session(scope, external_id="grillen")
        factories.message(scope, in_session=grill, text="Jens kommt am Samstag zum Grillen.")
        factories.message(scope, in_session=grill, text="Sein Hund bleibt bei den Nachbarn.")
        school = factories.session(scope, external_id="schule")
        factories.message(scope, in_session=school, text="Emma hat heute ihr Zeugnis bekommen.")
        german = factories.session(scope, external_id="kurs")
        factories.message(scope, in_session=german, text="my teacher is strict", speaker="Marcus")
        assert not answerable.never_said_of(scope=scope, query="Wie heißt der Hund von Jens?")
        assert answerable.never_said_of(scope=scope, query="Wie heißt Emmas Klassenlehrerin?")
        # a dog was talked about, but not beside Emma
        assert answerable.never_said_of(scope=scope, query="Wie heißt Emmas Hund?")
        # Marcus's own words say "my teacher"
        assert not answerable.never_said_of(
            scope=scope, query="What's the name of Marcus's teacher?"
        )
        # not a question asking what a thing is
        assert not answerable.never_said_of(scope=scope, query="Was hat Emmas Lehrerin gesagt?")


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_the_turn_beside_a_speakers_own_is_the_other_side_of_the_dialogue():
    """The owner signs up for a half marathon between two turns of Marcus's: the race is hers,
    not his; his own words, or a turn that names him, still say what is his."""
    with owner_scope("owner-dialogue-sides") as scope:
        chat = factories.session(scope, external_id="chat")
        factories.message(scope, in_session=chat, text="still counts", speaker="Marcus")
        factories.message(scope, in_session=chat, text="i signed up for a half marathon")
        factories.message(scope, in_session=chat, text="who are you", speaker="Marcus")
        assert answerable.never_said_of(scope=scope, query="When is Marcus's half marathon?")
        factories.message(
            scope, in_session=chat, text="my half marathon is in may", speaker="Marcus"
        )
        assert not answerable.never_said_of(scope=scope, query="When is Marcus's half marathon?")
        named = factories.session(scope, external_id="named")
        factories.message(scope, in_session=named, text="did you hear about Lena?")
        factories.message(scope, in_session=named, text="her marathon is on sunday")
        assert not answerable.never_said_of(scope=scope, query="When is Lena's marathon?")


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_someones_thing_never_said_beside_them_finds_nothing(multilingual, monkeypatch):
    """Clara and a concert were both talked about, never together: the floor and the
    unknown-things check let the question through, the concert never said beside Clara does
    not; her husband, said beside her, is still found."""
    with owner_scope("owner-never-said-of") as scope:
        _remembered_owner(scope)
        concert = "When is Clara's concert?"
        assert not names_the_unknown(scope=scope, query=concert, nearest=[])
        assert _texts(scope, concert) == []
        assert _texts(scope, "Who is Clara's husband?")[0] == TURNS[3][1]
        monkeypatch.setattr(passages, "never_said_of", lambda **_: False)
        assert _texts(scope, concert) != []


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_things_said_only_on_the_other_side_of_a_dialogue_are_theirs():
    """Marcus, who talks with the owner, has the A2 exam; the owner has the pottery class.
    Asked the other way round, every thing asked after was said, but only by the other side."""
    with owner_scope("owner-two-sides") as scope:
        chat = factories.session(scope, external_id="chat")
        for n in range(answerable.PARTNER_TURNS):
            factories.message(scope, in_session=chat, text=f"lol {n}", speaker="Marcus")
        factories.message(
            scope, in_session=chat, text="we have the A2 exam in march", speaker="Marcus"
        )
        factories.message(scope, in_session=chat, text="i started a pottery class, tuesdays")
        factories.message(scope, in_session=chat, text="pottery class was fun, i made a bowl")
        assert answerable.said_by_the_other_side(scope=scope, query="When did I pass my A2 exam?")
        assert not answerable.said_by_the_other_side(scope=scope, query="When is Marcus's A2 exam?")
        assert answerable.said_by_the_other_side(
            scope=scope, query="What did Marcus make at pottery class?"
        )
        assert not answerable.said_by_the_other_side(
            scope=scope, query="What did I make at pottery class?"
        )
        # one thing said on the other side is as often a word the friend happens to use
        assert not answerable.said_by_the_other_side(scope=scope, query="When is my exam?")
        # never said at all: not a question of whose
        assert not answerable.said_by_the_other_side(
            scope=scope, query="When did I get my pilot licence?"
        )
        # about both sides, or neither
        assert not answerable.said_by_the_other_side(
            scope=scope, query="Did I help Marcus with the A2 exam?"
        )


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_a_turn_asking_after_a_thing_says_nothing_of_the_speakers_own():
    """Priya asks how the owner's choir is going: the choir and its concert are the owner's,
    though Priya said both words; once she tells of a concert of her own, it is hers too."""
    with owner_scope("owner-asking-sides") as scope:
        chat = factories.session(scope, external_id="chat")
        for n in range(answerable.PARTNER_TURNS):
            factories.message(scope, in_session=chat, text=f"haha {n}", speaker="Priya")
        factories.message(scope, in_session=chat, text="i joined a choir, first concert in june")
        factories.message(
            scope, in_session=chat, text="how's the choir going? any concert soon?", speaker="Priya"
        )
        assert answerable.said_by_the_other_side(
            scope=scope, query="When is Priya's choir concert?"
        )
        factories.message(
            scope, in_session=chat, text="our choir has a concert on friday", speaker="Priya"
        )
        assert not answerable.said_by_the_other_side(
            scope=scope, query="When is Priya's choir concert?"
        )


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_someone_named_on_one_side_of_a_dialogue_belongs_to_it():
    """Bruno is Priya's dog, named in her turns; the teeth pulled were the owner's Oskar's: asked
    after Bruno's teeth, every thing of the question was said only on the owner's side."""
    with owner_scope("owner-placed-sides") as scope:
        chat = factories.session(scope, external_id="chat")
        for n in range(answerable.PARTNER_TURNS):
            factories.message(scope, in_session=chat, text=f"haha {n}", speaker="Priya")
        factories.message(
            scope, in_session=chat, text="bruno chewed my shoe again", speaker="Priya"
        )
        factories.message(
            scope, in_session=chat, text="bruno is asleep on the sofa", speaker="Priya"
        )
        factories.message(scope, in_session=chat, text="oskar had two teeth out at the vet today")
        factories.message(scope, in_session=chat, text="oskar slept all afternoon after")
        factories.message(
            scope, in_session=chat, text="poor oskar, and bruno says hi", speaker="Priya"
        )
        assert answerable.said_by_the_other_side(
            scope=scope, query="How many teeth did Bruno have removed?"
        )
        assert not answerable.said_by_the_other_side(
            scope=scope, query="How many teeth did Oskar have removed?"
        )
        # named by nobody: on no side
        assert not answerable.said_by_the_other_side(
            scope=scope, query="How many teeth did Rex have removed?"
        )
        # "we" are the owner's side whoever else the question names
        assert not answerable.said_by_the_other_side(
            scope=scope, query="How many teeth did we have removed at Bruno's vet?"
        )
        # a cat called after a thing is a name where English writes it large
        factories.message(scope, in_session=chat, text="muffin sat on my keyboard all morning")
        factories.message(scope, in_session=chat, text="muffin is the boss of this flat")
        factories.message(
            scope, in_session=chat, text="we got bruno from a shelter", speaker="Priya"
        )
        assert answerable.said_by_the_other_side(
            scope=scope, query="Which shelter did Muffin come from?"
        )
        assert answerable.said_by_the_other_side(
            scope=scope, query="Did Muffin come from a shelter?"
        )


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_a_message_pasted_once_is_no_other_side():
    with owner_scope("owner-pasted") as scope:
        mail = factories.session(scope, external_id="mail")
        factories.message(scope, in_session=mail, text="the A2 exam is in march", speaker="Karen")
        factories.message(scope, in_session=mail, text="thanks, noted")
        assert not answerable.said_by_the_other_side(
            scope=scope, query="When did I pass my A2 exam?"
        )
