"""`make run`'s server: debug off by default, error pages without internals, static files
with debug off, one server per data folder, bounded connections, every process stopped."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management.base import CommandError
from django.test import Client

from gedaechtnis.management.commands.gd_serve import (
    listening_socket,
    serve_lock,
    stop_process_groups,
    wait_until_answering,
)
from infra.database import ConnectionBudget
from tests.conftest import BOTH_DATABASES
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

MANAGE = str(settings.BASE_DIR / "manage.py")


def _env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in {"GD_DEBUG", "DJANGO_SETTINGS_MODULE"}}
    return {**env, **extra}


def test_debug_is_off_unless_asked_for():
    script = (
        "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"
    )
    run = [sys.executable, "-c", script]
    env = _env(DJANGO_SETTINGS_MODULE="gedaechtnis.settings")
    default = subprocess.run(run, env=env, capture_output=True, text=True, check=True)
    opted_in = subprocess.run(run, env={**env, "GD_DEBUG": "1"}, capture_output=True, text=True)
    assert default.stdout.strip() == "False"
    assert opted_in.stdout.strip() == "True"


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_unknown_address_is_a_german_404_without_the_url_patterns():
    response = Client().get("/gedaechtnis/gibt-es-nicht/weiter")
    page = response.content.decode()
    assert response.status_code == 404
    assert "Nicht gefunden" in page and 'lang="de"' in page
    assert "URLconf" not in page and "api/v1/" not in page and "admin/" not in page
    english = Client().get("/gibt-es-nicht", HTTP_ACCEPT_LANGUAGE="en")
    assert english.status_code == 404 and "Not found" in english.content.decode()


@pytest.mark.django_db(databases=BOTH_DATABASES)
@pytest.mark.urls("tests.urls_raising")
def test_a_server_error_shows_a_plain_page_without_traceback_or_settings():
    with owner_scope("owner-a") as scope:
        token = token_create(scope=scope, name="errors")
    client = Client(raise_request_exception=False)
    response = client.get("/fail-midway", HTTP_AUTHORIZATION=f"Bearer {token}")
    page = response.content.decode()
    assert response.status_code == 500
    assert "Etwas ist schiefgegangen" in page
    for internal in ("Traceback", "boom after writing", "RuntimeError", "SECRET_KEY", "settings"):
        assert internal not in page
    english = client.get(
        "/fail-midway", HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert english.status_code == 500 and "Something went wrong" in english.content.decode()


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_static_files_and_the_api_docs_work_with_debug_off():
    assert settings.DEBUG is False
    client = Client()
    css = client.get("/static/css/gedaechtnis.css")
    assert css.status_code == 200
    assert b"".join(css.streaming_content)
    docs = client.get("/api/v1/docs")
    assert docs.status_code == 200
    for asset in ("/static/ninja/swagger-ui.css", "/static/ninja/swagger-ui-bundle.js"):
        assert asset in docs.content.decode()
        assert client.get(asset).status_code == 200, asset


def test_connection_bounds_over_max_connections_are_refused_in_one_sentence():
    budget = ConnectionBudget(
        web_processes=4, per_web_process=20, worker_processes=6, per_worker_process=3
    )
    refusal = budget.refusal(max_connections=100, reserved=3, reserve=20)
    assert refusal is not None and refusal.count(". ") == 0
    assert "98" in refusal and "77" in refusal and "GD_DB_POOL_SIZE" in refusal
    assert budget.refusal(max_connections=200, reserved=3, reserve=20) is None


def _gd_serve(port: int, **env: str) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(
            [sys.executable, MANAGE, "gd_serve", "--port", str(port)],
            env=_env(**env),
            capture_output=True,
            text=True,
            timeout=60,
            start_new_session=True,
        )
    except subprocess.TimeoutExpired as error:
        raise AssertionError("gd_serve started instead of refusing") from error


def _database_answers() -> bool:
    import psycopg

    from infra.database import embedded_socket_dir

    target = settings.DATABASE_TARGET
    if not (target.pgdata / "postmaster.pid").exists():
        return False
    socket_dir = embedded_socket_dir(target.pgdata)
    with psycopg.connect(host=socket_dir, user="postgres", dbname="postgres") as conn:
        return conn.execute("SELECT 1").fetchone() == (1,)


@pytest.mark.skipif(not settings.DATABASE_TARGET.embedded, reason="the embedded server's folder")
def test_a_second_start_on_the_same_data_folder_refuses_and_leaves_the_database_running():
    lock = serve_lock()
    lock.acquire(url="http://127.0.0.1:8123/")  # as the first `make run` holds it
    try:
        second = _gd_serve(8124)
    finally:
        lock.release()
    assert second.returncode != 0
    message = second.stderr.strip().splitlines()[-1]
    assert "already running" in message
    assert f"pid {os.getpid()}" in message and "http://127.0.0.1:8123/" in message
    assert "Traceback" not in second.stderr
    assert _database_answers(), "the second start stopped the first one's database"


@pytest.mark.skipif(not settings.DATABASE_TARGET.embedded, reason="the embedded server's folder")
def test_gd_serve_refuses_bounds_that_do_not_fit_under_max_connections():
    refused = _gd_serve(8125, GD_DB_POOL_SIZE="90")
    assert refused.returncode != 0
    assert "more than the" in refused.stderr and "GD_DB_POOL_SIZE" in refused.stderr
    assert _database_answers()
    assert not serve_lock().path.exists()  # released for the next start


def test_stopping_reaches_every_process_of_each_group():
    # a leader whose child ignores Ctrl-C, as a stuck worker process would
    script = (
        "import subprocess, sys, time;"
        "child = subprocess.Popen([sys.executable, '-c',"
        " 'import signal, time; signal.signal(signal.SIGINT, signal.SIG_IGN);"
        " print(flush=True); time.sleep(600)'], stdout=subprocess.PIPE);"
        "child.stdout.readline(); print(child.pid, flush=True); time.sleep(600)"
    )
    leader = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, start_new_session=True
    )
    grandchild = int(leader.stdout.readline())
    started = time.monotonic()
    stop_process_groups([leader], timeout=2)
    assert leader.poll() is not None
    for _ in range(50):  # SIGKILL lands a moment later
        if not _running(grandchild):
            break
        time.sleep(0.1)
    assert not _running(grandchild)
    assert time.monotonic() - started < 15


def _running(pid: int) -> bool:
    """Alive and not a zombie waiting to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


