"""What the page asks before an edit and says after it: each question names what the
action does to the past, in the person's words (asked in the page after validation, never
by a browser box before it)."""

from __future__ import annotations

import re
from datetime import datetime

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from worldmemory import labels
from worldmemory.models import Entity


def _when(moment: datetime | None) -> str:
    if moment is None:
        return _("now")
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def confirmation(*, action: str, fact: dict, data: dict) -> dict:
    """``{"message", "button"}`` for changing, correcting, ending or forgetting ``fact``."""
    said = labels.fact_sentence(fact)
    new = labels.value_word(data.get("value"))
    if action == "change":
        message = _(
            "From %(when)s on: “%(new)s”. Until then “%(said)s” stays true; the past is kept."
        ) % {"when": _when(data.get("valid_from")), "new": new, "said": said}
        return {"message": message, "button": _("Yes, change from then on")}
    if action == "correct":
        message = _(
            "“%(said)s” was never right: “%(new)s” holds for the whole time instead, the past "
            "is rewritten. The history keeps what was believed."
        ) % {"said": said, "new": new}
        return {"message": message, "button": _("Yes, correct")}
    if action == "end":
        message = _(
            "“%(said)s” holds until %(when)s and stays true for that time; after that it no "
            "longer holds."
        ) % {"said": said, "when": _when(data.get("valid_to"))}
        return {"message": message, "button": _("Yes, end")}
    message = _(
        "“%(said)s” was never true, not even in the past: the agent forgets it. The history "
        "keeps it."
    ) % {"said": said}
    return {"message": message, "button": _("Yes, forget")}


def _name(entity: Entity) -> str:
    return labels.name_of(entity)


def merge_question(*, entity: Entity, into: Entity) -> str:
    return _(
        "“%(entity)s” and “%(into)s” become one: “%(into)s” answers for both from now on. "
        "You can split them again."
    ) % {"entity": _name(entity), "into": _name(into)}


def merged_notice(*, entity: Entity, into: Entity) -> str:
    return _("Merged: “%(entity)s” is now part of “%(into)s”.") % {
        "entity": _name(entity),
        "into": _name(into),
    }


# A service message the catalogue has no template for, as the pages say it.
SERVICE_MESSAGES = (
    (
        re.compile(r"^valid_from .*"),
        lambda m: _("That date does not fit the fact's time: please choose another."),
    ),
)


def say(message: str) -> str:
    """A service's message in the page's language (the catalogue's, else the page's own
    words for it, else as it stands)."""
    for pattern, words in SERVICE_MESSAGES:
        found = pattern.match(message)
        if found:
            return words(found.groupdict())
    return labels.say(message)
