"""From claims to operations: one value per functional slot, changes vs corrections,
"vergiss …" and "nicht mehr …" against what memory already believes.

- A later claim on a functional slot replaces an earlier one of the same window; against a
  value memory already believes it is a *change* (a plain assertion that supersedes from its
  valid time) unless the sentence corrects ("nicht X sondern Y", "I meant", "das stimmt
  nicht", "Korrektur") — then it is a ``correction`` naming the row it corrects.
  "Eigentlich"/"actually" alone corrects only when memory believed another value.
- Elliptical corrections ("Bern natürlich, nicht Basel", "halb sechs, nicht fünf", "I meant
  the 12th, not the 2nd") take the slot of the believed value they name.
- "Vergiss …"/"forget …" invalidates the believed facts it names (by entity, by value word,
  by a predicate word such as "wo ich wohne", or "das" = what the previous turn said) and
  drops them from the window; "nicht mehr"/"no longer" ends a believed value it names.
"""

from __future__ import annotations

import itertools
import logging
import os
import re
from dataclasses import dataclass, fields
from datetime import date, datetime, time, timedelta

from curator.extract import declines as declined
from curator.extract import lexicon as lx
from curator.extract import nearest, said_then_meant
from curator.extract.clauses import NEGATORS, Segment, segment_at, segments
from curator.extract.lower_names import could_be_name
from curator.extract.named_wrong import (
    NOT_TAKEN_BACK,
    named_as_wrong,
    names_part_replaced,
    names_value,
    one_word_replaced,
)
from curator.extract.reader import (
    CHANGE_CUE,
    KIN_WORDS,
    NAME,
    ONE_BY_NATURE,
    SINGLED_OUT,
    STARTS_AHEAD,
    Claim,
    Reader,
    Reading,
    ref_for,
)
from curator.extract.timeparse import clock_times, language_of, resolve_times, split_sentences
from curator.extract.timescope import conjuncts
from curator.language import rx
from curator.language.tagging import is_proper_noun, lemma, part_of_speech
from worldmemory.bilingual import same_value
from worldmemory.refs import normalize_alias

log = logging.getLogger(__name__)

FUNCTIONAL = {
    "preferred_name", "age", "birthday", "works_as", "works_at", "studies", "studies_at",
    "lives_in", "comes_from", "relation_to_user", "species", "breed", "feeding_time", "diet",
    "due", "status", "located_in", "name",
}  # fmt: skip
# what a new value starting ahead takes over on its first day (not a due date moved, which
# never held before)
TAKEN_OVER = frozenset({"works_at", "works_as", "lives_in", "studies", "studies_at", "diet"})
# what says a job, home or habit is being left ("finished up at NAB", "hab bei Schott gekündigt")
LEAVING = re.compile(
    r"(?i)\b(?:finish\w*|finally\s+done|left|leaving|quit|handed\s+in|resign\w*|last\s+day|"
    r"gekündigt|kündige|aufgehört|verlass\w*|letzte[nr]?\s+tag|ausgezogen|moved\s+out|"
    r"no\s+longer|nicht\s+mehr|anymore|nimmer)\b"
)
DONE = re.compile(
    r"(?i)\b(finished|done|completed|submitted|sent off|erledigt|abgeschickt|abgegeben|"
    r"geschafft|fertig|ist ausgemacht|gemacht|eingereicht|paid|bezahlt|überwiesen|renewed|"
    r"verlängert|abgehakt|abhaken|sorted|booked|gebucht|angerufen|taken care of|"
    # "Steuer ist raus", "elterngeld is raus": sent off
    r"(?:ist|is|sind)\s+raus)\b"
)
# "paid it!!", "hab's erledigt", "das ist erledigt", "done ✅": the open task referred back to
DONE_POINTER = re.compile(r"(?i)\b(it|that|es|das|ist)\b|'s\b|^\W*(done|erledigt)\W*$")
HINT = re.compile(r"(?i)\b(eigentlich|actually|in wahrheit|genau genommen)\b")
PREDICATE_WORDS = {
    "lives_in": r"wohn|wohne|wohnort|live|lives|adresse|address",
    "works_at": r"arbeit|job|work|firma|employer",
    "works_as": r"beruf|arbeit|job|work",
    "allergic_to": r"allerg",
    "takes_medication": r"medikament|medication|medicine|medizin|tablette|pill|meds\b|medis\b|arznei",
    "birthday": r"geburtstag|birthday",
    # "vergiss des mit dem futter vom moritz": the feeding, not the cat
    "feeding_time": r"futter|fütter|fress|\bfeed|feeding",
    "age": r"alter|\bage\b|wie alt|how old",
    "health_condition": r"krankheit|diagnose|diagnosis|condition",
    "routine": r"routine|therap",
}
# the predicates whose word names a kind of fact, not one thing: "the medicine" is every
# medicine, "die Therapie" one routine ("routine" and the feeding stay narrow)
NAMED_BY_THEIR_KIND = frozenset(
    {"lives_in", "works_at", "works_as", "allergic_to", "takes_medication", "birthday", "age",
     "health_condition"}
)  # fmt: skip
STOP = {
    "das",
    "dass",
    "bitte",
    "please",
    "mit",
    "dem",
    "der",
    "die",
    "den",
    "einfach",
    "was",
    "ich",
    "über",
    "gesagt",
    "hab",
    "habe",
    "what",
    "said",
    "about",
    "that",
    "thing",
    "the",
    "a",
    "an",
    "it",
    "es",
    "sie",
    "ihn",
    "ihr",
    "him",
    "her",
    "them",
    "altogether",
    "gleich",
    "auch",
    "mal",
    "nochmal",
    "wieder",
    "von",
    "vom",
    "alles",
    "all",
    "everything",
    "mir",
    "me",
    "my",
    "mein",
    "meine",
    "meinen",
    "sache",
    "stuff",
    "bit",
    "actually",
    "eigentlich",
    "wo",
    "where",
    "i",
    "und",
    "and",
    "or",
    "oder",
    "nicht",
    "not",
    "so",
    "ja",
    "hey",
    "ok",
    "okay",
    "hm",
    "hmm",
}

# The words of a request to forget that name no topic: "can you delete the medication info
# from your memory", "das mit den Tabletten will ich nicht gespeichert haben"
REQUEST_WORDS = frozenset({
    "can", "could", "would", "will", "want", "you", "your", "du", "dir", "dich", "kannst",
    "könntest", "willst", "möchte", "möchtest", "info", "infos", "information", "details",
    "part", "memory", "notes", "records", "from", "pls", "plz", "lieber", "besser", "haben",
    "werden", "thema", "zeug", "kram", "angaben", "bits", "whole", "ganze", "ganzen", "just",
    "nur", "again", "dann", "then",
})  # fmt: skip
REQUEST_VERB = re.compile(
    r"(?i)^(?:vergiss|vergess|forget|scratch|lösch|delete|streich|erase|unlearn|entfern|raus|"
    r"merk|gemerkt|speicher|gespeichert|behalt|save|store|keep|remember|note|notier|aufschreib|"
    r"aufgeschrieb|disregard|ignore|remove|take|get)"
)


@dataclass
class Fact:
    """A fact memory believes (from the curator context)."""

    id: str
    subject: str
    predicate: str
    value: str | None
    object_ref: str | None
    since: date | None = None  # the day it holds from, in the speaker's offset

    @property
    def shown(self) -> str:
        return self.value if self.value is not None else (self.object_ref or "")


def _norm(text: str) -> str:
    return normalize_alias(str(text))


def _same(a: str, b: str) -> bool:
    a, b = _norm(a), _norm(b)
    if not a or not b:
        return False
    if a == b:
        return True
    short, long_ = sorted((a, b), key=len)
    return len(short) >= 4 and (long_.startswith(short[: max(4, len(short) - 2)]) or short in long_)


def _value_key(claim: Claim) -> str:
    return claim.object_ref or _norm(claim.value or "")


def _object_name(ref: str | None) -> str:
    return (ref or "").split(":", 1)[-1].replace("-", " ")


def _known_matches(fact: Fact, claim: Claim) -> bool:
    if fact.subject != claim.subject or fact.predicate != claim.predicate:
        return False
    if claim.object_ref or fact.object_ref:
        return (fact.object_ref or "") == (claim.object_ref or "")
    return _norm(str(fact.value)) == _norm(claim.value or "")


# which words can replace a believed value of these predicates in an elliptical correction
SAME_KIND = {
    "works_as": lx.is_occupation,
    "takes_medication": lambda w: bool(lx.MEDICINE.match(w)) and w.lower() not in lx.CALENDAR_WORDS,
    "allergic_to": lambda w: bool(lx.MEDICINE.match(w)) and w.lower() not in lx.CALENDAR_WORDS,
    "health_condition": lambda w: w.lower() in lx.CONDITIONS,
    "breed": lambda w: w.lower() in lx.BREEDS,
    "species": lambda w: w.lower() in lx.PETS,
    "diet": lambda w: w.lower() in lx.DIETS,
    "speaks": lambda w: w.lower() in lx.LANGUAGES,
}

# slots whose values no list closes: an elliptical correction's value is the word said
OPEN_KINDS = frozenset({"allergic_to", "takes_medication"})

# Set slots a change can narrow to one value ("only decaf now", "nur noch Hafermilch").
ONLY_SLOTS = frozenset({"prefers", "takes_medication"})
NOW_CHANGE = re.compile(
    r"(?i)\b(ab jetzt|ab sofort|ab heute|from now on|as of today|starting today|jetzt|now|"
    r"nur noch|seit|since|switched|gewechselt|umgestiegen)\b"
)
# a routine that replaces another from now on (not "now" alone: "swimming now, every
# tuesday" is no change)
ROUTINE_NOW = re.compile(
    r"(?i)\b(ab jetzt|ab sofort|ab heute|von jetzt an|from now on|as of today|starting today|"
    r"from today|nowadays|these days|neuerdings|inzwischen|mittlerweile|switched|moved|"
    r"verlegt|umgestellt|gewechselt|instead|stattdessen)\b"
)
ONLY = re.compile(r"(?i)\b(only|nur noch|nur|ausschließlich|exclusively|nothing but)\b")


