"""Where the database is, and how it is brought up.

Three roles share one database: the *owner* role runs migrations and owns every
table; the *application* role (web, worker, commands) owns nothing, is neither
superuser nor BYPASSRLS, and so is held by row-level security; the *prune* role
is held the same way and may in addition delete windowed rows past the hot
window (retention), nothing else. Without
``DATABASE_URL`` an embedded PostgreSQL (the ``pgserver`` wheel) is started under
``var/``; its ``postgres`` superuser is used for bootstrap only.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from django.conf import settings

EMBEDDED_DATABASE = "gedaechtnis"
EMBEDDED_OWNER_ROLE = "gd_owner"
DEFAULT_APP_ROLE = "gd_app"
DEFAULT_PRUNE_ROLE = "gd_prune"


class DatabaseSetupError(Exception):
    """A setup problem that the operator must fix; its message is one clear sentence."""


@dataclass(frozen=True)
class Connection:
    name: str
    user: str
    password: str
    host: str
    port: str

    def django(self, **extra: object) -> dict:
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": self.name,
            "USER": self.user,
            "PASSWORD": self.password,
            "HOST": self.host,
            "PORT": self.port,
            "CONN_MAX_AGE": 0,
            "OPTIONS": {"connect_timeout": 5},
            **extra,
        }

    def conninfo(self, **override: str) -> dict:
        values = {
            "dbname": self.name,
            "user": self.user,
            "password": self.password,
            "host": self.host,
            "port": self.port,
            "connect_timeout": "5",
        }
        values.update(override)
        return {key: value for key, value in values.items() if value}


@dataclass(frozen=True)
class DatabaseTarget:
    owner: Connection
    app: Connection
    prune: Connection
    pgdata: Path | None
    replica: Connection | None = None  # the application role on a read replica

    @property
    def embedded(self) -> bool:
        return self.pgdata is not None


def parse_url(url: str) -> Connection:
    parts = urlsplit(url)
    if parts.scheme not in {"postgres", "postgresql"}:
        raise DatabaseSetupError(
            f"DATABASE_URL must start with postgresql://, not {parts.scheme or 'nothing'}://."
        )
    query = parse_qs(parts.query)
    host = unquote(parts.hostname or "") or query.get("host", [""])[0]
    try:
        port = str(parts.port or "")
    except ValueError as error:
        raise DatabaseSetupError(f"DATABASE_URL has an invalid port: {error}.") from error
    name = unquote(parts.path.lstrip("/"))
    if not name:
        raise DatabaseSetupError("DATABASE_URL names no database (postgresql://user@host/NAME).")
    return Connection(
        name=name,
        user=unquote(parts.username or ""),
        password=unquote(parts.password or ""),
        host=host,
        port=port,
    )


def embedded_pgdata(base_dir: Path) -> Path:
    return Path(os.environ.get("GD_PGDATA") or base_dir / "var" / "pgdata").resolve()


def embedded_socket_dir(pgdata: Path) -> str:
    """The socket folder of a running embedded server (postmaster.pid line 5), else pgdata."""
    pid_file = pgdata / "postmaster.pid"
    try:
        lines = pid_file.read_text().splitlines()
    except OSError:
        return str(pgdata)
    return lines[4] if len(lines) > 4 and lines[4] else str(pgdata)


def resolve_target(base_dir: Path) -> DatabaseTarget:
    url = os.environ.get("DATABASE_URL", "").strip()
    if url:
        owner = parse_url(url)
        app = _role_connection(owner, "APP", DEFAULT_APP_ROLE)
        prune = _role_connection(owner, "PRUNE", DEFAULT_PRUNE_ROLE)
        return DatabaseTarget(
            owner=owner, app=app, prune=prune, pgdata=None, replica=replica_target(app)
        )

    pgdata = embedded_pgdata(base_dir)
    host = embedded_socket_dir(pgdata)
    owner = Connection(EMBEDDED_DATABASE, EMBEDDED_OWNER_ROLE, "", host, "")
    app = Connection(EMBEDDED_DATABASE, DEFAULT_APP_ROLE, "", host, "")
    prune = Connection(EMBEDDED_DATABASE, DEFAULT_PRUNE_ROLE, "", host, "")
    return DatabaseTarget(
        owner=owner, app=app, prune=prune, pgdata=pgdata, replica=replica_target(app)
    )


def _role_connection(owner: Connection, prefix: str, default_role: str) -> Connection:
    """``<PREFIX>_DATABASE_URL``, else ``default_role`` on the owner's database."""
    url = os.environ.get(f"{prefix}_DATABASE_URL", "").strip()
    if url:
        return parse_url(url)
    return Connection(
        name=owner.name,
        user=default_role,
        password=os.environ.get(f"{prefix}_DATABASE_PASSWORD", ""),
        host=owner.host,
        port=owner.port,
    )


