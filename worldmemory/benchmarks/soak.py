"""``gd_bench soak``: `make run`'s server under mixed traffic for a while.

Starts ``gd_serve`` exactly as `make run` does, on a free port against this
checkout's database (``GD_PGDATA``), creates an owner with a login and tokens, and
holds ``streams`` live streams open while ``clients`` threads send ``requests``
mixed requests: ingest, proposals, the context block, read tools, search, pages
with a logged-in session and some malformed requests. Prints requests per second,
p50/p95/p99 per route, the 5xx count, the peak of the application role's database
connections (sampled from ``pg_stat_activity``) beside the configured bound, and
the web server's resident memory at start and end.
"""

from __future__ import annotations

import json
import os
import re
import socket
import statistics
import threading
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from urllib.parse import quote

import psycopg
from django.conf import settings
from django.db import connections
from django.utils import timezone

from infra.database import connection_budget
from worldmemory.accounts import account_ensure
from worldmemory.benchmarks.served import Client, gd_serve
from worldmemory.ratelimit import RATE_LIMIT_CONNECTIONS
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

OWNER = "bench-soak"
USERNAME = "bench-soak"
STREAM_TOKENS = 10  # each token holds streams / STREAM_TOKENS of them (the cap is per token)


def _login(port: int, password: str) -> str:
    """Log in through the login form as a person would; return the session cookie."""
    client = Client(port, {})
    status, body, response = client.request("GET", "/gedaechtnis/anmelden/")
    csrf_cookie = re.search(r"csrftoken=([^;]+)", response.getheader("Set-Cookie") or "")
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body)
    assert status == 200 and csrf_cookie and token, "the login page did not answer"
    form = f"csrfmiddlewaretoken={token.group(1).decode()}&username={USERNAME}&password={password}"
    status, _, response = client.request(
        "POST",
        "/gedaechtnis/anmelden/",
        body=form.encode(),
        **{
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={csrf_cookie.group(1)}",
            "Referer": f"http://127.0.0.1:{port}/gedaechtnis/anmelden/",
        },
    )
    session = re.search(r"sessionid=([^;]+)", response.getheader("Set-Cookie") or "")
    assert status == 302 and session, f"login failed ({status})"
    return f"sessionid={session.group(1)}"


class Mix:
    """The requests one client thread sends, in a fixed rotation."""

    def __init__(self, client_no: int, api: Client, page: Client, forged: Client) -> None:
        self.client_no = client_no
        self.api, self.page, self.forged = api, page, forged
        self.sent = 0
        self.steps: list[tuple[str, Callable[[], int]]] = [
            ("POST /api/v1/sources/messages", self.ingest),
            (
                "GET /api/v1/context",
                lambda: self.get(
                    "/api/v1/context?message=" + quote("Wann bekommt Luna ihr Futter?")
                ),
            ),
            ("POST /api/v1/proposals", self.propose),
            (
                "GET /api/v1/tools/get_entity",
                lambda: self.get("/api/v1/tools/get_entity?ref=pet:luna"),
            ),
            (
                "GET /api/v1/tools/state_at",
                lambda: self.get(
                    "/api/v1/tools/state_at?ref=pet:luna&valid_time="
                    + quote(timezone.now().isoformat())
                ),
            ),
            (
                "GET /api/v1/tools/get_fact_history",
                lambda: self.get("/api/v1/tools/get_fact_history?ref=pet:luna&predicate=status"),
            ),
            (
                "GET /api/v1/tools/find_entity",
                lambda: self.get("/api/v1/tools/find_entity?query=Luna"),
            ),
            (
                "GET /api/v1/tools/search_world_memory",
                lambda: self.get("/api/v1/tools/search_world_memory?query=Futter"),
            ),
            ("GET /api/v1/sources/search", lambda: self.get("/api/v1/sources/search?q=Futter")),
            ("GET /gedaechtnis/", lambda: self.page_get("/gedaechtnis/")),
            ("GET /gedaechtnis/e/<ref>", lambda: self.page_get("/gedaechtnis/e/pet:luna")),
            (
                "GET /api/v1/context",
                lambda: self.get("/api/v1/context?message=" + quote("Luna ist meine Katze")),
            ),
            ("GET /gedaechtnis/logbuch/", lambda: self.page_get("/gedaechtnis/logbuch/")),
            ("GET /gedaechtnis/pruefen/", lambda: self.page_get("/gedaechtnis/pruefen/")),
            ("GET /api/v1/entities", lambda: self.get("/api/v1/entities")),
            ("malformed: invalid JSON", self.malformed_json),
            ("malformed: forged token", lambda: self.forged.request("GET", "/api/v1/entities")[0]),
            (
                "malformed: bad time",
                lambda: self.get(
                    "/api/v1/tools/state_at?ref=pet:luna&valid_time=gestern-irgendwann"
                ),
            ),
            ("malformed: unknown page", lambda: self.page_get("/gedaechtnis/gibt-es-nicht")),
        ]

    def next(self) -> tuple[str, Callable[[], int]]:
        step = self.steps[(self.sent + self.client_no) % len(self.steps)]
        self.sent += 1
        return step

    def get(self, path: str) -> int:
        return self.api.request("GET", path)[0]

    def page_get(self, path: str) -> int:
        return self.page.request("GET", path)[0]

    def ingest(self) -> int:
        run = uuid.uuid4().hex[:12]
        now = timezone.now()
        messages = [
            {
                "session_external_id": f"soak-{self.client_no}",
                "external_id": f"{run}-{index}",
                "role": "user",
                "speaker": "user",
                "text": f"Luna bekommt heute um {17 + index} Uhr Futter ({run}).",
                "occurred_at": (now - timedelta(seconds=10 - index)).isoformat(),
            }
            for index in range(5)
        ]
        body = json.dumps({"messages": messages}).encode()
        return self.api.request("POST", "/api/v1/sources/messages", body=body)[0]

    def propose(self) -> int:
        value = f"zu Hause {uuid.uuid4().hex[:6]}"
        body = json.dumps(_proposal(value, subject=f"pet:luna-{self.client_no % 4}")).encode()
        return self.api.request("POST", "/api/v1/proposals", body=body)[0]

    def malformed_json(self) -> int:
        return self.api.request("POST", "/api/v1/proposals", body=b'{"run_id": "x", "oper')[0]


