"""The curator's language front end: sentences, dates and clock times in German and English.

Pure functions without database or model; each takes `lang` ("de" or "en") explicitly.
"""

from curator.language.clock import ClockTime, clock_times
from curator.language.dates import Granularity, Relation, TimeExpression, resolve_times
from curator.language.sentences import Sentence, split_sentences

__all__ = [
    "ClockTime",
    "Granularity",
    "Relation",
    "Sentence",
    "TimeExpression",
    "clock_times",
    "resolve_times",
    "split_sentences",
]
