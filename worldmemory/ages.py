"""A said age grows by one at every birthday the owner's memory knows.

"Carla wird 31" read on 6 November says she is 30 that day; from the 7th she is 31, and a
Known World State read in December must not still say 30. Once a day (``tasks.ages_daily``)
each age believed and valid now whose person (or pet) also has a believed birthday moves on
by the birthdays passed since the age was said: the new value holds from the last birthday's
local midnight, the said one stays true before it, and the evidence names the two facts it
was worked out from. Through the committer, like every write; an age said again later is
simply the newer value.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time

from django.utils import timezone

from worldmemory import temporal
from worldmemory.committer import proposal_commit
from worldmemory.contracts import MemoryMutationProposal
from worldmemory.models import Fact
from worldmemory.tenancy import OwnerScope

SOURCE = "gedaechtnis:ages"
# "--11-07" (a day said without its year) or "1996-11-07"
MONTH_DAY = re.compile(r"^(?:\d{4}|-)-(?P<month>\d{2})-(?P<day>\d{2})$")


def birthday_in(year: int, *, month: int, day: int) -> date:
    """The birthday's date in ``year``: 29 February is kept on the 28th in other years."""
    try:
        return date(year, month, day)
    except ValueError:
        return date(year, month, day - 1)


def birthdays_between(*, month: int, day: int, after: date, until: date) -> list[date]:
    """The birthdays after ``after`` up to ``until`` (both local days), oldest first."""
    found = []
    for year in range(after.year, until.year + 1):
        birthday = birthday_in(year, month=month, day=day)
        if after < birthday <= until:
            found.append(birthday)
    return found


def _current(scope: OwnerScope, predicate: str, moment: datetime):
    return (
        Fact.objects.filter(owner_sub=scope.owner_sub, predicate_id=predicate)
        .filter(temporal.believed_q() & temporal.valid_at_q(moment))
        .select_related("subject_entity")
    )


def _advanced(age: Fact, birthday: Fact, today: date) -> dict | None:
    """The operation that moves ``age`` on to ``today``, or ``None`` when it is current."""
    said = str(age.object_value or "")
    month_day = MONTH_DAY.match(str(birthday.object_value or ""))
    if not said.isdigit() or month_day is None:
        return None
    month, day = int(month_day["month"]), int(month_day["day"])
    since = timezone.localtime(age.valid_from).date()
    passed = birthdays_between(month=month, day=day, after=since, until=today)
    if not passed:
        return None
    value = int(said) + len(passed)
    starts = timezone.make_aware(datetime.combine(passed[-1], time.min))
    subject = age.subject_entity
    why = (
        f"{said} am {since:%d.%m.%Y} gesagt, Geburtstag am {day:02d}.{month:02d}.: "
        f"{value} seit {passed[-1]:%d.%m.%Y}"
    )
    return {
        "op": "assert_fact",
        "subject_ref": subject.ref,
        "predicate": "age",
        "object_value": value if isinstance(age.object_value, int) else str(value),
        "confidence": min(age.confidence, birthday.confidence),
        "source": SOURCE,
        "memory_type": "observed_state",
        "valid_from": starts.isoformat(),
        "evidence": {"kind": "observation", "text": why, "ref": f"fact:{age.pk}"},
    }


def ages_advance(*, scope: OwnerScope, today: date | None = None) -> int:
    """Move the owner's ages on past the birthdays since they were said; answer how many
    ages changed."""
    today = today or timezone.localdate()
    moment = timezone.now()
    birthdays = {fact.subject_entity_id: fact for fact in _current(scope, "birthday", moment)}
    ops = [
        op
        for age in _current(scope, "age", moment)
        if age.subject_entity_id in birthdays
        and (op := _advanced(age, birthdays[age.subject_entity_id], today)) is not None
    ]
    if not ops:
        return 0
    proposal = MemoryMutationProposal.model_validate(
        {
            "run_id": f"ages:{today.isoformat()}",
            "proposed_by": SOURCE,
            "created_at": moment,
            "operations": ops,
        }
    )
    result = proposal_commit(scope=scope, proposal=proposal)
    return sum(1 for outcome in result.results if outcome.decision == "committed")