def _proposal(value: str, *, subject: str) -> dict:
    now = timezone.now().isoformat()
    return {
        "run_id": f"soak-{uuid.uuid4().hex}",
        "chat_id": "soak",
        "proposed_by": "soak",
        "created_at": now,
        "operations": [
            {
                "op": "assert_fact",
                "subject_ref": subject,
                "predicate": "status",
                "object_value": value,
                "confidence": 0.9,
                "source": "user:chat",
                "memory_type": "user_assertion",
                "trust_tier": "trusted",
                "valid_from": now,
                "evidence": {"kind": "conversation_quote", "text": "(soak)"},
            }
        ],
    }


class Streams:
    """Live streams held open on raw sockets; counts the events they receive."""

    def __init__(self, port: int, tokens: list[str], count: int) -> None:
        self.port, self.tokens, self.count = port, tokens, count
        self.events = 0
        self.opened = Counter[int]()
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.threads: list[threading.Thread] = []

    def start(self) -> None:
        ready = threading.Barrier(self.count + 1)
        for number in range(self.count):
            token = self.tokens[number % len(self.tokens)]
            thread = threading.Thread(target=self._hold, args=(token, ready), daemon=True)
            thread.start()
            self.threads.append(thread)
        ready.wait(timeout=60)

    def _hold(self, token: str, ready: threading.Barrier) -> None:
        head = b""
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=30)
            request = (
                f"GET /api/v1/live HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n"
            )
            sock.sendall(request.encode())
            while b"\r\n\r\n" not in head:
                head += sock.recv(4096)
            status = int(head.split(b" ", 2)[1])
        except OSError:
            status = 0
        with self.lock:
            self.opened[status] += 1
        ready.wait(timeout=60)
        if status != 200:
            return
        sock.settimeout(1)
        buffer = head.split(b"\r\n\r\n", 1)[1]
        while not self.stop.is_set():
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                continue
            if not chunk:
                break
            buffer += chunk
            found = buffer.count(b"event: memory_committed")
            if found:
                with self.lock:
                    self.events += found
                buffer = buffer.rsplit(b"event: memory_committed", 1)[1]
        sock.close()

    def close(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=5)


class ConnectionSampler:
    """Peak backends of the application role, sampled from ``pg_stat_activity``."""

    def __init__(self) -> None:
        params = connections["default"].settings_dict
        self.conninfo = {
            "dbname": params["NAME"],
            "user": params["USER"],
            "password": params["PASSWORD"] or None,
            "host": params["HOST"] or None,
            "port": params["PORT"] or None,
            "autocommit": True,
        }
        self.app_role = connections["app"].settings_dict["USER"]
        self.peak = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def now(self, conn: psycopg.Connection) -> int:
        return conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE usename = %s", [self.app_role]
        ).fetchone()[0]

    def _run(self) -> None:
        with psycopg.connect(**{k: v for k, v in self.conninfo.items() if v is not None}) as conn:
            while not self.stop.is_set():
                self.peak = max(self.peak, self.now(conn))
                time.sleep(0.1)

    def start(self) -> None:
        self.thread.start()

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)


@contextmanager
def _stopped(sampler: ConnectionSampler) -> Iterator[None]:
    """The sampler stops with the block, also when the soak fails."""
    try:
        yield
    finally:
        sampler.stop.set()


def _group_rss_mib(pgid: int) -> float:
    total = 0
    for status in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = status.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) != pgid:  # field 5 of stat: the process group
                continue
            rss_pages = int(fields[21])
        except (OSError, IndexError, ValueError):
            continue
        total += rss_pages * os.sysconf("SC_PAGE_SIZE")
    return total / 2**20


