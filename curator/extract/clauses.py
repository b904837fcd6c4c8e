"""Which parts of a sentence state something: segments and their mood.

A sentence is cut into segments at commas, dashes, colons, brackets and contrastive
conjunctions. A segment states nothing to remember when it is a question, a hypothetical
("wenn/falls/if/would"), negated ("kein", "nicht", "don't"), reported ("people keep assuming
…"), about the past ("vorher war ich …") or sarcastic; a conditional or sarcastic opening
silences the whole sentence. Constructions look up the segment their value sits in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.extract.provisos import without_proviso
from curator.language import rx
from curator.language.sentences import EMOJI_CHARS

CUT = re.compile(
    # a colon between digits is a clock time ("um 5:30 auf"), not a cut; chat's emoji end a
    # clause as a comma would ("da is nix mit frühstück 😅 und … wegen meiner latexallergie")
    r"\s*(?:[,;()\[\]]|(?<!\d):|:(?!\d)|\s[–—-]\s|\.\.\.|…|[" + EMOJI_CHARS + r"]+)\s*"
    r"|\s+(?=(?:aber|but|sondern|doch|wenn|falls|if|ob|whether|when|weil|because|cos|coz|cuz)\b)"
    # what was before, run on without a comma ("ich mach das seit 2019 vorher war ich …")
    r"|\s+(?=(?:vorher|davor|früher)\s+(?:war|hab|habe|hatte)\b)"
    # a consequence with a subject of its own ("i don't have a car so i walk to work every
    # day", "… at 5am so i'd get fresh stock"): its negation, supposition and time are its own;
    # not the "so" that opens what is said ("ok so i need help …")
    r"|(?<!\bok)(?<!\bokay)(?<!\bright)(?<!\bwell)(?<!\boh)(?<!\band)(?<!\bhey)"
    r"(?<!\bhi)(?<!\bum)(?<!\byeah)\s+(?=so\s+(?:i|i['’]m|im|i['’]ve|i['’]d|we|we['’]re|he|she|they)\s)"
)

NEGATORS = re.compile(
    r"(?i)\b(nicht|kein|keine|keinen|keinem|keiner|keines|keins|nie|niemals|nimmer|nö|weder|not|no|never|"
    r"none|nobody|nothing|neither|nor|don't|dont|doesn't|doesnt|didn't|didnt|isn't|isnt|"
    r"aren't|wasn't|won't|can't|cannot|haven't|hasn't|nein|nichts|nix|niemand|"
    # chat and dialect: "nich", Bavarian "ned", "koa horror", "koane zeit"; Alemannic "kei"
    # ("nimm i kei meh")
    r"nich|ned|koa|koan|koane|koana|kei)\b"
    # "bin ja nich umsonst Nachtportier", "not for nothing": a double negation affirms
    r"(?!\s+(?:umsonst|ohne\s+grund|for\s+nothing|without\s+reason)\b)|n't\b"
)
REPLY_PARTICLE = re.compile(
    r"(?i)^\W*(?:(?:lol|haha\w*|ach|oh|well|naja|na|ne|also)\W+)*(?:no|nope|nah|nee|nö|nein)\b"
    r"[\s,!.]*(?=(?:i|i'm|im|i've|ich|bin|we|we're|wir|my|mein\w*)\b)"
)
HYPOTHETICAL = re.compile(
    r"(?i)\b(wenn|falls|angenommen|würde|würdest|würden|wäre|wären|hätte|hätten|könnte|"
    r"könnten|sollte|if|suppose|supposing|imagine|would|wouldn't|could|might|what if|"
    r"whether|ob|i'd|we'd|gedankenspiel|hypothetically|theoretisch|theoretically|"
    # "asking in case i go vegan", "für den Fall, dass ich umziehe"
    r"in case|just in case|für den fall|im fall|"
    # "ick könnt jeden tag …": spoken German drops the final -e of "könnte" (Swiss "chönnt");
    # not of "würd", "hätt", "wär", whose polite use states facts ("garten hätt ich ja genug
    # hier in Bad Tölz", "ich wär eher für asiatisch"); "say i moved to …" supposes in English
    r"könnt|chönnt|(?:let'?s\s+)?say\s+(?:i|we)(?=\s+\w+ed\b))\b"
)
# a guess about oneself ("maybe I'm lactose intolerant", "hab vielleicht ne Allergie"); not
# an estimate of how much or how often ("maybe once a month", "vielleicht zweimal die Woche")
HEDGED = re.compile(
    r"(?i)\b(?:maybe|perhaps|possibly|vielleicht|vllt|eventuell|möglicherweise)\b"
    # ("maybe one day we buy a house" hopes: no estimate)
    r"(?!\s+(?:\d|once|twice|one(?!\s+day)|two|three|four|five|a few|a couple|a bit|a little|like|"
    r"around|about|ein|eine|einmal|zwei|zweimal|drei|dreimal|vier|fünf|so|ca|etwa|"
    r"ungefähr|\w+mal)\b)"
)
QUESTION_START = re.compile(
    r"(?i)^(?:so\s+|und\s+|and\s+|also\s+|hm+\s+|ok\s+)?(wann|wie|was|wer|wo|wohin|woher|"
    r"warum|wieso|weshalb|welche|welcher|welches|ob|soll|sollte|kann|kannst|könnte|"
    r"könntest|darf|hast|hat|habt|ist|sind|bist|gibt|weißt|kennst|planst|magst|willst|"
    r"when|how|what|what's|whats|who|where|why|which|should|shall|can|could|would|will|"
    r"do|does|did|is|are|am|was|have|has|any|anything|is there|know)\b"
)
# "kannst du dir merken, dass …?", "can you note that …?", "can you remind me to …?",
# "kannst du mich dran erinnern, dass …?": asked as a question, meant as a request to keep
# what follows (a thing to be reminded of is a thing to do)
KEEP_REQUEST = re.compile(
    r"(?i)^(?:so\s+|und\s+|and\s+|also\s+|ok\s+)?(?:kannst|könntest|kannste|could|can|would|will)"
    r"\s+(?:du|you)\s+(?:(?:dir|mich|me|bitte|please|pls|mal|eben|kurz|dran|daran)\s+)*"
    r"(?:merken|remember|notieren|aufschreiben|note|remind|erinnern)\b"
)
# without a question mark only a question word opens a question: German chat drops the
# subject ("ist halt ne WG in Münster", "bin seit Montag bei Edeka")
WH_START = re.compile(
    r"(?i)^(?:so\s+|und\s+|and\s+|also\s+)?(wann|wie|was|wer|wo|wohin|woher|warum|wieso|"
    r"weshalb|welche|welcher|welches|when|how|what|what's|whats|who|where|why|which|should|"
    r"shall|soll|sollte|kann|kannst|can|could|would)\b"
)
# "what i really like is old country", "was ich mag, ist Rhabarber": a wh-word before its
# subject opens a free relative clause the copula completes, not a question (which puts its
# verb first: "what do you like")
FREE_RELATIVE = re.compile(
    r"(?i)^(?:so\s+|und\s+|and\s+|but\s+|aber\s+)?(?:what|was)\s+(?:i|ich|we|wir)\s+"
    r"(?:[\w'’]+\s+){1,3}?,?\s*(?:is|ist|was|war)\b"
)
# "could you help me …", "würdest du mir …", "would you mind …": a polite request opens
# with a conditional that supposes nothing; what it asks is a question
POLITE_REQUEST = re.compile(
    r"(?i)^(?:so\s+|und\s+|and\s+|also\s+|ok\s+|hey\s+|hi\s+)?"
    r"(?:could|would|könntest|würdest|könnten|würden)\s+(?:du|you|sie)\b"
)
# "help me plan my week", "kannst du mir …", "remind me …": what the speaker asks the
# assistant to do tells nothing about them
ASKS_THE_ASSISTANT = re.compile(
    r"(?i)^\W*(?:(?:ok|okay|so|also|and|und|hey|hi|right|pls|please|bitte)\W+)*"
    r"(?:help\s+me|can\s+(?:you|u)|could\s+(?:you|u)|will\s+you|would\s+you|tell\s+me|"
    r"remind\s+me|give\s+me|show\s+me|hilf\s+mir|kannst\s+du|kannste|könntest\s+du|"
    r"sag\s+mir|erinner\s+mich|gib\s+mir|zeig\s+mir|mach\s+mir)\b"
)
DECLARATIVE_START = re.compile(
    r"(?i)^(?:so\s+|und\s+|and\s+|also\s+|btw\s+|übrigens\s+)?(ich|i|i'm|im|i've|ive|wir|we|"
    r"we're|we've|mein|meine|meinem|meinen|meiner|my|unser|unsere|our|bin|hab|habe)\b"
)
REPORTED = re.compile(
    r"(?i)\b(assum\w*|thinks?|think that|believes?|glaubt|glauben|denkt|denken|meint|"
    r"meinen alle|behauptet|claims?|reckons?|"
    # "my boyfriend keeps saying i've got IBS", "sie ist überzeugt, ich hab ADHS"
    r"keeps? saying|keeps? telling me|(?:is|are) convinced|ist überzeugt|sind überzeugt|"
    r"sagt ständig|sagt dauernd)\b"
)
# "used to" before a verb is a past habit; before an object it is being accustomed ("he's
# used to it", "used to the noise")
USED_TO = r"used\s+to(?!\s+(?:it|this|that|them|the|a|an|my|his|her|our|their|\w+ing)\b)"
PAST = re.compile(
    # ("davor war ich sechs Jahre Vegetarierin", "i was a proper tea person my whole life")
    # ("freitags hab ich früher schluss", "geh früher ins bett": "früher" as "earlier" is
    # no past)
    rf"(?i)\b(vorher|davor|zuvor|früher(?!\s+(?:schluss|feierabend|frei|aus|los|raus|ins\s+bett|"
    r"auf|heim|nach\s+hause|dran|fertig))|damals|ehemals|"
    rf"{USED_TO}|formerly|previously|ex|"
    r"before that|my whole life till|all my life until)\b"
)
# "bis 2020 hab ich noch in Köln gewohnt" ends in the past; "ich muss bis zum 13. März noch
# die Abrechnung prüfen" is a deadline ahead, which an obligation or intention gives away
UNTIL_STILL = re.compile(r"(?i)\bbis\b.*\bnoch\b")
AHEAD = re.compile(
    r"(?i)\b(muss|musst|müssen|soll|sollte|sollen|will|wollen|möchte|erinner\w*|plane|planen)\b"
)
SARCASM = re.compile(
    r"\bLIEBE\b|\bLOVE\b|(?i:lieblingshobby|lieblingsmensch|best hobby|dream job|"
    r"traumjob|"
    # "ich bin quasi Profikoch", "I'm basically a chef now": an ironic label for oneself;
    # "the house is basically theirs" or "my stomach basically declared war" is sincere
    # ("i'm basically relearning how to eat", "bin quasi am Umziehen" say what one is doing)
    r"\b(?:bin|i'm|im|i am) (?:quasi|basically)\b(?!\s+(?:[a-z]+ing|am|beim|dabei)\b)|"
    r"klar bin ich|sure,? i'?ll|living the life|"
    r"probably cheaper|im ernst|\bja klar\b|\byeah right\b|\bas if\b|professional chef now)"
)
RETRACTED = re.compile(
    r"(?i)\b(?:spaß|spass|scherz|nur spaß|kidding|just kidding|jk|joking|"
    r"im ernst|aber im ernst|ernsthaft|seriously though|but seriously)\b"
)
EMOJI_IRONY = re.compile("[\U0001f643\U0001f602\U0001f923]")  # 🙃 😂 🤣
# "ich liebe die deutsche bahn einfach 🙃", "my favourite day 🙃": the upside-down face turns a
# liking into its opposite (the eye roll does not: "🙄 dabei liebe ich käse" is sincere)
UPSIDE_DOWN = "\U0001f643"
LIKING = re.compile(r"(?i)\b(?:liebe|lieben|love|loving|adore|lieblings\w*|favou?rite)\b")
# "nee ernsthaft, ick bin …", "spaß beiseite", "nah seriously", "jokes aside": the speaker
# turns sincere, so what came before was the joke ("but seriously" and "im ernst" alone
# stress what follows as often)
JOKE_ENDED = (
    r"\b(?:nee|ne|nein|nö|nah|naw|no)\W+(?:ernsthaft|im\s+ernst|seriously)\b"
    r"|\b(?:spa(?:ß|ss)|scherz|jokes?|joking|kidding)\s+(?:beiseite|aside)\b"
)
# "… kalte dosenravioli 😂 nee quatsch, reibekuchen", "i'm a millionaire lol jk": what was
# said before the joke is taken back was the joke, whatever the words that made it one
TAKEN_BACK = re.compile(
    r"(?i)\b(?:nee|ne|nein|nö)\W+(?:quatsch|spa(?:ß|ss)|scherz)\b|\bnur\s+spa(?:ß|ss)\b"
    # ("no kidding" agrees with what was said: it takes nothing back)
    rf"|\b(?:just|only|i'?m|nah)\s+(?:kidding|joking)\b|\bjk\b|{JOKE_ENDED}"
)
# a sentence opening on the turn to sincerity takes back the sentence before it
OPENS_SINCERE = re.compile(rf"(?i)^\W*(?:(?:all|aber|but|also|ok|okay)\W+)?(?:{JOKE_ENDED})")


# German puts "nicht" after the verb and its subject, so one closing a clause whose verb and
# pronoun came before it ("vegan bin ich nich", "Raucher war ich nie", "Fleisch ess ich
# keins mehr") denies the word fronted before them, not only what follows
CLOSING_NEGATION = re.compile(
    r"(?i)\b\w+\s+(?:ich|wir|i)\s+(?:\w+\s+)?(?:nicht|nich|ned|nie|kein|keins|keine|keinen|kei)"
    r"(?:\s+(?:mehr|meh|so|wirklich|unbedingt|gern|gerne|ganz))?"
    # a participle closing the clause after it ("nach Jena bin ich nicht gezogen", "Raucher
    # bin ich nie gewesen")
    r"(?:\s+[a-zäöüß]*ge[a-zäöüß]+(?:en|t))?"
    # the end of the clause, or a new one run on without a comma ("vegan bin ich nich mehr ich
    # ess wieder käse")
    r"(?:\W*$|\s+(?=(?:ich|wir|i)\s))"
)

# what a denial sets its affirmed alternative apart with ("kein X, nur Y", "no X, just Y")
CONTRAST = re.compile(r"(?i)\b(?:nur|sondern|just|only|but)\b")
# a clause of the speaker's own run on after a denial without a comma
OWN_CLAUSE = re.compile(
    r"(?i)\b(?:ich|i)\s+(?:hab|habe|bin|hatte|war|have|had|am)\b"
    # English contractions ("no im not retiring im 38"); a bare "im" only before what English
    # says after it, since German "im" is "in the"
    r"|\bi['’](?:m|ve)\b|\bim\s+(?:a|an|from|married|single|retired|\d+\b(?!\.\s*\w))"
    # "not diabetic that's my neighbour Arthur": who it is instead
    r"|\b(?:that['’]?s|thats|das\s+ist|das\s+is)\s+(?:my|mein\w*)\b"
)
CLAUSE_JOIN = re.compile(r"(?i)\b(?:und|oder|aber|denn|doch|and|or|but)\b")


@dataclass(frozen=True)
class Segment:
    start: int
    end: int
    text: str
    silent: str | None  # why nothing in it is remembered, or None


def _asks(piece: str, *, question: bool, first: bool, last: bool) -> bool:
    """A question: an opening question word, or a question mark closing a segment that is no
    first-person statement ("Ich wohn in Bochum, kennst du …?" states where I live)."""
    if KEEP_REQUEST.match(piece):
        return False
    if first and WH_START.match(piece):
        return question or not FREE_RELATIVE.match(piece)
    if not question:
        return False
    return bool(QUESTION_START.match(piece)) or (last and not DECLARATIVE_START.match(piece))


def _cut(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for match in CUT.finditer(text):
        if match.start() > start:
            spans.append((start, match.start()))
        start = match.end()
    if start < len(text):
        spans.append((start, len(text)))
    return spans


def segments(text: str) -> list[Segment]:
    """The sentence's segments, each with why it is silent (or None)."""
    stripped = text.rstrip()
    question = stripped.endswith("?") and not KEEP_REQUEST.match(stripped)
    whole = None
    if (
        SARCASM.search(text)
        or (EMOJI_IRONY.search(text) and rx.search(r"(?i)\b(klar|sure|totally|echt)\b", text))
        or (UPSIDE_DOWN in text and LIKING.search(text))
    ):
        whole = "sarcasm"
    # "Ja klar, ich bin Millionär 🙄 Spaß, ich wohn in Gelsenkirchen": after the joke is
    # taken back the speaker is sincere again
    back = RETRACTED.search(text) if whole == "sarcasm" else None
    if back is None and (joke := TAKEN_BACK.search(text)):
        whole, back = "sarcasm", joke
    sincere = back.end() if back else len(text) + 1
    spans = _cut(text)
    if back:
        # "… a yacht 😂 nah seriously i'm a barista": the joke ends where the speaker turns
        # sincere, though no comma cuts the clause there
        spans = [
            part
            for start, end in spans
            for part in (
                [(start, back.start()), (sincere, end)] if start < sincere < end else [(start, end)]
            )
            if part[1] > part[0]
        ]
    out: list[Segment] = []
    for number, (start, end) in enumerate(spans):
        piece = text[start:end].strip()
        reason = whole if start < sincere else None
        if reason is None:
            supposed = without_proviso(POLITE_REQUEST.sub("", piece, count=1))
            if HYPOTHETICAL.search(supposed) or HEDGED.search(supposed):
                reason = "hypothetical"
                if number == 0 and rx.match(r"(?i)^(wenn|falls|if|suppose|angenommen)\b", piece):
                    whole = "hypothetical"
            elif NEGATORS.search(piece):
                reason = "negated"
            elif REPORTED.search(piece):
                reason = "reported"
            elif PAST.search(piece) or (UNTIL_STILL.search(piece) and not AHEAD.search(piece)):
                reason = "past"
            elif _asks(piece, question=question, first=number == 0, last=number == len(spans) - 1):
                reason = "question"
        out.append(Segment(start, end, piece, reason))
    if whole:
        out = [
            Segment(s.start, s.end, s.text, s.silent or (whole if s.start < sincere else None))
            for s in out
        ]
    return out


