"""Kinds of turns read by meaning: a handful of prototype sentences per kind and language,
and the embedding model's nearness to them.

Word lists catch the phrasings someone thought of; a person asks "Was mach ich denn, wenn
sie wirklich gehen?" or "How do I tell him?" in words no list holds. The multilingual
embedding model places a sentence near the prototypes of its kind whatever its wording,
so a kind is told by which set of prototypes a sentence is nearest to. Without an
embedding model nothing is read here and the callers keep to their word lists.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

# A question only the owner can settle: a decision, a doubt about themself, how to face
# someone. No reply of facts answers it.
DELIBERATION = (
    "Soll ich das wirklich machen?",
    "Was mache ich, wenn es schiefgeht?",
    "Wie sage ich es ihr am besten?",
    "Bin ich dafür überhaupt bereit?",
    "Ist das wirklich die richtige Entscheidung für uns?",
    "Will ich das eigentlich?",
    "Should I really do this?",
    "What do I do if it goes wrong?",
    "How do I tell him?",
    "Am I ready for this?",
    "Is it really the right decision for us?",
    "Do I actually want this?",
)
# A question asking for a fact the assistant can give.
INFORMATION = (
    "Wie lange dauert das normalerweise?",
    "Wann ist der Termin?",
    "Wie viel kostet das ungefähr?",
    "Brauche ich dafür eine Genehmigung?",
    "How long does it usually take?",
    "When is the deadline?",
    "How much does it cost?",
    "Do I need a permit for that?",
)
# A moment judged or felt, in the owner's words: "ich war total baff", "das tat gut", "it
# was nice to just be there" carry a feeling no word list holds.
FELT = (
    "Ich war so glücklich.",
    "Das hat mich total umgehauen.",
    "Ich war echt gerührt.",
    "Mir standen die Tränen in den Augen.",
    "Ich hab mich so geschämt.",
    "Das war einfach wunderschön.",
    "Ich war richtig stolz auf mich.",
    "Es tat so gut.",
    "Ich war furchtbar nervös.",
    "Das hat mich sehr traurig gemacht.",
    "I was so happy.",
    "It completely floored me.",
    "I was really moved.",
    "I had tears in my eyes.",
    "I was so embarrassed.",
    "It was just beautiful.",
    "I felt really proud of myself.",
    "It felt so good.",
    "I was terribly nervous.",
    "It made me really sad.",
)
# What happened or what is next, told plainly, and the short replies of a chat: near the
# feelings in length and tone, far in what they say.
PLAIN = (
    "Ich war um drei beim Zahnarzt.",
    "Wir haben die Wohnung am Montag angeschaut.",
    "Der Zug hatte zehn Minuten Verspätung.",
    "Ich hab die Unterlagen abgeschickt.",
    "Wir waren am Samstag einkaufen.",
    "Das Meeting ging bis sechs.",
    "Ich weiß es noch nicht.",
    "Ja, genau, mach ich.",
    "Ok, danke.",
    "Das klingt vernünftig.",
    "I was at the dentist at three.",
    "We looked at the flat on Monday.",
    "The train was ten minutes late.",
    "I sent the forms off.",
    "We went shopping on Saturday.",
    "The meeting ran until six.",
    "I don't know yet.",
    "Yeah, will do.",
    "Ok, thanks.",
    "That sounds sensible.",
)
# A pursuit of the owner's own: a hobby, a sport, a course, something learned, done again
# and again for its own sake.
PURSUIT = (
    "Donnerstags gehe ich immer zum Training.",
    "Ich singe seit Jahren im Chor.",
    "Ich hab mich für einen Sprachkurs an der Volkshochschule angemeldet.",
    "Heute Abend ist wieder Yoga, darauf freu ich mich die ganze Woche.",
    "Am Wochenende spiele ich Tennis im Verein.",
    "Ich hab mit dem Malen angefangen, das ist mein neues Hobby.",
    "Ich trainiere für einen Halbmarathon.",
    "Mittwochs ist Bandprobe.",
    "Freitags hab ich Schwimmen, das ist mein fester Termin in der Woche.",
    "Samstags hab ich immer noch Handball mit den alten Kumpels.",
    "I go climbing every Thursday.",
    "I've signed up for an evening class in Spanish.",
    "I play football with friends on Sundays.",
    "Choir practice is on Tuesday nights.",
    "I've started learning the guitar, it's my new hobby.",
    "I'm training for a 10k in the spring.",
    "Pottery class tonight, my favourite part of the week.",
    "I spent the afternoon in my workshop building a shelf.",
    "Sundays I've still got hockey with the old crowd from uni.",
)
# The rest of a week: work, appointments, family and care, errands, the home.
CHORES = (
    "Ich hab diese Woche vier Spätdienste.",
    "Morgen hab ich einen Termin beim Arzt.",
    "Am Sonntag fahr ich zu Oma.",
    "Jeden Montag ist Teambesprechung.",
    "Ich muss noch die Steuererklärung machen.",
    "Wir suchen eine neue Wohnung.",
    "Mein Chef will mich befördern.",
    "Lotte ist jedes zweite Wochenende bei mir.",
    "I've got four late shifts this week.",
    "I have a doctor's appointment tomorrow.",
    "I'm visiting my mum on Sunday.",
    "Team meeting every Monday.",
    "I still need to do my tax return.",
    "We're looking for a new flat.",
    "My boss wants to promote me.",
    "The kids are with me every other weekend.",
)
# The parts of a life a space is named after (``life_areas``), said without the area's
# own words: what the owner does or worries about there, not what the part is called.
AREA_FAMILY = (
    "Sie hat gestern angerufen und wir haben lange über früher geredet.",
    "Er ist jetzt drei Monate alt und schläft endlich durch.",
    "Zum Geburtstag kommen alle zu uns, auch die Kleinen.",
    "Die Beerdigung ist am Samstag, ich fliege mit meiner Frau hin.",
    "Sie wird langsam vergesslich, ich mache mir Sorgen um sie.",
    "Wir haben uns wieder gestritten, wer sich um sie kümmert.",
    "She called last night and we talked for hours about the old days.",
    "He's three months old now and finally sleeps through the night.",
    "Everyone's coming over for her birthday, the little ones too.",
    "The funeral is on Saturday, I'm flying out with my wife.",
    "He's getting forgetful, I'm worried about him living alone.",
    "We argued again about who looks after her at the weekend.",
)
AREA_WORK = (
    "Die Schicht war heute wieder total unterbesetzt.",
    "Im Meeting wurde das neue Projekt verteilt.",
    "Ich hab morgen das Gespräch wegen der neuen Stelle.",
    "Die Übergabe hat heute ewig gedauert, drei Patienten neu.",
    "Der Kunde will das Angebot bis Freitag.",
    "Ab Montag fange ich wieder voll an, nach der Elternzeit.",
    "The shift was short-staffed again today.",
    "The new project was handed out in the meeting.",
    "I've got the interview for the new position tomorrow.",
    "Handover took ages today, three new patients.",
    "The client wants the quote by Friday.",
    "I go back full-time on Monday after parental leave.",
)
AREA_HEALTH = (
    "Die Blutwerte sind zurück, die Dosis wird erhöht.",
    "Ich bin seit Wochen so müde, egal wie viel ich schlafe.",
    "Das Knie ist noch geschwollen, ich darf es nicht belasten.",
    "Nächste Woche hab ich den Termin zum Ultraschall.",
    "Die neuen Tabletten vertrage ich besser.",
    "The blood results are back, they're raising the dose.",
    "I've been so tired for weeks, however much I sleep.",
    "The knee is still swollen, I can't put weight on it.",
    "I've got the scan next week.",
    "I'm getting on better with the new tablets.",
)
AREA_HOME = (
    "Wir haben heute die Wohnung in der Südstadt besichtigt.",
    "Der Vermieter will die Kaution erst im März zurückzahlen.",
    "Die Umzugskartons stehen noch überall im Flur.",
    "Die Heizung ist schon wieder kaputt.",
    "We viewed the flat on the south side today.",
    "The landlord won't return the deposit until March.",
    "The moving boxes are still all over the hallway.",
    "The boiler has broken down again.",
)
AREA_MONEY = (
    "Die Rate für den Kredit ist höher als gedacht.",
    "Ich muss diesen Monat echt sparen, das Konto ist fast leer.",
    "Die Steuerrückzahlung ist endlich gekommen.",
    "The mortgage payment is higher than we thought.",
    "I really need to save this month, the account is almost empty.",
    "The tax refund finally came through.",
)
# What belongs to no one area: a trip, a pursuit of the owner's own, an animal, the plain
# chat of a day. A turn nearest to these names no area.
AREA_NONE = (
    (
        "Wir waren eine Woche am Meer, jeden Tag Sonne.",
        "Im Urlaub haben wir eine Bootstour gemacht.",
        "Mit dem Hund war ich heute zwei Stunden im Wald.",
        "Ich hab heute im Garten die Tomaten gepflanzt.",
        "Ich hab ein neues Buch angefangen.",
        "We spent a week by the sea, sunshine every day.",
        "On holiday we took a boat trip round the bay.",
        "I took the dog for a long walk in the woods.",
        "I planted the tomatoes in the garden today.",
        "I've started a new book.",
    )
    + PURSUIT
    + PLAIN
)
AREAS = {
    "family": AREA_FAMILY,
    "work": AREA_WORK,
    "health": AREA_HEALTH,
    "home": AREA_HOME,
    "money": AREA_MONEY,
}
# How much nearer a clause must be to the feelings than to the plain telling: measured on
# invented moments of both languages, a feeling said in a clause of its own ("ich bin so
# froh", "it was nice to just be there") clears it, a plain account of the same moment
# stays below it; lower, the dev dialogues' short replies ("Bin echt durch heute") count
FELT_MARGIN = 0.18
NEAREST = 3  # a kind's nearness: the mean of its three nearest prototypes, not one lucky match


def _embedder():
    from worldmemory.embedding import configured_embedder

    return configured_embedder()


def vectors(texts: list[str]) -> np.ndarray | None:
    """Unit vectors of ``texts``, or ``None`` without an embedding model."""
    embedder = _embedder()
    if embedder is None or not texts:
        return None
    matrix = np.asarray(embedder.embed(texts), dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.where(norms == 0, 1, norms)


@lru_cache(maxsize=16)
def _kind(model: str, sentences: tuple[str, ...]) -> np.ndarray | None:
    # keyed by the model: a swapped embedder must not meet another model's prototypes
    return vectors(list(sentences))


def nearness(vector: np.ndarray, kind: tuple[str, ...]) -> float:
    embedder = _embedder()
    prototypes = _kind(embedder.model, kind) if embedder is not None else None
    if prototypes is None or prototypes.shape[1] != vector.shape[0]:
        return 0.0
    near = np.sort(prototypes @ vector)[-NEAREST:]
    return float(near.mean())


def deliberative(vector: np.ndarray) -> bool:
    """Whether a question is one the owner has to settle rather than a request for facts."""
    return nearness(vector, DELIBERATION) > nearness(vector, INFORMATION)


def felt(vectors_of_clauses: np.ndarray) -> bool:
    """Whether one of these clauses says how a moment felt or how the owner judges it."""
    return any(nearness(v, FELT) - nearness(v, PLAIN) >= FELT_MARGIN for v in vectors_of_clauses)


def pursuit_margin(vector: np.ndarray) -> float:
    """How much nearer a sentence is to the pursuits than to the rest of a week."""
    return nearness(vector, PURSUIT) - nearness(vector, CHORES)


def life_area(vector: np.ndarray) -> str | None:
    """The part of life a sentence is nearest to in meaning (a key of ``AREAS``), or
    ``None`` when a trip, a pursuit, an animal or the plain chat of a day is nearer."""
    near = {area: nearness(vector, sentences) for area, sentences in AREAS.items()}
    best = max(near, key=near.get)
    if near[best] <= nearness(vector, AREA_NONE) or near[best] <= 0:
        return None
    return best
