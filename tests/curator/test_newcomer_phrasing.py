"""What a newcomer said in a first chat, posted through ``POST /api/v1/sources/messages`` and
curated on the worker's path: a contrast ("nicht X, sondern Y"), a third party's birthday,
"dort" for the place just named, the user's own name, and dates in the speaker's time zone."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from types import SimpleNamespace

import pytest
from django.test import Client
from django.utils import timezone as dj_timezone

from curator.pipeline import curate_due
from tests.conftest import BOTH_DATABASES
from worldmemory import tools
from worldmemory.errors import NotFound
from worldmemory.models import SourceMessage
from worldmemory.moments import speaker_time
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

LATER = timedelta(seconds=31)


class Chat:
    """One chat of one owner, each turn posted as a live agent would and then curated."""

    def __init__(self, owner: str = "nora", *, session: str = "chat-1") -> None:
        self.owner, self.session, self.count = owner, session, 0
        with owner_scope(owner) as scope:
            self.headers = {"HTTP_AUTHORIZATION": f"Bearer {token_create(scope=scope, name='t')}"}

    def say(self, text: str, *, at: str = "2026-03-14T09:12:00+01:00") -> None:
        self.count += 1
        message = {
            "session_external_id": self.session,
            "external_id": f"m{self.count}",
            "role": "user",
            "speaker": "user",
            "text": text,
            "occurred_at": at,
            "trust_tier": "trusted",
        }
        response = Client().post(
            "/api/v1/sources/messages",
            json.dumps({"messages": [message]}),
            content_type="application/json",
            **self.headers,
        )
        assert response.status_code == 200, response.content
        curate_due(now=dj_timezone.now() + LATER)

    def current(self, ref: str) -> dict:
        with owner_scope(self.owner) as scope:
            try:
                data = tools.get_entity(scope=scope, ref=ref)["data"]
            except NotFound:
                return {}
        return {f["predicate"]: f["value"] for f in data["facts"]} | {
            f"→{f['predicate']}": f["object_ref"] for f in data["outgoing"]
        }

    def history(self, ref: str, predicate: str) -> list[dict]:
        with owner_scope(self.owner) as scope:
            found = tools.get_fact_history(scope=scope, ref=ref, predicate=predicate)
        return found["data"]["history"]


def test_nicht_x_sondern_y_stores_y_for_the_person_and_x_never_held():
    chat = Chat()
    chat.say("Meine Cousine Jana wohnt in Leipzig.")
    assert chat.current("person:jana")["→lives_in"] == "place:leipzig"
    chat.say("Jana wohnt nicht in Leipzig, sondern in Halle", at="2026-03-14T09:14:00+01:00")
    assert chat.current("person:jana")["→lives_in"] == "place:halle"
    assert "→lives_in" not in chat.current("person:me")
    lifecycles = {r["object_ref"]: r["lifecycle"] for r in chat.history("person:jana", "lives_in")}
    assert lifecycles == {"place:leipzig": "invalidated", "place:halle": "active"}


def test_not_x_but_y_in_english_and_a_contrast_without_an_earlier_belief():
    chat = Chat(owner="nora-en")
    chat.say("My sister Kate lives not in Leeds but in York")
    assert chat.current("person:kate")["→lives_in"] == "place:york"
    assert chat.current("place:leeds") == {}


@pytest.mark.parametrize(
    "later",
    [
        "Jana hat am 3. Juli Geburtstag",
        "Am 3. Juli hat sie Geburtstag",
        "Ihr Geburtstag ist am 3. Juli",
    ],
)
def test_a_birthday_said_after_talking_about_jana_is_janas(later):
    chat = Chat()
    chat.say("Meine Cousine Jana studiert seit dem Wintersemester Medizin in Leipzig.")
    chat.say(later, at="2026-03-14T09:14:00+01:00")
    assert chat.current("person:jana")["birthday"] == "--07-03"
    assert "birthday" not in chat.current("person:me")


def test_a_birthday_nobody_in_the_window_owns_is_not_the_users():
    chat = Chat()
    chat.say("Die hat am 3. Juli Geburtstag")
    assert "birthday" not in chat.current("person:me")
    chat.say("Ich hab übrigens am 9. Mai Geburtstag", at="2026-03-14T09:15:00+01:00")
    assert chat.current("person:me")["birthday"] == "--05-09"


def test_dort_is_the_place_just_named_and_the_field_after_it_is_studied():
    chat = Chat()
    chat.say("Meine Cousine Jana ist nach Leipzig gezogen und studiert dort Medizin")
    jana = chat.current("person:jana")
    assert (jana["studies"], jana["→lives_in"]) == ("Medizin", "place:leipzig")


def test_studying_in_a_city_is_where_not_what():
    chat = Chat()
    chat.say("Meine Cousine Jana studiert in Leipzig")
    jana = chat.current("person:jana")
    assert "studies" not in jana
    assert jana["→lives_in"] == "place:leipzig"


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("Ich heiße Mara", "name", "Mara"),
        ("Hi, I'm Mara, 29, from Cork", "name", "Mara"),
        ("my name's Mara btw", "name", "Mara"),
        ("call me Max", "preferred_name", "Max"),
        ("nenn mich einfach Max", "preferred_name", "Max"),
    ],
)
def test_the_user_says_their_name(text, predicate, value):
    chat = Chat()
    chat.say(text)
    assert chat.current("person:me")[predicate] == value


@pytest.mark.parametrize("text", ["I'm Irish, so tea it is", "Hi, I'm back", "I'm Catholic"])
def test_im_with_a_nationality_creed_or_state_is_no_name(text):
    chat = Chat()
    chat.say(text)
    assert "name" not in chat.current("person:me")


def test_seit_2019_starts_at_the_speakers_local_midnight_not_utcs():
    chat = Chat()
    chat.say("Ich wohne seit 2019 in Kiel", at="2026-03-14T09:12:00+01:00")
    [row] = chat.history("person:me", "lives_in")
    assert _moment(row["valid_from"]) == datetime(2019, 1, 1, tzinfo=timezone(timedelta(hours=1)))


def test_a_relative_day_is_the_speakers_day_when_utc_is_still_on_the_day_before():
    chat = Chat()
    # 00:30 in Berlin is 23:30 UTC of the 14th: "gestern" is the 14th for the speaker
    chat.say("Seit gestern wohne ich in Kiel", at="2026-03-15T00:30:00+01:00")
    [row] = chat.history("person:me", "lives_in")
    assert _moment(row["valid_from"]) == datetime(2026, 3, 14, tzinfo=timezone(timedelta(hours=1)))
    with owner_scope("nora"):
        assert SourceMessage.objects.get().utc_offset_minutes == 60


def test_a_utc_instant_names_no_clock_and_is_read_in_the_configured_time_zone():
    chat = Chat()
    # 23:30Z is 00:30 of the 15th in Berlin (GD_TIME_ZONE): "gestern" is the 14th there
    chat.say("Seit gestern wohne ich in Kiel", at="2026-03-14T23:30:00Z")
    [row] = chat.history("person:me", "lives_in")
    assert _moment(row["valid_from"]) == datetime(2026, 3, 14, tzinfo=timezone(timedelta(hours=1)))
    with owner_scope("nora"):
        assert SourceMessage.objects.get().utc_offset_minutes is None


def test_a_turn_without_an_offset_is_read_in_the_configured_time_zone(settings):
    settings.TIME_ZONE = "America/New_York"
    row = SimpleNamespace(
        occurred_at=datetime(2026, 7, 1, 3, 0, tzinfo=UTC), utc_offset_minutes=None
    )
    assert speaker_time(row).isoformat() == "2026-06-30T23:00:00-04:00"
    row.utc_offset_minutes = 330
    assert speaker_time(row).isoformat() == "2026-07-01T08:30:00+05:30"


def _moment(value) -> datetime:
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)