def silenced(part: Segment | None, text: str, position: int) -> bool:
    """Whether the segment keeps what sits at ``position`` of ``text`` from being stated: a
    negation only reaches what follows it ("allergic to peanuts so no reese's" still
    says the allergy), every other reason the whole segment."""
    if part is None or part.silent is None:
        return False
    if part.silent not in ("negated", "reported"):
        return True
    cue = NEGATORS if part.silent == "negated" else REPORTED
    closing = CLOSING_NEGATION.search(part.text) if part.silent == "negated" else None
    if closing:
        # "vegan bin ich nich": the fronted word is what is denied, from where its clause
        # opens ("ich bin vegetarierin und fleisch ess ich nicht" still says the diet)
        opens = [m.end() for m in CLAUSE_JOIN.finditer(part.text, 0, closing.start())]
        if position >= part.start + (opens[-1] if opens else 0):
            return True
    said = text[part.start : max(position, part.start)]
    if part.silent == "negated":
        # "lol no i'm an accountant", "nee, ich bin Admin": a reply particle answers what was
        # said before; the clause after it is affirmed
        said = REPLY_PARTICLE.sub("", said, count=1)
        denials = list(cue.finditer(said))
        if denials and CONTRAST.search(said, denials[-1].end()):
            return False  # "zucker hab ich keinen, nur bluthochdruck": what is set against it
        # read on past ``position``: "im not retiring im 38" opens its clause with "im 38"
        own = denials and OWN_CLAUSE.search(said + text[position : part.end], denials[-1].end())
        if own and own.start() < len(said):
            return False  # "… keine nehmen wegen meinem magen ich hab ne gastritis": run on
    return bool(cue.search(said))


def segment_at(parts: list[Segment], position: int) -> Segment | None:
    for part in parts:
        if part.start <= position < part.end:
            return part
    return parts[-1] if parts and position >= parts[-1].end else None
