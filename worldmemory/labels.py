"""The language layer of the pages: words instead of registry keys, facts as sentences,
provenance in words.

Labels and sentence templates come from the owner's resolved registries (own entries, then
core; editable in the admin), then from ``vocabulary_labels`` for core vocabulary, then from
the humanised key ("feeding_time_evening" → "Feeding time evening"), so nothing a page shows
is a snake_case key. The user (``person:me``) is "du"/"you", with the verb agreeing.

Within a request the registries are read once (``cache_per_request``); outside one each
call reads them afresh, so a relabelling in the admin shows on the next page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime
from functools import cache
from typing import Any, TypeVar

from django.core.signals import request_finished, request_started
from django.db.models import Min, Q
from django.utils import formats, timezone
from django.utils.dateformat import format as format_date
from django.utils.translation import get_language, gettext, gettext_noop
from django.utils.translation import gettext as _

from worldmemory import messages, models, render
from worldmemory import vocabulary_labels as core
from worldmemory.errors import ApplicationError
from worldmemory.refs import looks_like_ref

ME = "person:me"
ANCHOR_KIND = "resurfacing_anchor"
LANGUAGES = ("de", "en")
# a name of this many words is a sentence (an experience or a question named by its words)
SENTENCE_WORDS = 4

T = TypeVar("T")

_request_cache: ContextVar[dict | None] = ContextVar("gd_label_cache", default=None)


def _request_started(**kwargs) -> None:
    _request_cache.set({})


def _request_finished(**kwargs) -> None:
    _request_cache.set(None)


def cache_per_request() -> None:
    """One read of the registries (and of the entity names shown) per request. Signals, not
    a middleware: a request's stack stays as deep as it was (deeply nested input is
    refused by the parser, not by the interpreter's recursion limit)."""
    request_started.connect(_request_started, dispatch_uid="gd-labels-request-started")
    request_finished.connect(_request_finished, dispatch_uid="gd-labels-request-finished")


@contextmanager
def read_once(registries: dict | None = None) -> Iterator[dict]:
    """Read each registry at most once for the work inside (a context block built outside
    a request, where each label would otherwise read its registry again; within a request
    the request's cache is used). ``registries`` seeds it with registries read earlier;
    yields the cache, so the caller can keep what was read."""
    cache = _request_cache.get()
    token = None
    if cache is None:
        cache = {}
        token = _request_cache.set(cache)
    for name, rows in (registries or {}).items():
        cache.setdefault(name, rows)
    try:
        yield cache
    finally:
        if token is not None:
            _request_cache.reset(token)


def language() -> str:
    code = (get_language() or "de")[:2]
    return code if code in LANGUAGES else "en"


def humanise(key: str) -> str:
    """``"feeding_time_evening"`` → ``"Feeding time evening"``; a namespace is dropped
    (``"github:pull_request"`` → ``"Pull request"``)."""
    words = re.sub(r"[_\-.]+", " ", key.split(":", 1)[-1]).strip()
    return (words[:1].upper() + words[1:]) if words else key


def _cached(name: str, load):
    cache = _request_cache.get()
    if cache is None:
        return load()
    if name not in cache:
        cache[name] = load()
    return cache[name]


def _registry(model_name: str) -> dict[str, dict[str, str]]:
    def load() -> dict[str, dict[str, str]]:
        model = getattr(models, model_name)
        key = "predicate" if model_name == "ResolvedRelationType" else "key"
        columns = ["label_de", "label_en"]
        if key == "predicate":
            columns += ["sentence_de", "sentence_en"]
        return {row[key]: row for row in model.objects.values(key, *columns)}

    return _cached(model_name, load)


def relation_types() -> dict[str, dict[str, str]]:
    """``{predicate: {"label_de", "label_en", "sentence_de", "sentence_en"}}`` of the
    resolved vocabulary, read once per request."""
    return _registry("ResolvedRelationType")


def once_per_request(name: str, load: Callable[[], T]) -> T:
    """``load()``, read once within a request (and on every call outside one)."""
    return _cached(name, load)


