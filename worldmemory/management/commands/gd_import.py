"""Import dialogue history: a JSON Lines file of messages (the ingest endpoint's format).

Every line is checked before anything is stored; then the whole file goes in as one
transaction (all or nothing), in batches, with a progress bar. Importing the same file
again stores nothing new."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from pydantic import ValidationError

from infra.progress import ProgressBar
from worldmemory import sources
from worldmemory.api.sources import MessageIn
from worldmemory.intake import turns_accept
from worldmemory.tenancy import owner_scope

BATCH = sources.MAX_BATCH


def _read(path: Path) -> list[sources.IncomingMessage]:
    messages = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"cannot read {path}: {error}") from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            message = MessageIn.model_validate(json.loads(line))
        except json.JSONDecodeError as error:
            raise CommandError(f"{path}:{number}: not JSON ({error.msg})") from None
        except ValidationError as error:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()
            )
            raise CommandError(f"{path}:{number}: {problems}") from None
        messages.append(sources.IncomingMessage(**message.dict()))
    return messages


class Command(BaseCommand):
    help = "gd_import --owner OWNER FILE.jsonl [--no-curate]"

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", type=Path)
        parser.add_argument("--owner", required=True)
        parser.add_argument(
            "--no-curate", action="store_true", help="keep as sources only; the curator skips them"
        )

    def handle(self, *args, path: Path, owner: str, no_curate: bool, **options) -> None:
        messages = _read(path)
        bar, stored = ProgressBar(self.stdout), 0
        with owner_scope(owner) as scope:
            for start in range(0, len(messages), BATCH):
                batch = messages[start : start + BATCH]
                ingested = turns_accept(scope=scope, messages=batch, curate=not no_curate)
                stored += len(ingested.new)
                bar("importing", start + len(batch), len(messages))
        bar.close()
        self.stdout.write(
            f"{owner}: {len(messages)} messages read, {stored} stored, "
            f"{len(messages) - stored} already there"
        )
