"""Export an owner's established insights and experiences to a Markdown vault."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from worldmemory.errors import ApplicationError
from worldmemory.reflection.vault import vault_export
from worldmemory.tenancy import owner_scope


class Command(BaseCommand):
    help = "gd_vault_export --owner OWNER_SUB [--path DIR] (default: GD_VAULT_PATH)"

    def add_arguments(self, parser) -> None:
        parser.add_argument("--owner", required=True)
        parser.add_argument("--path", default=None)

    def handle(self, *args, owner: str, path: str | None, **options) -> None:
        target = Path(path) if path else Path(settings.GD_VAULT_PATH)
        try:
            with owner_scope(owner) as scope:
                report = vault_export(scope=scope, path=target)
        except ApplicationError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"Vault {report['path']}:")
        for key in (
            "written",
            "updated",
            "unchanged",
            "kept_edited",
            "kept_foreign",
            "kept_deleted",
        ):
            self.stdout.write(f"  {key.replace('_', ' ')}: {len(report[key])}")
            for note in report[key] if key.startswith("kept") else []:
                self.stdout.write(f"    {note}")