def relatives_held(*, facts: list[Fact], aliases: dict[str, str]) -> dict[str, str]:
    """For each relation that singles one person out (a mother, a brother), the person memory
    holds in it: by an alias that is a kin word ("Mama" → Brigid: what the speaker calls
    her), or by a fact ("Brigid: relation_to_user mother") for a relation nobody stands in
    twice; "" when it may be someone else (another sister) or several are held. A newcomer
    called by the kin word gives way to the one named person beside it ("Mum" before the
    speaker said her name was Brigid)."""
    named: dict[str, set[str]] = {}
    related: dict[str, set[str]] = {}
    for fact in facts:
        if fact.predicate == "relation_to_user" and fact.value in SINGLED_OUT:
            related.setdefault(fact.value, set()).add(fact.subject)
    for alias, ref in aliases.items():
        relation = KIN_WORDS.get(alias, (alias, ""))[0]
        if relation in SINGLED_OUT and ref.startswith("person:"):
            named.setdefault(relation, set()).add(ref)
    held = {}
    for relation in named.keys() | related.keys():
        refs = named.get(relation, set()) | related.get(relation, set())
        refs = {ref for ref in refs if ref.partition(":")[2] not in KIN_WORDS} or refs
        single = len(refs) == 1 and (
            relation in ONE_BY_NATURE or refs <= named.get(relation, set())
        )
        held[relation] = next(iter(refs)) if single else ""
    return held


