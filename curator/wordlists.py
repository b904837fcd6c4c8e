"""The prefilter's vocabulary, German and English (seed 000 appendix E), in one place.

Phrases are matched on the accent-free, lower-cased text, as whole words."""

ACKNOWLEDGEMENTS = frozenset(
    {
        "danke",
        "danke dir",
        "danke schon",
        "vielen dank",
        "ok",
        "okay",
        "passt",
        "super",
        "haha",
        "jaja",
        "ja",
        "nein",
        "alles klar",
        "gut",
        "prima",
        "cool",
        "👍",
        "thx",
        "thanks",
        "thank you",
        "ned",
        "yes",
        "no",
        "sure",
        "great",
        "nice",
        "lol",
        "gerne",
        "klar",
    }
)

MEMORY_MARKERS = (
    "merk dir",
    "merks dir",
    "merk's dir",
    "merke dir",
    "immer",
    "nie",
    "niemals",
    "eigentlich",
    "ab jetzt",
    "ab sofort",
    "vergiss",
    "losch",
    "korrigier",
    "stattdessen",
    "nicht mehr",
    "remember",
    "note that",
    "from now on",
    "always",
    "never",
    "actually",
    "forget",
    "keep in mind",
    "don't forget",
    "instead",
    # life events that end what memory holds: a death, a breakup
    "gestorben",
    "verstorben",
    "passed away",
    "died",
    "broke up",
    "split up",
    "schluss gemacht",
    "geschieden",
    "divorced",
)
# "wir haben uns getrennt", "sie hat sich von ihm getrennt", "wir leben getrennt": people
# parted for good (not "Müll getrennt", waste sorted; "die Zimmer sind durch eine Wand
# getrennt", things apart; "die Kinder haben sich beim Spielen kurz getrennt", a moment apart)
BREAKUP_PATTERN = (
    r"\b(?:uns|sich|mich|dich|euch)\b"
    r"(?:\s+(?!(?:kurz|kurzzeitig|kurzfristig|zwischendurch|beim|unterwegs|moment|augenblick)\b)"
    r"[\w'-]+){0,5}?\s+getrennt\b"
    r"|\b(?:(?:wir|ihr|ich)\s+(?:sind|seid)|(?:sind\s+wir|seid\s+ihr)|leben|lebt)\b"
    r"(?:\s+[\w'-]+){0,3}?\s+getrennt\b|\bgetrennt\s+lebend"
)
# "nicht … sondern": a correction spread over the sentence
CORRECTION_PAIRS = (("nicht", "sondern"), ("not", "but"))
# Words that make a statement a correction ("that never was so"), not a change ("from now
# on", "since Monday"): the committer then rewrites the past instead of superseding.
CORRECTION_MARKERS = ("eigentlich", "korrigier", "ich meinte", "ich meine", "actually", "i meant")

# Markers that make the window due at once instead of waiting for quiet.
IMMEDIATE_MARKERS = (
    "merk dir",
    "merks dir",
    "merk's dir",
    "merke dir",
    "vergiss",
    # a request not to keep something, however it is phrased
    "nicht gespeichert",
    "nicht speichern",
    "nicht merken",
    "nicht gemerkt",
    "wieder streichen",
    "streich das",
    "scratch that",
    "scratch the",
    "dont save",
    "don't save",
    "dont keep",
    "don't keep",
    "no need to remember",
    "don't remember",
    "dont remember",
    "rather you didn't",
    "don't want you to",
    "from your memory",
    "out of your memory",
    "erase",
    "delete",
    "ignore what i said",
    "unlearn",
    "disregard",
    "loschen",
    "losche",
    "entferne",
    "rausnehmen",
    "rausstreichen",
    "weglassen",
    "kannst du vergessen",
    "bitte raus",
    "wieder raus",
    "leave out",
    "get rid of that",
    "remember",
    "forget",
    "note that",
)
# "remove the part about …", "please take out the bit": a part of what was said asked to go,
# by its topic or by a request ("the mechanic had to remove the part", "I loved the part
# about the dragons" ask nothing)
PART_ASKED_TO_GO = (
    r"(?:(?:^|[.!?]\s*)|\b(?:please|pls|can you|could you|would you|bitte)\s+)"
    r"(?:drop|remove|cut|skip|ignore|scrap|ditch|take out)\s+the\s+(?:bit|part)\b"
    r"|\b(?:drop|remove|cut|skip|ignore|scrap|ditch|take out)\s+the\s+(?:bit|part)\s+"
    r"(?:about|with|where)\b"
)

