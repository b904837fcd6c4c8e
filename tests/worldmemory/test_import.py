"""``gd_import``: dialogue history from a JSON Lines file, checked first, all or nothing."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from curator.models import CuratorState
from tests.conftest import BOTH_DATABASES
from worldmemory.models import SourceMessage
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _turn(number: int, text: str) -> dict:
    return {
        "session_external_id": "history",
        "external_id": f"m{number}",
        "role": "user",
        "speaker": "user",
        "text": text,
        "occurred_at": f"2026-08-19T10:{number:02d}:00+02:00",
    }


def _file(tmp_path, lines: list) -> str:
    path = tmp_path / "history.jsonl"
    path.write_text("\n".join(json.dumps(x) if isinstance(x, dict) else x for x in lines) + "\n")
    return str(path)


def test_import_stores_each_turn_once_with_a_progress_bar(tmp_path, capsys):
    path = _file(tmp_path, [_turn(1, "Luna ist meine Katze"), "", _turn(2, "Sie frisst um 19 Uhr")])
    call_command("gd_import", path, owner="owner-import")
    out = capsys.readouterr().out
    assert "2/2" in out and "owner-import: 2 messages read, 2 stored, 0 already there" in out
    call_command("gd_import", path, owner="owner-import")
    assert "0 stored, 2 already there" in capsys.readouterr().out
    with owner_scope("owner-import"):
        assert sorted(SourceMessage.objects.values_list("text", flat=True)) == [
            "Luna ist meine Katze",
            "Sie frisst um 19 Uhr",
        ]
        assert CuratorState.objects.filter(chat_id="history").exists()  # the curator will read it


def test_sources_only_import_leaves_the_curator_out(tmp_path):
    call_command(
        "gd_import", _file(tmp_path, [_turn(1, "alt")]), owner="owner-quiet", no_curate=True
    )
    with owner_scope("owner-quiet"):
        assert SourceMessage.objects.count() == 1
        assert not CuratorState.objects.exists()


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ("{not json", ":2: not JSON"),
        ({**_turn(2, "x"), "role": "robot"}, ":2: role"),
        ({k: v for k, v in _turn(2, "x").items() if k != "occurred_at"}, ":2: occurred_at"),
    ],
)
def test_a_bad_line_is_named_and_nothing_is_stored(tmp_path, bad, says):
    path = _file(tmp_path, [_turn(1, "gut"), bad, _turn(3, "auch gut")])
    with pytest.raises(CommandError, match=says):
        call_command("gd_import", path, owner="owner-bad")
    with owner_scope("owner-bad"):
        assert not SourceMessage.objects.exists()