class Proposer:
    def __init__(self, *, turns, known_facts: list[Fact], known_names: dict[str, str]) -> None:
        self.turns = turns
        self.known = known_facts
        self.reader = Reader(
            known_names=known_names,
            known_relatives=relatives_held(facts=known_facts, aliases=known_names),
        )
        self.corrects: dict[int, str] = {}  # id(claim) → fact id it corrects
        self.invalidate: dict[str, tuple[int, str]] = {}  # fact id → (turn, sentence)
        self.end: dict[str, tuple[int, str]] = {}

    # --- reading -----------------------------------------------------------------------------

    def read(self) -> Reading:
        self.reader.foresee([t.text for t in self.turns if t.role == "user"])
        for index, turn in enumerate(self.turns):
            if turn.role != "user":
                continue  # tool and assistant text is never what the user said
            self._read_user_turn(index, turn)
        return self.reader.reading

    def _read_user_turn(self, index: int, turn) -> None:
        """A turn the reader fails on is left unread and logged, and the window's other turns
        still form memory: a chat's curation is retried until it succeeds, so one sentence
        no rule foresaw would otherwise hold back everything the person says after it. The
        turn itself stays a source."""
        reading = self.reader.reading
        kept = {f.name: len(getattr(reading, f.name)) for f in fields(reading)}
        try:
            self.reader.read_turn(index, turn.text, turn.occurred_at, _language(turn.text))
            self._elliptical(index, turn)
        except Exception:
            log.exception("the rule curator could not read turn %s; it is left unread", index)
            for name, length in kept.items():  # half a turn's reading is no reading
                _truncate(getattr(reading, name), length)

    def _elliptical(self, index: int, turn) -> None:
        """ "Bern natürlich, nicht Basel", "Korrektur: halb sechs, nicht fünf", "I meant the
        12th, not the 2nd", "Zahlendreher, am 21. März": the slot of the value named; "erst
        seit 2019, nich 2018": the start of the value the wrong time dated."""
        sentences = _with_negated_tails(
            [s.text for s in split_sentences(turn.text, lang=_language(turn.text))]
        )
        # a sentence naming a time as wrong re-dates what that time dated, whatever else the
        # turn corrects; it is done last, so a value the turn takes back is not said again
        redating = [
            s
            for s in sentences
            if self._redated(index, turn, s, WRONG_NAMED.search(s), self._before(index, turn, s))
        ]
        self._elliptical_value(index, turn, [s for s in sentences if s not in redating])
        for s in redating:
            self._redated(
                index, turn, s, WRONG_NAMED.search(s), self._before(index, turn, s), apply=True
            )

    def _before(self, index: int, turn, text: str) -> list[Claim]:
        """What a correction in ``text`` may take back: what was believed or said before it."""
        return self._believed_before(index) + self._said_before(index, turn, text)

    def _corrects_instead(self, claim: Claim, kept: Claim) -> bool:
        """Whether ``claim`` says the value ``kept`` says and also corrects a believed one
        ("it's codeine im allergic to not penicillin": the verb read codeine, the correction
        puts it in penicillin's place)."""
        return id(claim) in self.corrects and id(kept) not in self.corrects

    def _given_here(self, index: int, text: str, target: Claim) -> str | None:
        """The other value the correcting sentence itself gives the slot named as wrong ("it's
        codeine im allergic to not penicillin": codeine, read by the sentence's own verb)."""
        return next(
            (
                c.value
                for c in self.reader.reading.claims
                if c.turn_index == index
                and c.sentence
                and (c.sentence in text or text in c.sentence)
                and (c.subject, c.predicate) == (target.subject, target.predicate)
                and c.value
                and not _same(c.value, target.value)
            ),
            None,
        )

    def _elliptical_value(self, index: int, turn, sentences: list[str]) -> None:
        reading = self.reader.reading
        from curator.extract.reader import STRONG_CORRECTION, corrects

        earlier = self._believed_before(index)
        # "it's Oakwood Primary not Oakfield": a negation naming a value said before takes
        # it back, even without a word that says so
        text = next(
            (s for s in sentences if corrects(s) or _takes_back(s, earlier)),
            None,
        )
        if text is None:
            return
        # "I'm a nurse. Sorry, I meant midwife.": an earlier sentence of the same turn too
        before = earlier + self._said_before(index, turn, text)
        if not before:
            return
        wrong = WRONG_NAMED.search(text) or said_then_meant.WRITTEN.search(text)
        wrong_text = wrong.group(1) if wrong else ""
        # "i said fiancé": a relation is believed by its kin word's relation ("fiancee")
        kin = KIN_WORDS.get(wrong_text.lower(), ("",))[0]
        # the replaced value: a believed value the sentence names, else the newest of its type
        target = None
        if wrong_text:
            target = next(
                (
                    c
                    for c in reversed(before)
                    if _names_claimed(wrong_text, c)
                    or (kin and c.predicate == "relation_to_user" and c.value == kin)
                ),
                None,
            )
        # "Y, nicht X" says the value instead before the wrong one, "i said X, i meant Y" after
        instead = (
            said_then_meant.meant_after(text, wrong.end()) or _said_instead(text[: wrong.start()])
            if wrong
            else None
        )

        def read_instead(claim: Claim) -> bool:
            """Whether the turn already read the value said in place of the wrong one: any
            value of a slot of one, the value said before the negation in a slot of several
            ("vitamin d. and wait no it's losartan not lisinopril")."""
            if target is None:
                return True
            if (claim.subject, claim.predicate) != (target.subject, target.predicate):
                return False
            return target.predicate in FUNCTIONAL or not instead or _same(instead, _shown(claim))

        if any(c.turn_index == index and c.correction and read_instead(c) for c in reading.claims):
            return
        rest = text[: wrong.start()] + " " + text[wrong.end() :] if wrong else text
        clocks = clock_times(rest.replace("halb", " halb"), evening_hint=False) or [
            (m.start(), m.end(), f"{lx.number(m.group(1)) or 0:02d}:00")
            for m in rx.finditer(r"(?i)\bum\s+(\w+)\b", rest)
            if lx.number(m.group(1))
        ]
        half = rx.search(r"(?i)\bhalb\s+(\w+)", rest)
        if half and lx.number(half.group(1)):
            clocks = [(half.start(), half.end(), f"{lx.number(half.group(1)) - 1:02d}:30")]
        times = [
            t
            for t in resolve_times(rest, anchor=turn.occurred_at, lang=_language(text))
            if t.granularity == "day"
        ]
        day = rx.search(r"(?i)\b(?:the\s+)?(\d{1,2})(?:st|nd|rd|th|\.)(?!\s*\d)", rest)
        names = [
            n
            for n in rx.findall(NAME, rest)
            if _norm(n) not in {_norm(w) for w in STOP}
            and n.lower() not in ("korrektur", "sorry", "moment", "quatsch", "wait", "ugh", "nee")
        ] or [
            m.group(1).capitalize()
            for m in ACTUALLY.finditer(rest)
            if wrong and could_be_name(m.group(1), lang=_language(text), strict=True)
        ]
        new: Claim | None = None
        old: Claim | None = None

        def latest(predicate: str) -> Claim | None:
            return next((c for c in reversed(before) if c.predicate == predicate), None)

        if clocks and (target is None or target.predicate == "feeding_time"):
            old = target or latest("feeding_time")
            if old:
                clock = clocks[0][2]
                if int(old.value[:2]) >= 12 > int(clock[:2]):
                    clock = f"{int(clock[:2]) + 12:02d}{clock[2:]}"
                new = Claim(subject=old.subject, predicate="feeding_time", value=clock)
        elif (times or day) and (target is None or target.predicate == "birthday"):
            old = target or latest("birthday")
            if old:
                if times:
                    value = times[0].valid_from.strftime("--%m-%d")
                else:
                    value = f"--{old.value[-5:-3]}-{int(day.group(1)):02d}"
                if old.value[:1].isdigit():
                    value = old.value[:4] + value[1:]  # a birth's year stays: "2026-02-03"
                new = Claim(subject=old.subject, predicate="birthday", value=value)
        elif names and target is not None and target.object_ref:
            kind = target.object_ref.split(":")[0]
            name = names[0]
            if wrong:
                said = _name_before(text[: wrong.start()])
                # "Oakwood not Oakfield" of "Oakfield Primary": the rest of the name stays
                if said and " " not in said:
                    said = (
                        _replaced_word(_shown(target).title(), wrong=wrong_text, said=said) or said
                    )
                name = said or name
            mention = self.reader.mention(name, kind)
            new = Claim(subject=target.subject, predicate=target.predicate, object_ref=mention.ref)
        elif target is not None and target.value is not None:
            number = rx.search(r"\b(\d{1,3})\b", rest)
            if target.predicate == "age" and number:
                new = Claim(subject=target.subject, predicate="age", value=number.group(1))
        if (
            new is None
            and target is not None
            and target.value is not None
            and target.predicate in SAME_KIND
        ):
            # "es war Amoxicillin, nicht Penicillin", "she's a birman, not a ragdoll": the
            # value named as wrong is believed; the new one must be of the same kind
            kind = SAME_KIND[target.predicate]
            # the word said right before the negation, else any of the kind in the sentence
            said = [instead] if instead and " " not in instead else []
            word = next(
                (
                    w
                    for w in [*said, *rx.findall(r"[\wäöüÄÖÜß-]+", rest)]
                    if kind(w) and not _same(w, target.value)
                ),
                None,
            )
            if word is None and wrong_text:
                # "springer, not cocker" of a believed "cocker spaniel": the word said instead
                # takes the place of the word named as wrong, the rest of the value stays
                word = _replaced_word(target.value, wrong=wrong_text, said=text[: wrong.start()])
            if word is None and wrong_text and target.predicate in OPEN_KINDS:
                # "sorry, fish, not chicken": what one is allergic to has no closed list;
                # the word said just before the negation is the value instead
                word = _said_instead(text[: wrong.start()]) or _said_after(text, wrong)
                if word is not None and _same(word, target.value):
                    word = None  # "not penicillin, penicillin is my sister": no value instead
                word = word or self._given_here(index, text, target)
            if word is None and target.turn_index >= 0 and not self._is_context(target.turn_index):
                target._forgotten = True  # named as wrong in this window, and nothing new
            if word:
                value = _token(target.predicate, word)
                new = Claim(subject=target.subject, predicate=target.predicate, value=value)
                fact = next((f for f in self.known if _known_matches(f, target)), None)
                if fact is not None:
                    self.corrects[id(new)] = fact.id
                else:
                    target._forgotten = True  # said earlier in this window: never held
        if (
            new is None
            and target is not None
            and target.value is not None
            and target.predicate not in (*SAME_KIND, "feeding_time", "birthday", "age")
        ):
            # "ich meinte Maschinenbau, nicht Informatik", "I meant chemistry, not history":
            # the value said in place of the believed one named as wrong, in the same slot
            word = instead
            if word and target.predicate == "relation_to_user":
                word = KIN_WORDS.get(word.lower(), (None,))[0]  # "i meant husband": kin only
            if word and not _same(word, target.value):
                new = Claim(subject=target.subject, predicate=target.predicate, value=word)
                fact = next((f for f in self.known if _known_matches(f, target)), None)
                if fact is not None:
                    self.corrects[id(new)] = fact.id
                elif target.turn_index >= 0 and not self._is_context(target.turn_index):
                    target._forgotten = True  # said earlier in this window: never held
        if (
            new is None
            and target is None
            and names
            and rx.search(r"(?i)\b(ich meinte|i meant)\b", text)
        ):
            # "actually I meant Bath": a name said instead of the entity named last
            last_turn = max((c.turn_index for c in before if c.object_ref), default=None)
            old = next(
                (
                    c
                    for c in reversed(before)
                    if c.object_ref and c.turn_index == last_turn and c.turn_index >= 0
                ),
                None,
            )
            if old is not None and not _same(names[0], _object_name(old.object_ref)):
                mention = self.reader.mention(names[0], old.object_ref.split(":")[0])
                new = Claim(subject=old.subject, predicate=old.predicate, object_ref=mention.ref)
                target = old
        if new is None and target is None and names:
            new, target = self._place_instead(names[0], rest, before)
        if new is None and target is None and not wrong:
            # "wait no, since 2021": only the time was wrong; the value said last is re-dated
            since = [
                t
                for t in resolve_times(rest, anchor=turn.occurred_at, lang=_language(text))
                if t.relation == "since"
            ]
            dated = next(
                (c for c in reversed(before) if c.when is not None and c.turn_index >= 0), None
            )
            if since and dated is not None and not self._is_context(dated.turn_index):
                dated.when = since[0].valid_from
                return
        if new is None and STRONG_CORRECTION.search(text):
            # a job named in the corrected sentence replaces the job said before it: the new
            # value must be a job the lexicon knows, the old one a job believed or just said
            old = target if target is not None and target.predicate == "works_as" else None
            old = old or (latest("works_as") if target is None else None)
            job = next(
                (
                    w
                    for w in rx.findall(r"[\wäöüÄÖÜß-]+", rest)
                    if lx.is_occupation(w) and not (old and _same(w, old.value or ""))
                ),
                None,
            )
            if old is not None and job:
                new = Claim(subject=old.subject, predicate="works_as", value=job)
        if new is None:
            return
        new.turn_index, new.sentence, new.correction = index, text, True
        new.position = 0
        if new.when is None and target is not None:
            # only the value was wrong: the corrected one holds from when the wrong one was
            # said to ("studiert seit Oktober Informatik … ich meinte Maschinenbau")
            new.when = target.when
        reading.claims.append(new)
        if new.predicate == "feeding_time" and old is not None:
            # "Miso and Udon get breakfast at 6:30 … typo, 7:30": every pet said with the
            # wrong time eats at the one said instead
            for other in before:
                if (
                    other.predicate == "feeding_time"
                    and other.value == old.value
                    and other.turn_index == old.turn_index
                    and other.subject not in (old.subject, new.subject)
                ):
                    again = Claim(subject=other.subject, predicate="feeding_time", value=new.value)
                    again.turn_index, again.sentence, again.correction = index, text, True
                    reading.claims.append(again)

    def _place_instead(
        self, name: str, text: str, before: list[Claim]
    ) -> tuple[Claim | None, Claim | None]:
        """ "nee sorry, in Bonn natürlich" after "ich wohne in Köln": a place said with its
        preposition replaces the place of that slot said last in this window, or the one
        believed when memory holds only one (``(new, replaced)``)."""
        said = rx.search(rf"(?i:\b(in|nach|aus|from)\s+){re.escape(name)}\b", text)
        if said is None:
            return None, None
        predicate = "comes_from" if said.group(1).lower() in ("aus", "from") else "lives_in"
        slot = [c for c in before if c.predicate == predicate and c.object_ref]
        recent = [c for c in slot if c.turn_index >= 0]
        old = recent[-1] if recent else (slot[0] if len(slot) == 1 else None)
        if old is None or _same(name, _object_name(old.object_ref)):
            return None, None
        mention = self.reader.mention(name, "place")
        new = Claim(subject=old.subject, predicate=predicate, object_ref=mention.ref)
        fact = next((f for f in self.known if _known_matches(f, old)), None)
        if fact is not None:
            self.corrects[id(new)] = fact.id
        elif not self._is_context(old.turn_index):
            old._forgotten = True  # type: ignore[attr-defined]  # said in this window: never held
        return new, old

    def _replaced(self, claim: Claim) -> bool:
        """Whether a later claim of the window holds another value of a functional slot
        ("… senior data analyst … i'm an analytics engineer now")."""
        if claim.predicate not in FUNCTIONAL:
            return False
        claims = self.reader.reading.claims
        later = claims[claims.index(claim) + 1 :] if claim in claims else claims
        return any(
            (c.subject, c.predicate) == (claim.subject, claim.predicate)
            and _value_key(c) != _value_key(claim)
            for c in later
        )

    def _said_before(self, index: int, turn, text: str) -> list[Claim]:
        """The claims of the turn's sentences before ``text``: what a correction in it may
        take back (a sentence after the correction is not)."""
        opened = turn.text.find(text)
        return [
            c
            for c in self.reader.reading.claims
            if c.turn_index == index
            and c.sentence != text
            and (opened < 0 or turn.text.find(c.sentence) < opened)
        ]

    def _redated(
        self, index: int, turn, text: str, wrong, before: list[Claim], *, apply: bool = False
    ) -> bool:
        """ "krankenpfleger bin ich erst seit 2019, nich 2018", "i started jan 26, not feb",
        "joined the harriers in 2021 not 2022": the time named as wrong dated values said
        before; they hold from the time said instead (a correction: the wrong start never
        held). The values the correction names, else those of the sentence that said the
        wrong time last. Without ``apply`` it only says whether there are such values."""
        if wrong is None:
            return False
        lang = _language(text)
        was = _named_time(wrong.group(1), anchor=turn.occurred_at, lang=lang)
        head = text[: wrong.start()]
        said = (
            resolve_times(head, anchor=turn.occurred_at, lang=lang)
            or [
                # "2018 sorry, not 2020": a time said bare before the negation
                t
                for word in reversed(rx.findall(r"[\w'’]+", head)[-4:])
                if (t := _named_time(word, anchor=turn.occurred_at, lang=lang)) is not None
            ][:1]
        )
        if was is None or not said:
            return False
        # the days the wrong time named, as spoken: not memory's time axes
        first = was.valid_from
        end = was.valid_to or first + timedelta(days=1)
        dated = [
            c
            for c in before
            if c.when
            and first <= c.when < end
            and not getattr(c, "_forgotten", False)
            and not self._replaced(c)
        ]
        words = rx.findall(r"[^\W\d_][\w-]{2,}", text[: wrong.start()])
        named = [c for c in dated if any(_names_claimed(w, c) for w in words)]
        # with what the correction names, the rest of its clause ("seit 2018 Krankenpfleger
        # bei Asklepios": the job and the employer); naming none, the sentence said last
        # (a value a correction just said in place of another was not what the time dated)
        unnamed = [c for c in dated if not c.correction]
        places = {_clause_site(c) for c in named} or {_clause_site(c)[:2] for c in unnamed[-1:]}
        named = [c for c in dated if _clause_site(c) in places or _clause_site(c)[:2] in places]
        named = [c for c in named if c.when != said[-1].valid_from]
        if not apply:
            return bool(named)
        for claim in named:
            new = Claim(
                subject=claim.subject,
                predicate=claim.predicate,
                value=claim.value,
                object_ref=claim.object_ref,
                when=said[-1].valid_from,
            )
            fact = next((f for f in self.known if _known_matches(f, claim)), None)
            if fact is not None:
                self.corrects[id(new)] = fact.id
            elif claim.turn_index >= 0 and not self._is_context(claim.turn_index):
                claim._forgotten = True  # type: ignore[attr-defined]
            new.turn_index, new.sentence, new.correction, new.position = index, text, True, 0
            self.reader.reading.claims.append(new)
        return bool(named)

    def _in_believed_words(self, claims: list[Claim]) -> None:
        """A value said again in the other language ("Krankenschwester", now "nurse") is
        the believed one, not a change: the claim takes the believed words."""
        for claim in claims:
            if claim.value is None:
                continue
            said = next(
                (
                    f
                    for f in self.known
                    if f.subject == claim.subject
                    and f.predicate == claim.predicate
                    and f.value is not None
                    and same_value(str(f.value), claim.value)
                ),
                None,
            )
            if said is not None:
                claim.value = str(said.value)

    def _starts_ahead(self, claim: Claim) -> bool:
        """Whether ``claim`` holds only from a day after the turn that said it."""
        said = self.turns[claim.turn_index].occurred_at
        return claim.when is not None and claim.when > said.date()

    def _believed_before(self, index: int) -> list[Claim]:
        """Claims of earlier turns plus what memory believes, oldest first."""
        earlier = [c for c in self.reader.reading.claims if c.turn_index < index]
        extra = [
            Claim(
                subject=f.subject,
                predicate=f.predicate,
                value=f.value,
                object_ref=f.object_ref,
                turn_index=-1,
                when=f.since,
            )
            for f in self.known
            if not any(_known_matches(f, c) for c in earlier)
        ]
        return extra + earlier

    # --- deciding ----------------------------------------------------------------------------

    def decide(self) -> list[Claim]:
        reading = self.reader.reading
        self._in_believed_words(reading.claims)
        slots: dict[tuple, Claim] = {}
        values: dict[tuple, Claim] = {}
        until_then: list[Claim] = []  # values holding until a new one starts ahead
        for claim in reading.claims:
            if claim.predicate in FUNCTIONAL:
                key = (claim.subject, claim.predicate)
                earlier = slots.get(key)
                if (
                    earlier is not None
                    and claim.predicate in TAKEN_OVER
                    and _value_key(earlier) != _value_key(claim)
                    and self._starts_ahead(claim)
                    and not self._starts_ahead(earlier)
                    # said as current in a turn before: the turn with the start ahead says
                    # the old one beside it mostly as what is being left ("finished up at
                    # NAB on friday, starting at Canva on the 16th"; dev check part: one
                    # false memory more when read in the same turn)
                    and earlier.turn_index < claim.turn_index
                    and not LEAVING.search(earlier.sentence)
                ):
                    # "at Deloitte since 2018" … "starting at KPMG on 1 July": Deloitte holds
                    # until July, when KPMG takes its place
                    until_then.append(earlier)
                if (
                    earlier is not None
                    and _value_key(earlier) == _value_key(claim)
                    # "2017, not 2019": the same value, re-dated by a correction
                    and not (claim.correction and claim.when and claim.when != earlier.when)
                ):
                    if _dates_again(earlier, claim):
                        slots[key] = claim
                    continue
                slots[key] = claim
                self._against_memory(claim, earlier)
            else:
                key = (claim.subject, claim.predicate, _value_key(claim))
                kept = values.get(key)
                if kept is None or _dates_again(kept, claim) or self._corrects_instead(claim, kept):
                    values[key] = claim
        chosen = [*until_then, *slots.values(), *values.values()]
        self._done(chosen)
        self._forget(chosen)
        self._ends(chosen)
        self._deaths(chosen)
        self._moves_out(chosen)
        self._breakups(chosen)
        self._opposites(chosen)
        self._only_now(chosen)
        self._routine_moved(chosen)
        self._named_wrong(chosen)
        gone = {id(c) for c in chosen if getattr(c, "_forgotten", False)}
        window = [c for c in chosen if id(c) not in gone and not self._is_context(c.turn_index)]
        # a relationship correction replaces the person named before ("I meant Morgan")
        for claim in window:
            if (
                claim.correction
                and claim.predicate == "relation_to_user"
                and id(claim) not in self.corrects
            ):
                for fact in self.known:
                    if (
                        fact.predicate == "relation_to_user"
                        and fact.value == claim.value
                        and fact.subject != claim.subject
                        and _norm(_object_name(fact.subject)) not in _norm(claim.sentence)
                    ):
                        self.invalidate.setdefault(fact.id, (claim.turn_index, claim.sentence))
        return sorted(window, key=lambda c: (c.turn_index, c.position))

    def _named_wrong(self, chosen: list[Claim]) -> None:
        """A correction replaces the value it names as wrong ("Luna is allergic to fish, not
        chicken"): the believed row of that value, in a slot of several values as in a slot
        of one; said earlier in this window, the value never held."""
        for claim in chosen:
            if not claim.correction or self._is_context(claim.turn_index):
                continue
            wrong = named_as_wrong(claim.sentence)
            said = claim.value or _object_name(claim.object_ref)
            if not said:
                continue
            if not wrong:
                self._one_word_corrected(claim, said, chosen)
                continue

            def named(shown: str, wrong=wrong, said=said) -> bool:
                return not _same(shown, said) and any(
                    names_value(p, shown) or names_part_replaced(p, shown, instead=said)
                    for p in wrong
                )

            fact = next(
                (
                    f
                    for f in reversed(self.known)
                    if (f.subject, f.predicate) == (claim.subject, claim.predicate)
                    and named(f.value if f.value is not None else _object_name(f.object_ref))
                ),
                None,
            )
            if fact is not None:
                self.corrects[id(claim)] = fact.id
            for other in chosen:
                if (
                    (other.subject, other.predicate) == (claim.subject, claim.predicate)
                    and other.turn_index < claim.turn_index
                    and not self._is_context(other.turn_index)
                    and named(other.value or _object_name(other.object_ref))
                ):
                    other._forgotten = True  # type: ignore[attr-defined]

    def _one_word_corrected(self, claim: Claim, said: str, chosen: list[Claim]) -> None:
        """ "Korrektur: ich geh jeden Dienstag schwimmen" after "jeden Montag schwimmen": a
        correction that names nothing as wrong but says a value of a slot of several again
        with one word replaced takes back the one value it repeats so."""
        if claim.predicate in FUNCTIONAL or claim.value is None:
            return
        believed = [
            f
            for f in self.known
            if (f.subject, f.predicate) == (claim.subject, claim.predicate)
            and f.value is not None
            and one_word_replaced(str(f.value), said)
        ]
        if len(believed) == 1 and not any(
            c is not claim
            and (c.subject, c.predicate) == (claim.subject, claim.predicate)
            and c.value is not None
            and one_word_replaced(c.value, said)
            for c in chosen
        ):
            self.corrects[id(claim)] = believed[0].id

    def _is_context(self, index: int) -> bool:
        return index < 0 or getattr(self.turns[index], "context", False)

    def _against_memory(self, claim: Claim, earlier: Claim | None) -> None:
        """Whether a functional claim corrects a believed value (and which row)."""
        believed = [
            f for f in self.known if f.subject == claim.subject and f.predicate == claim.predicate
        ]
        different = [f for f in believed if not _known_matches(f, claim)]
        if not different:
            return
        strong = claim.correction
        # "eigentlich"/"actually" beside a change cue reports a change ("actually I've moved
        # to York"), not a value that never held
        hint = bool(HINT.search(claim.sentence)) and not CHANGE_CUE.search(claim.sentence)
        if strong or hint:
            self.corrects[id(claim)] = different[-1].id

    def _forget(self, chosen: list[Claim]) -> None:
        for index, sentence, target in self.reader.reading.forgets:
            target = rx.sub(
                r"(?i)^[\s,:;]*(?:and\s+)?(?:please\s+|bitte\s+)?(?:forget|vergiss)\b", "", target
            )
            pieces = rx.split(r"[,;]", target)
            whole = target
            target = next(
                (
                    p
                    for p in pieces
                    if rx.search(r"(?i)\b(ihn|sie|es|him|her|it|them|das|that)\b", p)
                    or any(w not in STOP for w in rx.findall(r"[\wäöüß'-]+", p.lower()))
                ),
                pieces[0],
            )
            words = [
                w
                for w in rx.findall(r"[\wäöüß'-]+", target.lower())
                if w not in STOP
                and w not in REQUEST_WORDS
                and not REQUEST_VERB.match(w)
                and len(w) > 2
                and not any(rx.search(p, w, re.I) for p in PREDICATE_WORDS.values())
            ]
            # spoken German points at a person with the article alone: "alles über den raus"
            pronoun = rx.search(r"(?i)\b(ihn|sie|es|him|her|it|them)\b", target) or rx.search(
                r"(?i)\b(?:über|von|mit)\s+(?:den|die|dem|der)(?:\s+(?:bitte|mal|einfach|ruhig|auch|wieder))*\s*$",
                target,
            )
            refs = set()
            named: dict[str, str] = {}  # each name the target says, with its entity
            for mention in self.reader.reading.entities.values():
                if mention.kind == "task":
                    continue
                if rx.search(rf"(?i)(?<!\w){re.escape(mention.name)}(?!\w)", target):
                    refs.add(mention.ref)
                    named[mention.name] = mention.ref
            for alias, ref in self.reader.known_names.items():
                if rx.search(rf"(?i)(?<!\w){re.escape(alias)}(?!\w)", target):
                    refs.add(ref)
                    named[alias] = ref
            detail = _detail_after_name(target, list(named))
            refs |= self._whose_topic(target)
            refs |= self._relatives_by_kin(target, chosen)
            predicates = {
                p
                for p, pattern in PREDICATE_WORDS.items()
                if rx.search(pattern, " ".join(rx.split(r"[,;]", whole)[:2]), re.I)
            }
            # "where Hannah lives", "Toms Geburtstag": that fact of the person, not all of
            # them (the name is no value word either)
            narrow = {
                p
                for p, pattern in PREDICATE_WORDS.items()
                if refs and rx.search(pattern, target, re.I)
            }
            # "the denver move or the job": a topic named alone beside another goes whole
            whole_refs = _named_alone(target, named)
            # "the blood pressure and the medicine": a topic named by its predicate's word
            # alone beside another goes whole
            whole_predicates = _predicates_named_alone(target)
            if narrow:
                words = []
            if pronoun and not refs and not words:
                earlier = [c for c in chosen if c.turn_index <= index and c.subject != "person:me"]
                mentioned = [
                    m
                    for m in self.reader.reading.entities.values()
                    if m.kind in ("pet", "person")
                    and rx.search(rf"(?i)\b{re.escape(m.name)}\b", sentence)
                ]
                if mentioned:
                    refs.add(mentioned[-1].ref)
                elif earlier:
                    refs.add(earlier[-1].subject)

            def hits(
                subject,
                predicate,
                value,
                obj,
                refs=refs,
                predicates=predicates,
                words=words,
                narrow=narrow,
                detail=detail,
                whole_refs=whole_refs,
                whole_predicates=whole_predicates,
            ):
                if subject in whole_refs or obj in whole_refs:
                    return True
                if predicate in whole_predicates and subject in (refs or {"person:me"}):
                    return True
                if narrow:
                    return (subject in refs or obj in refs) and predicate in narrow
                if detail:
                    # "about Sam finishing in Leeds": what was said of her there, not all of her
                    return (subject in refs or obj in refs) and _names_value(detail, value, obj)
                return _hits(
                    subject, predicate, value, obj, refs=refs, predicates=predicates, words=words
                )

            matched = [
                c
                for c in chosen
                if c.turn_index <= index and hits(c.subject, c.predicate, c.value, c.object_ref)
            ]
            if (
                not matched
                and not refs
                # "streich das mit dem Medikament": a named topic is no pointer to a turn
                and not predicates
                # ("das mit Stuttgart" names its topic: no pointer either)
                and not words
                and rx.search(r"(?i)\b(das|that|this|dies)\b", target)
            ):
                said_before = _said_earlier_in_turn(self.turns[index].text, sentence)
                # ("the anxiety bit, forget that" names its topic before the pointer: the
                # turn before, where it was said, stays what is meant)
                if said_before is not None and not _topic_before_request(sentence):
                    # "joggen stand früher drin … falls du das hast, streich das": what the
                    # same turn said before the request (perhaps nothing that was kept)
                    matched = [
                        c
                        for c in chosen
                        if c.turn_index == index and _said_within(c.sentence, said_before)
                    ]
                else:
                    # "forget that": what the previous user turn said
                    previous = max(
                        (c.turn_index for c in chosen if c.turn_index < index), default=None
                    )
                    matched = [c for c in chosen if c.turn_index == previous]
            # a name nothing was kept under is no topic: "vergiss das mit Stuttgart", where
            # Stuttgart was never kept, forgets nothing of the clause it was said in ("forget
            # the anxiety stuff" still forgets the pills taken for it)
            topics = [
                w
                for w in words
                if not is_proper_noun(w, lang=_language(sentence))
                or any(_names_value([w], c.value, c.object_ref) for c in chosen)
                or any(_names_value([w], f.value, f.object_ref) for f in self.known)
            ]
            # "allergisch gegen Nüsse und Sellerie" … "vergiss das mit dem Sellerie": an item
            # of a list named whole goes alone, its siblings stay
            listed = {
                (c.turn_index, c.sentence, c.predicate)
                for c in matched
                if _named_whole(words, c.value)
            }

            def sibling(claim: Claim, listed=listed, words=words) -> bool:
                key = (claim.turn_index, claim.sentence, claim.predicate)
                return key in listed and not _named_whole(words, claim.value)

            if topics:
                # "forget all the anxiety stuff": everything the clause naming the topic said
                # ("on propranolol for anxiety" goes with the anxiety)
                matched += [
                    c
                    for c in chosen
                    if c.turn_index < index
                    and c not in matched
                    and not sibling(c)
                    # ("geh mit unserm Hund Bruno angeln": the dog said beside the angling
                    # is no part of it, unless named)
                    and not _of_another(c, refs)
                    and any(
                        _same(w, token)
                        for w in topics
                        if len(w) >= 4
                        for token in rx.findall(r"[\wäöüß-]+", _clause_of(c).lower())
                    )
                ]
            # "what I said about wine": the other values of the same statement too
            sentences = {
                (c.turn_index, c.sentence, c.predicate)
                for c in matched
                if c.predicate not in FUNCTIONAL
            }
            matched += [
                c
                for c in chosen
                if (c.turn_index, c.sentence, c.predicate) in sentences
                and c not in matched
                and not sibling(c)
            ]
            for claim in matched:
                claim._forgotten = True  # type: ignore[attr-defined]
                for fact in self.known:
                    if _known_matches(fact, claim):
                        self.invalidate.setdefault(fact.id, (index, sentence))
            for fact in self.known:
                if hits(fact.subject, fact.predicate, fact.value, fact.object_ref):
                    self.invalidate.setdefault(fact.id, (index, sentence))

    def _relatives_by_kin(self, target: str, chosen: list[Claim]) -> set[str]:
        """ "vergiss Opas Geburtstag", "forget my mum's birthday", "das über meine Schwester":
        the relatives a kin word names with a possessive or a genitive, by the relation this
        window or memory holds of them (a bare "die Frau" may be anyone)."""
        relations = set()
        for m in rx.finditer(
            r"(?i)\b(?P<poss>my|our|mein\w*|unser\w*)?\s*(?P<kin>[a-zäöüß]+?)(?P<gen>['’]?s)?\b",
            target,
        ):
            kin = KIN_WORDS.get(m.group("kin").lower())
            if kin is not None and (m.group("poss") or m.group("gen")):
                relations.add(kin[0])
        held = [(c.subject, c.value) for c in chosen if c.predicate == "relation_to_user"]
        held += [(f.subject, f.value) for f in self.known if f.predicate == "relation_to_user"]
        return {subject for subject, relation in held if relation in relations}

    def _whose_topic(self, target: str) -> set[str]:
        """ "what I said about his job", "das mit meiner Arbeit": whose fact a possessive
        before a topic word names (the speaker, or the person a pronoun stands for)."""
        refs: set[str] = set()
        for m in rx.finditer(r"(?i)\b(his|her|my|sein\w*|ihr\w*|mein\w*)\s+([\wäöüß-]+)", target):
            # the topic word begins with a predicate's word ("Arbeit", "job"; not "homework")
            if not any(rx.match(rf"(?:{p})", m.group(2), re.I) for p in PREDICATE_WORDS.values()):
                continue
            word = m.group(1).lower()
            if word == "my" or word.startswith("mein"):
                refs.add("person:me")
                continue
            male = word == "his" or word.startswith("sein")
            found = self.reader.resolve("er" if male else "sie")
            if found is not None:
                refs.add(found.ref)
        return refs

    def _opposites(self, chosen: list[Claim]) -> None:
        """A new preference ends a believed dislike of the same thing and vice versa; a
        switched medication ("switched me to X", "umgestellt auf X") ends the one before."""
        window = [c for c in chosen if not self._is_context(c.turn_index)]
        for claim in window:
            opposite = {"prefers": "dislikes", "dislikes": "prefers"}.get(claim.predicate)
            for fact in self.known:
                if fact.subject != claim.subject or fact.id in self.invalidate:
                    continue
                if (
                    opposite
                    and fact.predicate == opposite
                    and _same(str(fact.value), claim.value or "")
                ):
                    self.end.setdefault(fact.id, (claim.turn_index, claim.sentence))
                if (
                    claim.predicate == "takes_medication"
                    and fact.predicate == "takes_medication"
                    and not _same(str(fact.value), claim.value or "")
                    and rx.search(
                        r"(?i)\b(switched|switch|umgestellt|stattdessen|instead|statt|gewechselt|changed)\b",
                        claim.sentence,
                    )
                ):
                    self.end.setdefault(fact.id, (claim.turn_index, claim.sentence))

    def _only_now(self, chosen: list[Claim]) -> None:
        """ "From now on I'm drinking decaf only", "ab jetzt nur noch Hafermilch": a change
        that makes one value the only one of a set slot ends the others, believed or said
        earlier in the window (the old value held until now; it is no longer held)."""
        window = [c for c in chosen if not self._is_context(c.turn_index)]
        for claim in window:
            if claim.predicate not in ONLY_SLOTS or claim.value is None:
                continue
            if not (NOW_CHANGE.search(claim.sentence) and ONLY.search(claim.sentence)):
                continue
            for fact in self.known:
                if (
                    fact.subject == claim.subject
                    and fact.predicate == claim.predicate
                    and fact.id not in self.invalidate
                    and not _same(str(fact.value), claim.value)
                ):
                    self.end.setdefault(fact.id, (claim.turn_index, claim.sentence))
            for other in window:
                if (
                    other is not claim
                    and other.subject == claim.subject
                    and other.predicate == claim.predicate
                    and other.turn_index < claim.turn_index
                    and not _same(other.value or "", claim.value)
                ):
                    other._forgotten = True  # type: ignore[attr-defined]

    def _routine_moved(self, chosen: list[Claim]) -> None:
        """ "from now on my swim sessions are mon and wed", "ab jetzt geh ich mittwochs
        schwimmen": a routine said to hold from now ends the believed routine of the same
        activity (it held until now; the days or times changed)."""
        for claim in chosen:
            if claim.predicate != "routine" or self._is_context(claim.turn_index):
                continue
            if not ROUTINE_NOW.search(claim.sentence):
                continue
            activity = _activity_words(claim.value or "")
            for fact in self.known:
                if (
                    fact.subject == claim.subject
                    and fact.predicate == "routine"
                    and fact.id not in self.invalidate
                    and not _same(str(fact.value), claim.value or "")
                    and any(_same(a, b) for a in activity for b in _activity_words(str(fact.value)))
                ):
                    self.end.setdefault(fact.id, (claim.turn_index, claim.sentence))

    def _done(self, chosen: list[Claim]) -> None:
        """ "finished the tax return", "Steuererklärung ist erledigt", "reisepass ist erledigt",
        "paid it!!": a believed open task is done when the sentence repeats its name or its
        head noun, or points back to it with a pronoun while it is the only open task. A
        negated or asked "done" ("noch nicht erledigt", "is it done?") closes nothing."""
        tasks = [f for f in self.known if f.subject.startswith("task:") and f.predicate == "status"]
        pending = [c for c in chosen if c.subject.startswith("task:") and c.predicate == "status"]
        for index, turn in enumerate(self.turns):
            if turn.role != "user" or getattr(turn, "context", False):
                continue
            lang = _language(turn.text)
            for sentence in split_sentences(turn.text, lang=lang):
                open_tasks = sorted(
                    {t.subject for t in tasks}
                    | {c.subject for c in pending if c.turn_index < index}
                )
                # the task's own verb, done: "kfz-versicherung is gewechselt", "booked the crew"
                own = _own_verb_done(sentence.text, open_tasks, lang=lang)
                cue = DONE.search(sentence.text) or (own[0] if own else None)
                if not cue:
                    continue
                part = _done_part(sentence.text, cue)
                if part is not None and part.silent in ("negated", "question", "hypothetical"):
                    continue
                # the clause saying "done" names the task ("die Abrechnung hab ich erledigt,
                # nur noch die Reifen": the tyres stay open); else the whole sentence
                named = []
                for text in (part.text if part is not None else "", sentence.text):
                    # the "done" word itself names no task ("flights booked" ≠ "book the MOT")
                    words = [
                        w
                        for w in rx.findall(
                            r"[\wäöüß-]{3,}" if own else r"[\wäöüß-]{4,}", text.lower()
                        )
                        if not DONE.fullmatch(w)
                    ]
                    # "kfz-versicherung": each part of a compound written with a hyphen
                    words += [p for w in words if "-" in w for p in w.split("-") if len(p) >= 4]
                    named = [s for s in open_tasks if _names_task(s, words)]
                    if not named and own:
                        # its verb done and one more word of its name: "booked the crew"
                        named = [s for s in own[1] if _names_task(s, words, without=own[2])]
                    if named:
                        break
                if (
                    not named
                    and len(open_tasks) == 1
                    and DONE_POINTER.search(sentence.text)
                    # "die Katze ist raus": out, said of anything, closes only what it names
                    and not cue.group(0).lower().endswith("raus")
                ):
                    named = open_tasks
                for subject in named:
                    chosen.append(
                        Claim(
                            subject=subject,
                            predicate="status",
                            value="done",
                            turn_index=index,
                            sentence=sentence.text,
                            position=10**6,
                        )
                    )

    def _deaths(self, chosen: list[Claim]) -> None:
        """Who died is owned (and fed) no longer, and a person who died lives, works and
        does nothing now (who they were to the speaker stays): said in this window, it is not
        stored as holding now; believed from before, it ends."""
        for index, sentence, ref in self.reader.reading.deaths:
            for claim in chosen:
                if claim.turn_index <= index and _over_at_death(
                    ref, subject=claim.subject, predicate=claim.predicate, obj=claim.object_ref
                ):
                    claim._forgotten = True  # type: ignore[attr-defined]
            for fact in self.known:
                if _over_at_death(
                    ref, subject=fact.subject, predicate=fact.predicate, obj=fact.object_ref
                ):
                    self.end.setdefault(fact.id, (index, sentence))

    def _moves_out(self, chosen: list[Claim]) -> None:
        """A flatmate who moved out is one no longer: said in this window, it is not stored
        as holding now; believed from before, it ends."""
        for index, sentence, ref in self.reader.reading.moved_out:
            for claim in chosen:
                if claim.turn_index <= index and _flatmate(
                    claim.subject, claim.predicate, claim.value, ref
                ):
                    claim._forgotten = True  # type: ignore[attr-defined]
            for fact in self.known:
                if _flatmate(fact.subject, fact.predicate, fact.value, ref):
                    self.end.setdefault(fact.id, (index, sentence))

    def _breakups(self, chosen: list[Claim]) -> None:
        """ "Ben and I broke up": the partner (named, else the only one believed) is the
        speaker's partner no longer; said in this window, it is not stored as holding now."""
        for index, sentence, ref in self.reader.reading.breakups:
            said = [
                c
                for c in chosen
                if c.turn_index <= index
                and c.predicate == "relation_to_user"
                and c.value in PARTNERS
                and (c.subject == ref or not ref)
            ]
            believed = [
                f
                for f in self.known
                if f.predicate == "relation_to_user"
                and f.value in PARTNERS
                and (f.subject == ref or not ref)
            ]
            if not ref and len({c.subject for c in said} | {f.subject for f in believed}) > 1:
                continue  # nobody named and more than one partner known: whose is unsaid
            for claim in said:
                claim._forgotten = True  # type: ignore[attr-defined]
            for fact in believed:
                self.end.setdefault(fact.id, (index, sentence))

    def _ends(self, chosen: list[Claim]) -> None:
        said = [(entry, None) for entry in self.reader.reading.ends]
        # a declined offer ends no job it names ("die Beförderung bei Zeiss abgelehnt"), a
        # plan called off ends
        said += [(entry, declined.ENDS) for entry in self.reader.reading.declines]
        for (index, sentence, segment), predicates in said:
            words = [w for w in rx.findall(r"[\wäöüß-]+", segment) if len(w) > 3]
            for fact in self.known:
                if predicates is not None and fact.predicate not in predicates:
                    continue
                shown = fact.value if fact.value is not None else _object_name(fact.object_ref)
                if any(_same(w, str(shown)) for w in words) and fact.id not in self.invalidate:
                    self.end.setdefault(fact.id, (index, sentence))
            for claim in chosen:
                if claim.turn_index >= index or self._is_context(claim.turn_index):
                    continue
                if predicates is not None and claim.predicate not in predicates:
                    continue
                shown = claim.value or _object_name(claim.object_ref)
                if any(_same(w, str(shown)) for w in words):
                    claim._forgotten = True  # type: ignore[attr-defined]


