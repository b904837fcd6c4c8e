"""Print the SQL that distributes a migrated database on Citus, or check the schema for it."""

from django.core.management.base import BaseCommand, CommandError

from worldmemory.citus import conformance_problems, distribution_script


class Command(BaseCommand):
    help = "Citus: --print the distribution script for this database, or --check its schema"

    def add_arguments(self, parser) -> None:
        action = parser.add_mutually_exclusive_group(required=True)
        action.add_argument("--print", action="store_true", dest="print_script")
        action.add_argument("--check", action="store_true")

    def handle(self, *args, print_script: bool, check: bool, **options) -> None:
        problems = conformance_problems()
        if problems:
            raise CommandError(
                "The schema breaks Citus's rules:\n" + "\n".join(f"- {p}" for p in problems)
            )
        if check:
            self.stdout.write("Every tenant table can be distributed by owner_sub.")
        else:
            self.stdout.write(distribution_script(), ending="")