def _label(model_name: str, fallback: dict, key: str | None) -> str:
    if not key:
        return ""
    lang = language()
    stored = _registry(model_name).get(key, {}).get(f"label_{lang}")
    if stored:
        return stored
    known = fallback.get(key)
    if known:
        return known[LANGUAGES.index(lang)]
    return humanise(key)


def kind_label(key: str | None) -> str:
    return _label("ResolvedEntityKind", core.KIND_LABELS, key)


def predicate_label(key: str | None) -> str:
    return _label("ResolvedRelationType", core.PREDICATES, key)


def event_label(key: str | None) -> str:
    return _label("ResolvedEventType", core.EVENT_LABELS, key)


def sentence_template(predicate: str) -> str:
    """The predicate's sentence in the current language; unknown ones read "X – Label: v"."""
    lang = language()
    stored = _registry("ResolvedRelationType").get(predicate, {}).get(f"sentence_{lang}")
    if stored:
        return stored
    known = core.PREDICATES.get(predicate)
    if known:
        return known[2 + LANGUAGES.index(lang)]
    return "{subject} – " + predicate_label(predicate) + ": {value}"


# A birthday is stored as an ISO month-day ("--02-14"), a day as an ISO date ("2026-02-14"):
# both read as a person writes them ("14. Februar", "14. Februar 2026").
MONTH_DAY = re.compile(r"^--(?P<m>\d{2})-(?P<d>\d{2})$")
ISO_DAY = re.compile(r"^(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})$")
DAY_FORMATS = {"de": ("j. F", "j. F Y"), "en": ("F j", "F j, Y")}
# a day with its year, the one way pages, the person's block and reflection write it
DAY_FORMAT = {language: full for language, (_short, full) in DAY_FORMATS.items()}
MOMENT_FORMAT = {"de": "j. F Y, H:i", "en": "F j, Y, H:i"}


def date_word(text: str) -> str | None:
    """``"--02-14"`` → "14. Februar" / "February 14", ``"2026-02-14"`` → "14. Februar 2026";
    ``None`` when ``text`` is no such date (or no real day: "--02-30")."""
    short, full = DAY_FORMATS[language()]
    found = MONTH_DAY.match(text)
    # a leap year, so that "--02-29" is a day
    year, shape = (2000, short) if found else (0, full)
    found = found or ISO_DAY.match(text)
    if not found:
        return None
    try:
        day = date(int(found.groupdict().get("y") or year), int(found["m"]), int(found["d"]))
    except ValueError:
        return None
    return format_date(day, shape)


# ids and refs inside a structured value: bookkeeping a person does not read
BOOKKEEPING = re.compile(r"^([a-z_]+:\S+|[0-9a-f-]{32,36})$")


# the signals that make an experience significant (``reflection.significance``), in words
SIGNAL_WORDS = {
    "explicit_importance": gettext_noop("you said it mattered"),
    "biographical_novelty": gettext_noop("something for the first time"),
    "values_goals": gettext_noop("touches your values or goals"),
    "reflection_effect": gettext_noop("it came up again in reflection"),
    "connectivity": gettext_noop("linked with much else"),
    "retroactive": gettext_noop("it gained significance later"),
    "no signal": gettext_noop("no signal"),
}


def signal_words(text: str) -> str:
    """``"explicit_importance, biographical_novelty"`` → "du hast gesagt, dass es dir viel
    bedeutet, etwas zum ersten Mal": the stored keys are never shown."""
    keys = [key.strip() for key in text.split(",") if key.strip()]
    return ", ".join(_(SIGNAL_WORDS[key]) if key in SIGNAL_WORDS else humanise(key) for key in keys)


def decimal_word(text: str) -> str:
    """A stored decimal ("0.4") as the active language writes it ("0,4")."""
    try:
        number = float(text)
    except ValueError:
        return text
    return formats.number_format(round(number, 2), use_l10n=True)


