"""Roll up and prune windowed rows past the hot window; ``--dry-run`` only shows the plan."""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from infra.progress import ProgressBar
from worldmemory.retention import retention_run
from worldmemory.retention.owners import known_owners


class Command(BaseCommand):
    help = "gd_retention --owner OWNER [--owner …] | --all  [--dry-run]"

    def add_arguments(self, parser) -> None:
        parser.add_argument("--owner", action="append", default=[], help="owner_sub (repeatable)")
        parser.add_argument("--all", action="store_true", help="every known owner")
        parser.add_argument("--dry-run", action="store_true", help="show, change nothing")

    def handle(self, *args, owner: list[str], all: bool, dry_run: bool, **options) -> None:
        owners = known_owners() if all else owner
        if not owners:
            raise CommandError("name at least one --owner, or --all")
        days = settings.GD_RETENTION_DAYS
        self.stdout.write(
            f"Hot window: {days} days. {'Dry run: nothing changes.' if dry_run else ''}"
        )
        for owner_sub in owners:
            bar = ProgressBar(self.stdout)
            report = retention_run(owner_sub=owner_sub, dry_run=dry_run, progress=bar)
            bar.close()
            verb = "would prune" if dry_run else "pruned"
            self.stdout.write(
                f"{owner_sub}: {verb} {len(report.facts)} facts and {len(report.events)} events "
                f"that ended before {report.horizon:%Y-%m-%d %H:%M}, "
                f"into {len(report.rollups)} rollups"
            )
            for text in report.texts:
                self.stdout.write(f"  {text}")
