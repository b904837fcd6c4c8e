"""A thing the speaker asks to be left out is one they dislike: "bitte nix mit Blasmusik",
"aber bloß kein Rosenkohl", "pls no more rom-com recs", "Musicals bitte nicht". Without the
request's word a "no" says what the speaker has, not what they like ("no car, no garden")."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


def _dislikes(text):
    return {o for s, p, o in asserted_triples(text) if s == ME and p == "dislikes"}


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        (
            "such mir ein lokal raus, aber bitte nix mit blasmusik, davon krieg ich kopfweh",
            "blasmusik",
        ),
        ("gern was mit gemüse, bloß kein rosenkohl", "rosenkohl"),
        ("hauptsache keine musicals, alles andere geht", "musicals"),
        ("any film is fine, pls no more rom-com recs, i've seen them all", "rom-com"),
        ("a curry for tonight? please nothing with coconut, can't stand it", "coconut"),
        ("thriller gern, horror bitte nicht, da schlaf ich nicht", "horror"),
    ],
)
def test_a_thing_left_out_of_a_request_is_disliked(text, thing):
    assert _dislikes(text) == {thing}


@pytest.mark.parametrize(
    "text",
    [
        "no car, no garden, just a tiny flat",
        "bitte keine eile, wann immer es passt",
        "please no rush on this",
        "heute bitte nicht, ich bin zu müde",
        "bitte kein stress, das hat zeit",
        # what the conversation should leave out, not a taste
        "bitte keine grilltipps mehr, ich hab schon alles",
        "pls no more recipe ideas, i'm good",
        "bitte keinen flachwitz heute",
        # an allergy said with it is read as one
        "haselnüsse bitte nicht, da bin ich allergisch",
    ],
)
def test_a_no_without_a_thing_to_dislike_says_no_taste(text):
    assert not _dislikes(text)
