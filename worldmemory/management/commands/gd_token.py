"""Create or revoke API tokens of an owner; ``create`` prints the token as its last line."""

from django.core.management.base import BaseCommand

from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create, token_revoke


class Command(BaseCommand):
    help = "gd_token create|revoke <owner_sub> [--name NAME]"

    def add_arguments(self, parser) -> None:
        parser.add_argument("action", choices=["create", "revoke"])
        parser.add_argument("owner_sub")
        parser.add_argument("--name", default="cli")

    def handle(self, *args, action: str, owner_sub: str, name: str, **options) -> None:
        with owner_scope(owner_sub) as scope:
            if action == "create":
                token = token_create(scope=scope, name=name)
                self.stdout.write(f"Token {name!r} for owner {owner_sub!r} (shown once):")
                self.stdout.write(token)
            else:
                count = token_revoke(scope=scope, name=name)
                self.stdout.write(f"Revoked {count} token(s) named {name!r} of {owner_sub!r}.")
