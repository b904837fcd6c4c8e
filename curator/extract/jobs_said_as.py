"""A job said with "als"/"as a" in any frame, not only after "arbeite als"/"work as": "hab vor
fünf wochen bei DHL als disponent angefangen", "hab als chemielaborantin nur 30 min pause",
"mein lieblingsteil am job als schulsekretärin", "started a new gig as a lifeguard".

"als" before a bare noun says in what role someone acts; whether the role is a job (not "als
Kind", "als Mutter", "als Anfänger") the occupation lexicon or the embedding model says, as
after a copula (the reader's ``_open_job``). English "as a" says a role as often in play
("went as a pirate", "as a treat"), so it is read only where the sentence speaks of work."""

from __future__ import annotations

import re

# the noun (perhaps two words in English: "as a dog groomer") after "als" or "as a(n)"; not
# after a comparative ("mehr als", "lieber als", "rather as")
SAID_AS = {
    "de": re.compile(
        r"(?<![\wäöüß]er\s)(?<!\bso\s)\b(?i:als)\s+(?P<job>[^\W\d_][\wäöüß-]{2,})\b"
        r"(?!\s+(?i:ich|du|er|sie|es|wir|ihr)\b)"
    ),
    "en": re.compile(
        r"\b(?i:as)\s+(?i:an?)\s+(?P<job>[^\W\d_][\w-]{2,}(?:\s+[^\W\d_][\w-]{2,})?)\b"
    ),
}
# German names a trade by an agent's ending ("disponent", "laborantin", "fährmann",
# "pflegekraft"); "als nachtisch" names a dish, which the model may place among jobs
GERMAN_TRADE_ENDING = re.compile(
    r"(?:er|in|ent|ant|ist|eur|eurin|mann|frau|kraft|arzt|loge|wart|geselle|pilot|koch)$"
)
# a role before it is held or after it ended: "nach 11 jahren als fährmann", "meine
# prüfung als orthoptistin", "used to work as", "früher als"
NOT_HELD_BEFORE = re.compile(
    r"(?i)\b(?:nach|after|früher|vorher|davor|damals|ehemals|war|was|were|used\s+to|formerly|"
    r"prüfung|abschlussprüfung|ausbildung|umschulung|bewerbung|exam|training|apprenticeship|"
    r"interview|application|bewerbe|bewirbt|beworben|apply|applying|applied|ausschreibung|"
    r"stellenanzeige|vacancy|opening|posting)\b[^,.;:!?]{0,30}$"
)
# a role someone else offers: "is ne stelle als intonateurin ausgeschrieben", "a job as a
# sous chef advertised", "wird ein koch gesucht"
NOT_HELD_AFTER = re.compile(
    r"(?i)[^,.;:!?]{0,30}?\b(?:ausgeschrieben|zu\s+besetzen|gesucht|advertised|posted|going)\b"
)
# where English speaks of work
WORK_SAID = re.compile(
    r"(?i)\b(?:work\w*|job|gig|career|hired|started|starting|employed|shifts?|qualified|"
    r"freelanc\w*|trained|been)\b"
)


def jobs_said_as(text: str, *, lang: str) -> list[tuple[int, list[str]]]:
    """Each role said with "als"/"as a": its start and its readings, longest first ("as a
    lifeguard the monday after": "lifeguard the", then "lifeguard")."""
    key = "de" if lang == "de" else "en"
    if key == "en" and not WORK_SAID.search(text):
        return []
    found: list[tuple[int, list[str]]] = []
    for m in SAID_AS[key].finditer(text):
        words = m.group("job").split()
        if NOT_HELD_BEFORE.search(text, 0, m.start()) or NOT_HELD_AFTER.match(text, m.end()):
            continue
        if key == "de" and not GERMAN_TRADE_ENDING.search(words[0].lower()):
            continue
        readings = [" ".join(words[:n]) for n in range(len(words), 0, -1)]
        found.append((m.start("job"), readings))
    return found
