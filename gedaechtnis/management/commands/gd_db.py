"""Start or stop the embedded PostgreSQL under var/ (no-op with DATABASE_URL)."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from infra.bootstrap import start_embedded, stop_embedded


class Command(BaseCommand):
    help = "start | stop the embedded PostgreSQL"

    def add_arguments(self, parser) -> None:
        parser.add_argument("action", choices=["start", "stop"])

    def handle(self, *args, action: str, **options) -> None:
        target = settings.DATABASE_TARGET
        if not target.embedded:
            raise CommandError("DATABASE_URL is set: there is no embedded server to manage.")
        if action == "start":
            start_embedded(target.pgdata)
            self.stdout.write(f"Embedded PostgreSQL running under {target.pgdata}")
        elif stop_embedded(target.pgdata):
            self.stdout.write("Embedded PostgreSQL stopped.")
        else:
            self.stdout.write("Embedded PostgreSQL was not running.")
