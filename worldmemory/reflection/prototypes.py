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


@lru_cache(maxsize=8)
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
