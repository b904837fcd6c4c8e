"""Serve the web app and run the django-q2 worker together until Ctrl-C stops both."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand

from gedaechtnis.bootstrap import stop_embedded


class _Stop(Exception):
    pass


def _raise_stop(signum, frame) -> None:
    raise _Stop


class Command(BaseCommand):
    help = "Run web server and worker; Ctrl-C stops both (and the embedded database)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--port", default=os.environ.get("PORT", "8000"))
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument(
            "--keep-db", action="store_true", help="Leave the embedded database running."
        )

    def handle(self, *args, port: str, host: str, keep_db: bool, **options) -> None:
        # Ctrl-C and a plain kill both end the pair cleanly, even where SIGINT was
        # ignored at start (a background job inherits that).
        signal.signal(signal.SIGINT, _raise_stop)
        signal.signal(signal.SIGTERM, _raise_stop)
        manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
        children = {
            "web server": subprocess.Popen([*manage, "runserver", "--noreload", f"{host}:{port}"]),
            "worker": subprocess.Popen([*manage, "qcluster"]),
        }
        self.stdout.write(f"Gedächtnis on http://{host}:{port}/ — Ctrl-C stops it.")
        try:
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
            self._stop(children.values(), keep_db=keep_db)

    def _stop(self, children, *, keep_db: bool) -> None:
        for child in children:
            if child.poll() is None:
                child.terminate()
        for child in children:
            try:
                child.wait(timeout=20)
            except subprocess.TimeoutExpired:
                child.kill()
        target = settings.DATABASE_TARGET
        if target.embedded and not keep_db:
            stop_embedded(target.pgdata)
        self.stdout.write("Stopped.")
