"""Embed (or re-embed, after a model change) what lacks a vector, with a progress bar.

The worker does the same in the background after every commit; this is for an
operator who changed the embedder and wants it done now."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from infra.progress import ProgressBar
from worldmemory.embedding import configured_embedder, model_id
from worldmemory.retention.owners import known_owners
from worldmemory.tenancy import owner_scope
from worldmemory.vectors import embed_pending, pending_count

STEP = 512


class Command(BaseCommand):
    help = "gd_embed --owner OWNER [--owner …] | --all"

    def add_arguments(self, parser) -> None:
        parser.add_argument("--owner", action="append", default=[], help="owner_sub (repeatable)")
        parser.add_argument("--all", action="store_true", help="every known owner")

    def handle(self, *args, owner: list[str], all: bool, **options) -> None:
        owners = known_owners() if all else owner
        if not owners:
            raise CommandError("name at least one --owner, or --all")
        embedder = configured_embedder()
        if embedder is None:
            raise CommandError("no embedder configured (GD_EMBEDDER=none): nothing to embed")
        self.stdout.write(f"Embedder: {model_id(embedder)} ({embedder.dimensions} dimensions)")
        for owner_sub in owners:
            with owner_scope(owner_sub) as scope:
                total = pending_count(scope=scope)
            bar, done = ProgressBar(self.stdout), 0
            bar(owner_sub, 0, total)
            while True:
                with owner_scope(owner_sub) as scope:
                    step = sum(embed_pending(scope=scope, limit=STEP).values())
                if not step:
                    break
                done = min(total, done + step)
                bar(owner_sub, done, total)
            bar.close()
            self.stdout.write(f"{owner_sub}: {done} embedded")
