"""Figures for the language front end: speed, dated statements of the dev dialogues, and
`dateparser` against the same phrases.

Run: `.venv/bin/python -m curator.language.benchmark` (the `dateparser` comparison runs
only when `dateparser` is installed; it is not a dependency). Reads the dev dialogues only.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

from curator.language.dates import resolve_times
from curator.language.sentences import split_sentences

DEV_DIALOGUES = Path(__file__).resolve().parent.parent / "evaluation" / "dialogues" / "dev"

# A Thursday in German summer time.
ANCHOR = datetime(2026, 7, 16, 10, 0, tzinfo=timezone(timedelta(hours=2)))
# (lang, phrase, expected start of the period as a prefix of the ISO date)
PHRASES: list[tuple[str, str, str]] = [
    ("de", "Opa hat am 3. Juli Geburtstag", "2027-07-03"),
    ("de", "seit dem 2. Mai verlobt", "2026-05-02"),
    ("de", "im Oktober", "2026-10"),
    ("de", "seit 2019", "2019"),
    ("de", "am 14. Februar", "2027-02-14"),
    ("de", "Anfang Mai", "2027-05"),
    ("de", "seit letztem Montag", "2026-07-13"),
    ("de", "vor drei Wochen", "2026-06-25"),
    ("de", "vorgestern", "2026-07-14"),
    ("de", "gestern Abend", "2026-07-15"),
    ("de", "letzte Woche", "2026-07-06"),
    ("de", "seit dem Wintersemester", "2025-10"),
    ("de", "nächsten Freitag", "2026-07-17"),
    ("de", "bis Freitag", "2026-07-17"),
    ("de", "ab morgen", "2026-07-17"),
    ("de", "in zwei Wochen", "2026-07-30"),
    ("de", "am 3.7.2025", "2025-07-03"),
    ("de", "am 03.07.", "2027-07-03"),
    ("de", "2025-07-03", "2025-07-03"),
    ("en", "last Tuesday", "2026-07-14"),
    ("en", "since March", "2026-03"),
    ("en", "three weeks ago", "2026-06-25"),
    ("en", "on February 14th", "2027-02-14"),
    ("en", "14 Feb 2024", "2024-02-14"),
    ("en", "in early May", "2027-05"),
    ("en", "since 2019", "2019"),
    ("en", "next Friday", "2026-07-17"),
    ("en", "by Friday", "2026-07-17"),
    ("en", "from tomorrow", "2026-07-17"),
    ("en", "starting next month", "2026-08"),
    ("en", "yesterday evening", "2026-07-15"),
    ("en", "two years ago", "2024"),
]


def _timed(call: Callable[[], object], repeat: int) -> float:
    """Mean seconds per call."""
    started = time.perf_counter()
    for _ in range(repeat):
        call()
    return (time.perf_counter() - started) / repeat


def _dev_turns() -> list[tuple[str, datetime, str, list[dict]]]:
    dialogues = []
    for path in sorted(DEV_DIALOGUES.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            dialogue = json.loads(line)
            dialogues.append(dialogue)
    turns = []
    for dialogue in dialogues:
        for turn in dialogue["turns"]:
            if turn["role"] == "user":
                anchor = datetime.fromisoformat(turn["occurred_at"])
                turns.append((dialogue["lang"], anchor, turn["text"], dialogue["expect"]))
    return turns


def _measure_dev() -> None:
    turns = _dev_turns()
    sentences = [
        (lang, anchor, sentence.text)
        for lang, anchor, text, _ in turns
        for sentence in split_sentences(text, lang=lang)
    ]
    repeat = 20
    split_each = _timed(
        lambda: [split_sentences(text, lang=lang) for lang, _, text, _ in turns], repeat
    ) / len(turns)
    resolve_each = _timed(
        lambda: [resolve_times(text, anchor=anchor, lang=lang) for lang, anchor, text in sentences],
        repeat,
    ) / len(sentences)
    print(f"dev dialogues: {len(turns)} user turns, {len(sentences)} sentences")
    print(f"  split_sentences  {split_each * 1e6:8.1f} µs per turn")
    print(f"  resolve_times    {resolve_each * 1e6:8.1f} µs per sentence")

    # A dated expectation is met when a sentence of the dialogue resolves to its date at
    # its granularity.
    formats = {"day": "%Y-%m-%d", "month": "%Y-%m", "year": "%Y"}
    by_dialogue: dict[int, list] = {}
    expectations: dict[int, list[dict]] = {}
    for lang, anchor, text, expect in turns:
        key = id(expect)
        expectations[key] = expect
        for sentence in split_sentences(text, lang=lang):
            by_dialogue.setdefault(key, []).extend(
                resolve_times(sentence.text, anchor=anchor, lang=lang)
            )
    total = met = 0
    for key, expect in expectations.items():
        for fact in expect:
            if not fact.get("valid_from"):
                continue
            total += 1
            pattern = formats.get(fact.get("granularity") or "day", "%Y-%m-%d")
            found = by_dialogue.get(key, [])
            met += any(e.valid_from.strftime(pattern) == fact["valid_from"] for e in found)
    print(f"  dated expectations resolved: {met}/{total}")


def _measure_phrases() -> None:
    ours = sum(
        any(
            e.valid_from.isoformat().startswith(expected)
            for e in resolve_times(text, anchor=ANCHOR, lang=lang)
        )
        for lang, text, expected in PHRASES
    )
    ours_time = _timed(
        lambda: [resolve_times(text, anchor=ANCHOR, lang=lang) for lang, text, _ in PHRASES], 50
    ) / len(PHRASES)
    print(f"phrases ({len(PHRASES)}):")
    print(f"  resolve_times    {ours:3d} right, {ours_time * 1e6:8.1f} µs per phrase")
    try:
        from dateparser.search import search_dates
    except ImportError:
        print("  dateparser       not installed")
        return
    base = ANCHOR.replace(tzinfo=None)

    def parse(lang: str, text: str, prefer: str) -> list[datetime]:
        settings = {"RELATIVE_BASE": base, "PREFER_DATES_FROM": prefer}
        found = search_dates(text, languages=[lang], settings=settings) or []
        return [value for _, value in found]

    for prefer in ("future", "past"):
        right = sum(
            any(value.isoformat().startswith(expected) for value in parse(lang, text, prefer))
            for lang, text, expected in PHRASES
        )
        per_call = _timed(
            lambda prefer=prefer: [parse(lang, text, prefer) for lang, text, _ in PHRASES], 3
        ) / len(PHRASES)
        print(
            f"  dateparser ({prefer:6s}) {right:3d} right, {per_call * 1e6:8.1f} µs per phrase"
            " (search_dates, fixed language)"
        )


# Names and common nouns from the dev dialogues' phrasings, for the proper-noun cue.
NAMES = {
    "de": "Luna Nala Rocky Tobi Jonas Hatice Waldi Mimi Bochum Edeka Rewe Sparkasse Kempten "
    "Flocke Krümel Pepe Frieda Ole Svenja Heinz Hedwig Carla Lea Ben Sabine Osaka Lübeck Jena "
    "Günther Rambo Erik Ilse",
    "en": "Pepper Joanna Denver Max Olive Ben Noah Priya Raj Walter Cork Sophie Jordan Seattle "
    "Hove Gemma Socks Chris Tiger Biscuit Ziggy Deepa Leicester Dusty Tom Morgan Pickles Carol "
    "Linda Tesco Aldi Canva Deloitte Ocado",
}
NOUNS = {
    "de": "Katze Kaffee Hund Firma Wohnung Oma Tierheim Schwester Bruder Tochter Kater "
    "Erzieherin Statikerin Bibliothekarin Filialleiter Pflegefachfrau Geburtstag "
    "Meerschweinchen Chefin Nachbarin Cousine Medizin Zöliakie Tee Hafermilch Marathon",
    "en": "cat sister job hospital kitten dog nurse teacher brother birthday coffee tea flat "
    "daughter husband pharmacist",
}


def _measure_tagging() -> None:
    from curator.language import tagging

    words: dict[str, list[str]] = {"de": [], "en": []}
    for lang, _, text, _ in _dev_turns():
        words[lang] += [w for w in text.split() if w.strip(".,!?:;()\"'").isalpha()]
    print("tagging (HanTa, one word out of context):")
    for lang in ("de", "en"):
        started = time.perf_counter()
        tagging.part_of_speech("Haus", lang=lang)
        loaded = time.perf_counter() - started
        names = NAMES[lang].split()
        nouns = NOUNS[lang].split()
        hits = sum(tagging.is_proper_noun(name, lang=lang) for name in names)
        false = sum(tagging.is_proper_noun(noun, lang=lang) for noun in nouns)
        vocabulary = sorted({w.strip(".,!?:;()\"'") for w in words[lang]} - set(names) - set(nouns))
        started = time.perf_counter()
        for word in vocabulary:
            tagging.lemma(word, lang=lang)
        unseen = (time.perf_counter() - started) / len(vocabulary)
        seen = _timed(
            lambda lang=lang, vocabulary=vocabulary: [
                tagging.lemma(word, lang=lang) for word in vocabulary
            ],
            5,
        ) / len(vocabulary)
        print(
            f"  {lang}: model load {loaded:.2f} s; names {hits}/{len(names)}, nouns read as names "
            f"{false}/{len(nouns)}; {unseen * 1e6:.0f} µs per unseen word, {seen * 1e6:.1f} µs "
            f"per remembered word"
        )


def main() -> None:
    _measure_phrases()
    _measure_dev()
    _measure_tagging()


if __name__ == "__main__":
    main()
