"""Reflection spaces named after the life area their topic belongs to."""

from __future__ import annotations

import pytest

from tests.conftest import BOTH_DATABASES
from worldmemory.reflection.life_areas import space_name, topic_area


def test_a_topic_recurring_by_a_name_is_named_after_its_life_area():
    texts = [
        "Anjali called, my sister is getting married in Kochi in April.",
        "I have to write a speech for my sister's wedding and I'm dreading it.",
        "Anjali sent the seating plan, mum is fussing about the guests.",
    ]
    assert space_name(words=["Anjali"], texts=texts) == "Family"
    german = [
        "Herr Wegner, mein neuer Chef, hat heute alle Termine umgeworfen.",
        "Im Jourfixe hat Wegner mich vor den Kollegen kritisiert.",
        "Ich hab mit Wegner über die Arbeit im Team geredet.",
    ]
    assert space_name(words=["Wegner"], texts=german) == "Beruf"


def test_a_topic_recurring_by_a_thing_keeps_its_word_beside_work():
    texts = [
        "Heute war mein letzter Samstag bei der Tafel in Kassel.",
        "Die Tafel sucht jemanden, ich weiß nicht, ob ich das neben dem Job schaffe.",
        "Wegen der Tafel: meine Kollegin meint, ich soll es machen.",
    ]
    assert space_name(words=["Tafel"], texts=texts) == "Tafel"


def test_a_name_without_a_dominant_area_keeps_its_word():
    texts = [
        "Bruno hat die Tür angeknabbert, zwei Stunden allein und er dreht durch.",
        "Mit Bruno war ich heute in der Hundeschule, er war ganz ruhig.",
        "Bruno schläft jetzt neben meinem Schreibtisch im Workshop.",
    ]
    assert space_name(words=["Bruno"], texts=texts) == "Bruno"


def test_a_word_beginning_like_an_area_word_is_not_that_area():
    texts = [
        "Callum helped me clear the workshop at the weekend.",
        "Callum and I sanded the bookshelf in the workshop.",
        "Callum says the workshop finally smells of wood.",
    ]
    assert space_name(words=["Callum"], texts=texts) == "Callum"


def test_a_person_named_with_a_title_names_the_area_not_the_space():
    texts = [
        "Ich war mit Papa bei Dr. Yilmaz, sie hat mit ihm über das Fahren geredet.",
        "Dr. Yilmaz hat meinen Vater an die Gedächtnisambulanz überwiesen.",
        "Papa will nicht zu Dr. Yilmaz, er sagt, ihm fehlt nichts.",
    ]
    assert space_name(words=["Dr. Yilmaz"], texts=texts) == "Familie"
    assert space_name(words=["Dr. Yilmaz", "Ambulanz"], texts=texts[1:2]) == "Ambulanz"


def test_a_titled_person_alone_without_an_area_names_no_space():
    texts = [
        "Prof. Lindqvist lent me her book about Japanese gardens.",
        "Prof. Lindqvist says the book is out of print now.",
    ]
    assert space_name(words=["Prof. Lindqvist"], texts=texts) is None


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_a_titled_person_alone_names_the_area_their_turns_mean():
    texts = [
        "Dr. Huang wants another blood test before she changes the dose.",
        "The blood results are back, Dr. Huang will call on Monday.",
    ]
    assert space_name(words=["Dr. Huang"], texts=texts) == "Health"


def test_the_owners_partner_is_family():
    assert space_name(words=["Sophie"], texts=["Sophie, my wife, is back at work."]) == "Family"
    assert space_name(words=["Sophie"], texts=["My husband Tom cooked."]) == "Family"
    german = ["Meine Ehefrau Jana hat heute Geburtstag.", "Jana und ich waren essen."]
    assert space_name(words=["Jana"], texts=german) == "Familie"
    partner = ["Mein Partner Jonas zieht zu mir.", "Jonas hat den Schlüssel."]
    assert space_name(words=["Jonas"], texts=partner) == "Familie"


