"""Remove secrets (API keys, tokens, passwords) from anything sent to a model."""

from __future__ import annotations

import re

REDACTED = "[redacted]"
PATTERNS = [
    re.compile(r"\bsk-[A-Za-z0-9_-]{16,}"),  # OpenAI-style keys
    re.compile(r"\bgh[pousr]_[A-Za-z0-9]{20,}"),  # GitHub tokens
    re.compile(r"\bAKIA[0-9A-Z]{16}\b"),  # AWS access keys
    re.compile(r"\bxox[abpr]-[A-Za-z0-9-]{10,}"),  # Slack tokens
    re.compile(r"\bgd\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{20,}"),  # our own API tokens
    re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/-]{16,}=*"),
    re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?-----END [A-Z ]*PRIVATE KEY-----", re.S),
]
ASSIGNMENT = re.compile(
    r"(?i)\b(api[_-]?key|access[_-]?token|token|secret|password|passwort|kennwort|pin)"
    r"(\s*(?:[:=]|ist|is)\s*)(\S+)"
)


def scrub(text: str) -> str:
    for pattern in PATTERNS:
        text = pattern.sub(REDACTED, text)
    return ASSIGNMENT.sub(lambda m: f"{m[1]}{m[2]}{REDACTED}", text)
