"""Does a user turn state something about the user's world? The prefilter's cheap test:
a self-disclosure cue (first person with a state verb, a possessive kinship or pet noun, a
lexicon word for diet, health, languages, a routine or a dated "seit/since") in a segment
that is not a question, hypothetical, negation or joke."""

from __future__ import annotations

import functools
import re

from curator.extract import lexicon as lx
from curator.extract.clauses import segments, silenced
from curator.extract.timeparse import language_of, split_sentences
from curator.language import rx


def _alternation(words) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@functools.cache
def _cues() -> re.Pattern:
    nouns = _alternation([*lx.KIN, *lx.PETS, *lx.BREEDS, *lx.DEVICES, "kinder", "kids"])
    words = _alternation(
        [*lx.DIETS, *lx.CONDITIONS, *lx.LANGUAGES, *lx.INSTRUMENTS, *lx.OCCUPATIONS]
    )
    return re.compile(
        rf"(?i)\b(?:mein|meine|meinem|meinen|meiner|unser|unsere|unseren|unserem|my|our|ne|nen|a|an)\s+(?:\w+\s+)?(?:{nouns})\b"
        rf"|(?<![\w-])(?:{words})(?![\w-])"
        r"|\b(?:ich|i|wir|we)\s+(?:bin|arbeite|arbeit|wohne|wohn|wohnen|lebe|leben|stamme|stamm|"
        r"komme|komm|nehme|nehm|trinke|trink|esse|mag|hasse|spiele|spiel|sprech|spreche|"
        r"studiere|mache|mach|geh|gehe|steh|sing|schaff|muss|will|hab|habe|haben|sind|"
        r"am|work|live|lived|moved|take|drink|eat|like|love|hate|prefer|play|speak|study|run|"
        r"do|need|have|got|joined|started|adopted|see|teach|ess|heiße|heisse|heiß|"
        r"am called)\b"
        # the verb before its subject: "Thai-Curry lieb ich", "Fisch ess ich schon"
        r"|\b(?:lieb|liebe|hass|hasse|ess|esse|trink|trinke|mag|koch|koche)\s+ich\b"
        r"|\b(?:mein name|my name|my name's)\b"
        r"|\b(?:geht bei mir gar nicht|geht gar nicht|can't stand|never say no)\b"
        # a taste said inside a request: "fargo is eh mei lieblingsfilm", "anything but jazz,
        # 90s britpop any day", "koa horror, des halt i ned aus"
        r"|\b(?:lieblings\w+|favou?rite|fave|anything but|any day|not a fan|kein fan|"
        r"halt (?:ich|i) (?:nicht|nich|ned) aus)\b"
        r"|\b(?:i'm|im|i've|ive|we're|we've|bin|hab)\s+\w+"
        r"|\b(?:seit|since|vor\s+\w+\s+(?:wochen|monaten|jahren|tagen)|ago|last|letzte\w*)\b"
        r"|\b(?:geburtstag|birthday|allergisch|allergic|nenn mich|call me|jeden|every|"
        r"montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags|"
        r"gezogen|moved|verlobt|engaged|verheiratet|married|angefangen|started)\b"
        r"|\b(?:arbeitet|wohnt|lebt|studiert|spricht|heißt|heisst|works|lives|studies|speaks|"
        r"is called|is named|named)\b"
        r"|\b(?:muss ich|need to|have to|got to|remind me|erinner\w* mich|bis zum|by the|until|"
        r"lieber|am liebsten|only|nur noch|eher|more of a|can't stand|cannot stand|mag ich|"
        r"kann ich \w+ nicht ab|schmeckt mir|don't like|nicht mehr|anymore|no longer|"
        r"sondern|i meant|ich meinte|korrektur|stimmt (?:so )?nicht|not right|wrong|"
        r"zahlendreher|quatsch|verwechselt|vertan|natürlich|update|finished|erledigt|"
        r"submitted|abgeschickt|abgegeben|eingereicht|geschafft|ist ausgemacht|"
        r"(?:ist|is|sind)\s+raus)\b"
        r"|\b\d{1,2}\.\s*(?:januar|februar|märz|april|mai|juni|juli|august|september|oktober|"
        r"november|dezember)\b"
        # "on the 14th of march": an English day of a month
        r"|\b\d{1,2}(?:st|nd|rd|th)\s+of\s+(?:january|february|march|april|may|june|july|"
        r"august|september|october|november|december)\b"
        # "mum's 80th …", "mum is margaret", "Papa heißt Rainer": a parent by the bare kin word
        r"|(?:^|[,;:.!?]\s*|\b(?:and|und|btw)\s+)(?:mum|mom|mam|dad|mama|papa|mutti|vati)"
        r"(?:['’]s|\s+(?:is|ist|has|hat|heißt|heisst|lives|wohnt|lebt|works|arbeitet))\b"
        # where one lives said in passing: "live up in Whitley Bay", "in die neue wohnung in
        # Sendling zogn", "pendel ich noch von Markdorf", "altbau in Neukölln"
        r"|\b(?:live|living|wohn|wohna|wohnen|wohnt|gewohnt|zogn|gezogn|pendel\w*|pendl\w*|"
        r"commut\w*|altbau|neubau|semi|condo|cabin|wohnung|flat|house)\b"
        r"[^.,;:!?]{0,25}?\b(?:in|im|from|von|aus)\s+[A-ZÄÖÜ]"
        # "she's in a care home in bath": where someone lives now
        r"|\b(?:care|nursing|retirement)\s+home\b|(?:pflege|alten|alters|senioren)heim\b"
    )


def statement_cue(text: str) -> str | None:
    """The first self-disclosure cue in a segment that states something, or None."""
    pattern = _cues()
    if any(lx.MEDICINE.match(w) for w in rx.findall(r"[\wäöüÄÖÜß-]{4,}", text)):
        return "a medicine"
    for sentence in split_sentences(text, lang=language_of(text)):
        for found in pattern.finditer(sentence.text):
            part = next(
                (p for p in segments(sentence.text) if p.start <= found.start() < p.end), None
            )
            if not silenced(part, sentence.text, found.start()):
                return found.group(0)
    return None