def _structured_word(value: dict) -> str:
    """A structured value (a reflection object's state, a thread's entry) in words: the
    state and why it came about, or when it happened, or its readable parts; never the
    JSON with its ids."""
    if isinstance(value.get("signal"), str):
        # an experience's significance signal: what it is, not its key nor its matched cue
        # (the cue is matched on the accent-folded text and would read "schonsten")
        return signal_words(value["signal"])
    if isinstance(value.get("state"), str):
        # the states are msgids of the reflection pages' labels ("active" → "aktiv")
        state = _(value["state"])
        trigger = value.get("trigger")
        return f"{state} ({say(trigger)})" if isinstance(trigger, str) else state
    if isinstance(value.get("granularity"), str) and isinstance(value.get("value"), str):
        return _when_word(value)
    if isinstance(value.get("text"), str):
        # a sentence quoted from a message (a summary's): the sentence, not where it sits
        return value_word(value["text"])
    if isinstance(value.get("at"), str):
        try:
            moment = datetime.fromisoformat(value["at"])
        except ValueError:
            pass
        else:
            when = formats.date_format(_local(moment), "SHORT_DATETIME_FORMAT")
            return _("entry of %(moment)s") % {"moment": when}
    parts = [
        text
        for text in (value_word(part) for part in value.values() if isinstance(part, str))
        if text and not BOOKKEEPING.match(text)
    ]
    return ", ".join(parts) if parts else _("(structured value)")


ISO_WEEK = re.compile(r"^(?P<y>\d{4})-W(?P<w>\d{2})$")
ISO_MONTH = re.compile(r"^(?P<y>\d{4})-(?P<m>\d{2})$")


def _when_word(value: dict) -> str:
    """When something happened, at the granularity the words gave ("day", "week", "month",
    "year" are stored keys, never shown) and with the words it was told in: "17. Oktober
    2026 („heute“)", "Woche 42 2026", "Oktober 2026"."""
    text = value["value"].strip()
    week, month = ISO_WEEK.match(text), ISO_MONTH.match(text)
    if week:
        when = _("week %(week)s of %(year)s") % {"week": int(week["w"]), "year": week["y"]}
    elif month and 1 <= int(month["m"]) <= 12:
        when = format_date(date(int(month["y"]), int(month["m"]), 1), "F Y")
    else:
        when = date_word(text) or text
    cue = value.get("cue")
    if cue == messages.WHEN_TOLD:  # no words of the owner's: the day they told it
        return _("%(when)s (the day it was told)") % {"when": when}
    if isinstance(cue, str) and cue.strip() and cue.strip().casefold() != text.casefold():
        return _("%(when)s (“%(cue)s”)") % {"when": when, "cue": cue.strip()}
    return when


def value_word(value: Any) -> str:
    """A stored value as shown: vocabulary words translated ("cat" → "Katze"), dates in
    words ("--02-14" → "14. Februar"), JSON as text. The one formatter for a fact's value
    wherever a page shows it."""
    if value is None:
        return ""
    if isinstance(value, dict):
        return _structured_word(value)
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        # a list of structured parts (a summary's sentences): each in words, in order
        return " · ".join(value_word(v) for v in value)
    if not isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    stripped = value.strip()
    # the curator's tokens join words with "_" ("guinea_pig", "gluten_free")
    known = core.VALUE_LEXICON.get(stripped.casefold().replace("_", " "))
    if known:
        return known[LANGUAGES.index(language())]
    return date_word(stripped) or value


SESSION_KIND = "session"
SUMMARY_KIND = "session_summary"
# a summary is named "<session title or id> · <when its span ends>" (``reflection.continuity``)
SUMMARY_NAME_SEPARATOR = " · "
# how the reflection layer names a session's entity: "Session <external id>", in English as
# the agent reads it in the tools (the pages name a session by its title or day); sessions
# named before were "Sitzung <external id>"
SESSION_ENTITY_NAME = "Session "
FORMER_SESSION_ENTITY_NAME = "Sitzung "


def session_words(*, title: str, started_at: datetime | None, external_id: str) -> str:
    """A conversation as the person calls it: its title, else the day it began in words
    ("Gespräch vom 3. Dezember 2026"), its external id only when nothing else is known."""
    # a title that only repeats the id ("henrik-2026-12-04") says less than the day
    if title and title.strip() and title.strip() != external_id:
        return title.strip()
    if started_at is not None:
        day = format_date(timezone.localtime(started_at), DAY_FORMAT[language()])
        return _("Conversation of %(day)s") % {"day": day}
    return _("Conversation %(id)s") % {"id": external_id}


