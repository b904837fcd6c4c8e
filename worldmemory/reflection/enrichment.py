"""Enrichment from the dialogue (seed 003): what a session's turns propose, as candidates.

Run by the worker a while after the last ingest of a session (debounced per session, like
the curator), never by a page or an API call:

- **experiences**: an owner's turn that tells a moment of their own — first person, past
  tense, a time ("gestern", "last Saturday") and a place or a feeling. The owner's own word
  decides its significance ("einer der schönsten Tage", "not a big deal").
- **open questions**: a question the owner asked that the session left open (the assistant
  named it a question, handed it back or weighed both sides); a later turn that decides it
  closes it.
- **threads**: a topic that recurs across sessions — turns sharing a content word, joined
  with the turns nearest in meaning by the embedding model, and merged when their evidence
  overlaps. A thread starts as a candidate; every turn it rests on is an entry.
- **thread states**: resolved, reopened, dormant and active again from the owner's own
  words and silences (see ``thread_states``).
- **spaces**: a thread or experience series that stays apart in meaning from the others
  gets no space by itself; spaces come from the owner's words (see ``threads``).

Everything is written through the committer with the message as evidence; nothing is
promoted beyond a candidate here, and the owner's explicit word always wins.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from uuid import UUID

import numpy as np
from django.conf import settings
from django.utils import timezone

from curator.language.tagging import is_proper_noun
from worldmemory import messages, temporal
from worldmemory.bilingual import translations
from worldmemory.models import Entity, SessionWorkingState, SourceMessage
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import language as lang
from worldmemory.reflection import (
    life_areas,
    markers,
    promotion,
    prototypes,
    pursuits,
    selectors,
    significance,
    spoken,
    thread_states,
    threads,
    trips,
)
from worldmemory.reflection.activity import activity_sweep
from worldmemory.reflection.continuity import working_state_formed
from worldmemory.reflection.dates import WEEKDAYS, date_windows
from worldmemory.reflection.fragments import thread_fragments_fold
from worldmemory.reflection.operations import (
    SYSTEM_SOURCE,
    Provenance,
    message_ref,
    op_edge,
    op_entity,
    op_fact,
    op_rename,
    reflection_commit,
)
from worldmemory.reflection.summaries import abstractive_summary, extractive_summary
from worldmemory.refs import slugify
from worldmemory.tenancy import OwnerScope

log = logging.getLogger(__name__)

ENRICH_SCHEDULE = "gd-enrich:{owner}:{chat}"
THREAD_WINDOW = timedelta(days=120)  # a thread is found among this much recent dialogue
THREAD_TURNS_MAX = 600
MIN_THREAD_TURNS = 3
MIN_THREAD_SESSIONS = 2
COMMON_SHARE = 0.5  # a word in more of the owner's turns than this names no topic
# the mean similarity of a seed's turns to each other: below it the word is shared by
# turns about different things ("übrigens", "Saturday")
COHESION = 0.24
# how much nearer in meaning the sentences saying a word are to each other than to the
# owner's other sentences: less, and the word is the background of a life (the cows milked
# each day, the husband at the table), said beside whatever is on the mind
DISTINCT = 0.12
# a thread of this few turns must be this much nearer itself than the rest in meaning
SMALL_TOPIC_TURNS = 4
SMALL_TOPIC_APART = 0.08
# the last things said in a session (of at least this many owner turns) that close it
CLOSING_TURNS = 2
CLOSING_SESSION = 4
MERGE_OVERLAP = 0.5  # two seeds whose turns overlap this much are one topic
NEAR_IN_MEANING = 0.55  # cosine to a thread's centre that lets a turn join it
# cosine of two sentences, names left out, that tell the same matter: "ella hatte wieder
# nen albtraum" and "ella had another nightmare" are near, "ella saß auf den schultern"
# is not near either
SAME_MATTER_SAID = 0.45
TITLE_TERMS = 3
TITLE_SHARE = 0.6  # a word in this share of a topic's turns belongs in its title
SAME_TOPIC = 0.8  # cosine of two topics' centres that makes them one
# … when they stay this near taken apart from the centre of all the owner's turns: what
# the owner says alike about everything (a dialect, a way of writing) draws every centre
# together — an Allgäu workshop and the wife at home lay at 0.81–0.84, but only at
# -0.1–0.13 taken apart, while the pairs of one matter merged on the other dev dialogues
# ("Rory" and the towels of the house) stayed at 0.35–0.52
APART_FROM_VOICE = 0.25
# the same, for two topics a person names by one matter ("Jugendamt · frau" and "Jugendamt ·
# ines", "Oma · Forchheim" and "Oma · Mama", "sleep · Sophie" and "sleep · training"): on the
# dev dialogues such pairs lay at 0.76–0.88, while one word of two meanings ("Halle" for a
# sports hall and a workshop) or a name a side topic borrows lay at 0.67–0.71
SAME_MATTER_TOPIC = 0.75
# the same, for a topic told in German and one told in English: a turn and its translation
# lie further apart than two turns in one language. In a week told in both, the same matter
# across the languages came to 0.46–0.64 (the dinghy and the "Jolle", the choir and the
# "Konzert"), different matters to at most 0.39
ACROSS_LANGUAGES = 0.45
# cosine of a topic named only by people to a larger matter told in the same turns that
# makes the people a side of it: measured on the dev dialogues, a manager beside the
# promotion, a physio beside the knee, a wife beside the Welsh lessons clear it; a dog or
# a daughter the owner's turns are about stay apart from the flat or the workshop
PEOPLE_IN_MATTER = 0.6
# cosine of a topic told only beside a larger matter to it that makes it a side of the
# matter: on the dev dialogues the sides (a doctor beside Papa, a consultation beside the
# depot, the canteen kitchen beside a brother on the sofa) lay at 0.52–0.97, the asides
# told in the same breath (bathroom mould beside night shifts, a trumpeter upstairs
# beside a father's care) at 0.36–0.40
SIDE_OF_MATTER = 0.48
MIN_TOPIC_WORDS = 4
RESURFACE_SHARED = 2  # content words a later turn shares with an open question
DOUBT_OWN_MATTER = 2  # nouns of its own that make a doubt a matter of its own
EXPERIENCE_AT = 2.0
EXPERIENCE_NAME_CHARS = 120
MIN_QUESTION_WORDS = 4
# a reply this near a question in meaning is about it: it answers, in whatever words
ANSWER_NEAR = 0.28
QUESTION_CONTEXT_MIN = 40  # characters of the sentence that says what a question is about
SERIES_MIN = 2  # experiences that make a series
# how much nearer a series' moments are to each other than the owner's moments at large:
# less, and they only share a word ("Halle" for a sports hall and a workshop)
SERIES_MARGIN = 0.05
YEARLESS_BACK = timedelta(days=180)  # a date without a year further back is a coming one


# --- scheduling ----------------------------------------------------------------------------


def enrichment_schedule(*, scope: OwnerScope, chat_id: str) -> None:
    """One pending enrichment per session, pushed back by each ingest (ids only, like the
    curator queue); ``GD_REFLECTION_ENRICH_SECONDS`` after the last one the worker runs it."""
    from django_q.models import Schedule

    name = ENRICH_SCHEDULE.format(owner=scope.owner_sub, chat=chat_id)[:100]
    defaults = {
        "func": "worldmemory.reflection.tasks.enrich",
        "args": repr((scope.owner_sub, chat_id)),
        "schedule_type": Schedule.ONCE,
        "repeats": 1,
        "next_run": timezone.now() + timedelta(seconds=settings.GD_REFLECTION_ENRICH_SECONDS),
    }
    if not Schedule.objects.filter(name=name).update(**defaults):
        Schedule.objects.create(name=name, **defaults)


# --- reading the session -------------------------------------------------------------------


def _latest(rows) -> list[SourceMessage]:
    """The newest version of each message, in dialogue order, without deleted ones."""
    latest: dict[tuple[str, str], SourceMessage] = {}
    for row in rows.order_by("occurred_at", "id"):
        latest[(row.session_external_id, row.external_id)] = row
    return sorted(
        (m for m in latest.values() if m.text.strip()), key=lambda m: (m.occurred_at, m.pk)
    )


def session_turns(*, scope: OwnerScope, chat_id: str) -> list[SourceMessage]:
    return _latest(
        SourceMessage.objects.filter(owner_sub=scope.owner_sub, session_external_id=chat_id)
    )


# --- experiences ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ExperienceCue:
    score: float
    sentence: str
    when: dict
    reasons: tuple[str, ...]


def _granularity(days: int) -> str:
    if days <= 1:
        return "day"
    if days <= 7:
        return "week"
    if days <= 31:
        return "month"
    return "year"


def _when(text: str, said_at: datetime) -> dict:
    """The moment a narrative names, at its own granularity; the day it was told when the
    words name none (a moment told without a date is mostly today's)."""
    local = timezone.localtime(said_at)
    for window in date_windows(text=text, now=local):
        if window.start > local:  # the future is a plan, not a moment
            continue
        days = max(1, round((window.end - window.start).total_seconds() / 86400))
        granularity = _granularity(days)
        start = window.start.date()
        value = {
            "day": start.isoformat(),
            "week": f"{start.isocalendar().year}-W{start.isocalendar().week:02d}",
            "month": f"{start:%Y-%m}",
            "year": f"{start:%Y}",
        }[granularity]
        return {"value": value, "granularity": granularity, "cue": window.text}
    told = _bare_day(text, local.date())
    if told is not None:
        return {"value": told[0].isoformat(), "granularity": "day", "cue": told[1]}
    return {"value": local.date().isoformat(), "granularity": "day", "cue": messages.WHEN_TOLD}


BARE_WEEKDAY = re.compile(r"\b(?:on the |on )?(" + "|".join(WEEKDAYS) + r")\b")
BARE_MONTH_DAY = re.compile(r"\bon the (\d{1,2})(?:st|nd|rd|th)\b")


def _bare_day(text: str, today: date) -> tuple[date, str] | None:
    """The day a narrative names by a weekday or a day of the month alone ("Samstag war
    ich mit Mama auf dem Markt", "Thursday at five-a-side I pulled my hamstring", "when I
    walked out on the 9th"). A date lookup reads these as ambiguous; told in the past
    tense, they are the latest such day before the telling."""
    folded = lang.fold(text)
    weekday = BARE_WEEKDAY.search(folded)
    if weekday:
        back = (today.weekday() - WEEKDAYS[weekday[1]]) % 7 or 7
        return today - timedelta(days=back), weekday[0]
    month_day = BARE_MONTH_DAY.search(folded)
    if month_day:
        number = int(month_day[1])
        year, month = today.year, today.month
        if number > today.day:
            year, month = (year, month - 1) if month > 1 else (year - 1, 12)
        try:
            return date(year, month, number), month_day[0]
        except ValueError:
            return None
    return None


def _behind(window, said_at: datetime) -> bool:
    """Whether a date names a moment before the telling. A day and month without a year
    read as most of a year back ("am 25. April" said on 18 April) is the coming one."""
    local = timezone.localtime(said_at)
    if window.start > local:
        return False
    numbers = [t for t in lang.tokens(window.text) if t.isdigit()]
    yearless_day = bool(numbers) and not any(len(t) == 4 for t in numbers)
    return not yearless_day or local - window.start < YEARLESS_BACK


def _feels(text: str) -> bool:
    """A feeling or judgement in the words the lists hold, else in the meaning of one of
    the text's clauses ("ich war total baff", "it was nice to just be there")."""
    if lang.EMOTION.search(lang.fold(text)) or markers.felt(text):
        return True
    own = [
        clause
        for clause in lang.clauses(text)
        if lang.FIRST_PERSON_ANY.search(lang.fold(clause))
        or not lang.THIRD_PERSON.search(lang.fold(clause))
    ]
    found = prototypes.vectors(own)
    return found is not None and prototypes.felt(found)


def _told_as_past(sentence: str) -> bool:
    """Whether a sentence naming a moment tells it as the owner's past: not a decision, a
    plan, an "if" or what is still to come ("we'll look at it again in September" — a future that
    keeps a moment for good, "werd ich nie vergessen", still tells it), nor news someone
    else passed on."""
    folded = lang.fold(sentence)
    if lang.HYPOTHETICAL.search(sentence) or lang.PLAN.search(folded):
        return False
    if _ahead(sentence) and not KEPT.search(folded):
        return False
    # "Made the call on the knee yesterday": the owner's own decision is told as a step
    # taken, not as a moment lived, whatever it feels like; someone else's in the same
    # sentence ("die Sparkasse hat am Freitag zugesagt") leaves the moment the owner's
    if any(markers.settles(clause) for clause in lang.clauses(sentence)):
        return False
    # news passed on: the teller's moment, not the owner's
    return not lang.told_by_someone_else(lang.QUOTED.sub(" ", sentence))


# what someone else did, asked or told inside the owner's sentence ("sie weiß nicht mehr,
# was sie gestern gegessen hat", "he can't remember what he had for lunch yesterday"): a
# word of time there names their moment. A moment the owner saw them have ("yesterday she
# laughed for the first time") is not embedded so and stays the owner's to tell
EMBEDDED_OTHERS = re.compile(
    r"\b(?:was|wat|ob|wo|wie|what|whether|where|how)\s+(?:er|sie|se|he|she|they)\b[^,;:.!?]*",
    re.I,
)


def _owners_part(told: str) -> str:
    """The sentence with what someone else did inside it blanked; blanks keep every
    position where it was."""
    return EMBEDDED_OTHERS.sub(lambda found: " " * len(found[0]), told)


# someone else's life: the moments of it are theirs, however the owner tells them
OTHERS_LIFE = re.compile(r"\b(ihres|seines|ihrer|his|her|their) (lebens|life|lives)\b")


def experience_cue(
    *,
    text: str,
    said_at: datetime,
    felt_next: str | None = None,
    undated: bool = False,
    away: bool = False,
) -> ExperienceCue | None:
    """Whether a turn tells a moment of the owner's own, and how clearly.

    Needed: a sentence naming a moment, in a turn told in the past tense, the sentence
    neither a plan nor an "if"; with ``undated``, a turn the owner places among the
    moments of their life needs no word of time.
    Then the owner as its subject, a feeling and a place each add to the score. The
    feeling may come in the owner's next turn (``felt_next``), asked "how was it for
    you?" after telling what happened. Told in a session about days away (``away``), a
    moment without a word of the owner in it is still more likely theirs ("sunday the
    boat back was cancelled … three hours in the pub at the pier")."""
    # read in standard words ("jestern ham wa …" is "gestern haben wir …"); the moment keeps
    # the writer's sentence for its name
    written = lang.sentences(text)
    text = spoken.standard_reading(text)
    if felt_next is not None:
        felt_next = spoken.standard_reading(felt_next)
    folded_all = lang.fold(text)
    said = lang.sentences(text)
    if len(written) != len(said):
        written = said
    if said and any(markers.decided_by_owner(c) for c in lang.clauses(said[0])):
        # "Ich hab mich entschieden: … Gestern hab ich gemerkt, dass …": a turn opening
        # with the owner's decision tells the decision; what happened is its reason
        return None
    moments = []
    for sentence, as_written in zip(said, written, strict=True):
        folded = lang.fold(sentence)
        # a time word inside quoted speech is the speaker's, not the narrator's ("Mia hat
        # gesagt 'Mama, du bist heute so lustig'"); a date ahead of the telling is a plan
        # ("Am 25. April" said on the 18th)
        told = lang.QUOTED.sub(" ", sentence)
        owners = _owners_part(told)
        moment = (
            lang.MOMENT.search(lang.fold(owners))
            or [
                w
                for w in date_windows(text=owners, now=timezone.localtime(said_at))
                if _behind(w, said_at)
            ]
            # "when I walked out on the 9th": a day of the month alone is a moment only in
            # a sentence told in the past ("I'm flying out on the 17th" is a plan)
            or (BARE_MONTH_DAY.search(folded) and lang.PAST.search(folded))
        )
        # the past tense may sit in the next sentence: "Vorgestern die Wanderung … Wir
        # haben viel geredet."
        if not moment or not (lang.PAST.search(folded) or lang.PAST.search(folded_all)):
            continue
        if not _told_as_past(sentence):
            continue
        moments.append((as_written, told))
    if (
        undated
        and not moments
        and significance.lived_moment(text=text)
        and lang.PAST.search(folded_all)
    ):
        # "I DID IT. 4:21:37 … One of the best days of my life": the owner placing what
        # they tell among the days of their life says a moment was lived, dated by the
        # telling when no word dates it
        moments = [
            (as_written, lang.QUOTED.sub(" ", sentence))
            for sentence, as_written in zip(said, written, strict=True)
            if lang.PAST.search(lang.fold(sentence)) and _told_as_past(sentence)
        ][:1]
    if not moments:
        return None
    # read only once a moment is told: the feeling may need the embedding model
    felt_later = felt_next is not None and _feels(felt_next)
    # the owner's own word on the moment, either way ("war mir aber wurscht, nicht der
    # rede wert", "not a bother"), judges what they lived as a feeling does
    judged = significance.significance_assess(text=text).user_word is not None
    feeling = felt_later or _feels(text) or judged
    # "Boat trip this morning … dolphins came right up alongside" — "I was the one welling
    # up": the owner telling how they felt says they were there
    # ("Marco told me on Sunday …" — "I said things I regret": told to the owner, the
    # news stays the other's)
    own_answer = (
        felt_later
        and bool(lang.FIRST_PERSON_SUBJECT.search(lang.fold(felt_next)))
        and not lang.FIRST_PERSON_ANY.search(folded_all)
    )
    # "Ran my first 5k this morning": a chat drops the "I" before a verb in the past
    own = (
        lang.FIRST_PERSON_SUBJECT.search(folded_all)
        or own_answer
        or any(lang.opens_with_past_verb(sentence) for sentence in lang.sentences(text))
    )
    # "Heute hat Lea ihren ersten Wackelzahn verloren … das war einer der schönsten Momente
    # der Woche": placing what they saw among their own moments says the owner was there
    # ("einer der schönsten Tage ihres Lebens" stays hers)
    lived = significance.lived_moment(text=text) and not OTHERS_LIFE.search(folded_all)
    # a chat's lower case names its places too ("uff der karlsbrücke", "in doolin")
    place = bool(lang.PLACE.search(text)) or bool(
        trips.places_in_lower_case(text, code=lang.language(text) or "de")
    )
    best: ExperienceCue | None = None
    for sentence, told in moments:
        reasons = ["moment"]
        score = 0.0
        if own:
            score += 1
            reasons.append("first person")
        elif lived:
            score += 1
            reasons.append("lived")
        elif lang.FIRST_PERSON_ANY.search(folded_all):
            score += 0.5
            reasons.append("about me")
        elif away:
            score += 0.5
            reasons.append("days away")
        if feeling:
            score += 1
            reasons.append("feeling")
        if place:
            score += 0.5
            reasons.append("place")
        cue = ExperienceCue(score, sentence, _when(told, said_at), tuple(reasons))
        if best is None or cue.score > best.score:
            best = cue
    if best is None or best.score < EXPERIENCE_AT:
        return None
    return best


def _title(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + " …"


# "und jetzt halt dich fest:", "ok so guess what:": what opens a telling before a colon; not
# who said what follows ("Mum said: …")
OPENER = re.compile(
    r"^(?![^:]*\b(?:said|says|told|wrote|asked|sagt|sagte|meinte|schrieb|fragte)\b)"
    r"[^:]{0,40}:\s+(?=\S+\s+\S+\s+\S)",
    re.IGNORECASE,
)


def moment_name(*, sentence: str) -> str:
    """How a person would recall the moment: its sentence without the opener before a
    colon, the first letter capitalised. One sentence, as the next may tell another
    matter ("Dienstag die erste Physio. Und die Absage für die Wohnung kam heute")."""
    name = OPENER.sub("", sentence.strip())
    return _title(name[:1].upper() + name[1:], EXPERIENCE_NAME_CHARS)


def _answer_after(turns: list[SourceMessage], at: int) -> SourceMessage | None:
    """The owner's turn after the assistant's reply to turn ``at``, when it goes on about
    the same moment: the answer to "and how was it for you?", or what the owner adds
    after a plain "Wie schön" ("Ich saß danach noch im Auto … So erleichtert war ich lange
    nicht"). Not when it tells a moment of its own, nor when it turns to something else
    without being asked ("Anyway, other news: …")."""
    if at + 2 >= len(turns):
        return None
    reply, answer = turns[at + 1], turns[at + 2]
    if reply.role != "assistant" or answer.role != "user":
        return None
    if "?" not in reply.text and TOPIC_SHIFT.match(lang.fold(answer.text)):
        return None
    if experience_cue(text=answer.text, said_at=answer.occurred_at) is not None:
        return None  # a moment of its own, told on its own
    return answer


# how a turn opens that moves on to another matter
TOPIC_SHIFT = re.compile(
    r"^\W*(und |also |ach ja|apropos|ubrigens|anderes thema|noch was|zur |zum |"
    r"anyway|other news|different topic|by the way|btw|oh and|also,|on another note|"
    r"speaking of|right,)"
)


def _felt_part(text: str) -> str:
    """What an answer says about the moment just told: its sentences up to the first that
    looks ahead or asks ("Cut mileage for 10 days … I'm scared it'll ruin the plan" has
    moved on to what is coming) — the feeling may come after a first plain sentence
    ("Seltsam gefasst. Aber den Satz werd ich nie vergessen")."""
    kept = []
    for index, sentence in enumerate(lang.sentences(spoken.standard_reading(text))):
        folded = lang.fold(sentence)
        if (
            not index
            and len(lang.tokens(sentence)) < MIN_TOPIC_WORDS
            and (_ahead(sentence) or lang.PLAN.search(folded))
        ):
            # a few words first that answer what the reply asked ("shed'll dry out.") and
            # then the moment's feeling: the answer has not moved on yet
            continue
        if sentence.rstrip().endswith("?") or lang.PLAN.search(folded):
            break
        if lang.HYPOTHETICAL.search(sentence):
            break
        # "werd ich nie vergessen", "I'll never forget": a future that judges the moment
        kept_for_good = KEPT.search(folded)
        if _ahead(sentence) and not kept_for_good:
            break
        # after the first sentence, only what goes on telling the moment (in the past
        # tense), judges it for good, gives the owner's word on it ("honestly not a big
        # deal in the end") or says how it leaves the owner ("macht mir ehrlich Angst");
        # "Ask me again in March lol" has left it. A fragment of a few words
        # ("Herzschwäche, dekompensiert.") neither tells nor leaves: read on past it
        judged = kept_for_good or significance.significance_assess(text=sentence).user_word
        if index and not (lang.PAST.search(folded) or judged or markers.felt(sentence)):
            if len(lang.tokens(sentence)) >= MIN_TOPIC_WORDS:
                break
            continue
        kept.append(sentence)
    return " ".join(kept)


FUTURE = re.compile(r"\bwill\b|['’]ll\b|\bwerd\b|\bwerde\b|\bgonna\b")


def _ahead(sentence: str) -> bool:
    """Whether a sentence looks ahead; German "will" wants ("wie die ärztin will")."""
    found = FUTURE.search(lang.fold(sentence))
    return found is not None and not (found[0] == "will" and lang.language(sentence) == "de")


KEPT = re.compile(r"\b(nie|never|always|immer) (\w+ )?(vergessen|forget|remember)\b")


def experiences_propose(*, scope: OwnerScope, turns: list[SourceMessage], chat_id: str) -> list:
    proposed = []
    followed: set[UUID] = set()  # the turns that said what a moment before them meant
    # the sessions where the owner says they are away or back from days away: what they
    # tell there without naming themselves is mostly of those days (see ``trips``)
    away_sessions = {
        t.session_external_id for t in turns if t.role == "user" and trips.tells_days_away(t.text)
    }
    for at, turn in enumerate(turns):
        if turn.role != "user":
            continue
        away = turn.session_external_id in away_sessions
        cue = experience_cue(text=turn.text, said_at=turn.occurred_at, away=away)
        later = None
        if cue is None:
            # what happened first, what it meant in the next turn: "Heute Morgen standen
            # wir am Steilufer …" — "Wie ging es dir?" — "Ich musste weinen, einer der
            # schönsten Momente des ganzen Jahres."
            later = _answer_after(turns, at)
            if later is not None:
                # the answer as far as it goes on about the moment (see ``_felt_part``)
                answer = _felt_part(later.text)
                cue = experience_cue(
                    text=turn.text, said_at=turn.occurred_at, felt_next=answer, away=away
                )
                # a step taken ("Ich hab Frau Hallmann am Freitag zugesagt") followed by how
                # it feels is a decision, not a moment told
                if cue is not None and _decides(cue.sentence):
                    cue = None
        elif "?" in (turns[at + 1].text if at + 1 < len(turns) else ""):
            # told with its feeling, and asked about it, the owner may still say what it
            # meant: "What did you say?" — "… One of those moments I'll keep forever"
            later = _answer_after(turns, at)
        if cue is None and turn.pk not in followed:
            # told without a word of time, placed by the owner among the days of their
            # life — unless it says what a moment told just before meant
            cue = experience_cue(text=turn.text, said_at=turn.occurred_at, undated=True, away=away)
        if cue is None:
            continue
        if later is not None:
            followed.add(later.pk)
        ref = f"experience:msg-{turn.pk.hex}"
        if entity_by_ref(scope=scope, ref=ref) is not None:
            continue  # told once, proposed once
        # named by the sentence that tells the moment, as a person would recall it; the
        # statement keeps the whole turn, which the consolidation reads by meaning
        result = promotion.experience_record(
            scope=scope,
            message_id=turn.pk,
            statement=_title(turn.text, 240),
            name=moment_name(sentence=cue.sentence),
            follow_up=later.pk if later is not None and cue is not None else None,
            chat_id=chat_id,
        )
        how = Provenance.observed(
            what=f"{cue.when['cue']}: {', '.join(cue.reasons)}",
            ref=message_ref(turn),
            valid_from=turn.occurred_at,
        )
        reflection_commit(
            scope=scope,
            ops=[op_fact(result["ref"], "occurred_on", cue.when, how)],
            purpose="experience-date",
            chat_id=chat_id,
        )
        proposed.append(result["ref"])
    return proposed


# --- open questions ------------------------------------------------------------------------


def _question_of(text: str) -> tuple[str, bool] | None:
    """The owner's own question in a turn and whether their words already say it is open.

    A sentence that says the matter is unresolved for them ("weiß ich noch nicht", "still
    torn", "keine Ahnung, wie …") makes the turn's question open whatever the reply; a
    question sentence ("…?") alone is open only when the reply leaves it so. The question
    is the last question sentence naming a matter ("Soll ich ihr eine Ecke einrichten? Oder
    ist das zu viel?" asks the first: the second only weighs it), else the last unresolved
    one; an "if" sentence is no question of the owner's ("wenn …, wüsste ich nicht, ob …")."""
    asked = doubted = None
    # a message pasted in quotes ("anke sent this: '… kannst du sie abholen?'") asks
    # the owner something; their own question is around it
    for sentence in lang.sentences(" ".join(lang.QUOTED.sub(" ", text).split())):
        if lang.STORY_OPENER.search(lang.fold(sentence)):
            continue  # "Hab ich dir vom Törggelen erzählt?" opens a story
        # "Und die Wohnung?" opens a topic; a question has a verb and its words, or
        # weighs what to do after the sentences that say what about ("soll ich nachgeben?")
        weighs = bool(lang.UNMARKED_QUESTION.search(lang.fold(sentence)))
        marked = _asks(sentence) and not sentence.rstrip().endswith("!")
        if marked and (weighs or len(lang.tokens(sentence)) >= MIN_QUESTION_WORDS):
            if lang.exclaimed_echo(sentence):
                continue
            if asked is None or lang.content_terms(sentence):
                asked = sentence
        elif lang.HYPOTHETICAL.search(sentence):
            continue
        elif markers.unresolved(sentence) or lang.QUESTION_SELF.search(lang.fold(sentence)):
            doubted = sentence
    if asked is None and doubted is None:
        return None
    return (asked or doubted, doubted is not None)


def left_open(*, question: str, reply: SourceMessage | None) -> bool:
    """Whether the session left the question open: no reply, a reply that names it a
    question, hands it back, weighs both sides or only suggests — or, for a question only
    the owner can settle ("Was mach ich denn, wenn sie gehen?", "How do I tell him?"), a
    reply that does not answer it."""
    folded_question = lang.fold(question)
    if reply is None or reply.role == "user":
        return bool(lang.FIRST_PERSON_ANY.search(folded_question))
    answer = lang.fold(reply.text)
    if lang.asks_wording(question):
        # the words given are the answer; only handing it back leaves it open
        return bool(lang.LEFT_OPEN.search(answer)) or answer.rstrip().endswith("?")
    if lang.LEFT_OPEN.search(answer) or lang.SUGGESTION.search(answer):
        return True
    if answer.rstrip().endswith("?"):
        return True  # a question back: the owner is to answer it
    if bool(lang.QUESTION_SELF.search(folded_question)) and not any(ch.isdigit() for ch in answer):
        return True
    return _unanswered_deliberation(question=question, reply=reply.text)


def _unanswered_deliberation(*, question: str, reply: str) -> bool:
    """A question of the owner's own to settle, and a reply that neither comes near it in
    meaning nor takes up what it is about ("Das musst du heute noch nicht wissen" to "Was
    mach ich, wenn sie nach Hamburg gehen?"). A reply about the matter answers it, even
    with other words ("Better to rest it completely" to "Should I keep going to the gym?")."""
    found = prototypes.vectors([question, reply])
    if found is None:
        return False
    if not prototypes.deliberative(found[0]):
        return False
    if float(found[0] @ found[1]) >= ANSWER_NEAR:
        return False
    return not set(lang.content_terms(question)) & set(lang.content_terms(reply))


@dataclass(frozen=True)
class OpenQuestion:
    entity: Entity
    asked: list[UUID]  # the messages that asked it


def open_questions(*, scope: OwnerScope) -> list[OpenQuestion]:
    """The owner's questions still open, each with the messages that asked it: what the
    repeat check, the resolving and the resurfacing all start from."""
    questions = selectors.reflection_entities(scope=scope, kind="open_question")
    current = selectors.current_by_entity(scope=scope, entity_ids=[q.pk for q in questions])
    found = []
    for question in questions:
        rows = current[question.pk]
        if selectors.state_name(selectors.value_of(rows, "question_state")) != "open":
            continue
        found.append(OpenQuestion(question, selectors.cited_messages(rows, "question_state")))
    return found


@dataclass(frozen=True)
class _Asked:
    entity: Entity
    words: set[str]  # the words it was asked in


def _open_elsewhere(scope: OwnerScope, session: str) -> list[_Asked]:
    """The open questions asked in other sessions, with the words they were asked in (the
    question and the sentence before it: "Frau Hallmann … fragt, ob ich die Praxisleitung
    übernehmen will. Will ich das überhaupt?" is about the Praxisleitung)."""
    found = []
    for question in open_questions(scope=scope):
        asked = SourceMessage.objects.filter(owner_sub=scope.owner_sub, pk__in=question.asked)
        if asked.filter(session_external_id=session).exists():
            continue
        name = question.entity.canonical_name
        words = set(lang.content_terms(name))
        for text in asked.values_list("text", flat=True):
            words |= _asked_about(name, text)
        found.append(_Asked(question.entity, words))
    return found


def _translated(words: dict[str, str]) -> set[str]:
    """The stems of ``words`` and of their everyday translations ("school" → "schul")."""
    stems = set(words)
    for surface in words.values():
        for other in translations(surface):
            stems |= set(lang.content_terms(other))
    return stems


def _asked_before(question: str, text: str, earlier: list[_Asked]) -> str | None:
    """The open question of an earlier session that ``question`` asks again: it shares
    ``RESURFACE_SHARED`` content words with what was asked then, as written or through their
    everyday translations ("Wann ist nochmal Leas Theateraufführung?"; "Should I tell my
    sister about the money?" after "Soll ich meiner Schwester von dem Geld erzählen?"). A
    doubt without a question mark ("still torn about the band") comes back on any shared
    word when it names no matter of its own; one that does ("taking mum out for the
    christmas lunch, not sure she'd cope" after a question on mum's finances) is asked
    like any question. Meaning alone does not tell: "When is the parents' evening at
    Lea's school?" is as near the school play's question as its translation is."""
    words = lang.content_terms(question)
    own = set(lang.topic_terms(question))  # the things it names, not "recht", "schaffe"
    doubt = not question.rstrip().endswith("?")
    if doubt:
        words = {**words, **lang.content_terms(text)}
    said = _translated(words)
    best, shared_most = None, 0
    for asked in earlier:
        shared = len(said & asked.words)
        if doubt and shared and len(own - asked.words) < DOUBT_OWN_MATTER:
            shared += RESURFACE_SHARED
        if shared >= RESURFACE_SHARED and shared > shared_most:
            best, shared_most = asked.entity.ref, shared
    return best


def _asks(sentence: str) -> bool:
    """Whether a sentence is asked, with its mark or weighing without it ("soll ich …")."""
    return sentence.rstrip().endswith("?") or bool(
        lang.UNMARKED_QUESTION.search(lang.fold(sentence))
    )


def _with_its_matter(question: str, text: str) -> str:
    """The question as a name a person recognises later: one that names at most one thing
    ("Ich weiß noch nicht, ob ich es annehmen soll.", "Should I take it?") keeps the sentence
    before it in the turn, which says what "es" or "it" is ("Ich habe ein Jobangebot von
    Zeiss in Jena bekommen.")."""
    if len(lang.content_terms(question)) > 1:
        return question
    said = lang.sentences(text)
    folded = [lang.fold(sentence) for sentence in said]
    at = next((i for i, f in enumerate(folded) if lang.fold(question) in f), 0)
    if at == 0:
        return question
    before = OPENER.sub("", said[at - 1])
    room = max(QUESTION_CONTEXT_MIN, EXPERIENCE_NAME_CHARS - len(question) - 1)
    return f"{_title(before, limit=room)} {question}"


def _weighed_again(
    question: str, turn: SourceMessage, owner_turn: int, opened_here: list
) -> str | None:
    """The question of this session that a doubt goes on weighing: a doubt without a question
    mark a turn or two after it ("Mehr Geld, aber … Ich bin hin- und hergerissen." after "Ich
    weiß noch nicht, ob ich es annehmen soll.") or sharing its turn's words later on."""
    if question.rstrip().endswith("?"):
        return None
    words = set(lang.content_terms(turn.text))
    for ref, asked_at, asked in reversed(opened_here):
        near = owner_turn - asked_at <= SETTLED_WITHIN
        if near or words & set(lang.content_terms(asked.text)):
            return ref
    return None


def _answering(scope: OwnerScope, turns: list[SourceMessage]) -> set[UUID]:
    """The turns among ``turns`` that answered a question of an earlier session."""
    here = {t.pk for t in turns}
    questions = selectors.reflection_entities(scope=scope, kind="open_question")
    current = selectors.current_by_entity(scope=scope, entity_ids=[q.pk for q in questions])
    found: set[UUID] = set()
    for question in questions:
        value = selectors.value_of(current[question.pk], "question_state")
        if isinstance(value, dict) and selectors.state_name(value) != "open":
            found |= set(selectors.message_ids_of(value.get("sources", []))) & here
    return found


def questions_propose(*, scope: OwnerScope, turns: list[SourceMessage]) -> list:
    proposed = []
    earlier = _open_elsewhere(scope, turns[0].session_external_id) if turns else []
    # a turn telling how an earlier question went wonders at what happened ("and under the
    # sail it was all green and quiet and I just floated there??"); it asks nothing new
    answering = _answering(scope, turns)
    opened_here: list[tuple[str, int, SourceMessage]] = []  # (ref, owner turn, turn) so far
    owner_turn = 0
    for index, turn in enumerate(turns):
        if turn.role != "user":
            continue
        owner_turn += 1
        found = _question_of(turn.text) if turn.pk not in answering else None
        if found is None:
            continue
        question, said_open = found
        if not lang.content_terms(question) and not (
            _asks(question) and lang.content_terms(_with_its_matter(question, turn.text))
        ):
            # "I don't know." names no matter to come back to; "Aber mit 38 und Kind – soll
            # ich das wirklich machen?" asks after the one the sentence before names
            continue
        ref = f"open_question:q-{turn.pk.hex}"
        if entity_by_ref(scope=scope, ref=ref) is not None:
            opened_here.append((ref, owner_turn, turn))
            continue
        reply = turns[index + 1] if index + 1 < len(turns) else None
        if not said_open and not left_open(question=question, reply=reply):
            continue
        if _settled_in_session(turns, index):
            continue
        weighed = _weighed_again(question, turn, owner_turn, opened_here)
        again = weighed or _asked_before(question, turn.text, earlier)
        if again is not None:
            threads.question_asked_again(scope=scope, ref=again, message=turn)
            continue
        made = threads.question_open(
            scope=scope, message_id=turn.pk, question=_with_its_matter(question, turn.text)
        )
        opened_here.append((made["question"], owner_turn, turn))
        if made["created"]:
            proposed.append(made["question"])
            working_state_formed(scope=scope, refs=[made["question"]], messages=[turn])
    return proposed


SETTLED_WITHIN = 2  # owner turns after a question in which the session may settle it


def _settled_in_session(turns: list[SourceMessage], at: int) -> bool:
    """Whether the owner settles the question of turn ``at`` a moment later in the same
    session, taking up what the assistant has just suggested: "Was schenk ich ihr?" …
    "Dann wäre ein Gutschein für einen Töpferkurs schön" — "Perfekt, das mach ich. Der
    Töpferkurs in Ottensen hat Gutscheine"."""
    seen = 0
    for index in range(at + 1, len(turns)):
        turn = turns[index]
        if turn.role != "user":
            continue
        seen += 1
        if seen > SETTLED_WITHIN:
            return False
        before = turns[index - 1]
        if before.role != "assistant" or not _takes_up(turn.text):
            continue
        if set(lang.content_terms(before.text)) & set(lang.content_terms(turn.text)):
            return True
    return False


# what only announces a next step ("i'll think about which story", "we'll talk tomorrow",
# "I'll ask her") leaves the question itself open
NEXT_STEP = re.compile(
    r"\b(i['’]?ll|we['’]?ll|i will|we will|i['’]?m going to|we['’]?re going to)\b"
)


def _takes_up(text: str) -> bool:
    """The owner takes a decision there and then, not only a next step."""
    for sentence in lang.sentences(text):
        folded = lang.fold(sentence)
        if not _decision_sentence(sentence):
            continue
        if NEXT_STEP.search(folded) and not lang.DECIDED.search(NEXT_STEP.sub(" ", folded)):
            continue
        return True
    return False


def _decision_sentence(sentence: str) -> bool:
    """A sentence that takes a decision or settles a matter — not one that says the
    decision is still to come ("Die Praxis hab ich immer noch nicht entschieden")."""
    folded = lang.fold(sentence)
    if lang.NOT_DECIDED.search(folded) or markers.unresolved(sentence):
        return False
    return bool(lang.DECIDED.search(folded) or lang.REALISED.search(folded)) or markers.settles(
        sentence
    )


def _decides(text: str) -> bool:
    return any(_decision_sentence(sentence) for sentence in lang.sentences(text))


def _deciding_words(text: str, *, terms=lang.content_terms) -> set[str]:
    """The content words of the sentences that decide or settle, with the sentence
    before each ("Talked to Jess about the band. We've sorted it out.")."""
    said = lang.sentences(text)
    words: set[str] = set()
    for index, sentence in enumerate(said):
        if _decision_sentence(sentence):
            for near in said[max(0, index - 1) : index + 1]:
                words |= set(terms(near))
    return words


def _asked_about(question: str, asked_text: str) -> set[str]:
    """What a question is about: its own content words and those of the sentence before
    it in the turn that asked ("Frau Hallmann … fragt, ob ich die Praxisleitung übernehmen
    will. Will ich das überhaupt?"), not the rest of the turn, which may be about
    something else ("The interview bit … Different topic: a phone for Ellie?")."""
    said = lang.sentences(asked_text)
    folded = lang.fold(question)
    for index, sentence in enumerate(said):
        if lang.fold(sentence) in folded or folded in lang.fold(sentence):
            words: set[str] = set()
            for near in said[max(0, index - 1) : index + 1]:
                words |= set(lang.content_terms(near))
            return words
    return set(lang.content_terms(question))


def _restates(question: str, text: str) -> bool:
    """A later sentence that says the question's words back as a statement: "Ist das
    nicht viel zu früh?" — "Zu früh ist es nicht, das seh ich jetzt auch."."""
    asked = set(lang.content_terms(question))
    if not asked:
        return False
    return any(
        not sentence.rstrip().endswith("?")
        and not lang.HYPOTHETICAL.search(sentence)
        and asked <= set(lang.content_terms(sentence))
        # said back with its yes or no ("… ist es nicht"), not only named again
        # ("Interview's tomorrow in Newport" after "would I even want Newport?")
        and POLARITY.search(lang.fold(sentence))
        for sentence in lang.sentences(text)
    )


# the owner tells having done what was weighed, after all: "I did it: I applied to
# foster", "soooo i did the capsize", "hab dann doch was gesagt", "hab ja doch die
# Brutwabe rübergehängt" ("doch" beside a perfect: after all)
DONE_AFTER_ALL = re.compile(
    r"\b(i (finally |actually )?did (it|the)|i went (ahead|for it)|(we|i) went through with)\b|"
    rf"\bdoch\b(?=.*\b{lang.PARTICIPLE}\b)"
)
DONE_SHARED = 2  # words of the question told back as done ("Herrn Kuhn gesagt")


def _done_as_asked(question: str, about: set[str], text: str) -> bool:
    """A later turn that tells, in the owner's own past, having done what the question
    weighed: after all and naming its matter ("I did it: I applied to foster" after "take
    on a dog? … the Greyhound Trust … foster homes"), or with the question's own words
    ("Ich hab's heute Herrn Kuhn gesagt" after "Wie sag ich das Herrn Kuhn?"). A question
    answered in other words than a decision's."""
    asked = set(lang.content_terms(question))
    said = lang.sentences(text)
    for index, sentence in enumerate(said):
        folded = lang.fold(sentence)
        if sentence.rstrip().endswith("?") or lang.HYPOTHETICAL.search(sentence):
            continue
        if lang.PLAN.search(folded) or not lang.FIRST_PERSON_SUBJECT.search(folded):
            continue
        if not lang.PAST.search(folded):
            continue
        near: set[str] = set()
        for other in said[max(0, index - 1) : index + 2]:
            near |= set(lang.content_terms(other))
        if DONE_AFTER_ALL.search(folded) and about & near:
            return True
        if len(asked & near) >= DONE_SHARED:
            return True
    return False


POLARITY = re.compile(
    r"\b(nicht|kein\w*|doch|ja|nein|sicher|not|no|yes|definitely|isn't|wasn't|don't|do)\b"
)


def questions_resolve(*, scope: OwnerScope, turns: list[SourceMessage]) -> list:
    """An open question from an earlier session that a turn of this one decides: the
    turn shares its words or its meaning and says a decision was taken."""
    owner_turns = [t for t in turns if t.role == "user"]
    if not owner_turns:
        return []
    closed = []
    for found in open_questions(scope=scope):
        question, asked = found.entity, found.asked
        asked_in = set(
            SourceMessage.objects.filter(owner_sub=scope.owner_sub, pk__in=asked).values_list(
                "session_external_id", flat=True
            )
        )
        # the question itself: the last sentence of its name, which may open with what it
        # is about (``_with_its_matter``); that sentence is among the words of the asking
        asked_as = lang.sentences(question.canonical_name)[-1]
        terms = set(lang.content_terms(asked_as))
        # the turn that asked names the matter too ("… die Koordination der Tafel. Ich bin
        # hin- und hergerissen, ob …")
        context = set(terms)
        about = set(terms)
        # the things and names the asking turn is about ("Stadt" two sentences before
        # "Keine Ahnung, was ich will"); nouns only, since a verb's first letters say
        # little ("managed change" is not "Ops manager")
        named: set[str] = set()
        for text in SourceMessage.objects.filter(
            owner_sub=scope.owner_sub, pk__in=asked
        ).values_list("text", flat=True):
            context |= set(lang.content_terms(text))
            about |= _asked_about(asked_as, text)
            named |= set(lang.topic_terms(text))
        for turn in owner_turns:
            if turn.session_external_id in asked_in:
                continue
            said = set(lang.content_terms(turn.text))
            if _decides(turn.text):
                # the decision names the matter: in the question's words, in the words
                # around the decision, or in the words the question was asked in
                settled = bool(terms & said or about & _deciding_words(turn.text))
                settled = settled or bool(
                    named & _deciding_words(turn.text, terms=lang.topic_terms)
                )
                # "I'm not applying anywhere until the consultation's done. … Feels better
                # having decided.": the matter named beside the decision, in more than one
                # word of the turn that asked
                settled = settled or bool(about & said and len(context & said) >= 2)
            else:
                # no decision word, but the question said back as a statement about the
                # same matter ("Zu früh ist es nicht" after "Ist das nicht viel zu früh?")
                settled = _restates(asked_as, turn.text) and bool((about - terms) & said)
            settled = settled or _done_as_asked(asked_as, about | named, turn.text)
            if settled:
                done = threads.question_close(
                    scope=scope,
                    ref=question.ref,
                    state="answered",
                    trigger=f"decided in session {turn.session_external_id}",
                    message=turn,
                )
                if done:
                    closed.append(question.ref)
                break
    return closed


def questions_resurface(*, scope: OwnerScope, chat_id: str, turns: list[SourceMessage]) -> list:
    """Open questions of earlier sessions whose words come up again here join the
    session's working state, so the context brings them back while the topic is live."""
    said = [set(lang.content_terms(t.text)) for t in turns if t.role == "user"]
    if not said:
        return []
    own = {f"open_question:q-{t.pk.hex}" for t in turns}
    back = []
    for found in open_questions(scope=scope):
        question = found.entity
        if question.ref in own:
            continue
        terms = set(lang.content_terms(question.canonical_name))
        if any(len(terms & words) >= RESURFACE_SHARED for words in said):
            back.append(question)
    if back:
        state = (
            SessionWorkingState.objects.select_for_update()
            .filter(owner_sub=scope.owner_sub, chat_id=chat_id)
            .first()
        )
        if state is not None:
            ids = [q.pk for q in back]
            state.open_questions = list(dict.fromkeys([*ids, *state.open_questions]))[:10]
            state.memory_refs = list(dict.fromkeys([*(q.ref for q in back), *state.memory_refs]))[
                :20
            ]
            state.save(update_fields=["open_questions", "memory_refs"])
    return [q.ref for q in back]


# --- threads -------------------------------------------------------------------------------


@dataclass
class Topic:
    seeds: list[str]
    turns: set[int]
    surfaces: dict[str, int] = field(default_factory=dict)
    # seeds of topics folded into this one as a side or a person of its matter: their
    # earlier threads are fragments of this one
    folded: list[str] = field(default_factory=list)
    # the common noun its turns name their matter by, first in its thread's title
    matter: str | None = None


def _cohesion(vectors: np.ndarray, indexes: set[int]) -> float:
    chosen = vectors[sorted(indexes)]
    count = len(chosen)
    if count < 2:
        return 0.0
    return float(((chosen @ chosen.T).sum() - count) / (count * count - count))


def _sentences_saying(stem: str, sentences: list[str]) -> set[int]:
    """The indexes of ``sentences`` that say ``stem``, whole or as a compound's part."""
    return {
        index
        for index, sentence in enumerate(sentences)
        if any(
            term.startswith(stem)
            for term in (*lang.content_terms(sentence), *lang.compound_terms(sentence))
        )
    }


def _background_words(
    stems: list[str], turns: list[SourceMessage], where: dict[str, set[int]]
) -> set[str]:
    """The stems whose sentences are no nearer each other in meaning than to the owner's
    other sentences (``DISTINCT``): a word said beside every matter names none of them.
    A turn holds several matters, so its sentences are weighed, not the whole turn."""
    sentences = [lang.sentences(t.text) for t in turns]
    vectors = prototypes.vectors([sentence for said in sentences for sentence in said])
    if vectors is None:
        return set()
    start = np.cumsum([0, *(len(said) for said in sentences)])
    background = set()
    for stem in stems:
        indexes = {
            int(start[turn]) + i
            for turn in where[stem]
            for i in _sentences_saying(stem, sentences[turn])
        }
        others = sorted(set(range(len(vectors))) - indexes)
        if len(indexes) < 2 or not others:
            continue
        apart = float((vectors[sorted(indexes)] @ vectors[others].T).mean())
        if _cohesion(vectors, indexes) < apart + DISTINCT:
            background.add(stem)
    return background


def _merged_by_meaning(topics: list[Topic], vectors: np.ndarray) -> list[Topic]:
    """Two topics whose turns are about the same thing ("grandad", "funeral") are one; not
    two the owner only tells in the same voice (``APART_FROM_VOICE``)."""

    def cosine(a: np.ndarray, b: np.ndarray) -> float:
        return float(a @ b / ((np.linalg.norm(a) * np.linalg.norm(b)) or 1))

    at_large = vectors.mean(axis=0)
    merged: list[Topic] = []
    for topic in topics:
        centre = vectors[sorted(topic.turns)].mean(axis=0)
        for other in merged:
            near = vectors[sorted(other.turns)].mean(axis=0)
            if (
                cosine(centre, near) >= SAME_TOPIC
                and cosine(centre - at_large, near - at_large) >= APART_FROM_VOICE
            ):
                other.seeds += topic.seeds
                other.turns |= topic.turns
                break
        else:
            merged.append(topic)
    return merged


def _told_in(topic: Topic, turns: list[SourceMessage]) -> str | None:
    """The one language a topic's turns are told in; ``None`` for a topic told in both."""
    said = {lang.language(turns[i].text) for i in topic.turns} - {None}
    return said.pop() if len(said) == 1 else None


def _joined_across_languages(
    topics: list[Topic], turns: list[SourceMessage], vectors: np.ndarray
) -> list[Topic]:
    """A topic told only in German and one told only in English are one when they are each
    other's nearest in the other language and near enough (``ACROSS_LANGUAGES``): the
    dinghy a person restores is the "Jolle" of their German turns. Their words share no
    stem, so the seeds never met; names are in no language and join on their own."""
    told = [_told_in(topic, turns) for topic in topics]
    centres = [_centre(vectors, topic) for topic in topics]

    def nearest(index: int) -> int | None:
        other = [j for j, said in enumerate(told) if said and told[index] and said != told[index]]
        return max(other, key=lambda j: float(centres[index] @ centres[j]), default=None)

    joined: dict[int, int] = {}
    for index in range(len(topics)):
        partner = nearest(index)
        if (
            partner is not None
            and index < partner
            and nearest(partner) == index
            and float(centres[index] @ centres[partner]) >= ACROSS_LANGUAGES
        ):
            joined[partner] = index
    for partner, index in joined.items():
        topics[index].seeds += topics[partner].seeds
        topics[index].turns |= topics[partner].turns
    return [topic for i, topic in enumerate(topics) if i not in joined]


def _with_compound_parts(
    turns: list[SourceMessage], terms: list[dict[str, str]]
) -> list[dict[str, str]]:
    """German compounds add their parts: "Fotokurs" and "Dunkelkammer" are the same hobby
    as "Fotografie", but their first letters differ. A part shorter than a stem ("Foto")
    also names the words that begin with it elsewhere in the dialogue ("Fotografie"), so
    a topic told by compounds and by the plain word is one."""
    parts = [
        lang.compound_terms(t.text) if len(lang.tokens(t.text)) >= MIN_TOPIC_WORDS else {}
        for t in turns
    ]
    short = {
        stem: surface for found in parts for stem, surface in found.items() if len(stem) < lang.STEM
    }
    joined = []
    for found, own in zip(terms, parts, strict=True):
        found = {**own, **found}
        for stem, word in list(found.items()):
            for prefix in short:
                if stem != prefix and stem.startswith(prefix):
                    # the whole word names the topic better than its first letters
                    found.setdefault(prefix, word)
        joined.append(found)
    return joined


def topics_find(*, turns: list[SourceMessage], vectors: np.ndarray | None) -> list[Topic]:
    """Topics recurring across sessions among the owner's turns.

    A seed is a content word in at least ``MIN_THREAD_TURNS`` turns of at least two
    sessions and not in most of them, nor said beside every matter alike (see
    ``_background_words``); seeds whose turns overlap merge into one topic; then
    turns near the topic's centre in meaning join it, within the sessions it spans."""
    # a one- or two-word reply ("Gemischt.") carries no topic, however often it recurs;
    # a turn in regional speech is read in standard words, so that its grammar words
    # ("oiner", "nich") are not taken for nouns of a matter
    read = [spoken.standard_reading(t.text) for t in turns]
    terms = [
        lang.topic_terms(text) if len(lang.tokens(text)) >= MIN_TOPIC_WORDS else {} for text in read
    ]
    terms = _with_compound_parts(turns, terms)
    where: dict[str, set[int]] = {}
    surfaces: dict[str, dict[str, int]] = {}
    for index, found in enumerate(terms):
        for stem, surface in found.items():
            where.setdefault(stem, set()).add(index)
            forms = surfaces.setdefault(stem, {})
            forms[surface] = forms.get(surface, 0) + 1
    common = max(MIN_THREAD_TURNS, int(len(turns) * COMMON_SHARE))
    # a verb counts towards a topic its noun names ("umstrukturiert" beside
    # "Umstrukturierung"), never alone ("stand", "standen")
    forms = [
        lang.spoken_as(text) if found else None for text, found in zip(read, terms, strict=True)
    ]
    said_as = {part: set().union(*(s[part] for s in forms if s is not None)) for part in (0, 1)}
    seeds = []
    for stem, indexes in where.items():
        sessions = {turns[i].session_external_id for i in indexes}
        if stem in said_as[1] and stem not in said_as[0]:
            continue
        if stem in lang.SHORT_KIN:
            # "mum came with a flask of chai at mile 14", "Mum is already planning the
            # wedding": a parent said in passing in every part of life starts no topic of
            # its own, but names the one most of whose turns are about them (below)
            continue
        if all(lang.fold(s) in lang.HOUSEHOLD | lang.MEALTIMES for s in surfaces[stem]):
            continue  # the children of the house, a mealtime: said beside anything
        if MIN_THREAD_TURNS <= len(indexes) <= common and len(sessions) >= MIN_THREAD_SESSIONS:
            seeds.append((len(sessions), len(indexes), stem))
    seeds.sort(reverse=True)
    if vectors is not None:
        seeds = [s for s in seeds if _cohesion(vectors, where[s[2]]) >= COHESION]
        background = _background_words([s[2] for s in seeds], turns, where)
        seeds = [s for s in seeds if s[2] not in background]
    topics: list[Topic] = []
    for _, _, stem in seeds:
        indexes = where[stem]
        for topic in topics:
            shared = len(topic.turns & indexes)
            if shared / min(len(topic.turns), len(indexes)) >= MERGE_OVERLAP:
                topic.seeds.append(stem)
                topic.turns |= indexes
                break
        else:
            topics.append(Topic([stem], set(indexes)))
    if vectors is not None:
        topics = _merged_by_meaning(topics, vectors)
        topics = _joined_across_languages(topics, turns, vectors)
    for topic in topics:
        for stem in topic.seeds:
            for surface, count in surfaces[stem].items():
                topic.surfaces[surface] = topic.surfaces.get(surface, 0) + count
        # a word in most of the topic's turns names it too ("marathon" beside "mile")
        inside = Counter(stem for i in topic.turns for stem in terms[i])
        for stem, count in inside.most_common(3):
            if stem in said_as[1] and stem not in said_as[0]:
                continue  # "drehen" in "Nacken · drehen · Kopf"
            if stem not in topic.seeds and count >= TITLE_SHARE * len(topic.turns) and count > 1:
                topic.seeds.append(stem)
                for surface, seen in surfaces[stem].items():
                    topic.surfaces[surface] = topic.surfaces.get(surface, 0) + seen
    if vectors is not None:
        for topic in topics:
            _near_turns_joined(topic, vectors, most=common)
    topics = _side_topics_merged(topics, turns, vectors)
    if vectors is not None:
        topics = _people_joined(topics, turns, vectors)
        for topic in topics:
            topic.turns -= _named_only(topic, turns, terms, where, vectors)
    kept = [
        t
        for t in topics
        if len({turns[i].session_external_id for i in t.turns}) >= MIN_THREAD_SESSIONS
    ]
    if vectors is not None:
        for topic in kept:
            topic.matter = _matter_of(topic, turns, vectors)
        kept = _one_matter_merged(kept, vectors)
        kept = [t for t in kept if _stands_apart(t, vectors)]
        kept = _one_word_merged(kept)
    return [t for t in kept if not _said_in_closing(t, turns)]


def _one_word_merged(topics: list[Topic]) -> list[Topic]:
    """Two topics that came to share a seed word (one took it as a word of most of its
    turns, see ``topics_find``) and a turn are one matter told by two sets of words: the
    post office as "office · post", "meeting · post · nuala" and "kilmihil · post ·
    notice"; the son as "Mama · jens · zimmer" and "Schule · jens · luca". The smaller
    joins the larger. Measured on the dev conversations of ``gd_bench reflection`` (topics
    of each conversation's final turns): four threads fewer, none lost; without the shared
    turn, a shoulder injury joined the morning coffee by "Dach"."""
    return _folded_where(
        topics,
        lambda topic, larger: (
            bool(set(topic.seeds) & set(larger.seeds)) and bool(topic.turns & larger.turns)
        ),
    )


def _near_turns_joined(topic: Topic, vectors: np.ndarray, *, most: int) -> None:
    """The turns near a topic's centre in meaning (``NEAR_IN_MEANING``) join it — unless
    that makes it more than ``most`` of the owner's turns, as no seed word may be: then they
    share the owner's voice (a dialect, a way of writing), not the matter. Dev: a Berlin
    canteen cook's every turn joined her son's topic; kept apart, her canteen is a thread."""
    centre = vectors[sorted(topic.turns)].mean(axis=0)
    centre /= np.linalg.norm(centre) or 1
    near = {int(i) for i in np.flatnonzero(vectors @ centre >= NEAR_IN_MEANING)}
    if len(topic.turns | near) <= most:
        topic.turns |= near


def _said_in_closing(topic: Topic, turns: list[SourceMessage]) -> bool:
    """Whether a topic of few turns is small talk said in closing: each of its turns one of
    the last ``CLOSING_TURNS`` things the owner says in a session of at least
    ``CLOSING_SESSION`` and the only one of the topic there ("Eintracht hat 3:1 gewonnen",
    "wordle streak at 212", "Sonntag wieder Tatort"). A matter on the person's mind is
    talked over somewhere, not only mentioned on the way out. Measured on the dev
    conversations of ``gd_bench reflection`` (topics of each conversation's final turns):
    six threads fewer, none of them expected, none lost."""
    if len(topic.turns) > SMALL_TOPIC_TURNS:
        return False
    sessions: dict[str, list[int]] = {}
    for index, turn in enumerate(turns):
        sessions.setdefault(turn.session_external_id, []).append(index)
    told = [turns[i].session_external_id for i in topic.turns]
    if len(set(told)) < len(told):
        return False
    return all(
        len(sessions[turns[i].session_external_id]) >= CLOSING_SESSION
        and i in sessions[turns[i].session_external_id][-CLOSING_TURNS:]
        for i in topic.turns
    )


def _stands_apart(topic: Topic, vectors: np.ndarray) -> bool:
    """Whether a topic of few turns (``SMALL_TOPIC_TURNS``) is told in turns nearer each
    other in meaning than to the owner's other turns (``SMALL_TOPIC_APART``). A few turns
    sharing a word are as often a corner of a larger matter (the depot and a colleague,
    beside the driving lessons told in many more) or the background of a life (the stable,
    on a farm) as a matter of their own, and a handful of turns tell which only by how
    much more alike they are than the rest; a larger topic's spread says nothing against
    it. Measured on the 34 dev conversations of ``gd_bench reflection`` then (topics of
    each conversation's final turns): eight threads fewer, every one matching no expected
    thread, none lost; at 0.1, three expected threads lost."""
    if len(topic.turns) > SMALL_TOPIC_TURNS:
        return True
    others = sorted(set(range(len(vectors))) - topic.turns)
    if not others:
        return True
    apart = float((vectors[sorted(topic.turns)] @ vectors[others].T).mean())
    return _cohesion(vectors, topic.turns) >= apart + SMALL_TOPIC_APART


def _one_matter_merged(topics: list[Topic], vectors: np.ndarray) -> list[Topic]:
    """Two topics named by the same matter and near each other in meaning
    (``SAME_MATTER_TOPIC``) are one: the seeds that split them are sides of it, and a
    thread an earlier pass made for the smaller is folded into the larger's."""

    def one_matter(a: str | None, b: str | None) -> bool:
        # in any of its forms: "Mama" and "Mamas", "Krebs" and "Krebses"
        return bool(a and b) and (
            lang.fold(a)[: lang.STEM] == lang.fold(b)[: lang.STEM] or _unbent(a) == _unbent(b)
        )

    return _folded_where(
        topics,
        lambda topic, larger: (
            one_matter(topic.matter, larger.matter)
            and float(_centre(vectors, topic) @ _centre(vectors, larger)) >= SAME_MATTER_TOPIC
        ),
    )


def _folded_where(topics: list[Topic], joins: Callable[[Topic, Topic], bool]) -> list[Topic]:
    """Each topic, largest first, folded into the first larger one it ``joins``."""
    merged: list[Topic] = []
    for topic in sorted(topics, key=lambda t: -len(t.turns)):
        larger = next((kept for kept in merged if joins(topic, kept)), None)
        if larger is None:
            merged.append(topic)
        else:
            _fold_into(larger, topic)
    return merged


def _names_among(
    stems: list[str], turns: list[SourceMessage], where: dict[str, set[int]]
) -> set[str]:
    """The stems said as a name ("Ella", "Kappeln") in most of the turns that say them, and
    read as one on their own too: in its sentence "Chemo" may read as a name."""

    def named(stem: str, text: str) -> bool:
        surface = lang.name_terms(text).get(stem)
        code = lang.language(text) or "de"
        return surface is not None and is_proper_noun(surface.capitalize(), lang=code)

    names = set()
    for stem in stems:
        said = where.get(stem, set())
        if 2 * sum(named(stem, turns[i].text) for i in said) > len(said):
            names.add(stem)
    return names


def _said_without(names: set[str], text: str) -> list[str]:
    """The sentences of ``text`` of ``MIN_TOPIC_WORDS`` words or more, the ``names`` left
    out: what a sentence says of the person, not that it names them."""
    said = []
    for sentence in lang.sentences(text):
        words = [
            word
            for word in lang.tokens(sentence)
            if lang.fold(lang.POSSESSIVE.sub("", word))[: lang.STEM] not in names
        ]
        if len(words) >= MIN_TOPIC_WORDS:
            said.append(" ".join(words))
    return said


def _named_only(
    topic: Topic,
    turns: list[SourceMessage],
    terms: list[dict[str, str]],
    where: dict[str, set[int]],
    vectors: np.ndarray,
) -> set[int]:
    """The turns of a topic named by several people that share only their names with it
    and say nothing of its matter: a daughter's nightmares are not everything told of her
    and her mother ("ella saß bei svenja auf den schultern"). One person's topic (a new
    boss, a friend's illness) is about that person; the names of a household come together
    in turns about anything in its life. Such a turn stays when it says the matter noun of
    the topic, when one of its sentences tells what a sentence of the topic in another
    session tells (``SAME_MATTER_SAID``, the names left out), or when it is told right
    before or after a turn that stays, in the same session."""
    names = _names_among(topic.seeds, turns, where)
    if len(names) < 2:
        return set()
    matter = set(topic.seeds) - names
    noun = _matter_of(topic, turns, vectors)
    # chat writes names in lower case, where the tagger may read one as a common noun
    if noun is not None and lang.fold(noun)[: lang.STEM] not in names:
        matter |= _translated({lang.fold(noun)[: lang.STEM]: noun})
    named = {i for i in topic.turns if names & set(terms[i]) and not matter & set(terms[i])}
    if not named:
        return set()
    order = sorted(topic.turns)
    said = {i: _said_without(names, turns[i].text) for i in order}
    owners = [i for i in order for _ in said[i]]
    sentences = prototypes.vectors([sentence for i in order for sentence in said[i]])
    if sentences is None:
        return set()
    near = sentences @ sentences.T >= SAME_MATTER_SAID
    session = [t.session_external_id for t in turns]
    told = {
        owners[a]
        for a, b in zip(*np.nonzero(near), strict=True)
        if session[owners[a]] != session[owners[b]]
    }
    kept = (topic.turns - named) | (named & told)
    # a matter told on over several turns of a session: each beside one that stays
    grown = True
    while grown:
        beside = {
            i
            for i in named - kept
            if any(j in kept and session[j] == session[i] for j in (i - 1, i + 1))
        }
        kept |= beside
        grown = bool(beside)
    return named - kept


def _matter_of(topic: Topic, turns: list[SourceMessage], vectors: np.ndarray) -> str | None:
    """The common noun of the topic's turns nearest in meaning to what they say together:
    the matter a person would name ("Mannschaft" for turns that share "spiel" and
    "Wolfgang", "Heim" for Papa's), where the words the turns share may be a verb, a
    person or a word of any part of life."""
    said: dict[str, str] = {}
    told: Counter[str] = Counter()
    for index in sorted(topic.turns):
        found = lang.matter_nouns(turns[index].text)
        told.update(found.keys())
        for stem, surface in found.items():
            said.setdefault(stem, surface)
    # a measure is no matter: "Stunde" sits near every turn of a day's care in meaning
    said = {stem: w for stem, w in said.items() if not lang.is_measure(w)}
    # a person names a matter by a noun they come back to ("Wasser" in two evenings at
    # the pool), not by the one thing a single turn holds ("Schaumstoffnudel")
    again = [w for stem, w in said.items() if told[stem] >= 2]
    words = again or list(said.values())
    found = prototypes.vectors(words) if words else None
    if found is None:
        return None
    return words[int(np.argmax(found @ _centre(vectors, topic)))]


def _told_beside(small: Topic, large: Topic, turns: list[SourceMessage]) -> bool:
    """Whether every turn of ``small`` is one of ``large`` or the owner's turn right before
    or after one of them in the same session: a side of the same matter told on ("Mama hat
    nach ihrem Auto gefragt" — "hinterher saß ich im Auto und hab geheult")."""
    for index in small.turns:
        if index in large.turns:
            continue
        session = turns[index].session_external_id
        if not any(
            0 <= near < len(turns)
            and near in large.turns
            and turns[near].session_external_id == session
            for near in (index - 1, index + 1)
        ):
            return False
    return True


def _about_a_matter(topic: Topic, turns: list[SourceMessage]) -> bool:
    """Whether a topic's title names a matter (a thing, a kin word: "depot", "Mama"), not
    only people or places ("Sophie", "Lotte · Sandra · Frau Sommer", "Leipzig"): turns told
    beside a person may be about anything in their life."""
    code = lang.language(" ".join(turns[i].text for i in sorted(topic.turns))) or "de"
    return any(
        not lang.TITLED.match(word) and not is_proper_noun(word, lang=code)
        for word in topic_title(topic).split(" · ")
    )


def _fold_into(larger: Topic, topic: Topic) -> None:
    """``topic`` becomes part of ``larger``: its seeds, turns and words (kept for the title)."""
    larger.seeds += [seed for seed in topic.seeds if seed not in larger.seeds]
    larger.folded += [*topic.seeds, *topic.folded]
    larger.turns |= topic.turns
    for surface, count in topic.surfaces.items():
        larger.surfaces[surface] = larger.surfaces.get(surface, 0) + count


def _side_topics_merged(
    topics: list[Topic], turns: list[SourceMessage], vectors: np.ndarray | None = None
) -> list[Topic]:
    """A topic told only beside a larger one about a matter joins it, its words kept for
    the title: "consultation" beside the depot merger, "Auto · Haus" beside Mama, the
    doctor beside Papa's illness — one thread for one topic, not two. One near none of
    the matters it is told beside in meaning (``SIDE_OF_MATTER``) and told in fewer
    sessions than one of them is an aside said while telling that matter (the mould on
    the bathroom ceiling beside the night shifts, the trumpeter upstairs beside Papa's
    care): no side of it, and no topic of its own. Two far matters told as widely, in
    turn, stay joined as before (Mama's operation and the tax return)."""
    merged: list[Topic] = []
    for topic in sorted(topics, key=lambda t: -len(t.turns)):
        beside = [
            larger
            for larger in merged
            if _about_a_matter(larger, turns) and _told_beside(topic, larger, turns)
        ]
        near = [
            larger
            for larger in beside
            if vectors is None
            or float(_centre(vectors, topic) @ _centre(vectors, larger)) >= SIDE_OF_MATTER
        ]
        if near:
            _fold_into(near[0], topic)
        elif any(_sessions_of(larger, turns) > _sessions_of(topic, turns) for larger in beside):
            continue  # an aside
        elif beside:
            _fold_into(beside[0], topic)
        else:
            merged.append(topic)
    return merged


def _sessions_of(topic: Topic, turns: list[SourceMessage]) -> int:
    return len({turns[i].session_external_id for i in topic.turns})


def _told_with(small: Topic, large: Topic, turns: list[SourceMessage]) -> bool:
    """Whether a turn of ``small`` is one of ``large`` or the owner's turn right before or
    after one of them in the same session."""
    return any(
        0 <= near < len(turns)
        and near in large.turns
        and turns[near].session_external_id == turns[index].session_external_id
        for index in small.turns
        for near in (index - 1, index, index + 1)
    )


def _centre(vectors: np.ndarray, topic: Topic) -> np.ndarray:
    centre = vectors[sorted(topic.turns)].mean(axis=0)
    return centre / (np.linalg.norm(centre) or 1)


def _people_joined(
    topics: list[Topic], turns: list[SourceMessage], vectors: np.ndarray
) -> list[Topic]:
    """A topic named only by people ("Helen", "Physio", "Hannah") told with a larger matter
    and near it in meaning is someone who plays a part in that matter — the manager who
    said to apply, the physio of the knee — not a matter of its own: its turns join the
    nearest such matter, whose title stays what the matter is about. People the owner's
    turns are about as much as anything else (a dog, a daughter) are no smaller than the
    matter beside them and keep their thread."""
    matters = [t for t in topics if _about_a_matter(t, turns)]
    kept: list[Topic] = []
    for topic in topics:
        if any(topic is matter for matter in matters):  # by identity: topics may look alike
            kept.append(topic)
            continue
        centre = _centre(vectors, topic)
        near = [
            (float(centre @ _centre(vectors, matter)), index)
            for index, matter in enumerate(matters)
            if len(matter.turns) > len(topic.turns) and _told_with(topic, matter, turns)
        ]
        best = max(near, default=(0.0, -1))
        if best[0] >= PEOPLE_IN_MATTER:
            matters[best[1]].turns |= topic.turns
            matters[best[1]].folded += [*topic.seeds, *topic.folded]
        else:
            kept.append(topic)
    return kept


def _as_noun(surface: str, topic: Topic) -> str:
    """A topic said mostly by its verb ("umstrukturiert") is named by the noun of the same
    stem the owner also said ("Umstrukturierung"): a German noun is the capitalised form."""
    if surface[:1].isupper():
        return surface
    stem = lang.fold(surface)[: lang.STEM]
    nouns = [
        (-count, other)
        for other, count in topic.surfaces.items()
        if other[:1].isupper() and lang.fold(other)[: lang.STEM] == stem
    ]
    return min(nouns)[1] if nouns else surface


def topic_title(topic: Topic) -> str:
    # as often said, the whole word the owner used ("Fotokurs") before its part ("Foto")
    ordered = sorted(topic.surfaces.items(), key=lambda kv: (-kv[1], -len(kv[0]), kv[0]))
    # a measure ("Kilometer", "hours", "euro") names the topic only when nothing else does
    named = [kv for kv in ordered if not lang.is_measure(kv[0])]
    ordered = named or ordered
    names: list[str] = []
    for surface, _ in ordered:
        folded = lang.fold(surface)
        # "Kammer" adds nothing beside "Dunkelkammer", nor "Foto" beside "Fotokurs"
        if all(
            folded[: lang.STEM] != lang.fold(n)[: lang.STEM]
            and folded not in lang.fold(n)
            and lang.fold(n) not in folded
            for n in names
        ):
            names.append(_as_noun(surface, topic))
        if len(names) == TITLE_TERMS:
            break
    return " · ".join(names)


def thread_title(topic: Topic) -> str:
    """A thread is named after its matter first, then by the words its turns share: the
    shared words alone may be a verb, a person or a word of any part of life ("spiel",
    "Birgit"), which a space may be named by but a thread not."""
    title = topic_title(topic)
    if not topic.matter:
        return title
    stem = lang.fold(topic.matter)[: lang.STEM]
    rest = [w for w in title.split(" · ") if w and lang.fold(w)[: lang.STEM] != stem]
    return " · ".join([topic.matter, *rest][:TITLE_TERMS])


def _retitled(scope: OwnerScope, thread: Entity, title: str) -> bool:
    """Whether a grown thread's turns now name another matter than its title leads with
    ("Bratkartoffeln · Gesa" → "Krankenhaus · Gesa"). The words after the first move
    with every run and never re-title it, nor does a new first word beside the old one
    ("Chemo · Krankenhaus"); a name anyone but these rules gave it (the owner, through
    the pages, the API or the agent) stays for good."""
    held = thread.canonical_name.split(" · ", 1)[0]
    words = title.split(" · ")
    # the first word in another form is the same matter ("Krebs", "Krebses"); beside it,
    # only the word itself, bent or not ("Spielsaal" is not kept by "spiel")
    if lang.fold(words[0])[: lang.STEM] == lang.fold(held)[: lang.STEM]:
        return False
    if _unbent(held) in {_unbent(word) for word in words}:
        return False
    return not selectors.renamed_by(scope=scope, entity_id=thread.pk) - {SYSTEM_SOURCE}


def _owner_turns(scope: OwnerScope, until: datetime) -> list[SourceMessage]:
    rows = SourceMessage.objects.filter(
        owner_sub=scope.owner_sub,
        role="user",
        occurred_at__gte=until - THREAD_WINDOW,
        occurred_at__lte=until,
    )
    return _latest(rows)[-THREAD_TURNS_MAX:]


def _thread_for(scope: OwnerScope, topic: Topic) -> Entity | None:
    """The thread an earlier run made for this topic: one named by any of its seeds."""
    for stem in topic.seeds:
        found = entity_by_ref(scope=scope, ref=f"thread:topic-{slugify(stem)}")
        if found is not None:
            return found
    return None


def _fragments_of(scope: OwnerScope, topic: Topic) -> list[Entity]:
    """The threads earlier runs made for the topics folded into this one as a side or a
    person of its matter (merges followed: one folded before is not found again)."""
    found = (
        entity_by_ref(scope=scope, ref=f"thread:topic-{slugify(stem)}") for stem in topic.folded
    )
    return list({thread.pk: thread for thread in found if thread is not None}.values())


def threads_propose(*, scope: OwnerScope, until: datetime, chat_id: str) -> list:
    turns = _owner_turns(scope, until)
    if len(turns) < MIN_THREAD_TURNS:
        return []
    vectors = prototypes.vectors([t.text for t in turns])
    proposed = []
    topics = topics_find(turns=turns, vectors=vectors)
    for topic in topics:
        evidence = sorted((turns[i] for i in topic.turns), key=lambda m: (m.occurred_at, m.pk))
        thread = _thread_for(scope, topic)
        entered: set[str] = set()
        if thread is not None:
            # a thread an earlier pass made for a side or a person of this matter is
            # folded into it; its turns are entered below as this thread's own
            thread_fragments_fold(scope=scope, into=thread, fragments=_fragments_of(scope, topic))
            rows = selectors.current_by_entity(scope=scope, entity_ids=[thread.pk])[thread.pk]
            entered = {
                v.get("message_id")
                for v in selectors.values_of(rows, "thread_entry")
                if isinstance(v, dict)
            }
            ref = thread.ref
        else:
            ref = f"thread:topic-{slugify(topic.seeds[0])}"
        new = [m for m in evidence if str(m.pk) not in entered]
        if not new:
            continue
        title = thread_title(topic)
        sessions = sorted({m.session_external_id for m in evidence})
        how = Provenance.observed(
            what=f"recurs in {len(sessions)} sessions: {title}",
            ref=message_ref(evidence[0]),
            valid_from=evidence[0].occurred_at,
        )
        ops = []
        if thread is None:
            sources = [message_ref(m) for m in evidence]
            ops += [
                op_entity(ref, title, how),
                op_fact(
                    ref,
                    "thread_state",
                    {"state": "active", "trigger": "recurring topic", "sources": sources},
                    how,
                ),
                op_fact(
                    ref,
                    "lifecycle_state",
                    promotion.lifecycle_value(
                        state="candidate",
                        trigger=f"a topic in {len(sessions)} sessions",
                        origin="rules",
                        sources=sources,
                    ),
                    how,
                ),
            ]
        elif _retitled(scope, thread, title):
            ops.append(op_rename(ref, title, how))
        # the thread's own extractive summary, over every turn it rests on, each cited; with
        # a summary model also told in a few sentences of its own (the cited ones stay the
        # evidence), written anew only when the thread has grown
        sentences = extractive_summary(messages=evidence)
        ops.append(op_fact(ref, "summary_sentences", sentences, how))
        written = abstractive_summary(
            scope=scope, sentences=sentences, run_id=f"thread-summary:{ref}:{new[-1].pk}"
        )
        if written:
            ops.append(op_fact(ref, "statement", written, how))
        for message in new:
            entry = Provenance.observed(
                what=_title(message.text), ref=message_ref(message), valid_from=message.occurred_at
            )
            ops.append(op_fact(ref, "thread_entry", threads._entry(message), entry))
        reflection_commit(scope=scope, ops=ops, purpose="thread-candidate", chat_id=chat_id)
        if thread is None:
            made = entity_by_ref(scope=scope, ref=ref)
            thread_fragments_fold(scope=scope, into=made, fragments=_fragments_of(scope, topic))
        working_state_formed(scope=scope, refs=[ref], messages=new)
        proposed.append(ref)
    spaces_propose(scope=scope, turns=turns, topics=topics, vectors=vectors, chat_id=chat_id)
    return proposed


def _space_words(topic: Topic, texts: list[str]) -> list[str]:
    """The words a thread's space may be named by: the topic's words, the one said most
    first — unless that is a common word said more than the matter, one of the others,
    which then goes first. A word said at every turn may be a side of the matter ("gsicht
    nei" at each lesson about the water, the van door a locksmith's hands fail on); said
    no more than the matter, it is the wider part of life ("plot" beside its "radishes").
    A person said most is that part of life by name ("Micha" beside his "Verein"), and so
    is a word of a life area ("Mutti" beside her "Nachbarin"); a matter the topic does not
    recur by names the thread's question rather than the part of life ("Schwiegervater"
    for the bees) and stays out."""
    words = topic_title(topic).split(" · ")
    code = lang.language(" ".join(texts)) or "de"
    if (
        not topic.matter
        or is_proper_noun(words[0], lang=code)
        or life_areas.names_an_area(words[0])
    ):
        return words
    stem = lang.fold(topic.matter)[: lang.STEM]
    for index, word in enumerate(words):
        if lang.fold(word)[: lang.STEM] != stem:
            continue
        if index and _said(topic, words[0]) > _said(topic, word):
            return [word, *words[:index], *words[index + 1 :]]
        return words
    return words


def _said(topic: Topic, word: str) -> int:
    """How often the topic's turns say ``word`` in any of its forms ("Radishes",
    "radishes"): the title ranks each form apart."""
    stem = lang.fold(word)[: lang.STEM]
    return sum(
        n for surface, n in topic.surfaces.items() if lang.fold(surface)[: lang.STEM] == stem
    )


def _told_at(
    scope: OwnerScope, experiences: list[Entity], turns: list[SourceMessage]
) -> dict[UUID, int]:
    """Where among ``turns`` each experience was told (its statement's message)."""
    current = selectors.current_by_entity(scope=scope, entity_ids=[e.pk for e in experiences])
    position = {t.pk: i for i, t in enumerate(turns)}
    told: dict[UUID, int] = {}
    for experience in experiences:
        rows = current[experience.pk]
        statement = next((r for r in rows if r.predicate_id == "statement"), None)
        ids = selectors.message_ids_of([(statement.evidence or {}).get("ref")] if statement else [])
        if ids and ids[0] in position:
            told[experience.pk] = position[ids[0]]
    return told


def spaces_propose(
    *,
    scope: OwnerScope,
    turns: list[SourceMessage],
    topics: list[Topic],
    vectors: np.ndarray | None,
    chat_id: str,
) -> list[str]:
    """A space candidate where a recurring topic gathers more than its thread: the
    experiences told in its turns or near it in meaning, or a topic mostly about one life
    area before any moment of it is told. Named after the area or the topic's word;
    a space of that name already there is used, never a second one. Then the series:
    experiences told in different sessions about the same place, person or pursuit."""
    experiences = selectors.reflection_entities(scope=scope, kind="experience")
    told = _told_at(scope, experiences, turns) if experiences else {}
    # the pursuits first: a thread of one takes its space rather than one of its own word
    made = pursuit_spaces(
        scope=scope,
        turns=turns,
        told={e: told[e.pk] for e in experiences if e.pk in told},
        chat_id=chat_id,
    )
    for topic in topics:
        thread = _thread_for(scope, topic)
        if thread is None:
            continue
        members = [e for e in experiences if told.get(e.pk) in topic.turns]
        if vectors is not None:
            centre = vectors[sorted(topic.turns)].mean(axis=0)
            centre /= np.linalg.norm(centre) or 1
            members += [
                e
                for e in experiences
                if e not in members
                and e.pk in told
                and float(vectors[told[e.pk]] @ centre) >= NEAR_IN_MEANING
            ]
        texts = [turns[i].text for i in sorted(topic.turns)]
        # a thread the person keeps returning to is a part of life by itself when its
        # turns are mostly about one life area ("Mama" → Familie, "grandad" → Family),
        # even before a moment of it is told; otherwise it takes a space with its
        # experiences
        area = life_areas.topic_area(words=topic_title(topic).split(" · "), texts=texts)
        held = _spaces_of(scope, [thread]).get(thread.pk)
        if not members and area is None and not held:
            continue
        # the life area most of its turns are about, else the word the topic recurs by;
        # a thread already in a space stays in it when its title shifts ("practice" to
        # "Band"): one space per thread, not one per wording
        name = (
            area
            if not members
            else life_areas.space_name(words=_space_words(topic, texts), texts=texts)
        )
        first = turns[min(topic.turns)]
        if held:
            space = Entity.objects.filter(pk__in=held).order_by("created_at")[0]
            words = _space_words(topic, texts)
            name = _space_renamed(
                scope, space, words=words, name=name, texts=texts, first=first, chat_id=chat_id
            )
        elif members:
            # its moments already sit in the space of a pursuit said by the same word
            # ("Fotokurs" for "Foto · Dunkelkammer"): one space for one part of life
            words = [lang.fold(w)[: lang.STEM] for w in topic_title(topic).split(" · ")]
            name = _space_named_by(scope, members, [*topic.seeds, *words]) or name
        if name is None:
            continue
        if _space_link(
            scope=scope,
            name=name,
            members=[thread, *members],
            first=first,
            why=f"{name}: a thread and {len(members)} experiences",
            chat_id=chat_id,
        ):
            made.append(name)
    made += series_spaces(
        scope=scope,
        turns=turns,
        told={e: told[e.pk] for e in experiences if e.pk in told},
        vectors=vectors,
        chat_id=chat_id,
    )
    made += trip_spaces(
        scope=scope,
        turns=turns,
        told={e: told[e.pk] for e in experiences if e.pk in told},
        chat_id=chat_id,
    )
    return made


def trip_spaces(
    *, scope: OwnerScope, turns: list[SourceMessage], told: dict[Entity, int], chat_id: str
) -> list[str]:
    """A space for each trip: the moments of one span of days away (see ``trips``)."""
    if len(told) < trips.TRIP_MIN:
        return []
    current = selectors.current_by_entity(scope=scope, entity_ids=[e.pk for e in told])
    items = []
    for experience, at in told.items():
        occurred = selectors.value_of(current[experience.pk], "occurred_on") or {}
        day = None
        if isinstance(occurred, dict) and occurred.get("granularity") == "day":
            try:
                day = date.fromisoformat(str(occurred.get("value")))
            except ValueError:
                day = None
        items.append(trips.Told(experience, turns[at], day))
    linked = _spaces_of(scope, list(told))
    held_trips = {
        space.pk
        for space in selectors.reflection_entities(scope=scope, kind="reflection_space")
        if trips.is_trip_name(space.canonical_name)
    }
    made = []
    for trip in trips.trips_find(told=items, turns=turns):
        members = [t.experience for t in trip]
        # moments of a trip sitting together in another space (the Welsh lessons that
        # came along on the holiday) still make the trip's own: a moment belongs to both
        if held_trips & set.intersection(*(linked.get(e.pk, set()) for e in members)):
            continue  # they already sit together in a trip's space
        # a trip told over several sessions keeps the space its first moments made, even
        # when a later session names another place more often
        held = Counter(s for e in members for s in linked.get(e.pk, set()))
        earlier = [
            space.canonical_name
            for space in Entity.objects.filter(pk__in=list(held)).order_by("created_at")
            if held[space.pk] >= trips.TRIP_MIN and trips.is_trip_name(space.canonical_name)
        ]
        name = earlier[0] if earlier else trips.trip_name(trip=trip, turns=turns)
        first = min((t.turn for t in trip), key=lambda m: (m.occurred_at, m.pk))
        if _space_link(
            scope=scope,
            name=name,
            members=members,
            first=first,
            why=f"{name}: {len(members)} moments of one span of days away",
            chat_id=chat_id,
        ):
            made.append(name)
    return made


def pursuit_spaces(
    *, scope: OwnerScope, turns: list[SourceMessage], told: dict[Entity, int], chat_id: str
) -> list[str]:
    """A space for each pursuit the owner keeps coming back to, with the moments told in
    its turns (see ``pursuits``): named after the pursuit ("Volleyball", "Welsh class"),
    not after the area or the person a moment of it sits with. A pursuit whose moments
    already sit in a space of its own name has its space."""
    if not told:
        return []
    linked = _spaces_of(scope, list(told))
    names = {
        space.pk: lang.fold(space.canonical_name)
        for space in selectors.reflection_entities(scope=scope, kind="reflection_space")
    }
    made = []
    for pursuit in pursuits.pursuits_find(turns=turns):
        members = [e for e, at in told.items() if at in pursuit.turns]
        if not members:
            continue  # a space gathers what was lived; a word alone gathers nothing
        shared = set.intersection(*(linked.get(e.pk, set()) for e in members))
        if any(stem in names.get(space, "") for space in shared for stem in pursuit.stems):
            continue
        first = turns[min(pursuit.turns)]
        texts = [turns[i].text for i in sorted(pursuit.turns)]
        matter = _matter_space(scope, shared, pursuit=pursuit.name, texts=texts)
        if matter is not None:
            how = Provenance.observed(
                what=f"the pursuit it is a matter of: {pursuit.name}",
                ref=message_ref(first),
                valid_from=first.occurred_at,
            )
            reflection_commit(
                scope=scope,
                ops=[op_rename(matter.ref, pursuit.name, how)],
                purpose="space-name",
                chat_id=chat_id,
            )
        if _space_link(
            scope=scope,
            name=pursuit.name,
            members=members,
            first=first,
            why=f"{pursuit.name}: a pursuit in {len(members)} moments",
            chat_id=chat_id,
        ):
            made.append(pursuit.name)
    return made


def _matter_space(
    scope: OwnerScope, spaces: set[UUID], *, pursuit: str, texts: list[str]
) -> Entity | None:
    """The space, among ``spaces`` the pursuit's moments already sit in, that a thread of
    the pursuit made under the common word of its matter ("Solo" for the soprano solo the
    choir rehearses): the pursuit is the part of life the person keeps returning to, the
    matter one question of it, so that space takes the pursuit's name. A space named by a
    life area, a trip, a person or a place, or by anyone but these rules, keeps its name,
    and so does every space when one already goes by the pursuit's name."""
    if not spaces or _space_named(scope, pursuit) is not None:
        return None
    code = lang.language(" ".join(texts)) or "de"
    places = {_unbent(w) for t in texts for w in lang.name_terms(t).values()}
    threads = {t.pk for t in selectors.reflection_entities(scope=scope, kind="thread")}
    holding = {
        r.object_entity_id
        for r in temporal.incoming_current(scope=scope, entity_ids=list(spaces))
        if r.predicate_id == "in_space" and r.subject_entity_id in threads
    }
    for space in Entity.objects.filter(pk__in=list(holding)).order_by("created_at"):
        name = space.canonical_name
        if (
            len(name.split()) > 1
            or life_areas.names_an_area(name)
            or name in {german for german, _, _ in life_areas.AREAS.values()}
            or name in {english for _, english, _ in life_areas.AREAS.values()}
            or trips.is_trip_name(name)
            or is_proper_noun(name, lang=code)
            or _unbent(name) in places
            or selectors.renamed_by(scope=scope, entity_id=space.pk) - {SYSTEM_SOURCE}
        ):
            continue
        return space
    return None


def series_spaces(
    *,
    scope: OwnerScope,
    turns: list[SourceMessage],
    told: dict[Entity, int],
    vectors: np.ndarray | None,
    chat_id: str,
) -> list[str]:
    """A space for a series of experiences: told in at least two sessions, sharing a name
    ("Clevedon" for two sea swims, "Lotte" for the moments with a daughter; a common noun
    two moments share, "class" or "Abend", says too little) and near each other in
    meaning — a part of life the dialogue keeps coming back to even when no question about
    it is in motion (seed 003: the holiday series). Without the embedding model the
    nearness cannot be read and no series forms."""
    if vectors is None or len(told) < SERIES_MIN:
        return []
    common = max(MIN_THREAD_TURNS, int(len(turns) * COMMON_SHARE))
    said = Counter(stem for t in turns for stem in lang.content_terms(t.text))
    by_word: dict[str, list[Entity]] = {}
    surfaces: dict[str, str] = {}
    for experience, at in told.items():
        for stem, surface in lang.name_terms(turns[at].text).items():
            # a measure a tagger takes for a name ("die letzten 500 Meter") names no series
            if said[stem] <= common and not lang.is_measure(surface):
                # the same word, bent or not ("Lotte", "Lottes"), not one of the same first
                # letters ("Kasse", "Kassel")
                word = _unbent(surface)
                by_word.setdefault(word, []).append(experience)
                surfaces.setdefault(word, surface)
    linked = _spaces_of(scope, list(told))
    at_large = _cohesion(vectors, set(told.values()))
    made: list[str] = []
    taken: list[set] = []
    # the word most of the series' moments share first: one space per series
    for word, members in sorted(by_word.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        sessions = {turns[told[e]].session_external_id for e in members}
        if len(members) < SERIES_MIN or len(sessions) < MIN_THREAD_SESSIONS:
            continue
        ids = {e.pk for e in members}
        if any(ids <= other for other in taken):
            continue
        if _cohesion(vectors, {told[e] for e in members}) < at_large + SERIES_MARGIN:
            continue
        taken.append(ids)
        shared = set.intersection(*(linked.get(e.pk, set()) for e in members))
        if shared:
            continue  # they already sit together in a space
        texts = [turns[told[e]].text for e in members]
        name = life_areas.space_name(words=[surfaces[word]], texts=texts)
        if name is None:
            continue
        first = turns[min(told[e] for e in members)]
        if _space_link(
            scope=scope,
            name=name,
            members=members,
            first=first,
            why=f"{name}: {len(members)} experiences in {len(sessions)} sessions",
            chat_id=chat_id,
        ):
            made.append(name)
    return made


INFLECTIONS = ("es", "en", "er", "s", "n", "e")


def _unbent(word: str) -> str:
    """A word without one inflection ending, folded: "Lottes" and "Lotte" are one word."""
    folded = lang.fold(word)
    for ending in INFLECTIONS:
        if folded.endswith(ending) and len(folded) - len(ending) >= 4:
            return folded[: -len(ending)]
    return folded


def _spaces_of(scope: OwnerScope, members: list[Entity]) -> dict[UUID, set[UUID]]:
    """The spaces each of ``members`` already belongs to."""
    ids = {m.pk for m in members}
    found: dict[UUID, set[UUID]] = {}
    spaces = selectors.reflection_entities(scope=scope, kind="reflection_space")
    for row in temporal.incoming_current(scope=scope, entity_ids=[s.pk for s in spaces]):
        if row.predicate_id == "in_space" and row.subject_entity_id in ids:
            found.setdefault(row.subject_entity_id, set()).add(row.object_entity_id)
    return found


def _space_named_by(scope: OwnerScope, members: list[Entity], stems: list[str]) -> str | None:
    """The name of a space one of ``members`` sits in whose name holds one of ``stems``."""
    held = set().union(*_spaces_of(scope, members).values())
    for space in Entity.objects.filter(pk__in=list(held)).order_by("created_at"):
        if any(stem in lang.fold(space.canonical_name) for stem in stems):
            return space.canonical_name
    return None


def _space_named(scope: OwnerScope, name: str) -> Entity | None:
    """The space going by ``name`` now (a renamed one keeps the ref of its first name), or
    by the same word bent otherwise: "Lottes Schule" gathers moments with Lotte, and
    "Lottes" is the space "Lotte" already is, not a second one."""
    one_word = len(name.split()) == 1
    for space in selectors.reflection_entities(scope=scope, kind="reflection_space"):
        held = space.canonical_name
        if lang.fold(held) == lang.fold(name):
            return space
        if one_word and len(held.split()) == 1 and _unbent(held) == _unbent(name):
            return space
    return None


def _space_renamed(
    scope: OwnerScope,
    space: Entity,
    *,
    words: list[str],
    name: str | None,
    texts: list[str],
    first: SourceMessage,
    chat_id: str,
) -> str:
    """The name a thread's space goes by: the first name it was given, unless that was a
    common word of the thread the person has since come to say less than another
    ("instructor" beside "sailing", "lasagne" beside "money") — then the word said most
    or the matter (``words``, ``name``), when no other space goes by it. A person's or a
    place's name, as the topic's turns (``texts``) say it, stays, and so does a name anyone
    but these rules gave."""
    held = space.canonical_name
    if name is None or lang.fold(name) == lang.fold(held) or not words:
        return held
    said_less = {_unbent(w) for w in words[1:]} - {_unbent(words[0])}
    if _unbent(held) not in said_less or _unbent(name) != _unbent(words[0]):
        return held
    # a person or a place the owner keeps returning to is that part of life by its name
    # ("Lotte"), whatever the matter of the moment ("Klassenlehrerin")
    if any(_unbent(w) == _unbent(held) for t in texts for w in lang.name_terms(t).values()):
        return held
    if _space_named(scope, name) is not None:
        return held
    if selectors.renamed_by(scope=scope, entity_id=space.pk) - {SYSTEM_SOURCE}:
        return held
    how = Provenance.observed(
        what=f"said most: {name}", ref=message_ref(first), valid_from=first.occurred_at
    )
    reflection_commit(
        scope=scope, ops=[op_rename(space.ref, name, how)], purpose="space-name", chat_id=chat_id
    )
    return name


def _space_link(
    *,
    scope: OwnerScope,
    name: str,
    members: list[Entity],
    first: SourceMessage,
    why: str,
    chat_id: str,
) -> bool:
    """The space ``name`` (made as a candidate when it is not there yet) with ``members``
    linked into it; whether anything was written."""
    space = entity_by_ref(scope=scope, ref=f"reflection_space:{slugify(name)}")
    space = space or _space_named(scope, name)
    ref = space.ref if space is not None else f"reflection_space:{slugify(name)}"
    linked = set()
    ops = []
    how = Provenance.observed(what=why, ref=message_ref(first), valid_from=first.occurred_at)
    if space is None:
        ops += [
            op_entity(ref, name, how),
            op_fact(
                ref,
                "lifecycle_state",
                promotion.lifecycle_value(
                    state="candidate",
                    trigger=messages.TRIGGER_RECURRING_AREA,
                    origin="rules",
                    sources=[message_ref(first)],
                ),
                how,
            ),
        ]
    else:
        linked = {
            r.subject_entity_id
            for r in temporal.incoming_current(scope=scope, entity_ids=[space.pk])
            if r.predicate_id == "in_space"
        }
    for member in members:
        if member.pk not in linked:
            ops.append(op_edge(member.ref, "in_space", ref, how))
    if ops:
        reflection_commit(scope=scope, ops=ops, purpose="space-candidate", chat_id=chat_id)
    return bool(ops)


# --- the run -------------------------------------------------------------------------------


def enrichment_run(*, scope: OwnerScope, chat_id: str) -> dict:
    """Everything one session proposes (idempotent: a second run adds only what is new)."""
    turns = session_turns(scope=scope, chat_id=chat_id)
    if not turns:
        return {"session": chat_id, "experiences": [], "questions": [], "threads": []}
    report = {
        "session": chat_id,
        "experiences": experiences_propose(scope=scope, turns=turns, chat_id=chat_id),
        "resolved": questions_resolve(scope=scope, turns=turns),
        "resurfaced": questions_resurface(scope=scope, chat_id=chat_id, turns=turns),
        "questions": questions_propose(scope=scope, turns=turns),
        "threads": threads_propose(scope=scope, until=turns[-1].occurred_at, chat_id=chat_id),
    }
    # after the threads are there: what this session settled, raised again or let go quiet
    report["thread_states"] = thread_states.threads_settle(
        scope=scope, turns=turns, until=_owner_said_last(turns), chat_id=chat_id
    )
    report["activity"] = activity_sweep(scope=scope)
    if report["experiences"]:  # new observations: consolidation may have something to do
        from worldmemory.reflection.consolidation import consolidation_schedule

        consolidation_schedule(scope=scope)
    return report


def message_turn_ids(*, scope: OwnerScope, ids: list[UUID]) -> dict[UUID, SourceMessage]:
    return {m.pk: m for m in SourceMessage.objects.filter(owner_sub=scope.owner_sub, pk__in=ids)}


def _owner_said_last(turns: list[SourceMessage]) -> datetime:
    """The owner's newest turn among ``turns``: a thread falls quiet against the owner's own
    words, not against the assistant's reply after them."""
    said = [t.occurred_at for t in turns if t.role == "user"]
    return max(said) if said else turns[-1].occurred_at