def replica_target(app: Connection) -> Connection | None:
    """``DATABASE_REPLICA_URL``: a read replica, reached as the application role unless the
    URL names a user of its own."""
    url = os.environ.get("DATABASE_REPLICA_URL", "").strip()
    if not url:
        return None
    replica = parse_url(url)
    if not replica.user:
        replica = Connection(replica.name, app.user, app.password, replica.host, replica.port)
    return replica


@dataclass(frozen=True)
class PoolSizes:
    """Connections one process may hold per database alias.

    ``app_max`` bounds the application role's pool (and the replica's), which every
    request and task uses. ``app_max`` of 0 means no pool: one plain connection per
    thread, for single-threaded processes that fork (the django-q2 worker: a pool's open
    connections must not be inherited). The owner and prune roles keep plain
    connections: only setup, retention and commands use them, one thread each.
    """

    app_min: int = 1
    app_max: int = 8
    timeout: float = 30.0

    def pool(self, maximum: int) -> dict | None:
        if self.app_max <= 0:
            return None
        # a pool past its size makes a request wait up to ``timeout`` for a free connection
        return {
            "min_size": min(self.app_min, maximum),
            "max_size": maximum,
            "timeout": self.timeout,
        }


def django_databases(target: DatabaseTarget, *, pools: PoolSizes | None = None) -> dict:
    """``default`` is the owner role (migrations, test database); ``app`` is what runs;
    ``replica``, when configured, serves the read tools (``worldmemory.reads.replica``).

    The aliases requests use draw from a bounded pool (Django's psycopg pool), so however
    many threads a server runs, a process holds at most ``PoolSizes`` connections."""
    pools = pools or PoolSizes()

    def options(maximum: int, **extra: object) -> dict:
        pool = pools.pool(maximum)
        return {"connect_timeout": 5, **extra, **({"pool": pool} if pool else {})}

    # a pooled connection is checked before it is handed out: a database restart costs
    # one reconnect instead of an error per stale connection
    checked = {"CONN_HEALTH_CHECKS": pools.app_max > 0}
    databases = {
        "default": target.owner.django(),
        # Server-side binding: parameters travel separately instead of being quoted into
        # the SQL text by the client, which is measurably cheaper on the hot paths.
        "app": target.app.django(
            **checked,
            ATOMIC_REQUESTS=True,
            TEST={"MIRROR": "default"},
            OPTIONS=options(pools.app_max, server_side_binding=True),
        ),
        # retention only: rolls windowed rows up and deletes them past the hot window
        "prune": target.prune.django(ATOMIC_REQUESTS=False, TEST={"MIRROR": "default"}),
    }
    if target.replica is not None:
        databases["replica"] = target.replica.django(
            **checked,
            TEST={"MIRROR": "default"},
            OPTIONS=options(pools.app_max, server_side_binding=True),
        )
    return databases


@dataclass(frozen=True)
class ConnectionBudget:
    """The most connections `make run` can hold on the primary at once, by process kind.

    A web process: the application role's pool, one each for the owner and prune
    roles (which no request uses), the rate limits' pool and the one ``LISTEN``
    connection of the live streams. A worker process (every process of the django-q2
    cluster): one plain connection per role, since each runs one task at a time.
    """

    web_processes: int
    per_web_process: int
    worker_processes: int
    per_worker_process: int

    @property
    def web(self) -> int:
        return self.web_processes * self.per_web_process

    @property
    def worker(self) -> int:
        return self.worker_processes * self.per_worker_process

    @property
    def total(self) -> int:
        return self.web + self.worker

    def refusal(self, *, max_connections: int, reserved: int, reserve: int) -> str | None:
        """One sentence when the bounds do not fit under ``max_connections``, else None."""
        allowed = max_connections - reserved - reserve
        if self.total <= allowed:
            return None
        return (
            f"The database connections may add up to {self.total} ({self.web_processes} web "
            f"processes × {self.per_web_process}, {self.worker_processes} worker processes × "
            f"{self.per_worker_process}), more than the {allowed} PostgreSQL allows beside its "
            f"own {reserved} and a reserve of {reserve} (max_connections {max_connections}): "
            "lower GD_WEB_WORKERS, GD_DB_POOL_SIZE or GD_WORKERS, or raise max_connections."
        )


# processes of a django-q2 cluster besides its workers: the cluster itself, sentinel,
# pusher and monitor
CLUSTER_PROCESSES = 4


def connection_budget(*, rate_limit_connections: int) -> ConnectionBudget:
    """The budget of `make run` under the current settings. The rate limits' pool size is
    passed in: it belongs to the rate limiter, which sits above this layer."""
    return ConnectionBudget(
        web_processes=settings.GD_WEB_WORKERS,
        # application pool, owner and prune roles, rate limits, the live listener
        per_web_process=settings.GD_DB_POOL_SIZE + 2 + rate_limit_connections + 1,
        worker_processes=settings.Q_CLUSTER["workers"] + CLUSTER_PROCESSES,
        per_worker_process=3,
    )