# What is true of someone after their death: who they were to the speaker, their name, birthday
# and origin.
OUTLIVES_DEATH = frozenset(
    {"relation_to_user", "name", "preferred_name", "birthday", "comes_from", "species", "breed"}
)
# Relations a breakup ends.
PARTNERS = frozenset({"partner", "wife", "husband", "fiancee"})


def _truncate(items: list | dict, length: int) -> None:
    """Drop what was added after the first ``length`` items (dicts keep insertion order)."""
    if isinstance(items, list):
        del items[length:]
    else:
        for key in list(items)[length:]:
            del items[key]


def _dates_again(earlier: Claim, claim: Claim) -> bool:
    """Whether ``claim`` says the value ``earlier`` said undated again, with its start: "ich
    bin die Marlies aus Neuss … seit 2004 wohnen wir hier in Neuss" holds from 2004; or says
    it in a later turn from another time, the speaker's last word on when it began ("wohn
    seit 2019 in Lindau" … "wir sind erst 2020 nach lindau gezogen")."""
    if earlier.when is None:
        return claim.when is not None
    return (
        claim.when is not None
        and claim.when != earlier.when
        and claim.turn_index > earlier.turn_index
    )


def _flatmate(subject: str, predicate: str, value: str | None, ref: str) -> bool:
    return subject == ref and predicate == "relation_to_user" and value == "flatmate"


