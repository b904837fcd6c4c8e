"""Regional forms that stand for a standard word the constructions read.

Irish, Northern English and Scottish speech says "me" for "my" before what one has ("me
brother lives in cork", "me mam's a nurse", "with me dog"). Read as written, "me" is an
object pronoun and the relative is no one's; read as "my" (same length, so positions and
the quoted evidence stay the writer's) it is the speaker's."""

from __future__ import annotations

import re

from curator.extract import lexicon as lx

_HELD = "|".join(
    sorted((re.escape(w) for w in (*lx.KIN, *lx.PETS) if w.isascii()), key=len, reverse=True)
)
# an adjective may come between ("me little sister", "me auld da"), not a comma ("tell me,
# mum"): that is someone addressed
ME_AS_MY = re.compile(
    rf"(?i)(?<![\w'’])(me)\s+(?=(?:(?:little|big|wee|older|younger|auld|old|oul|eldest|"
    rf"youngest)\s+)?(?:{_HELD})(?:['’]s)?\b)"
)


def standard_possessives(text: str) -> str:
    """``text`` with "me" before a relative or pet read as "my" (German has no such "me",
    and a short lower-case chat line is often taken for German)."""
    return ME_AS_MY.sub(lambda m: ("My" if m.group(1)[0] == "M" else "my") + m.group(0)[2:], text)
