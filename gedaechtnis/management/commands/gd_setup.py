"""Make the database usable: embedded server, roles, pgvector, migrations, worker schedule."""

from __future__ import annotations

import secrets
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from infra.bootstrap import prepare
from infra.database import DatabaseSetupError

LOCAL_USERNAME = "owner"
LOCAL_OWNER_SUB = "local"
LOCAL_TOKEN_NAME = "local-make-run"
# the worker's once-a-day jobs: retention rolls up and prunes, ages move on past birthdays
DAILY_SCHEDULES = (
    ("gd-retention", "worldmemory.tasks.retention_daily"),
    ("gd-ages", "worldmemory.tasks.ages_daily"),
)


class Command(BaseCommand):
    help = "Start the embedded PostgreSQL if needed, create roles and pgvector, migrate."
    # Setup must speak in one clear sentence when the database is wrong; the web
    # server and worker run the system checks.
    requires_system_checks = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("--no-migrate", action="store_true", help="Only bring the server up.")
        parser.add_argument(
            "--local-owner",
            action="store_true",
            help="Ensure the local owner login exists and print it with its API token.",
        )

    def handle(self, *args, no_migrate: bool, local_owner: bool, **options) -> None:
        target = settings.DATABASE_TARGET
        try:
            socket_dir = prepare(target)
        except DatabaseSetupError as error:
            raise CommandError(str(error)) from None
        if socket_dir:
            # The server may have chosen its socket folder only now.
            for alias in ("default", "app", "prune"):
                connections[alias].settings_dict["HOST"] = socket_dir
            self.stdout.write(f"Embedded PostgreSQL running under {target.pgdata}")
        if no_migrate:
            return
        call_command("migrate", database="default", interactive=False, verbosity=0)
        self.stdout.write("Database migrated.")
        self._ensure_vector_index()
        self._prepare_local_embedder()
        self._ensure_schedules()
        from curator.tasks import ensure_schedule

        ensure_schedule()
        if local_owner:
            self._local_owner()

    def _ensure_vector_index(self) -> None:
        """An embedder of another dimension than the native 384 gets its own HNSW index."""
        from worldmemory.embedding import configured_dimensions
        from worldmemory.vectorstore import ensure_dimension_index

        dims = configured_dimensions()
        if dims and ensure_dimension_index(dims=dims):
            self.stdout.write(f"Vector index for {dims} dimensions created.")

    def _prepare_local_embedder(self) -> None:
        """Load the local model once here, so its ONNX export (a few seconds, once per
        model) is not made during the first search."""
        if settings.GD_EMBEDDER != "local":
            return
        from worldmemory.embedding import configured_embedder

        embedder = configured_embedder()
        onnx_file = getattr(embedder, "onnx_file", None)
        where = f", queries on {onnx_file.name}" if onnx_file else ""
        self.stdout.write(f"Local embedding model {embedder.model} ready{where}.")

    def _ensure_schedules(self) -> None:
        from django_q.models import Schedule

        Schedule.objects.update_or_create(
            name="gd-worker-heartbeat",
            defaults={
                "func": "worldmemory.tasks.worker_heartbeat",
                "schedule_type": Schedule.MINUTES,
                "minutes": 1,
                "repeats": -1,
            },
        )
        for name, func in DAILY_SCHEDULES:
            Schedule.objects.update_or_create(
                name=name,
                defaults={"func": func, "schedule_type": Schedule.DAILY, "repeats": -1},
            )

    def _local_owner(self) -> None:
        from worldmemory.accounts import account_ensure
        from worldmemory.tenancy import owner_scope
        from worldmemory.tokens import token_kept

        credentials = Path(settings.VAR_DIR) / "local-owner.txt"
        password = secrets.token_urlsafe(12)
        _, created = account_ensure(
            username=LOCAL_USERNAME, owner_sub=LOCAL_OWNER_SUB, password=password, superuser=True
        )
        if created or not credentials.exists():
            credentials.parent.mkdir(parents=True, exist_ok=True)
            credentials.write_text(password if created else "(changed by its owner)")
            credentials.chmod(0o600)
        kept = Path(settings.VAR_DIR) / "local-token.txt"
        with owner_scope(LOCAL_OWNER_SUB) as scope:
            token = token_kept(scope=scope, name=LOCAL_TOKEN_NAME, kept=kept)
        self.stdout.write(
            "\nLocal owner\n"
            f"  login:    {LOCAL_USERNAME}\n"
            f"  password: {credentials.read_text().strip()}   (kept in {credentials})\n"
            f"  owner:    {LOCAL_OWNER_SUB}\n"
            f"  API token (kept in {kept}; `gd_token revoke {LOCAL_OWNER_SUB} --name "
            f"{LOCAL_TOKEN_NAME}` and a restart make a new one):\n  {token}\n"
        )