@pytest.mark.django_db(databases=BOTH_DATABASES)
@pytest.mark.parametrize(
    ("word", "texts", "name"),
    [
        (
            "Enugu",
            [
                "The funeral will be in Enugu, I fly out on Thursday with my wife.",
                "Everyone is gathering in Enugu, he was ninety-one.",
                "Back from Enugu, the burial was beautiful and so sad.",
            ],
            "Family",
        ),
        (
            "Rostock",
            [
                "Ich fahr am Wochenende nach Rostock, sie wird immer vergesslicher.",
                "In Rostock hat sie wieder den Herd angelassen, ich mache mir Sorgen.",
                "Zurück aus Rostock, wir suchen jetzt einen Platz im Pflegeheim für sie.",
            ],
            "Familie",
        ),
    ],
)
def test_a_place_standing_for_a_part_of_life_is_named_by_its_meaning(word, texts, name):
    assert space_name(words=[word], texts=texts) == name


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_a_persons_own_matters_keep_the_persons_name():
    texts = [
        "Nils told me he's quitting his apprenticeship at the garage.",
        "Nils got taken on at a bike shop, he seems happier.",
        "Nils is starting the mechanic certificate in May.",
    ]
    assert space_name(words=["Nils"], texts=texts) == "Nils"
    assert topic_area(words=["Nils"], texts=texts) is None


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_a_topic_without_area_words_is_placed_by_meaning_across_its_turns():
    german = [
        "Die Übergabe hat heute ewig gedauert, zwei neue Patienten auf Station.",
        "Wieder drei Nächte hintereinander eingeteilt, die Schicht war unterbesetzt.",
        "Die Stationsleitung hat den Plan für Dezember rausgegeben.",
    ]
    assert topic_area(words=["Übergabe"], texts=german) == "Beruf"
    english = [
        "We viewed the flat near the park, the landlord wants the deposit by Friday.",
        "The moving boxes are still all over the hallway.",
        "The boiler in the new flat broke down on the first night.",
    ]
    assert topic_area(words=["boxes"], texts=english) == "Home"


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_one_turn_of_an_area_places_no_topic():
    texts = [
        "The blood results are back, they're raising the dose.",
        "We watched the new film at the cinema on Friday.",
        "The cinema has those big seats now, the film was long.",
    ]
    assert topic_area(words=["film"], texts=texts) is None


@pytest.mark.parametrize(
    ("word", "texts", "name"),
    [
        (
            "Dienst",
            [
                "Nach dem Nachtdienst kann ich nie schlafen, heute schon gar nicht.",
                "Drei Spätdienste hintereinander, und dann noch einer am Sonntag.",
                "Der Dienst heute war ruhig, endlich mal.",
            ],
            "Beruf",
        ),
        (
            "shifts",
            [
                "Four night shifts in a row and I'm done.",
                "The rota changed again, now I've got the early shift on Sunday.",
                "Swapped a shift with Dev so I can go to the wedding.",
            ],
            "Work",
        ),
    ],
)
def test_a_shift_said_inside_a_compound_names_work(word, texts, name):
    assert space_name(words=[word], texts=texts) == name


def test_a_weekday_opening_like_a_shift_names_no_work():
    texts = [
        "Am Dienstag bin ich mit Nora im Kino gewesen, der Film war albern.",
        "Dienstags koche ich mit Nora, das ist unser Abend.",
        "Nora hat am Dienstag wieder Lasagne gemacht.",
    ]
    assert space_name(words=["Nora"], texts=texts) == "Nora"


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_an_illness_beside_a_persons_name_is_theirs():
    german = [
        "Heute war ich mit Gesa im Krankenhaus, der Befund kommt nächste Woche.",
        "Gesa ist aus der OP, der Arzt sagt, es ist gut gelaufen.",
        "Die Chemo macht Gesa ganz schön fertig, ich fahr sie jeden Donnerstag ins Krankenhaus.",
    ]
    assert space_name(words=["Krankenhaus", "Gesa"], texts=german) == "Gesa"
    assert topic_area(words=["Krankenhaus", "Gesa"], texts=german) is None
    english = [
        "Took Niamh to the hospital for her scan, the diagnosis comes on Friday.",
        "Niamh starts the therapy next week, the doctor seems hopeful.",
        "Sat with Niamh in the clinic all afternoon during her therapy.",
    ]
    assert space_name(words=["hospital", "Niamh"], texts=english) == "Niamh"


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_the_owners_own_illness_stays_health():
    german = [
        "Der Arzt hat die Schilddrüse geschallt, die Diagnose kommt nächste Woche.",
        "Die neuen Tabletten vertrage ich besser, die Schmerzen sind weg.",
        "Beim Arzt heute: die Werte sind endlich normal.",
    ]
    assert space_name(words=["Arzt", "Tabletten"], texts=german) == "Gesundheit"
    assert topic_area(words=["Arzt", "Tabletten"], texts=german) == "Gesundheit"


def test_a_parent_called_as_one_calls_them_at_home_is_family():
    # "Vati", "mam", "nan": how a parent or grandparent is spoken of, read as a name
    german = [
        "Vati war heute beim Augenarzt, ich hab ihn hingefahren und im Auto gewartet.",
        "Die Pflegerin sagt, Vati isst zu wenig, die Küche bleibt kalt.",
        "Wir überlegen, ob Vati zu uns in die Einliegerwohnung kommt.",
    ]
    assert topic_area(words=["Vati", "Pflegerin"], texts=german) == "Familie"
    english = [
        "Took my nan to the garden centre, she bought three more geraniums.",
        "Nan rang twice about the bins, she forgets which day it is.",
        "Sunday roast at nan's, the whole lot of us round the table.",
    ]
    assert space_name(words=["nan"], texts=english) == "Family"


def test_a_kin_word_that_is_also_a_word_for_anyone_needs_more_than_itself():
    # "Frau Albers" is the piano teacher, not a wife
    lessons = [
        "Klavierstunde bei Frau Albers, die Etüde sitzt noch nicht.",
        "Frau Albers will, dass ich beim Vorspiel die Sonatine spiele.",
    ]
    assert space_name(words=["Frau Albers", "Etüde"], texts=lessons) != "Familie"