SLOW_APP = """
import time
time.sleep(3)  # as the real app loads Django and its models

async def app(scope, receive, send):
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"answered"})
"""


def test_a_request_sent_while_the_workers_still_load_waits_and_is_answered(tmp_path):
    (tmp_path / "slow_app.py").write_text(SLOW_APP)
    web_socket = listening_socket(host="127.0.0.1", port=0)
    port = web_socket.getsockname()[1]
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "slow_app:app",
            f"--fd={web_socket.fileno()}",
            "--workers=2",
            "--lifespan=off",
        ],
        pass_fds=[web_socket.fileno()],
        cwd=tmp_path,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    web_socket.close()
    try:
        # at once, before any worker has imported the app: queued, not refused
        with socket.create_connection(("127.0.0.1", port), timeout=60) as client:
            client.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            reply = b""
            while chunk := client.recv(4096):
                reply += chunk
        assert reply.startswith(b"HTTP/1.1 200") and b"answered" in reply
        assert wait_until_answering(f"http://127.0.0.1:{port}/", children={"web": server})
    finally:
        stop_process_groups([server], timeout=10)


def test_connections_accepted_on_the_web_socket_send_without_waiting_for_an_ack():
    # uvicorn sees the handed-over socket as a Unix one and leaves Nagle's algorithm on; a
    # kept-alive connection's second response would then wait ~40 ms for a delayed ACK
    web_socket = listening_socket(host="127.0.0.1", port=0)
    try:
        with socket.create_connection(web_socket.getsockname(), timeout=5):
            accepted, _ = web_socket.accept()
            with accepted:
                assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 1
    finally:
        web_socket.close()


def test_a_taken_port_is_refused_in_words_before_anything_starts():
    taken = listening_socket(host="127.0.0.1", port=0)
    try:
        with pytest.raises(CommandError, match="PORT="):
            listening_socket(host="127.0.0.1", port=taken.getsockname()[1])
    finally:
        taken.close()


def test_waiting_for_the_web_server_ends_when_it_exits():
    exited = subprocess.Popen([sys.executable, "-c", "pass"])
    exited.wait()
    assert not wait_until_answering("http://127.0.0.1:9/", children={"web": exited})
