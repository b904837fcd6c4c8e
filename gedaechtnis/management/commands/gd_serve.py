"""Serve the web app (uvicorn, ASGI) and run the django-q2 worker until Ctrl-C stops them.

One start per data folder: a lock file beside it names the running server, and a
second start refuses before it touches anything. Each child runs in a process group
of its own, so stopping reaches the uvicorn workers and the django-q2 processes
too, whatever they started.

This process binds and listens on the web port itself and hands the socket to uvicorn.
uvicorn would only listen once its first worker has loaded the app (Django, the
embedding model, the tagger: seconds), and a request sent in between would be refused;
on a socket already listening it waits in the backlog and is answered.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import suppress
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from infra.bootstrap import start_embedded, stop_embedded
from infra.database import connection_budget, embedded_socket_dir
from infra.routers import APP_DB
from worldmemory.ratelimit import RATE_LIMIT_CONNECTIONS

STOP_SECONDS = 20
READY_SECONDS = 300
# what a burst of clients may queue while every worker is busy or still loading
LISTEN_BACKLOG = 2048


class _Stop(Exception):
    pass


def _raise_stop(signum, frame) -> None:
    raise _Stop


class ServeLock:
    """An exclusive ``flock`` on a file beside the data folder, naming its holder.

    The kernel drops the lock when the holder dies, so a crashed server never blocks
    the next start."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file = None

    def acquire(self, *, url: str) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+")  # noqa: SIM115 - held open for the server's lifetime
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            try:
                holder = json.loads(handle.read() or "{}")
            except ValueError:
                holder = {}
            handle.close()
            raise CommandError(
                f"Gedächtnis is already running on this data folder ({self.folder_name}) as pid "
                f"{holder.get('pid', '?')} at {holder.get('url', 'an unknown address')}; stop "
                "it first (Ctrl-C there), or give this one another GD_PGDATA."
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(json.dumps({"pid": os.getpid(), "url": url}))
        handle.flush()
        self._file = handle

    @property
    def folder_name(self) -> str:
        return str(self.path.with_name(self.path.name.removesuffix(".gd_serve.lock")))

    def release(self) -> None:
        if self._file is not None:
            with suppress(OSError):
                self.path.unlink()
            self._file.close()
            self._file = None


def serve_lock() -> ServeLock:
    """The lock of this checkout's data folder (the embedded server's, or var/)."""
    target = settings.DATABASE_TARGET
    folder = target.pgdata if target.embedded else Path(settings.VAR_DIR)
    return ServeLock(folder.with_name(folder.name + ".gd_serve.lock"))


def stop_process_groups(children: list[subprocess.Popen], *, timeout: float) -> None:
    """SIGINT to each child's process group, as Ctrl-C in a terminal would send it (uvicorn
    and django-q2 both stop their workers in order on it); SIGKILL to whatever is left
    after ``timeout`` (a leader's children may outlive it)."""
    for child in children:
        with suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGINT)
    deadline = time.monotonic() + timeout
    for child in children:
        with suppress(subprocess.TimeoutExpired):
            child.wait(timeout=max(0.1, deadline - time.monotonic()))
    for child in children:
        while _group_alive(child.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        with suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)
        with suppress(subprocess.TimeoutExpired):
            child.wait(timeout=5)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def listening_socket(*, host: str, port: int) -> socket.socket:
    """A TCP socket bound to host:port and already listening, inheritable by uvicorn."""
    family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    try:
        sock = socket.create_server((host, port), family=family, backlog=LISTEN_BACKLOG)
    except OSError as error:
        raise CommandError(
            f"Cannot listen on {host}:{port} ({error.strerror}); is another server using the "
            "port? Choose another with PORT=…."
        ) from None
    # uvicorn takes the socket by its descriptor as a Unix one, so asyncio never turns Nagle's
    # algorithm off on the connections it accepts; Linux copies this option from the listening
    # socket to each of them. Without it a kept-alive connection's second response waits for
    # the client's delayed ACK: ~40 ms on every request after the first.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.set_inheritable(True)
    return sock


def wait_until_answering(url: str, *, children: dict[str, subprocess.Popen]) -> bool:
    """Whether ``url`` answered (any HTTP status) before a child exited or READY_SECONDS."""
    deadline = time.monotonic() + READY_SECONDS
    while time.monotonic() < deadline:
        if any(child.poll() is not None for child in children.values()):
            return False
        try:
            with urllib.request.urlopen(url, timeout=5):
                return True
        except urllib.error.HTTPError:
            return True  # answered, if not healthy: /healthz says why
        except OSError:
            time.sleep(0.5)
    return False


