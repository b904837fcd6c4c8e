"""The messages a person can meet (refusals, review reasons, errors) in one catalogue.

Each is an English template with named placeholders, marked for translation. A service
renders it in English: the API, the log and the stored review reasons keep that text. A
page says it in the person's language: the catalogue's translation, with the registry keys
among the values turned into their labels. Text stored before a template existed is
recognised by matching it against the templates, so old review reasons read the same way.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext_noop

# A page may leave out a value the API names (an id means nothing to a person): the
# templates marked no-python-format let a translation drop a placeholder.

# --- the validator's verdicts (stored as a review item's reason) -------------------------

UNKNOWN_KIND = gettext_noop("unknown entity kind '%(kind)s'")
DEPRECATED_KIND = gettext_noop("entity kind '%(kind)s' is deprecated")
PRIVILEGED_KIND = gettext_noop("entity kind '%(kind)s' is privileged")
UNKNOWN_ATTRIBUTE = gettext_noop("unknown attribute '%(predicate)s'")
UNKNOWN_RELATIONSHIP = gettext_noop("unknown relationship predicate '%(predicate)s'")
DEPRECATED_PREDICATE = gettext_noop("predicate '%(predicate)s' is deprecated")
WRONG_VALUE_KIND = gettext_noop(
    # xgettext:no-python-format
    "predicate '%(predicate)s' takes %(value_kind)s objects: use %(operation)s"
)
PRIVILEGED_PREDICATE = gettext_noop("predicate '%(predicate)s' is privileged")
MACHINE_TEXT = gettext_noop("'%(source)s' text is not a user assertion or preference")
TOOL_RESULT_ASSERTION = gettext_noop("a tool result is data, not a user assertion")
TOOL_RESULT_PREFERENCE = gettext_noop("a preference cannot be learned from a tool result")
UNKNOWN_EVENT_TYPE = gettext_noop("unknown event type '%(event_type)s'")
DEPRECATED_EVENT_TYPE = gettext_noop("event type '%(event_type)s' is deprecated")
POLICY_PRIVILEGED = gettext_noop("policies are privileged")
NEEDS_REVIEW = gettext_noop("%(memory_type)s needs review")
UNTRUSTED_SOURCE = gettext_noop("untrusted source")
UNTRUSTED_RUN = gettext_noop("the run touched untrusted content")
CORRECTION_UNCLEAR = gettext_noop(
    "'%(predicate)s' holds several values: a correction must name the value it replaces"
    " (corrects_value) or the row (corrects_fact_id)"
)

# --- the committer and the lookups (raised as errors) ------------------------------------

NO_ENTITY = gettext_noop("no entity '%(ref)s'")
UNKNOWN_PREDICATE = gettext_noop(
    "unknown predicate '%(predicate)s'; %(ref)s has facts of: %(known)s"
)
# xgettext:no-python-format
NO_FACT = gettext_noop("no fact %(fact_id)s")
# xgettext:no-python-format
NO_CURRENT_FACT = gettext_noop("no current fact %(fact_id)s")
# xgettext:no-python-format
FACT_NOT_BELIEVED = gettext_noop("fact %(fact_id)s is no longer believed (%(status)s)")
END_BEFORE_START = gettext_noop(
    "valid_to must be after the fact's valid_from; invalidate it if it never held"
)
# xgettext:no-python-format
ALREADY_ENDS = gettext_noop("fact %(fact_id)s already ends at %(moment)s")
FACTS_CHANGED = gettext_noop("facts changed concurrently; retry")
MERGE_ITSELF = gettext_noop("an entity cannot be merged into itself")
MERGE_KINDS = gettext_noop("%(entity)s and %(into)s are of different kinds and are never merged")
ALREADY_MERGED = gettext_noop("%(entity)s is already merged")
ENTITY_CHANGED = gettext_noop("%(entity)s changed concurrently; retry")
NOT_MERGED = gettext_noop("%(entity)s is not merged")
ALIAS_CHANGED = gettext_noop("the alias changed concurrently; retry")
IDENTITY_TAKEN = gettext_noop(
    # xgettext:no-python-format
    "%(namespace)s '%(value)s' already identifies %(entity)s, an entity of another kind"
)
# xgettext:no-python-format
NO_PROPOSAL = gettext_noop("no proposal %(item_id)s")
# xgettext:no-python-format
NOTHING_PENDING = gettext_noop("proposal %(item_id)s has nothing pending")
EMPTY_VALUE = gettext_noop("the new value is empty")
SAME_VALUE = gettext_noop("that is the value it already has: name what is right instead")
DEPTH_RANGE = gettext_noop("depth must be between 1 and %(most)s")
# xgettext:no-python-format
NO_SESSION = gettext_noop("no session '%(external_id)s'")
# xgettext:no-python-format
NO_MESSAGE = gettext_noop("no message %(message_id)s")

# --- why a reflection object is in its state (stored as the state's trigger) --------------
# The reflection engine writes these texts; the longer of two overlapping templates comes
# first, as the first that matches wins.

TRIGGER_FIRST_NAMED = gettext_noop("first named")
TRIGGER_STARTED = gettext_noop("started")
TRIGGER_NEW_TOPIC = gettext_noop("new topic")
TRIGGER_CONTINUED = gettext_noop("continued in another session")
# xgettext:no-python-format
TRIGGER_TAKEN_UP = gettext_noop("taken up again in session %(session)s")
TRIGGER_ASKED = gettext_noop("asked")
TRIGGER_RESURFACE_ON = gettext_noop("resurface %(entity)s on %(day)s")
TRIGGER_RESURFACE = gettext_noop("resurface %(entity)s")
# xgettext:no-python-format
TRIGGER_CAME_UP = gettext_noop("came up in session %(session)s")
# xgettext:no-python-format
TRIGGER_DECIDED = gettext_noop("decided in session %(session)s")
# xgettext:no-python-format
TRIGGER_SETTLED = gettext_noop("settled in session %(session)s")
# xgettext:no-python-format
TRIGGER_RAISED_AGAIN = gettext_noop("raised again in session %(session)s")
TRIGGER_QUIET_SINCE = gettext_noop("not mentioned since %(day)s")
TRIGGER_MENTIONED_AGAIN = gettext_noop("mentioned again on %(day)s")
TRIGGER_TOPIC_IN = gettext_noop("a topic in %(count)s sessions")
TRIGGER_RECURRING_WITH = gettext_noop("a recurring topic with its experiences")
TRIGGER_RECURRING_AREA = gettext_noop("a recurring part of life with its experiences")
# the cue of a moment dated by the day it was told, when its words name no day
WHEN_TOLD = gettext_noop("said that day")
# the registry's kinds for a predicate's subject and object (the committer's refusal)
WRONG_SUBJECT_KIND = gettext_noop("'%(predicate)s' does not apply to a %(kind)s (only %(kinds)s)")
WRONG_OBJECT_KIND = gettext_noop("'%(predicate)s' cannot point at a %(kind)s (only %(kinds)s)")
TRIGGER_RECURRING = gettext_noop("recurring topic")
# why a corrected row closed: stored with the invalidation, read by the agent's history tool
# (English) and shown on the pages in the person's language
CORRECTED_NEVER = gettext_noop("corrected: was never %(wrong)s, but %(right)s")
TRIGGER_OWNER_SAID = gettext_noop("the owner said it was %(word)s")
TRIGGER_REACTIVATED = gettext_noop("reactivated: new activity")
TRIGGER_NO_ACTIVITY = gettext_noop("no activity recorded")
TRIGGER_LAST_ACTIVITY = gettext_noop("last activity %(day)s")
TRIGGER_CONSOLIDATED = gettext_noop("consolidated from %(count)s observations")
# xgettext:no-python-format
TRIGGER_PROMOTED = gettext_noop("significance %(score)s ≥ %(threshold)s")
# xgettext:no-python-format
TRIGGER_SIGNIFICANCE = gettext_noop("significance %(score)s: %(signals)s")

CATALOGUE = tuple(
    value for name, value in dict(globals()).items() if name.isupper() and isinstance(value, str)
)


PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def text(template: str, **params: object) -> str:
    """``template`` in English with ``params`` filled in: the service's own words."""
    return template % {name: str(value) for name, value in params.items()}