def _session_names(names: dict[str, str]) -> dict[str, str]:
    """The session refs among ``names`` named by their source session's title or day, and
    the summaries among them named by their session so ("Gespräch vom 4. Dezember 2026 ·
    04.12.2026 19:23", not "henrik-2026-12-04 · …")."""
    candidates = {
        ref: (
            ref.partition(":")[2],
            name.removeprefix(SESSION_ENTITY_NAME).removeprefix(FORMER_SESSION_ENTITY_NAME),
        )
        for ref, name in names.items()
        if ref.startswith(SESSION_KIND + ":")
    }
    summaries = {
        ref: name.partition(SUMMARY_NAME_SEPARATOR)
        for ref, name in names.items()
        if ref.startswith(SUMMARY_KIND + ":") and SUMMARY_NAME_SEPARATOR in name
    }
    candidates.update({ref: (session,) for ref, (session, _, _) in summaries.items()})
    if not candidates:
        return {}
    # grouped by the columns read: the table's key is (owner_sub, id), not the id alone
    rows = (
        models.SourceSession.objects.filter(
            external_id__in={c for pair in candidates.values() for c in pair}
        )
        .values("external_id", "title", "started_at")
        .annotate(first=Min("messages__occurred_at"))
    )
    sessions = {row["external_id"]: row for row in rows}
    found = {}
    for ref, pair in candidates.items():
        row = next((sessions[c] for c in pair if c in sessions), None)
        if row is not None:
            found[ref] = session_words(
                title=row["title"],
                started_at=row["started_at"] or row["first"],
                external_id=row["external_id"],
            )
            if ref in summaries:
                found[ref] += SUMMARY_NAME_SEPARATOR + summaries[ref][2]
    return found


def _load_names(refs: set[str]) -> dict[str, str]:
    wanted = Q(pk__in=[])
    for ref in refs:
        kind, _, slug = ref.partition(":")
        wanted |= Q(kind_id=kind, slug=slug)
    names = {
        f"{kind}:{slug}": name
        for kind, slug, name in models.Entity.objects.filter(wanted).values_list(
            "kind_id", "slug", "canonical_name"
        )
    }
    return {**names, **_session_names(names)}


def known_names(names: Mapping[str, str]) -> None:
    """Names already read (``{ref: name}``, e.g. a context block's gathered entities) for
    ``entity_name`` inside the current cache, so a sentence reads no name again."""
    cache = _request_cache.get()
    if cache is not None:
        held = cache.setdefault("names", {})
        for ref, name in names.items():
            held.setdefault(ref, name)


def entity_name(ref: str | None) -> str:
    """What a person calls the entity: its name ("du" for the user), never its ref unless
    nothing else is known."""
    if not ref:
        return ""
    if ref == ME:
        return _("you")
    cache = _request_cache.get()
    names = cache.setdefault("names", {}) if cache is not None else {}
    if ref not in names:
        names.update(_load_names({ref}))
        names.setdefault(ref, humanise(ref))
    if ref.startswith(ANCHOR_KIND + ":"):
        # the reflection engine names a resurfacing anchor with a catalogue text
        # ("resurface thread:x on 2026-12-03"): said in the person's language; any other
        # name is the person's own, even one that reads like a catalogue text
        return say_known(names[ref]) or names[ref]
    return names[ref]


def name_of(entity: models.Entity) -> str:
    """An entity row's name in words: the user's word, a session (or its summary) by its
    title or day, any other entity by its own name."""
    if entity.ref == ME or entity.kind_id in (SESSION_KIND, SUMMARY_KIND):
        return entity_name(entity.ref)
    return entity.canonical_name


# --- the user as subject or object: the verb agrees ---------------------------------------

GERMAN_SECOND_PERSON = {
    "ist": "bist",
    "hat": "hast",
    "wird": "wirst",
    "möchte": "möchtest",
    "darf": "darfst",
    "kann": "kannst",
    "mag": "magst",
    "weiß": "weißt",
    "nimmt": "nimmst",
    "spricht": "sprichst",
    "isst": "isst",
    "arbeitet": "arbeitest",
    "wartet": "wartest",
    "enthält": "enthältst",
}
ENGLISH_SECOND_PERSON = {"is": "are", "has": "have", "was": "were", "does": "do"}
GERMAN_DATIVE = ("zu", "von", "mit", "bei", "aus", "nach")


