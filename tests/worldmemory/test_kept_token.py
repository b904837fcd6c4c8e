"""The local owner's API token survives a restart: `make run` prints the same token until
it is revoked, so an agent configured with it keeps working."""

from __future__ import annotations

import json
import stat

import pytest
from django.test import Client

from tests.conftest import BOTH_DATABASES
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_kept, token_revoke

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

NAME = "local-make-run"


def _kept(tmp_path) -> str:
    with owner_scope("local-kept") as scope:
        return token_kept(scope=scope, name=NAME, kept=tmp_path / "local-token.txt")


def _answers(token: str) -> int:
    return Client().get("/api/v1/entities", HTTP_AUTHORIZATION=f"Bearer {token}").status_code


def test_a_restart_prints_the_same_token_and_it_still_answers(tmp_path):
    first = _kept(tmp_path)
    assert _kept(tmp_path) == first
    assert _answers(first) == 200
    assert stat.S_IMODE((tmp_path / "local-token.txt").stat().st_mode) == 0o600


def test_a_revoked_or_lost_token_is_replaced_and_the_file_follows(tmp_path):
    first = _kept(tmp_path)
    with owner_scope("local-kept") as scope:
        token_revoke(scope=scope, name=NAME)
    second = _kept(tmp_path)
    assert second != first
    assert (tmp_path / "local-token.txt").read_text() == second
    assert (_answers(first), _answers(second)) == (401, 200)
    (tmp_path / "local-token.txt").write_text(json.dumps("not a token"))
    third = _kept(tmp_path)
    assert third != second and _answers(second) == 401
