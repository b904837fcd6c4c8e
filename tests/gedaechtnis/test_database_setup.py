"""A wrong DATABASE_URL or a missing pgvector ends in one clear sentence, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest
from django.conf import settings
from django.db import connections

from infra.bootstrap import EMBEDDED_MAJOR_VERSION, MIN_PGVECTOR, pgvector_version
from infra.database import DatabaseSetupError, parse_url

MANAGE = [sys.executable, str(settings.BASE_DIR / "manage.py"), "gd_setup"]


def _setup_with(url: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DATABASE_URL": url}
    return subprocess.run(MANAGE, env=env, capture_output=True, text=True, timeout=60)


def _assert_one_clear_sentence(result: subprocess.CompletedProcess, phrase: str) -> None:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert phrase in lines[0], lines[0]


@pytest.mark.parametrize(
    ("url", "phrase"),
    [
        ("mysql://x@localhost/db", "must start with postgresql://"),
        ("postgresql://x@localhost", "names no database"),
        ("postgresql://x@localhost:99999/db", "invalid port"),
    ],
)
def test_parse_url_refuses_malformed_urls(url, phrase):
    with pytest.raises(DatabaseSetupError, match=phrase):
        parse_url(url)


def test_parse_url_reads_socket_hosts():
    parsed = parse_url("postgresql://me:s%40cret@/memory?host=/run/pg")
    assert (parsed.user, parsed.password, parsed.host, parsed.name) == (
        "me",
        "s@cret",
        "/run/pg",
        "memory",
    )


def test_unreachable_database_url_is_one_sentence():
    result = _setup_with("postgresql://nobody:wrong@127.0.0.1:1/nothing")
    _assert_one_clear_sentence(result, "Cannot connect to database 'nothing'")


@contextmanager
def _scratch_database(name: str) -> Iterator[tuple[str, str]]:
    """A database ``name`` without pgvector, owned by the owner role, made and dropped by the
    embedded server's superuser: ``(owner, socket_dir)``."""
    socket_dir = connections["default"].settings_dict["HOST"]
    if not settings.DATABASE_TARGET.embedded:
        pytest.skip("needs the embedded server's superuser to make a database")
    owner = settings.DATABASES["default"]["USER"]

    def as_superuser(*statements: str) -> None:
        with psycopg.connect(
            host=socket_dir, user="postgres", dbname="postgres", autocommit=True
        ) as su:
            for statement in statements:
                su.execute(statement)

    as_superuser(
        f"DROP DATABASE IF EXISTS {name}",
        f'CREATE DATABASE {name} TEMPLATE template0 OWNER "{owner}"',
    )
    try:
        yield owner, socket_dir
    finally:
        as_superuser(f"DROP DATABASE IF EXISTS {name}")


@pytest.mark.django_db(databases=["default", "app"])
def test_missing_pgvector_is_one_sentence():
    with _scratch_database("gd_without_vector") as (owner, socket_dir):
        result = _setup_with(f"postgresql://{owner}@/gd_without_vector?host={socket_dir}")
        _assert_one_clear_sentence(result, "pgvector extension is missing")


def test_pgvector_versions_compare_by_number():
    assert pgvector_version("0.8.5") == (0, 8, 5)
    assert pgvector_version("0.10.0") > pgvector_version("0.8.5")
    assert pgvector_version("0.6.2") < MIN_PGVECTOR <= pgvector_version("0.8.0-beta")


@pytest.mark.django_db(databases=["default", "app"])
def test_the_embedded_server_has_iterative_index_scans():
    with connections["default"].cursor() as cursor:
        cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        assert pgvector_version(cursor.fetchone()[0]) >= MIN_PGVECTOR
        cursor.execute("SHOW server_version_num")
        assert int(cursor.fetchone()[0]) // 10000 == EMBEDDED_MAJOR_VERSION


@pytest.mark.django_db(databases=["default", "app"])
def test_a_too_old_pgvector_is_one_sentence():
    with _scratch_database("gd_old_vector") as (owner, socket_dir):
        with psycopg.connect(
            host=socket_dir, user="postgres", dbname="gd_old_vector", autocommit=True
        ) as su:
            su.execute("CREATE EXTENSION vector")
            # only the newest version can be installed here: record an older one, as a
            # managed server that never ran ALTER EXTENSION … UPDATE would have it
            su.execute("UPDATE pg_extension SET extversion = '0.7.4' WHERE extname = 'vector'")
        result = _setup_with(f"postgresql://{owner}@/gd_old_vector?host={socket_dir}")
        _assert_one_clear_sentence(result, "pgvector 0.7.4 is too old")