def _over_at_death(dead: str, *, subject: str, predicate: str, obj: str | None) -> bool:
    """Whether the death of ``dead`` ends a fact: owning or feeding them, and what a person
    did or where they lived."""
    return (
        (predicate == "owns" and obj == dead)
        or (predicate == "feeding_time" and subject == dead)
        or (subject == dead and dead.startswith("person:") and predicate not in OUTLIVES_DEATH)
    )


# "ich meinte", "I meant", "es ist": what follows is the value said instead of the wrong one
INSTEAD = re.compile(
    r"(?i)\b(?:ich\s+meinte|i\s+meant|meinte|meant|es\s+ist|it'?s|it\s+is)\s+"
    r"(?:(?:eigentlich|actually|natürlich|of\s+course|the|den|die|das|der)\s+)*"
    r"(?P<x>[\wäöüÄÖÜß-]+(?:\s+[\wäöüÄÖÜß-]+){0,2})\W*$"
)
NOT_VALUES = {
    "natürlich", "of", "course", "sorry", "sry", "sondern", "nee", "no", "wait", "doch",
    "eigentlich", "actually", "ja", "yes", "oh", "ach", "das", "it", "so", "also",
    # "stimmt gar nich, nich abends": the words that deny are no value
    "nicht", "nich", "ned", "net", "not", "gar", "stimmt", "wrong", "falsch", "ne", "nö", "nah",
    "nope",
    # the words that announce a correction: "korrektur, nich haselnüsse, walnüsse"
    "korrektur", "correction", "typo", "oops", "quatsch", "vertan", "verschrieben",
}  # fmt: skip
# "nicht X, Y", "not X but Y", "nicht X sondern Y": the value said instead after the wrong one
SAID_AFTER = re.compile(
    r"\s*(?:,|[–—-]|\s)\s*(?:(?:sondern|but|aber|it'?s|es\s+ist|eher|rather)\s+)?"
    r"(?P<x>[\wäöüÄÖÜß-]+)"
)


