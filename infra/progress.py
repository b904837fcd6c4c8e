"""A progress bar for long commands: counts, share done and rate, on one rewritten line."""

from __future__ import annotations

import time
from typing import TextIO

WIDTH = 28


class ProgressBar:
    """Call with ``(label, done, total)``; a new label starts a new line and a new rate."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.label: str | None = None
        self.started = 0.0

    def __call__(self, label: str, done: int, total: int) -> None:
        if label != self.label:
            self.close()
            self.label, self.started = label, time.monotonic()
        elapsed = max(time.monotonic() - self.started, 1e-6)
        share = done / total if total else 1.0
        filled = round(WIDTH * share)
        bar = "#" * filled + "-" * (WIDTH - filled)
        self.stream.write(
            f"\r{label:<22} [{bar}] {done}/{total} {share:4.0%} {done / elapsed:8.1f}/s"
        )
        self.stream.flush()

    def close(self) -> None:
        if self.label is not None:
            self.stream.write("\n")
            self.label = None