def _web_group(serve_pid: int) -> int | None:
    """The process group of gd_serve's uvicorn child."""
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = cmdline.read_bytes().split(b"\0")
            stat = (cmdline.parent / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if b"uvicorn" in args and int(stat[1]) == serve_pid:
            return int(stat[2])
    return None


def _prepare() -> tuple[str, list[str], str, str]:
    password = uuid.uuid4().hex
    user, _ = account_ensure(username=USERNAME, owner_sub=OWNER, password=password)
    user.set_password(password)  # a fresh one each run: it is not kept anywhere
    user.save(update_fields=["password"])
    with owner_scope(OWNER) as scope:
        api_token = token_create(scope=scope, name=f"soak-{uuid.uuid4().hex[:8]}")
        stream_tokens = [
            token_create(scope=scope, name=f"soak-live-{uuid.uuid4().hex[:8]}")
            for _ in range(STREAM_TOKENS)
        ]
    with owner_scope("bench-soak-other") as scope:
        other = token_create(scope=scope, name=f"soak-{uuid.uuid4().hex[:8]}")
    return api_token, stream_tokens, password, other


def run(*, requests: int, clients: int, streams: int, write: Callable[[str], None]) -> None:
    api_token, stream_tokens, password, other_token = _prepare()
    log_path = Path(settings.VAR_DIR) / "soak-server.log"
    # the clients share a token: keep the bucket in the path, but never empty
    unlimited = {"GD_RATE_LIMIT_PER_MINUTE": "100000000", "GD_RATE_LIMIT_BURST": "100000000"}
    sampler = ConnectionSampler()
    with gd_serve(log_path=log_path, env=unlimited) as served, _stopped(sampler):
        port = served.port
        web_group = _web_group(served.pid)
        session = _login(port, password)
        seed = Client(port, {"Authorization": f"Bearer {api_token}"})
        for n in range(4):
            seed.request(
                "POST",
                "/api/v1/proposals",
                json.dumps(_proposal("drinnen", subject=f"pet:luna-{n}")).encode(),
            )
        seed.request(
            "POST",
            "/api/v1/proposals",
            json.dumps(_proposal("drinnen", subject="pet:luna")).encode(),
        )
        rss_start = _group_rss_mib(web_group) if web_group else 0.0
        write(f"server: gd_serve on port {port}, log in {log_path}")
        sampler.start()
        live = Streams(port, stream_tokens, streams)
        live.start()
        write(f"live streams open: {dict(live.opened)}")

        samples: dict[str, list[float]] = defaultdict(list)
        statuses: dict[str, Counter[int]] = defaultdict(Counter)
        errors: list[str] = []
        lock = threading.Lock()
        budget = [requests]

        def work(client_no: int) -> None:
            mix = Mix(
                client_no,
                Client(port, {"Authorization": f"Bearer {api_token}"}),
                Client(port, {"Cookie": session}),
                Client(port, {"Authorization": f"Bearer {other_token[:-4]}xxxx"}),
            )
            while True:
                with lock:
                    if budget[0] <= 0:
                        return
                    budget[0] -= 1
                route, call = mix.next()
                started = time.perf_counter()
                try:
                    status = call()
                except Exception as error:  # counted and reported, the soak goes on
                    status = 0
                    with lock:
                        errors.append(f"{route}: {error!r}")
                elapsed = (time.perf_counter() - started) * 1000
                with lock:
                    samples[route].append(elapsed)
                    statuses[route][status] += 1

        started = time.perf_counter()
        threads = [threading.Thread(target=work, args=(n,)) for n in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
        time.sleep(1)  # the last commits' notifications
        live.close()
        sampler.close()
        rss_end = _group_rss_mib(web_group) if web_group else 0.0

    sent = sum(len(values) for values in samples.values())
    server_errors = sum(
        count for codes in statuses.values() for code, count in codes.items() if code >= 500
    )
    budget_now = connection_budget(rate_limit_connections=RATE_LIMIT_CONNECTIONS)
    write(f"\n{sent} requests from {clients} clients in {elapsed:.1f} s: {sent / elapsed:.0f}/s")
    write(f"{'route':42} {'n':>6} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}  statuses")
    for route in sorted(samples):
        cut = statistics.quantiles(sorted(samples[route]), n=100, method="inclusive")
        codes = " ".join(f"{code}×{count}" for code, count in sorted(statuses[route].items()))
        write(
            f"{route:42} {len(samples[route]):6d} {cut[49]:8.1f} {cut[94]:8.1f} {cut[98]:8.1f}"
            f"  {codes}"
        )
    write(f"\n5xx answers: {server_errors}")
    write(f"client errors (no answer): {len(errors)}" + (f", first: {errors[0]}" if errors else ""))
    write(f"live streams: {dict(live.opened)} opened, {live.events} events received")
    write(
        f"peak database connections of the application role: {sampler.peak} "
        f"(bound {budget_now.total}: web {budget_now.web}, worker {budget_now.worker})"
    )
    write(f"web server RSS: {rss_start:.0f} MiB at start, {rss_end:.0f} MiB at end")
