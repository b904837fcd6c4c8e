"""`make run`'s server for a benchmark: ``gd_serve`` with its worker, on a free port,
against this checkout's database (``GD_PGDATA``), stopped when the benchmark is done.

Benchmarks that speak of "over HTTP on `make run`" time what a client sees from this
server: uvicorn's workers, Django's whole request path and the worker's tasks beside them.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import connections

READY_SECONDS = 180
QUIET_SECONDS = 300
STOP_SECONDS = 60
KEEP_ALIVE_SECONDS = 4  # uvicorn closes a connection idle for 5 s


@dataclass(frozen=True)
class Served:
    port: int
    pid: int  # gd_serve's own process


class Client:
    """One keep-alive HTTP connection; reconnects when the server closed it."""

    def __init__(self, port: int, headers: dict[str, str]) -> None:
        self.port = port
        self.headers = headers
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.used = time.monotonic()

    def request(self, method: str, path: str, body: bytes | None = None, **headers) -> tuple:
        merged = {**self.headers, **headers}
        if body is not None:
            merged.setdefault("Content-Type", "application/json")
        if time.monotonic() - self.used > KEEP_ALIVE_SECONDS:
            # the server closes idle connections; do not race it with a request
            self.conn.close()
        self.used = time.monotonic()
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=body, headers=merged)
                response = self.conn.getresponse()
                return response.status, response.read(), response
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        self.conn.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_ready(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + READY_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gd_serve ended with {server.returncode} before answering")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.5)
    raise RuntimeError("gd_serve did not answer /healthz in time")


@contextmanager
def gd_serve(*, log_path: Path, env: dict[str, str] | None = None) -> Iterator[Served]:
    """``gd_serve`` as `make run` starts it (``env`` on top of this process's environment),
    answering ``/healthz``; its output goes to ``log_path``. The benchmark's own database
    connections are closed first: it holds none while it measures."""
    for alias in connections:
        connections[alias].close()
        connections[alias].close_pool()
    port = _free_port()
    manage = str(Path(settings.BASE_DIR) / "manage.py")
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, manage, "gd_serve", "--port", str(port)],
            env={**os.environ, **(env or {})},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        _wait_ready(port, server)
        yield Served(port=port, pid=server.pid)
    finally:
        with suppress(ProcessLookupError):
            os.kill(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


def worker_quiet(*, timeout: float = QUIET_SECONDS) -> tuple[int, float]:
    """Wait until the worker has worked off its queue (queued and running tasks), at most
    ``timeout`` seconds: other benchmarks leave tasks queued (vectors to make for their
    owners) that a person's `make run` never has at once. Answers the tasks queued at first
    and the seconds waited; the connection it asked with is closed again."""
    from django_q.brokers import get_broker

    broker = get_broker()
    started = time.monotonic()
    queued = first = broker.queue_size() + (broker.lock_size() or 0)
    while queued and time.monotonic() - started < timeout:
        time.sleep(1)
        queued = broker.queue_size() + (broker.lock_size() or 0)
    for alias in connections:
        connections[alias].close()
    return first, time.monotonic() - started