PREFERENCE_MARKERS = (
    "ich bevorzuge",
    "ich mag",
    "ich hasse",
    "bitte immer",
    "bitte nie",
    "regel:",
    "standardmassig",
    "jeden tag",
    "jeden morgen",
    "jeden abend",
    "i prefer",
    "i like",
    "i hate",
    "please always",
    "please never",
    "rule:",
    "by default",
    "every day",
    "every morning",
    "every evening",
)
ROUTINE_PATTERN = r"\b(um|at) \d{1,2}([:.]\d{2})? ?(uhr|h|am|pm)?\b"

TASK_MARKERS = (
    "ich muss noch",
    "ich muss",
    "erinner mich",
    "erinnere mich",
    "deadline",
    "bis morgen",
    "wir haben uns entschieden",
    "entschieden fur",
    "todo",
    "to do",
    "i need to",
    "i have to",
    "remind me",
    "we decided",
    "due by",
    # a task reported done ("reisepass ist erledigt", "paid it!!") closes an open one
    "erledigt",
    "abgehakt",
    "abhaken",
    "eingereicht",
    "abgeschickt",
    "paid it",
    "done it",
    "finished it",
    "sent it off",
    # "Steuer ist raus", "elterngeld is raus": sent off
    "ist raus",
    "is raus",
    "sind raus",
    # "fence is DONE", "kfz-versicherung is gewechselt", "booked the crew": the task said
    # done by its own verb or a word for done
    "is done",
    "are done",
    "all done",
    "ist fertig",
    "is fertig",
    "gewechselt",
    "gebucht",
    "beantragt",
    "bezahlt",
    "uberwiesen",
    "verlangert",
    "booked",
    "renewed",
    "sorted",
)

# "X ist …", "the repo …", "… gehört zu …": a new entity or relationship
# capitalised words that start sentences, not names
SENTENCE_STARTS = (
    "Das|Dies|Es|Hier|Da|Er|Sie|Wir|Ihr|Ich|Du|The|This|It|There|That|He|She|We|They|You|I"
)
NOT_NAMES = rf"(?!(?:{SENTENCE_STARTS}) )"
ENTITY_PATTERNS = (
    rf"\b{NOT_NAMES}[A-ZÄÖÜ][\w-]+ (ist|sind|heisst|heißt|wohnt|arbeitet|gehort|gehört) ",
    rf"\b{NOT_NAMES}[A-Z][\w-]+ (is|are|lives|works|belongs) ",
    r"\b(mein|meine|meinen|my) [a-zäöü]+ (heisst|heißt|is called|ist)\b",
    r"\b(das repo|the repo|das projekt|the project)\b",
    # "his dog Biscuit", "ihr Sohn Jonas", "our vet Dr Shah": someone named by a possessive
    r"\b(?i:my|our|his|her|their|mein\w*|unser\w*|sein\w*|ihr\w*)\s+[a-zäöüß]+\s+[A-ZÄÖÜ][a-zäöüß]+\b",
    r"\b(gehort zu|gehört zu|belongs to)\b",
)

CONSEQUENTIAL_TOOL_WORDS = (
    "write",
    "edit",
    "create",
    "modify",
    "update",
    "delete",
    "send",
    "set",
    "turn_on",
    "turn_off",
    "move",
    "commit",
    "deploy",
    "device",
)
READ_ONLY_TOOL_WORDS = ("get", "read", "list", "search", "find", "fetch", "query", "show")

QUESTION_WORDS = frozenset(
    {
        "wann",
        "wie",
        "was",
        "wer",
        "wo",
        "warum",
        "wieso",
        "welche",
        "welcher",
        "ob",
        "hat",
        "ist",
        "kann",
        "when",
        "how",
        "what",
        "who",
        "where",
        "why",
        "which",
        "does",
        "is",
        "can",
        "did",
        "do",
    }
)

SHORT_TURN_WORDS = 4