def _second_person_german(verb: str) -> str:
    if verb in GERMAN_SECOND_PERSON:
        return GERMAN_SECOND_PERSON[verb]
    if verb.endswith("t") and len(verb) > 2:
        stem = verb[:-1]
        return verb if stem.endswith(("s", "ß", "z", "x")) else stem + "st"
    return verb


def _second_person_english(verb: str) -> str:
    if verb in ENGLISH_SECOND_PERSON:
        return ENGLISH_SECOND_PERSON[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "oes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def _place_user(template: str, placeholder: str, lang: str) -> str:
    """Put "du"/"you" where ``placeholder`` stands, in the right form."""
    mark = "{" + placeholder + "}"
    if template.startswith(mark + " ") and placeholder == "subject":
        verb, _, rest = template[len(mark) + 1 :].partition(" ")
        if lang == "de":
            rest = re.sub(r"\bsich\b", "dich", rest)  # "kümmert sich" → "kümmerst dich"
            return " ".join(filter(None, ["du", _second_person_german(verb), rest]))
        return " ".join(filter(None, ["you", _second_person_english(verb), rest]))
    if lang == "de":
        for preposition in GERMAN_DATIVE:
            template = template.replace(f"{preposition} {mark}", f"{preposition} dir")
        return template.replace(mark, "dich" if placeholder == "object" else "du")
    return template.replace(mark + "'s", "your").replace(mark, "you")


def _article(sentence_part: str, word: str) -> str:
    if word in core.GERMAN_NOT_FEMININE:
        return re.sub(r"\b(d?ein)e (\{value\}|\{object\})", r"\1 \2", sentence_part)
    return sentence_part


def _names_itself(name: str, value: str) -> bool:
    """Whether a value repeats its subject's name: the same words, or a name that is a
    sentence of its own inside a longer value (a greeting before it). A short name inside
    a value, "Luna" in "Luna frisst", is no repetition."""
    if name == value:
        return True
    return len(name.split()) >= SENTENCE_WORDS and name.casefold() in value.casefold()


def fact_sentence(fact: dict, *, subject_name: str | None = None) -> str:
    """``{"subject_ref": "pet:luna", "predicate": "feeding_time", "value": "19:00"}`` →
    "Luna bekommt um 19:00 Futter". A value that only repeats its subject's name (an open
    question or an experience named by its own words) is said once, after what it is:
    "Aussage: Wann ist …?", not "Wann ist …?: Wann ist …?"."""
    lang = language()
    template = sentence_template(fact["predicate"])
    subject_ref = fact.get("subject_ref")
    object_ref = fact.get("object_ref")
    obj = entity_name(object_ref) if object_ref else value_word(fact.get("value"))
    named = subject_name if subject_name is not None else entity_name(subject_ref)
    if obj and not object_ref and _names_itself(named, obj):
        return f"{predicate_label(fact['predicate'])}: {obj}"
    if lang == "de":
        template = _article(template, obj)
    if subject_ref == ME and subject_name is None:
        template = _place_user(template, "subject", lang)
    if object_ref == ME:
        template = _place_user(template, "object", lang)
    subject = subject_name if subject_name is not None else entity_name(subject_ref)
    text = template.replace("{subject}", subject).replace("{value}", obj).replace("{object}", obj)
    return text[:1].upper() + text[1:]


def relation_to_you(value: Any) -> str:
    """A ``relation_to_user`` value as said of the person: "deine Tochter", "dein Enkel",
    "your daughter"."""
    word = value_word(value)
    template = _("your {value}")
    if language() == "de":
        template = _article(template, word)
    return template.replace("{value}", word)


# --- provenance and lifecycle in words --------------------------------------------------------


def provenance_words(fact: dict) -> str:
    """Where a belief came from, as a person would say it."""
    source = fact.get("source") or ""
    memory_type = fact.get("memory_type") or ""
    if memory_type == "correction":
        text = _("you corrected it")
    elif memory_type == "user_assertion" or source.startswith("user"):
        text = _("you said it in the chat") if source.endswith("chat") else _("you said it")
    elif source.startswith(render.SYSTEM_SOURCE_PREFIX):
        text = (
            _("noted by the memory itself while reflecting on your conversations")
            if memory_type == "observed_state"
            else _("concluded by the memory itself while reflecting, not checked")
        )
    elif memory_type == "observed_state":
        text = _("observed by %(source)s") % {"source": humanise(source.split(":", 1)[0])}
    elif memory_type in {"derived_preference", "derived_pattern", "hypothesis"}:
        text = _("recognised by the curator, not checked")
    elif memory_type == "agent_action":
        text = _("the agent did it")
    elif memory_type == "policy":
        text = _("set as a rule")
    else:
        text = _("derived by the agent")
    if fact.get("trust_tier") == "untrusted":
        text += " · " + _("from a source that is not trusted")
    return text


def memory_type_label(memory_type: str) -> str:
    labels = {
        "user_assertion": _("said by you"),
        "observed_state": _("observed"),
        "agent_action": _("done by the agent"),
        "derived_preference": _("derived preference"),
        "derived_pattern": _("derived pattern"),
        "policy": _("rule"),
        "correction": _("correction"),
        "hypothesis": _("guess"),
    }
    return labels.get(memory_type, humanise(memory_type))


def trust_label(trust_tier: str) -> str:
    return _("trusted") if trust_tier == "trusted" else _("not trusted")


def decision_label(decision: str) -> str:
    labels = {
        "committed": _("remembered"),
        "duplicate": _("already known"),
        "pending": _("waits for your review"),
        "rejected": _("not remembered"),
        "skipped": _("skipped"),
    }
    return labels.get(decision, humanise(decision))


def operation_label(op: str) -> str:
    labels = {
        "upsert_entity": _("new or updated entity"),
        "assert_fact": _("new fact"),
        "assert_relationship": _("new relationship"),
        "end_fact": _("fact ended"),
        "invalidate_fact": _("fact forgotten"),
        "add_alias": _("new name"),
        "rename_entity": _("renamed"),
        "record_event": _("event recorded"),
        "merge_entities": _("merge"),
        "propose_merge": _("merge suggestion"),
    }
    return labels.get(op, humanise(op))


def payload_sentence(op: str, payload: dict) -> str:
    """What a proposed operation would say, as a sentence."""
    if "predicate" in payload:
        fact = {
            "subject_ref": payload.get("subject_ref"),
            "predicate": payload["predicate"],
            "object_ref": payload.get("object_ref"),
            "value": payload.get("object_value"),
        }
        return fact_sentence(fact)
    if op == "rename_entity":
        return _("%(entity)s to be called “%(name)s”") % {
            "entity": entity_name(payload.get("entity_ref")),
            "name": payload.get("canonical_name", ""),
        }
    if "canonical_name" in payload:
        kind = (payload.get("id_hint") or payload.get("ref") or "").split(":", 1)[0]
        return _("%(name)s (%(kind)s)") % {
            "name": payload["canonical_name"],
            "kind": kind_label(kind) if kind else "",
        }
    return operation_label(op)


# The committer writes event summaries with keys ("status ended", "pet:luni merged into
# pet:luna: …"); the pages say them in words.
SUMMARIES = (
    (re.compile(r"^(?P<p>[\w:.-]+) ended$"), "ended"),
    (re.compile(r"^(?P<p>[\w:.-]+) corrected: (?P<a>.*) → (?P<b>.*)$"), "corrected"),
    (re.compile(r"^(?P<p>[\w:.-]+) invalidated: (?P<r>.*)$"), "invalidated"),
    (re.compile(r"^(?P<e>\S+:\S+) merged into (?P<i>\S+:\S+): (?P<r>.*)$"), "merged"),
    (re.compile(r"^(?P<e>\S+:\S+) split off again$"), "split"),
    (re.compile(r"^(?P<e>\S+:\S+) renamed: (?P<a>.*) → (?P<b>.*)$"), "renamed"),
)


def event_summary(summary: str) -> str:
    """An event's summary in words (known committer shapes translated, others as written)."""
    for pattern, shape in SUMMARIES:
        found = pattern.match(summary or "")
        if not found:
            continue
        parts = found.groupdict()
        if shape == "ended":
            return _("“%(what)s” ended") % {"what": predicate_label(parts["p"])}
        if shape == "corrected":
            return _("“%(what)s” corrected: %(old)s → %(new)s") % {
                "what": predicate_label(parts["p"]),
                "old": _summary_value(parts["a"]),
                "new": _summary_value(parts["b"]),
            }
        if shape == "invalidated":
            return _("“%(what)s” forgotten: %(reason)s") % {
                "what": predicate_label(parts["p"]),
                "reason": parts["r"],
            }
        if shape == "merged":
            return _("%(entity)s merged into %(into)s: %(reason)s") % {
                "entity": entity_name(parts["e"]),
                "into": entity_name(parts["i"]),
                "reason": parts["r"],
            }
        if shape == "renamed":
            return _("“%(old)s” renamed to “%(new)s”") % {"old": parts["a"], "new": parts["b"]}
        return _("%(entity)s split off again") % {"entity": entity_name(parts["e"])}
    return summary or ""


def _summary_value(text: str) -> str:
    """A value as the committer wrote it into a summary, in words: an object's ref is its
    name and a literal is JSON ("\"19:00\"" would show its quote marks)."""
    text = text.strip()
    if looks_like_ref(text):
        return entity_name(text)
    try:
        return value_word(json.loads(text))
    except ValueError:
        return value_word(text)  # an older summary, written before values were encoded


# --- service messages in the person's words ---------------------------------------------


def _asked(ref: str) -> str:
    """What was asked for, without the kind in front: "person:niemand" → "niemand"."""
    return ref.split(":", 1)[1] if looks_like_ref(ref) else ref


def _moment(text: str) -> str:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return text
    return formats.date_format(_local(moment), "DATETIME_FORMAT")


def _local(moment: datetime) -> datetime:
    """``moment`` in the display zone; a naive one (written from an in-memory time) is
    taken as local already rather than failing the page."""
    if timezone.is_naive(moment):
        return moment
    return timezone.localtime(moment)


# Values a person should read as words: a registry key becomes its label, a ref the name.
WORDED: Mapping[str, Callable[[str], str]] = {
    "kind": kind_label,
    "kinds": lambda keys: ", ".join(kind_label(key) for key in keys.split(", ")),
    "predicate": predicate_label,
    "event_type": event_label,
    "memory_type": memory_type_label,
    "entity": entity_name,
    "into": entity_name,
    "operation": operation_label,
    "ref": _asked,
    "moment": _moment,
    "day": lambda text: date_word(text) or text,
    "word": value_word,  # the owner's word on significance: "not_important"
    "score": decimal_word,
    "threshold": decimal_word,
    "signals": signal_words,
    "value_kind": lambda key: gettext("entities") if key == "entity" else gettext("values"),
    "wrong": _summary_value,
    "right": _summary_value,
}


def say_template(template: str, params: Mapping[str, object]) -> str:
    """``template`` in the active language, its registry keys and refs as words."""
    worded = {
        name: WORDED[name](str(value)) if name in WORDED else str(value)
        for name, value in params.items()
    }
    return gettext(template) % worded


@cache
def _patterns() -> tuple[tuple[re.Pattern, str], ...]:
    found = []
    for template in messages.CATALOGUE:
        parts = messages.PLACEHOLDER.split(template)
        # split alternates literal text and placeholder names
        pattern = "".join(
            re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)"
            for index, part in enumerate(parts)
        )
        found.append((re.compile(f"^{pattern}$", re.DOTALL), template))
    return tuple(found)


def say_known(message: str) -> str | None:
    """A catalogue ``message`` in the active language, its values as words; ``None`` for
    any other text."""
    for pattern, template in _patterns():
        found = pattern.match(message)
        if found:
            return say_template(template, found.groupdict())
    return None


def say(message: str) -> str:
    """A service's English ``message`` in the active language: a catalogue message is
    translated with its values as words; any other text is looked up as it stands."""
    known = say_known(message)
    return known if known is not None else gettext(message)


def said(error: ApplicationError) -> str:
    """A service error in the active language, registry keys and refs as words."""
    if error.params is None:
        return say(error.message)
    return say_template(error.template, error.params)
