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


class Command(BaseCommand):
    help = "Run web server and worker; Ctrl-C stops both (and the embedded database)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--port", default=os.environ.get("PORT", "8000"))
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument(
            "--keep-db", action="store_true", help="Leave the embedded database running."
        )

    def handle(self, *args, port: str, host: str, keep_db: bool, **options) -> None:
        manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
        children = [
            subprocess.Popen([*manage, "runserver", "--noreload", f"{host}:{port}"]),
            subprocess.Popen([*manage, "qcluster"]),
        ]
        self.stdout.write(f"Gedächtnis on http://{host}:{port}/ — Ctrl-C stops it.")
        try:
            while all(child.poll() is None for child in children):
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        finally:
            for child in children:
                if child.poll() is None:
                    child.send_signal(signal.SIGINT)
            for child in children:
                try:
                    child.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    child.kill()
            target = settings.DATABASE_TARGET
            if target.embedded and not keep_db:
                stop_embedded(target.pgdata)
                self.stdout.write("Stopped web server, worker and embedded database.")
