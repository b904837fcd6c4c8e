"""What a turn says about the owner's own thinking, read from lemmas, German and English:
that something was felt or learned (an insight, a regret), that a matter is settled, or
that a question is still open for them.

The word lists in ``language`` match surface forms; people bend verbs and say the same
thing many ways ("hab mich entschieden", "entschied", "wir entscheiden uns"; "sorted it
out", "it's sorted"). Here each sentence is turned into its lemmas by HanTa (the curator's
tagger, per word and cached) and the markers are phrases over those lemmas, so one entry
covers every form of a verb. Which language a sentence is in is read from its function
words; a sentence that is neither is read as both.
"""

from __future__ import annotations

import re
from functools import lru_cache

from curator.language.tagging import lemma, part_of_speech
from worldmemory.bilingual import language
from worldmemory.refs import normalize_alias

WORD = re.compile(r"[\w][\w-]*", re.UNICODE)
# English contractions spelled out, so that "haven't" reads as "have not"
CONTRACTIONS = (
    (re.compile(r"\b(can)['’]t\b", re.I), r"\1 not"),
    (re.compile(r"\bwon['’]t\b", re.I), "will not"),
    (re.compile(r"n['’]t\b", re.I), " not"),
    (re.compile(r"['’]ve\b", re.I), " have"),
    (re.compile(r"['’]re\b", re.I), " are"),
    (re.compile(r"['’]m\b", re.I), " am"),
    (re.compile(r"['’]ll\b", re.I), " will"),
    (re.compile(r"['’]d\b", re.I), " would"),
    (re.compile(r"['’]s\b", re.I), ""),
)


def _phrases(*patterns: str) -> re.Pattern[str]:
    return re.compile(r"(?:^| )(?:" + "|".join(patterns) + r")(?= |$)")


# Something felt, judged or understood about a moment: a feeling word, a realisation, a
# regret, a lesson. Lemmas, folded (no umlauts).
FELT = {
    "de": _phrases(
        r"hilflos",
        r"erschopft",
        r"heulen",
        r"weinen",
        r"zittern",
        r"erschrecken",
        r"schreck",
        r"herz",
        r"bedeuten",
        r"freuen",
        r"genießen|geniessen",
        r"beruhren|ruhren",
        r"stolz",
        r"gluck\w*",
        r"angst",
        r"panik",
        r"(klar|bewusst) werden",
        r"nachhinein|ruckblickend",
        r"lernen|lehre|einsicht",
        r"bereuen",
        r"naiv",
        r"zum erst mal|zum ersten mal|erstmals",
        r"gefuhl",
        r"ankommen",
        r"nie vergessen|vergessen ich nie",
        # the body answering before the words do: a swallow, tears, a lump in the throat
        r"schlucken",
        r"trane|tranen",
        r"kloß im hals|kloss im hals",
        r"ganseh\w*",
        # the owner laughing or ashamed ("ich hab so viel gelacht"); someone else's
        # laugh ("Anke lacht schon über mich") is theirs
        r"ich( \w+){0,5} (lachen|mitlachen|schamen)",
        r"erleichtert|erleichterung",
    ),
    "en": _phrases(
        r"scared|terrified|frightened",
        r"cry|tear up",
        r"love|loved",
        r"hate",
        r"brilliant|ridiculous|lovely|wonderful|awful|terrible|horrible",
        r"beautiful|fantastic|incredible|unforgettable|magical",
        # a plain judgement made strong ("went really well", "so good")
        r"(?:so|really|super|incredibly|absolutely) (?:good|well|nice|great|fun|bad|hard)",
        r"proud|relieved|relieve|nervous|embarrassed|embarrass|exhausted|shaken|gutted",
        r"heartbroken|heart",
        r"remember|forget|carry \w+ with me",
        r"laugh",
        r"drench|drenched|soak|soaked",
        r"look back|looking back|in hindsight",
        r"realise|realize|dawn on",
        r"lesson|learn|learned|learnt|take away|taken away",
        r"kick myself|kicking myself|regret|should have",
        r"first time|first proper|for the first",
        r"choke up|choked up|lump in my throat|well up|welling up|in tears|goosebumps",
        r"\w+iest",  # a superlative the tagger may miss ("the scariest moment")
        r"chuffed|thrilled|delighted|buzzing|over the moon|grin|grinning",
        r"shake|shaking|shaky",
    ),
}

