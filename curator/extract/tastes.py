"""Likes and dislikes said in passing, in the shapes chat gives them beside the plain
"I like"/"ich mag" the reader's preference frames read.

- The speaker's "I" dropped before the verb: "can't stand coriander", "not into horror",
  "kann mit Jazz nix anfangen".
- The thing first, then the speaker's verdict on it: "horror films aren't really my thing",
  "Starbucks is a hard no", "Schlager ist so gar nicht meins", "Kürbis geht bei mir immer".
- The verdict pointing back at a thing just left out: "hold the basil, can't stand the
  stuff", "Kokosmilch bitte weglassen, das ist nicht meins", "ohne Pilze, die krieg ich
  nich runter".
- The favourite named first: "Fargo ist mein Lieblingsfilm", "salmon is my fave".
- What the speaker finds a thing: "Würfelspiele find ich öde", "Sushi find ich lecker".

Each is found as the raw words naming the thing and where they start; whether those words
are a thing at all, and whose taste it is, the reader decides as for its other frames.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from curator.language import rx

# what "find ich …" says of a thing: (predicate, adjectives)
FOUND_SO = (
    ("dislikes", r"öde|langweilig|furchtbar|schrecklich|ätzend|doof|blöd|eklig|ekelhaft|"
                 r"widerlich|grauslich|grässlich|scheiße|scheisse|nervig|überbewertet"),
    ("prefers", r"super|toll|klasse|genial|lecker|großartig|grossartig|mega|geil|top"),
)  # fmt: skip
_DE_DEGREE = r"(?:(?:echt|einfach|gar|überhaupt|so|wirklich|absolut)\s+)*"
_DE_NOT = r"(?:nicht|nich|ned|net|nöd)"
# what a German dislike's verb may close on ("kann ich nicht ausstehen", "… nicht mehr sehen")
_DE_CLOSING = r"(?:\s+mehr)?(?:\s+(?:ausstehen|ausstehn|runter|ab|leiden|riechen|sehen|sehn))?"
# flavours and textures a taste can be too much of
_FLAVOURS_DE = r"(?:bitter|süß|süss|sauer|scharf|salzig|fettig|mächtig|kitschig|herb|trocken)"
_FLAVOURS_EN = r"(?:bitter|sweet|sour|spicy|hot|salty|greasy|rich|cheesy|dry|strong)"
# the thing named before and pointed back to: "die", "das Zeug", and the regional "des", "dat"
_DE_POINTER = r"das\s+zeug|des\s+zeug|dat\s+zeug|die|das|den|dies|des|dat"
# verbs of eating, drinking and bearing, whose denial with a pointer is a dislike (not "die
# hab ich nicht", "die kenn ich nicht": having or knowing says nothing of taste)
_DE_TASTE_VERB = r"kann|krieg|kriege|mag|mog|vertrag|vertrage|ess|esse|trink|trinke"
# a verdict that opens on a pointer to the thing the clause before left out: "ohne Pilze, die
# krieg ich nich runter", "keine Würstchen, die kann ich nicht ausstehen"; or German left
# dislocation with the pointer after the verb: "keine Nüsse, ich mag die einfach nicht"
POINTED_DISLIKE = re.compile(
    rf"(?i)(?:^|[,.;:!?]\s*)(?:und\s+|aber\s+)?(?:(?P<x>{_DE_POINTER})\s+(?:{_DE_TASTE_VERB})\s+"
    rf"(?:ich|i)|(?:ich|i)\s+(?:{_DE_TASTE_VERB})\s+(?P<y>{_DE_POINTER}))\s+"
    rf"{_DE_DEGREE}(?:mehr\s+)?{_DE_NOT}\b{_DE_CLOSING}"
    r"(?=\s*(?:[,.;:!?]|$|[^\w\s]))"
)
# where a clause of its own opens: a speaker's verb there has no subject before it
CLAUSE_OPENING = (
    r"(?:^|[.,;:!?]\s*|\b(?:and|but|also|plus|und|aber|auch)\s+)"
    r"(?:(?:just|really|honestly|seriously|literally|totally|absolutely|tbh|ehrlich gesagt|"
    r"echt|einfach|eh|halt)\s+)*"
)
# a dislike whose verb opens its clause without the "I"
DROPPED_I_DISLIKE = re.compile(
    CLAUSE_OPENING + r"(?i:can't stand|cant stand|cannot stand|can't bear|cant bear|"
    # weary of a thing: "(i'm) sick to death of quinoa", "fed up with podcasts"
    r"(?:(?:i'm|i’m|im|i am)\s+(?:so\s+|really\s+|just\s+|getting\s+)*)?"
    r"(?:(?:sick|tired)\s+(?:to death\s+|and tired\s+)?of|fed up (?:with|of))|"
    r"hate|detest|loathe|not (?:really |a (?:big |huge )?fan of |much of a fan of |that into |"
    r"too into |into )|not a (?:big |huge )?fan of)\s*"
    # "not into town today", "can't do mornings at the moment": a way or a time, no taste
    r"(?!(?i:town|the city|work|today|tomorrow|tonight)\b)(?P<x>[^.,;:!?]+)"
)
# "ich kann mit Jazz nix anfangen", "kann mit Techno echt nichts anfangen"
NOTHING_WITH = re.compile(
    r"(?i)\b(?:ich\s+)?kann\s+(?:ich\s+)?mit\s+(?P<x>[^.,;:!?]+?)\s+(?:echt\s+|gar\s+|"
    r"überhaupt\s+|leider\s+|so\s+)*(?:nix|nichts|nicht viel|wenig|null)\s+anfangen\b"
)
# "i could eat chickpeas every day", "ich könnt jeden Tag Kichererbsen essen": a food or drink
# one would have daily is a liking, though said in the conditional
DAILY_FARE = re.compile(
    r"(?i)\b(?:i\s+)?could\s+(?:(?:literally|honestly|happily|easily|genuinely)\s+)*"
    r"(?:eat|drink|live\s+on|live\s+off)\s+(?P<x>[^.,;:!?]+?)\s+(?:every\s+(?:single\s+)?day|"
    r"for\s+every\s+meal|forever|daily)\b"
    r"|\b(?:(?:ich|ick|i)\s+)?(?:könnt|könnte|tät|würd|würde)\s+(?:(?:ich|ick|i)\s+)?"
    r"(?:(?:echt|wirklich|ehrlich|glatt|locker)\s+)*(?:jeden\s+tag|täglich|dauernd|immer)\s+"
    r"(?P<y>[^.,;:!?]+?)\s+(?:essen|futtern|mampfen|trinken|ässe|esse)\b"
)
# "i'd die for a good lasagne", "für Chatschapuri würd ich sterben", "i'd sell my soul for
# dumplings": what one would give one's life for is a liking, though said in the conditional
# (not a craving of the moment: "i'd die for a coffee right now"; "kill for" mostly craves)
DEVOTED = re.compile(
    r"(?i)\b(?:i'd|i’d|id|i\s+would)\s+(?:(?:literally|honestly|genuinely|happily)\s+)*"
    r"(?:die|sell\s+my\s+soul|walk\s+(?:a\s+mile|miles))\s+for\s+"
    r"(?P<x>[^.,;:!?]+?)(?=\s*(?:[.,;:!?]|$|[^\w\s'’-]|\s(?:tbh|lol|ngl|honestly)\b))"
    r"|\bfür\s+(?P<y>[^.,;:!?]+?)\s+(?:würd|würde|tät|tat|würt)\s+(?:ich|i|ick)\s+"
    r"(?:(?:glatt|echt|sogar|locker)\s+)*(?:sterben|alles\s+geben)\b"
)
NOW = re.compile(r"(?i)\b(?:right now|rn|atm|today|tonight|jetzt|grad|gerade|heute)\b")
# one's own people and what is someone else's ("i'd die for my kids", "für meine Familie",
# "i'd sell my soul for a job like yours") are devotion and envy, no taste
NOT_DEVOTED = re.compile(
    r"(?i)^(?:my|mein\w*|your|dein\w*|his|her|our|unser\w*|sein\w*|ihr\w*)\b"
    r"|\blike\s+(?:yours|hers|his|theirs|that|this)\b"
)
# the praise a devoted thing is said with ("a proper bagel", "nen guten Kaiserschmarrn")
PRAISE = re.compile(
    r"(?i)^(?:(?:a|an|some|good|proper|decent|nice|real|nen|ne|n|einen|eine|ein|guten|gute|"
    r"gutes|ordentlichen|ordentliche|richtigen|richtige)\s+)+"
)
# people one may have a favourite among: no taste
FAVOURITE_PEOPLE_DE = (
    r"(?:mensch|person|kolleg|tante|onkel|cousin|schwester|bruder|nichte|neffe|kind|enkel|"
    r"schüler|lehrer|nachbar|band|sänger|spieler|autor|schauspieler)"
)
FAVOURITE_PEOPLE_EN = (
    r"(?:person|people|human|colleague|coworker|co-worker|aunt|uncle|cousin|sister|brother|"
    r"niece|nephew|child|kid|grandchild|student|teacher|neighbou?r|auntie)\b"
)
# the speaker's verdict after the thing: (predicate, pattern)
VERDICTS = (
    (
        "dislikes",
        r"(?:is|are|was)(?:n't| not)\s+(?:really\s+|exactly\s+|quite\s+)?(?:my thing|my jam|"
        r"my cup of tea|my scene)"
        r"|(?:is|are|'s|’s)\s+(?:a\s+)?(?:hard|big|total|firm)\s+no(?:pe)?\b(?!\s+(?:to|for)\b)"
        r"|(?:is|are|'s|’s)\s+(?:a\s+)?no[- ]go\b"
        r"|doesn't do it for me|don't do it for me|does nothing for me|do nothing for me"
        r"|(?:ist|is|sind)\s+(?:so\s+|echt\s+|einfach\s+|überhaupt\s+|gar\s+)*"
        r"(?:nicht|nich|nix|nichts|kein)\s+(?:so\s+)?(?:meins|mein ding|mein fall|meine welt)"
        r"|(?:ist|is|sind)\s+(?:ein\s+)?(?:absolutes\s+|totales\s+)?no[- ]go\b"
        # German puts the thing first and the verb second: "lakritz hass ich", "ziegenkäse
        # krieg ich nich runter", "roher fisch geht bei mir null"
        rf"|(?:hass|hasse)\s+(?:ich|i)\b"
        rf"|(?:krieg|kriege|bring|bringe)\s+(?:ich|i)\s+{_DE_DEGREE}{_DE_NOT}\s+runter\b"
        rf"|(?:kann|konnt)\s+(?:ich|i)\s+{_DE_DEGREE}{_DE_NOT}\s+(?:ab|ausstehen|ausstehn|leiden)\b"
        # ("Dienstag geht bei mir nicht" is a day that does not suit)
        r"|geht\s+bei\s+mir\s+(?:(?:echt|einfach|gar|absolut)\s+)*null\b"
        # a taste too strong for the speaker: "schwarzer Tee ist mir zu bitter", "milk
        # chocolate is way too sweet for me" (not "der Weg ist mir zu weit": a flavour)
        rf"|(?:ist|is|sind)\s+mir\s+{_DE_DEGREE}(?:viel\s+)?zu\s+{_FLAVOURS_DE}\b"
        rf"|(?:is|are|'s|’s)\s+(?:(?:way|far|just|a\s+bit|a\s+little|much)\s+)*too\s+"
        rf"{_FLAVOURS_EN}\s+for\s+me\b",
    ),
    (
        "prefers",
        r"(?:is|are|'s|’s)\s+(?:totally\s+|so\s+|very\s+|exactly\s+|definitely\s+)?"
        r"(?:my thing|my jam|my go-to|right up my (?:alley|street))"
        r"|(?:ist|is|sind)\s+(?:voll\s+|total\s+|genau\s+|echt\s+|absolut\s+)?(?:mein ding|meins)\b"
        r"|geht\s+bei\s+mir\s+immer\b"
        # "bbq is life", "Kaffee ist Leben": the thing is all one needs (closing its clause)
        r"|(?:is|are|'s|’s|ist|sind)\s+(?:literally\s+|einfach\s+)?(?:life|leben)"
        r"(?=\s*(?:[,.;:!?]|$|[^\w\s]))"
        rf"|(?:lieb|liebe)\s+(?:ich|i)\b(?!\s+{_DE_NOT})"
        # "Fargo is eh mei Lieblingsfilm", "salmon is my fave": the favourite named first
        # (a favourite person, "my favourite colleague", is no taste)
        r"|(?:is|are|ist|sind|'s|’s)\s+(?:(?:eh|ja|halt|echt|so|literally|definitely|def|"
        r"totally|still|immer|noch)\s+)*(?:my|mein|mei|meine)\s+(?:absolute[rs]?\s+|all[- ]time\s+)?"
        rf"(?:lieblings(?!{FAVOURITE_PEOPLE_DE})[\wäöüß-]+|(?:favou?rite|fave|fav)\b"
        rf"(?!\s+{FAVOURITE_PEOPLE_EN}))",
    ),
)
FOUND = re.compile(
    r"(?i)(?:^|[.,;:!?]\s*|\b(?:und|aber|also|ja)\s+)"
    # "den Film find ich super": one thing seen, not a kind of thing liked
    r"(?!(?:der|die|das|den|dem|dieser|diese|dieses|diesen|sowas|es)\b)"
    r"(?P<x>[\wäöüß'’ -]+?)\s+(?P<v>find\s+(?:ich|i)\s+"
    r"(?:(?:echt|so|voll|total|einfach|richtig|mega|ziemlich|halt|eh)\s+)*(?:"
    + "|".join(f"(?P<{predicate}>{words})" for predicate, words in FOUND_SO)
    + r"))(?!\w)"
)
THING_FIRST = re.compile(
    # (an emoji closes a thought as a full stop does: "… wie stall 🤢 walnüsse lieb ich")
    r"(?i)(?:^|[.,;:!?]\s*|[^\w\s.,;:!?'’()-]\s+|\b(?:and|but|und|aber|also|oh|ja|yes)\s+)"
    # "ooh yes salmon is my fave", "honestly pho is …": the thing follows the interjections
    r"(?:(?:oh|ooh|yes|yeah|yep|ja|jo|honestly|ehrlich|tbh|and|und|but|aber|also|eh|well|"
    # ("tea's my thing": the copula leans on the thing)
    r"naja|na|ok|okay)\s+)*(?P<x>[\w'’ -]+?)(?:\s+|(?=['’]s\s))(?P<v>"
    + "|".join(f"(?P<{predicate}>{pattern})" for predicate, pattern in VERDICTS)
    + r")(?!\w)"
)
# "Schlager ist nicht meins", "Lakritz hass ich", "Kürbis geht bei mir immer"
OWN = re.compile(r"(?i)\b(?:my|mein|mei|meine|meins|ich|mir)\b")
# words standing for the thing of the clause before ("the stuff", "das Zeug", "it")
POINTER = re.compile(r"(?i)^(?:the stuff|that stuff|this stuff|das\s+zeug|dies\s+zeug|des\s+zeug|"
                     r"dat\s+zeug|it|that|das|die|der|den|dies|des|dat|them|those|the taste|"
                     r"der geschmack)$")  # fmt: skip
# a thing left out in the clause before a pointing verdict
LEFT_OUT = re.compile(
    r"(?i)(?:\b(?:hold|skip|leave out|no|without|ohne|kein|keine|keinen|nix mit|nichts mit)\s+"
    r"(?:the\s+|any\s+|all\s+)?(?P<x>[\w'’-]+(?:\s+(?!(?:on|for|please|pls|bitte|thanks|thx)\b)[\w'’-]+)?)"
    r"|(?P<y>[\w'’-]+)\s+(?:aber\s+)?(?:bitte\s+)?(?:weglassen|raus|rauslassen|weg)"
    # "Pilze ja, aber Rote Bete bloß nicht": the thing, then its denial
    rf"|(?:^|[,;:]\s*)(?:aber\s+|und\s+)?(?P<z>[\w'’-]+(?:\s+[\w'’-]+)?)\s+(?:bloß|bitte|lieber|"
    rf"bitte\s+bloß)\s+{_DE_NOT})"
    r"(?:\s+(?:on mine|for me|please|pls|bitte|thanks|thx))*\s*[,;:]?\s*$"
)


@dataclass(frozen=True)
class Taste:
    predicate: str  # prefers or dislikes
    start: int  # where the words naming the thing start
    thing: str  # those words, as written
    said: int  # where the verdict is said: whose taste it is is read there
    # "kann mit Jazz nix anfangen": a German clause opening on its verb reads as a question
    # to the segmenter; without a question mark it is the speaker's statement
    verb_first: bool = False
    # "Fargo ist mein Lieblingsfilm", "Schlager ist nicht meins": the possessive in the
    # verdict says whose taste it is, whatever the clause opens with
    own: bool = False
    # "i could eat chickpeas every day": the conditional is the idiom's, not a supposition
    conditional: bool = False


def tastes_said(text: str) -> list[Taste]:
    """The likes and dislikes the shapes above find in one sentence."""
    found: list[Taste] = []
    for m in DROPPED_I_DISLIKE.finditer(text):
        taste = Taste("dislikes", m.start("x"), m.group("x").strip(), m.start("x"))
        found.append(_pointed_back(text, taste, before=m.start()))
    for m in NOTHING_WITH.finditer(text):
        verb_first = not rx.search(r"(?i)\bich\b", m.group(0))
        thing = m.group("x").strip()
        found.append(Taste("dislikes", m.start("x"), thing, m.start("x"), verb_first))
    for m in POINTED_DISLIKE.finditer(text):
        key = "x" if m.group("x") else "y"
        taste = Taste("dislikes", m.start(key), m.group(key), m.start(key), own=True)
        found.append(_pointed_back(text, taste, before=m.start()))
    for m in DAILY_FARE.finditer(text):
        key = "x" if m.group("x") else "y"
        taste = Taste("prefers", m.start(key), m.group(key), m.start(key), conditional=True)
        found.append(taste)
    for m in DEVOTED.finditer(text):
        key = "x" if m.group("x") else "y"
        if NOW.search(text, m.start()) or NOT_DEVOTED.search(m.group(key)):
            continue
        praise = PRAISE.match(m.group(key))
        start = m.start(key) + (praise.end() if praise else 0)
        found.append(Taste("prefers", start, text[start : m.end(key)], start, conditional=True))
    for m in FOUND.finditer(text):
        predicate = "dislikes" if m.group("dislikes") else "prefers"
        found.append(Taste(predicate, m.start("x"), m.group("x").strip(), m.start("v"), own=True))
    for m in THING_FIRST.finditer(text):
        predicate = "dislikes" if m.group("dislikes") else "prefers"
        own = bool(OWN.search(m.group("v")))
        thing, start = m.group("x").strip(), m.start("x")
        if rx.search(r"(?i)\b(?:ich|i)\b", m.group("v")):
            # "schmeckt wie lakritz und lakritz hass ich": the German verb second follows
            # right after its thing, which opens the last clause joined on
            last = list(rx.finditer(r"(?i)\s(?:und|aber|auch)\s+", m.group("x")))
            if last:
                thing, start = m.group("x")[last[-1].end() :].strip(), start + last[-1].end()
        if POINTER.match(thing) and rx.search(r"(?i)(?:life|leben)$", m.group("v")):
            continue  # "that's life", "so ist das Leben": resignation, no taste
        taste = Taste(predicate, start, thing, m.start("v"), own=own)
        found.append(_pointed_back(text, taste, before=m.start()))
    return found


def _pointed_back(text: str, taste: Taste, *, before: int) -> Taste:
    """A verdict on "the stuff" / "das" is on the thing the clause before it (ending at
    ``before``) left out."""
    if not POINTER.match(taste.thing):
        return taste
    # the nearest clause before that leaves something out: "keine Nüsse, nicht weil ich
    # allergisch bin, ich mag die einfach nicht" points past the reason between
    cuts = [before, *(m.start() for m in reversed(list(rx.finditer(r"[,;:]", text[:before]))))]
    left_out = next((m for cut in cuts if (m := LEFT_OUT.search(text[:cut]))), None)
    if left_out is None:
        return dataclasses.replace(taste, thing="")
    key = next(k for k in ("x", "y", "z") if left_out.group(k))
    return dataclasses.replace(taste, start=left_out.start(key), thing=left_out.group(key))
