"""Reflection spaces named after the life area their topic belongs to."""

from __future__ import annotations

from worldmemory.reflection.life_areas import space_name


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
        "Dr. Huang wants another blood test before she changes the dose.",
        "The blood results are back, Dr. Huang will call on Monday.",
    ]
    assert space_name(words=["Dr. Huang"], texts=texts) is None