# German adjectives that judge a moment by themselves, the counterpart of the English
# "lovely|wonderful|awful" above (lemmas, with umlauts: the tagger reads them unfolded)
JUDGING_DE = frozenset(
    [
        "schön",
        "toll",
        "wunderbar",
        "wundervoll",
        "großartig",
        "herrlich",
        "traumhaft",
        "genial",
        "unvergesslich",
        "furchtbar",
        "schrecklich",
        "fürchterlich",
        "entsetzlich",
        "grauenhaft",
        "traurig",
        "peinlich",
    ]
)
# plain judgements that say something only when made strong ("richtig gut", not "gut, dann")
PLAIN_JUDGEMENTS_DE = frozenset(["gut", "schlecht", "mies", "cool", "krass", "anstrengend"])
INTENSIFIERS_DE = frozenset(
    [
        "so",
        "richtig",
        "echt",
        "total",
        "super",
        "voll",
        "mega",
        "wirklich",
        "sehr",
        "unglaublich",
        "wahnsinnig",
    ]
)

# A matter settled: impersonal (the matter itself is done) or the owner's own decision.
SETTLED = {
    "de": _phrases(
        r"sich erledigen",
        r"erledigt",
        r"vom tisch|von der tisch",
        r"(sich )?losen|gelost",
        r"klaren|geklart",
    ),
    "en": _phrases(
        r"settle|settled",
        r"sort out|sort \w+ out|sorted",
        r"resolve|resolved",
        r"case closed",
        r"figure out|figure \w+ out",
    ),
}
DECIDED_BY_ME = {
    "de": _phrases(
        r"(sich )?entscheiden",
        r"beschließen|beschliessen",
        r"zusagen|absagen",
        r"festlegen",
        # a booking settles what is to come ("Urlaub gebucht"); it is no moment lived
        r"gebucht",
    ),
    "en": _phrases(
        r"decided|made a decision|made the decision",
        r"booked",
        r"make the call|make a call|made the call|made a call",
        r"go with|going with|opt for",
        r"say yes|say no|commit to",
    ),
}
# a decision still to take: the verb as an infinitive after "zu" or a modal ("bis zum Herbst
# zu entscheiden", "das müssen wir noch entscheiden", "I still have to make the call", "I'll
# decide on Friday"); a decision taken is a participle or a past ("entschieden", "decided")
DECISION_AHEAD = re.compile(
    r"\b(?:zu|muss|musst|müssen|muesst|soll|sollen|sollte|will|wollen|möchte|werde|werden|"
    r"wird|kann|können)\b(?:\s+\w+){0,6}?\s+(?:entscheiden|beschließen|beschliessen|festlegen)\b"
    r"|\b(?:to|will|'ll|must|gotta|still)\s+(?:\w+\s+){0,2}?(?:decide|make the call|make a call"
    r"|make a decision|make the decision|commit)\b",
    re.IGNORECASE,
)
# a decision taken beside one that was hard to take ("took me weeks to decide, but I've
# decided", "I decided to commit to the Berlin job")
DECISION_TAKEN = re.compile(
    r"\b(?:decided|made (?:the|a) (?:call|decision)|entschieden|beschlossen|festgelegt)\b",
    re.IGNORECASE,
)
# a sentence whose subject is someone else's ("Mum decided", "sie hat zugesagt") decides
# nothing of the owner's; a sentence opening with its verb ("Made the call") is the owner's
OWN_SUBJECT = {
    "de": _phrases(r"ich", r"wir", r"hab|habe|haben ich"),
    "en": _phrases(r"i", r"we"),
}

# Still open for the owner: not knowing, doubting, weighing, wondering.
UNRESOLVED = {
    "de": _phrases(
        r"wissen( \w+){0,3} (nicht|kein)( \w+){0,2} (ob|wie|was|wann|wo|welch\w*)",
        r"wissen (ich|wir) (\w+ )?(noch )?nicht",
        r"kein ahnung( \w+)? (ob|wie|was|wann|wo)",
        r"zweifeln( \w+){0,2} ob",
        r"hin und herreißen|hin und herreissen|herreißen|herreissen|hergerissen",
        r"unschlussig|unentschlossen",
        r"unsicher( \w+)?,? ob",
        r"ich frag\w* mich|frag\w* ich mich",
        r"uberlegen( \w+){0,3} ob",
        r"noch nicht (entscheiden|klar)",
        r"umtreiben",
        r"lassen ich nicht los|lasst mich nicht los",
    ),
    "en": _phrases(
        r"not sure|unsure",
        r"no idea (whether|if|how|what|when|where)",
        r"do not know (whether|if|how|what|when|where)",
        r"can not (decide|make up my mind)|cannot (decide|make up my mind)",
        # "still torn", "torn between them"; "a torn nail", "the strap is torn" is a tear
        r"(?<!a )(?<!the )(?<!my )(?<!his )(?<!her )(?<!its )(?<!their )(?<!your )"
        r"(?<!is )(?<!was )(?<!got )(?<!been )torn",
        r"have not (work|figure) out",
        r"wonder (whether|if|what|how)",
        r"consider (whether|if|\w+ing)|considering (whether|if|\w+ing)",
        r"back and forth",
        r"undecided|on the fence",
    ),
}
# a question the owner puts to themself: only they can answer it
SELF_DELIBERATION = {
    "de": _phrases(r"soll(en)? ich", r"will ich", r"wollen ich", r"mache ich|machen ich"),
    "en": _phrases(r"should i", r"shall i", r"am i", r"do i", r"is that really|is it really"),
}