def _token(predicate: str, word: str) -> str:
    """A word as the vocabulary stores it for ``predicate`` ("Hase" → "rabbit")."""
    if predicate == "species" and word.lower() in lx.PETS:
        return lx.PETS[word.lower()][0]
    return word


# "nicht X", "nich X", Bavarian "ned X", Swabian "net X", Swiss "nöd X": the value taken back
WRONG_NAMED = re.compile(
    r"(?i)\b(?:(?:nicht|nich|ned|net|nit|nöd|not|kein|keine|keinen|statt|instead of)\s+"
    rf"{NOT_TAKEN_BACK}(?:the\s+|am\s+|um\s+|in\s+)?"
    # "oh wait i said columbus, it's actually dublin": what the speaker said before
    r"|(?:i|ich)\s+(?:said|wrote|typed|sagte|schrieb)\s+)([\w.:-]+)"
)
# the value said instead after "actually"/"eigentlich", in a chat's lower case too
ACTUALLY = re.compile(r"(?i)\b(?:actually|eigentlich|in wahrheit)\s+([a-zäöüß][\wäöüß-]{2,})")


def _shown(claim: Claim) -> str:
    return claim.value or _object_name(claim.object_ref)


def _names_claimed(wrong: str, claim: Claim) -> bool:
    """Whether the word a correction takes back names a claimed value: the value itself, or
    one whole word of a value of several ("ulm" of "Sparkasse Ulm")."""
    shown = _shown(claim)
    if _same(wrong, shown) or _same(_token(claim.predicate, wrong), claim.value or ""):
        return True
    word = _norm(wrong.strip(".:-"))
    return len(word) >= 3 and word not in STOP and word in _norm(shown).split()