class Command(BaseCommand):
    help = "Serve the web app and run the worker; Ctrl-C stops both."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--port", default=os.environ.get("PORT", "8000"))
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument(
            "--setup",
            action="store_true",
            help="Run gd_setup --local-owner first (what `make run` does), under the lock.",
        )
        parser.add_argument(
            "--keep-db", action="store_true", help="Leave the embedded database running."
        )

    def handle(self, *args, port: str, host: str, setup: bool, keep_db: bool, **options) -> None:
        url = f"http://{host}:{port}/"
        lock = serve_lock()
        lock.acquire(url=url)
        target = settings.DATABASE_TARGET
        # stop on exit only a database this start brought up, never one found running
        started_db = target.embedded and not (target.pgdata / "postmaster.pid").exists()
        children: dict[str, subprocess.Popen] = {}
        try:
            if setup:
                # a process of its own: the embedding model it prepares stays out of this one
                manage = str(settings.BASE_DIR / "manage.py")
                setup_run = subprocess.run([sys.executable, manage, "gd_setup", "--local-owner"])
                if setup_run.returncode != 0:
                    raise CommandError("Setup failed (see above); nothing was started.")
            elif target.embedded:
                start_embedded(target.pgdata)
            if target.embedded:
                for alias in ("default", "app", "prune"):
                    connections[alias].settings_dict["HOST"] = embedded_socket_dir(target.pgdata)
            self._check_budget()
            signal.signal(signal.SIGINT, _raise_stop)
            signal.signal(signal.SIGTERM, _raise_stop)
            web_socket = listening_socket(host=host, port=int(port))
            children = self._start(web_socket=web_socket)
            web_socket.close()  # uvicorn holds its own copy
            if wait_until_answering(f"{url}healthz", children=children):
                self.stdout.write(f"Gedächtnis on {url} — Ctrl-C stops it.")
            while True:
                exited = [name for name, child in children.items() if child.poll() is not None]
                if exited:
                    self.stderr.write(f"The {exited[0]} stopped; stopping the rest.")
                    break
                time.sleep(0.5)
        except _Stop:
            pass
        finally:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            stop_process_groups(list(children.values()), timeout=STOP_SECONDS)
            if started_db and not keep_db:
                stop_embedded(target.pgdata)
            lock.release()
            if children:
                self.stdout.write("Stopped.")

    def _check_budget(self) -> None:
        """Refuse to start when the bounds could exhaust PostgreSQL's connections."""
        budget = connection_budget(rate_limit_connections=RATE_LIMIT_CONNECTIONS)
        with connections[APP_DB].cursor() as cursor:
            cursor.execute(
                "SELECT current_setting('max_connections')::int,"
                " current_setting('superuser_reserved_connections')::int"
                " + coalesce(current_setting('reserved_connections', true), '0')::int"
            )
            max_connections, reserved = cursor.fetchone()
        for alias in connections:
            connections[alias].close()
            connections[alias].close_pool()
        refusal = budget.refusal(
            max_connections=max_connections, reserved=reserved, reserve=settings.GD_DB_RESERVE
        )
        if refusal:
            raise CommandError(refusal)
        self.stdout.write(
            f"Database connections at most {budget.total} of {max_connections}: "
            f"{budget.web_processes} web processes × {budget.per_web_process}, "
            f"{budget.worker_processes} worker processes × {budget.per_worker_process}."
        )

    def _start(self, *, web_socket: socket.socket) -> dict[str, subprocess.Popen]:
        manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
        web = [
            sys.executable,
            "-m",
            "uvicorn",
            "gedaechtnis.asgi:application",
            f"--fd={web_socket.fileno()}",
            f"--workers={settings.GD_WEB_WORKERS}",
            "--lifespan=off",
            # open live streams would hold a stop forever; after this they are cut
            "--timeout-graceful-shutdown=3",
            "--no-server-header",
            "--access-log" if settings.GD_ACCESS_LOG else "--no-access-log",
        ]
        # each in a process group of its own: Ctrl-C reaches this process only, and the
        # stop then signals every process of each group (uvicorn's and django-q2's workers)
        spawn = {"cwd": settings.BASE_DIR, "start_new_session": True}
        return {
            "web server": subprocess.Popen(web, pass_fds=[web_socket.fileno()], **spawn),
            "worker": subprocess.Popen([*manage, "qcluster"], **spawn),
        }