def _spelled_out(text: str) -> str:
    for pattern, replacement in CONTRACTIONS:
        text = pattern.sub(replacement, text)
    return text


@lru_cache(maxsize=4096)
def lemma_line(text: str, lang: str) -> str:
    """The sentence as its folded lemmas, space-separated ("hat sich erledigt" →
    "haben sich erledigen"); the folded surface words stay beside them so that a phrase
    the tagger does not know ("vom Tisch") still reads."""
    words = WORD.findall(_spelled_out(text) if lang == "en" else text)
    lemmas = [normalize_alias(lemma(w, lang=lang)) for w in words]
    return " ".join(lemmas)


def surface_line(text: str, lang: str) -> str:
    words = WORD.findall(_spelled_out(text) if lang == "en" else text)
    return " ".join(normalize_alias(w) for w in words)


def languages_of(text: str) -> tuple[str, ...]:
    found = language(text)
    return (found,) if found else ("de", "en")


def _reads(table: dict[str, re.Pattern[str]], text: str, langs: tuple[str, ...] | None) -> bool:
    for lang in langs or languages_of(text):
        pattern = table[lang]
        if pattern.search(lemma_line(text, lang)) or pattern.search(surface_line(text, lang)):
            return True
    return False


def _judged_de(text: str) -> bool:
    """A German judgement of the moment: an adjective that judges ("so schön", "ein toller
    Abend"), or a plain one made strong ("richtig gut", "echt mies"). Read by the tagger,
    since folded "schön" is "schon" and only the part of speech tells them apart."""
    words = WORD.findall(text)
    for before, word in zip(["", *words], words, strict=False):
        if not part_of_speech(word, lang="de").startswith("ADJ"):
            continue
        judged = lemma(word, lang="de").lower()
        if judged in JUDGING_DE or (
            before.lower() in INTENSIFIERS_DE and judged in PLAIN_JUDGEMENTS_DE
        ):
            return True
    return False


def felt(text: str, *, langs: tuple[str, ...] | None = None) -> bool:
    """A feeling, a realisation, a regret or a lesson in the text."""
    if _reads(FELT, text, langs):
        return True
    langs = langs or languages_of(text)
    if "de" in langs and _judged_de(text):
        return True
    # an English superlative judges the moment ("the scariest moment")
    return "en" in langs and any(part_of_speech(w, lang="en") == "AJS" for w in WORD.findall(text))


def unresolved(text: str, *, langs: tuple[str, ...] | None = None) -> bool:
    """The owner says a matter is still open for them ("weiß ich noch nicht", "torn")."""
    return _reads(UNRESOLVED, text, langs)


def self_deliberation(text: str, *, langs: tuple[str, ...] | None = None) -> bool:
    """A question only the owner can answer ("Soll ich …?", "Am I ready …?")."""
    return _reads(SELF_DELIBERATION, text, langs)


def settles(sentence: str, *, langs: tuple[str, ...] | None = None) -> bool:
    """The sentence says a matter is settled: done by itself ("hat sich erledigt",
    "that's settled") or decided by the owner ("I've decided", "Made the call") — not by
    someone else ("Mum's decided")."""
    langs = langs or languages_of(sentence)
    if _reads(UNRESOLVED, sentence, langs):
        return False  # "can't make up my mind", "noch nicht entschieden"
    if _reads(SETTLED, sentence, langs):
        return True
    return decided_by_owner(sentence, langs=langs)


def decided_by_owner(sentence: str, *, langs: tuple[str, ...] | None = None) -> bool:
    """The owner says they decided ("Ich hab mich entschieden", "Made the call"), not that
    a matter settled itself ("hat sich erledigt") nor that someone else decided."""
    langs = langs or languages_of(sentence)
    if _reads(UNRESOLVED, sentence, langs) or not _reads(DECIDED_BY_ME, sentence, langs):
        return False
    if DECISION_AHEAD.search(sentence) and not DECISION_TAKEN.search(sentence):
        return False
    for lang in langs:
        line = surface_line(sentence, lang)
        if OWN_SUBJECT[lang].search(line):
            return True
        first = WORD.findall(sentence)[:1]
        # "Made the call on the knee": a sentence opening with a finite verb has the
        # speaker as its dropped subject
        if first and part_of_speech(first[0], lang=lang).startswith(("VV", "VA", "VM")):
            return True
    return False