def _name_before(text: str) -> str | None:
    """The name said last before a negation, all its words ("es is die Sparkasse Neu-Ulm, "
    → "Sparkasse Neu-Ulm"); None when no name stands there."""
    said = rx.search(rf"((?:{NAME}\s+){{0,3}}{NAME})[\s,;:–—-]*$", text)
    if said is None:
        return None
    words = said.group(1).split()
    while words and _norm(words[0]) in {_norm(w) for w in STOP}:
        words.pop(0)
    return " ".join(words) or None


def _clause_site(claim: Claim) -> tuple[int, str, int]:
    """Where a claim was read: its turn, its sentence and the start of its clause there."""
    segment = segment_at(segments(claim.sentence), claim.position)
    if segment is None:
        return claim.turn_index, claim.sentence, 0
    spans = conjuncts(segment, text=claim.sentence, lang=_language(claim.sentence))
    own = next((a for a, b in spans if a <= claim.position < b), segment.start)
    return claim.turn_index, claim.sentence, own


def _named_time(word: str, *, anchor: datetime, lang: str):
    """The period a word named as wrong stands for when it is a time ("2018", "feb", "the
    2nd", "märz"), read as a start said before now; None for any other word."""
    phrase = f"{'seit' if lang == 'de' else 'since'} {word.strip('.,:')}"
    found = resolve_times(phrase, anchor=anchor, lang=lang)
    return found[0] if len(found) == 1 and found[0].end == len(phrase) else None


def _takes_back(sentence: str, earlier: list[Claim]) -> bool:
    """Whether a sentence negates a value said before it ("it's Oakwood Primary not
    Oakfield", "7:30 not 6:30"): a value the speaker said is not named again to deny it
    unless it was wrong. A change ("not in Leeds anymore") says it held."""
    wrong = WRONG_NAMED.search(sentence)
    if wrong is None or CHANGE_CUE.search(sentence) or not sentence[: wrong.start()].strip():
        return False
    return any(_names_claimed(wrong.group(1), c) for c in earlier)


def _with_negated_tails(sentences: list[str]) -> list[str]:
    """ "wait sorry, Dallas! not Austin.": a sentence that only names what was wrong belongs
    to the one before it, which says what is right."""
    joined: list[str] = []
    for sentence in sentences:
        # only the wrong value itself ("not Austin."), not a new thought ("Not Austin though,
        # too hot")
        if joined and rx.match(
            r"(?i)\s*(?:not|nicht|kein\w*|statt|instead of)\s+[\w'-]+(?:\s+[\w'-]+)?\s*[.!]*\s*$",
            sentence,
        ):
            joined[-1] = f"{joined[-1]} {sentence}"
        else:
            joined.append(sentence)
    return joined


def _said_instead(before_negation: str) -> str | None:
    """The value a correction says in place of the one it names as wrong, from the words
    before "nicht/not": "ich meinte Maschinenbau, " → "Maschinenbau"; "Chemie natürlich, "
    → "Chemie". None when only fillers stand there."""
    text = before_negation.rstrip(" ,;:-–")
    found = INSTEAD.search(text)
    tokens = rx.findall(r"[\wäöüÄÖÜß-]+", text)
    while tokens and tokens[-1].lower() in NOT_VALUES:
        tokens.pop()  # "springer actually, not cocker": the filler after the value
    words = found.group("x").split() if found else tokens[-1:]
    while words and words[-1].lower() in NOT_VALUES:
        words.pop()
    if not words or any(w.lower() in NOT_VALUES for w in words):
        return None
    if all(w.lower() in nearest.FUNCTION_WORDS for w in words):
        return None  # "it's codeine im allergic to, not penicillin": the verb's preposition
    return " ".join(words)


def _said_after(text: str, wrong: re.Match[str]) -> str | None:
    """The value said right after the one named as wrong ("nicht Haselnüsse, Walnüsse" →
    "Walnüsse"), when a comma or "sondern"/"but" joins them; None otherwise."""
    found = SAID_AFTER.match(text, wrong.end())
    if found is None or found.group("x").lower() in NOT_VALUES | STOP:
        return None
    joined = text[wrong.end() : found.start("x")]
    if not rx.search(r"(?i),|[–—-]|\b(?:sondern|but|rather|eher)\b", joined):
        return None  # "not peanuts anymore": one value said on
    # a value of a few words up to the end of its clause ("tree nuts"), else its first word
    whole = rx.match(
        r"[\wäöüÄÖÜß-]+(?:\s+[\wäöüÄÖÜß-]+){0,2}(?=\s*(?:[,.;:!?]|$))", text[found.start("x") :]
    )
    return whole.group(0) if whole else found.group("x")


# chat ends a thought with an emoji: "kita-gutschein is raus 🙌 ferienwohnung noch nich"
EMOJI = re.compile("[\U0001f300-\U0001faff\u2600-\u27bf]")


def _done_part(text: str, cue: re.Match[str]) -> Segment | None:
    """The segment saying "done", ended by an emoji after the cue: a negation after it is
    about the next thing ("… is raus 🙌 ferienwohnung noch nich")."""
    part = segment_at(segments(text), cue.start())
    if part is None or part.silent != "negated":
        return part
    stop = EMOJI.search(text, cue.end(), part.end)
    if stop is None or NEGATORS.search(text, part.start, stop.start()):
        return part
    return Segment(part.start, stop.start(), text[part.start : stop.start()], None)


def _own_verb_done(
    text: str, tasks: list[str], *, lang: str
) -> tuple[re.Match[str], list[str], str] | None:
    """A participle or simple past in ``text`` whose lemma is a word of an open task's name
    ("gewechselt" of "Kfz-Versicherung wechseln", "booked" of "book the crew"): the word,
    the tasks it may close and the verb."""
    names = {s: s.split(":", 1)[1].split("-") for s in tasks}
    if not names:
        return None
    # chat mixes ("kfz-versicherung is gewechselt"): the participle is read in both languages
    for said in rx.finditer(r"[^\W\d_]{4,}", text):
        word = said.group(0)
        for language in (lang, "en" if lang == "de" else "de"):
            if part_of_speech(word, lang=language) not in ("VV(PP)", "VVN", "VVD"):
                continue
            verb = lemma(word.lower(), lang=language).lower()
            closing = [s for s, words in names.items() if verb in words]
            if closing:
                return said, closing, verb
    return None


def _names_task(subject: str, words: list[str], *, without: str = "") -> bool:
    """Whether the words name a task: all words of its name, its first, the head of its
    first compound ("Abrechnung" for "Nebenkostenabrechnung"), a long first part of it
    ("Steuer" for "Steuererklärung") or a long noun inside it ("Elterngeld"). ``without``
    is a word of the name already said otherwise (its verb, done)."""
    if without:
        # a short noun is enough beside the verb: "booked the vet"
        rest = [w for w in subject.split(":", 1)[1].split("-") if len(w) >= 3 and w != without]
        return any(_same(n, w) for n in rest for w in words)
    name = [w for w in subject.split(":", 1)[1].split("-") if len(w) >= 4]
    if not name:
        return False
    return (
        all(any(_same(n, w) for w in words) for n in name)
        or any(_same(name[0], w) for w in words)
        or any(len(w) >= 5 and name[0].endswith(w) for w in words)
        or any(len(w) >= 6 and name[0].startswith(w) for w in words)
        # "Antrag aufs Elterngeld abgeben" ← "Elterngeld is raus", "the HOA wants the
        # backyard fence repainted" ← "fence is done": a noun of the name before its verb
        or any(len(n) >= 5 and _same(n, w) for n in name[1:-1] for w in words)
    )


def _replaced_word(value: str, *, wrong: str, said: str) -> str | None:
    """The value with the word a correction names as wrong replaced by the one it says
    instead, when the value has more words than that one ("cocker spaniel", "springer" for
    "cocker" → "springer spaniel"); None otherwise."""
    words = value.split()
    wrong = wrong.strip(".:-")
    instead = _said_instead(said)
    if len(words) < 2 or not instead or len(instead.split()) != 1:
        return None
    at = [i for i, w in enumerate(words) if w.lower() == wrong.lower()]
    if len(at) != 1 or _same(instead, value):
        return None
    words[at[0]] = instead
    return " ".join(words)


# "und"/"and" opening a clause of its own: a subject or a finite verb whose subject is the one
# before ("ich bin Geigenlehrerin an der Musikschule und hab seit März Tinnitus")
OWN_CLAUSE_JOIN = re.compile(
    r"(?i)\s(?:und|and)\s+(?=(?:ich|i|wir|we|i've|i'm|ive|im|hab|habe|bin|nehm|nehme|"
    r"have|had|got|am)\b)"
)


def _clause_of(claim: Claim) -> str:
    """The clause of its sentence a claim was read in: its segment, cut where "und"/"and"
    opens a clause of its own (the whole sentence if unknown)."""
    part = segment_at(segments(claim.sentence), claim.position)
    if part is None:
        return claim.sentence
    at = claim.position - part.start
    cuts = [0, *(m.start() for m in OWN_CLAUSE_JOIN.finditer(part.text)), len(part.text)]
    start, end = next(
        ((a, b) for a, b in itertools.pairwise(cuts) if a <= at < b), (0, len(part.text))
    )
    return part.text[start:end]


# what may follow a name in a request to forget without narrowing it ("Lisa and her cat")
NOT_A_DETAIL = frozenset({"and", "und", "or", "oder", "too", "auch", "as", "als"})


def _said_earlier_in_turn(turn_text: str, sentence: str) -> str | None:
    """What the turn said before the sentence asking to forget, when it said anything (a
    pointer such as "das"/"that" then points there, not at the turn before)."""
    at = turn_text.find(sentence[:20].strip())
    if at <= 0 or not rx.search(r"\w", turn_text[:at]):
        return None
    return turn_text[:at]


# the words of "falls du das irgendwo hast, streich das", "if you've got that saved anywhere,
# delete it" before the verb: a condition on the request, no topic
CONDITION_WORDS = frozenset({
    "falls", "wenn", "if", "irgendwo", "anywhere", "somewhere", "noch", "gespeichert",
    "saved", "stored", "notiert", "drin", "down", "hast", "have", "you've", "got", "there",
})  # fmt: skip


def _topic_before_request(sentence: str) -> bool:
    """Whether the sentence names what is to be forgotten before its verb of forgetting."""
    words = rx.findall(r"[\wäöüß'-]+", sentence.lower())
    verb = next((n for n, w in enumerate(words) if REQUEST_VERB.match(w)), len(words))
    return any(
        w not in STOP and w not in REQUEST_WORDS and w not in CONDITION_WORDS and len(w) > 2
        for w in words[:verb]
    )


def _said_within(sentence: str, text: str) -> bool:
    return bool(sentence) and sentence[:20].strip() in text


def _detail_after_name(target: str, names: list[str]) -> list[str]:
    """The content words said right after a name in a request to forget, when they tell
    which of the person's facts are meant ("what I said about Sam finishing in Leeds" →
    finishing, leeds); empty when the name stands alone or begins a list."""
    for name in names:
        after = rx.search(rf"(?i)(?<!\w){re.escape(name)}(?:'s)?\s+([^,;.!?]+)", target)
        if after is None:
            continue
        words = rx.findall(r"[\wäöüß'-]+", after.group(1).lower())
        if not words or words[0] in NOT_A_DETAIL:
            continue
        return [w for w in words if w not in STOP and w not in REQUEST_WORDS and len(w) > 2]
    return []


def _named_alone(target: str, named: dict[str, str]) -> set[str]:
    """The entities of names that stand in a conjunct of their own with no predicate's word
    ("the denver move or the job": Denver), when the target joins several topics."""
    conjuncts = rx.split(r"(?i)\s+(?:or|and|oder|und)\s+", target)
    if len(conjuncts) < 2:
        return set()
    return {
        ref
        for conjunct in conjuncts
        if not any(rx.search(p, conjunct, re.I) for p in PREDICATE_WORDS.values())
        for name, ref in named.items()
        if rx.search(rf"(?i)(?<!\w){re.escape(name)}(?!\w)", conjunct)
    }


def _of_another(claim: Claim, refs: set[str]) -> bool:
    """Whether the claim is about a person or pet besides the speaker that a request to forget
    does not name (its subject, or the one it relates the speaker to); a place or firm the
    speaker is tied to is the speaker's own fact."""
    others = {
        ref
        for ref in (claim.subject, claim.object_ref)
        if ref and ref.startswith(("person:", "pet:")) and ref != "person:me"
    }
    return bool(others) and not others & refs


def _names_value(words: list[str], value, obj) -> bool:
    """Whether a fact's value (or its object's name) is one of ``words``."""
    shown = value if value is not None else _object_name(obj)
    return any(_same(w, part) for w in words for part in rx.findall(r"[\wäöüß-]+", str(shown)))


def _named_whole(words: list[str], value) -> bool:
    """Whether a one-word value is itself one of ``words`` ("Sellerie", "latex" for "Latex"),
    or a form of it, not a word inside a longer value ("wine" of "red wine", "Wein" of
    "Rotwein")."""
    whole = _norm(value) if value is not None else ""
    if not whole or " " in whole:
        return False
    return any(_one_word_inflected(_norm(w), whole) for w in words)


def _one_word_inflected(a: str, b: str) -> bool:
    """Equal, or two forms of one word: a shared start that leaves at most three letters."""
    shorter, longer = sorted((a, b), key=len)
    common = len(os.path.commonprefix([a, b]))
    return a == b or (
        len(shorter) >= 4 and common >= len(shorter) - 2 and len(longer) - common <= 3
    )


def _predicates_named_alone(target: str) -> set[str]:
    """The predicates a request to forget names by their word alone, as one of the topics it
    joins ("what I said about the blood pressure and the medicine": the medication; "das mit
    der Wohnung und dem Job": home, employer and job)."""
    found: set[str] = set()
    for part in rx.split(r"(?i)\s+(?:and|und|sowie|&)\s+|[,;]", target):
        words = [
            w
            for w in rx.findall(r"[\wäöüß'-]+", part.lower())
            if w not in STOP and w not in REQUEST_WORDS and not REQUEST_VERB.match(w) and len(w) > 2
        ]
        for predicate in NAMED_BY_THEIR_KIND:
            if words and all(rx.search(PREDICATE_WORDS[predicate], w, re.I) for w in words):
                found.add(predicate)
    return found


def _hits(subject, predicate, value, obj, *, refs, predicates, words) -> bool:
    """Whether a fact is what a "vergiss …" names: its entity, its predicate, a value word."""
    if subject in refs or (obj and obj in refs):
        return True
    if predicates and predicate in predicates and not words:
        return True
    if _names_value(words, value, obj):
        return True
    shown = value if value is not None else _object_name(obj)
    return bool(predicates & {predicate}) and any(
        _same(w, str(shown)) or w in _norm(str(shown)) for w in words
    )


def _activity_words(value: str) -> list[str]:
    """What a routine does, without when, where and how often ("swim sessions tues and thurs
    at 6am at the leisure centre" → swim)."""
    return [
        w
        for w in rx.findall(r"[\wäöüß]+", value.lower())
        if len(w) >= 3
        and w not in STOP
        and not nearest.FREQUENCY.match(w)
        and not nearest.TIME_WORDS.match(w)
        and not NOT_ACTIVITY.fullmatch(w)
    ]


# days, times and settings a routine says beside its activity, and words any routine may say
NOT_ACTIVITY = re.compile(
    r"(?:mon|tues?|wed|thu|thurs|fri|sat|sun)(?:day|days|s)?|"
    r"(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)s?|\d+\w*|"
    r"before|after|work|arbeit|sessions?|leisure|centre|center"
)


def _language(text: str) -> str:
    return language_of(text)


def valid_from(claim: Claim, turn) -> datetime:
    """Midnight of the stated day in the turn's offset; the message time otherwise."""
    moment: datetime = turn.occurred_at
    when: date | None = claim.when
    if when is None or when > moment.date() and claim.predicate not in STARTS_AHEAD:
        return moment
    return datetime.combine(when, time(0), tzinfo=moment.tzinfo)


__all__ = ["Fact", "Proposer", "ref_for", "valid_from"]
