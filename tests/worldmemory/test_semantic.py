"""Embeddings with the real sentence-transformers model (MiniLM, the native 384-dimensional
columns, torch and ONNX): reconciling, hybrid search, the small owner, and a changed
embedder. The default multilingual model has its own tests."""

from __future__ import annotations

import math
import random
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connections
from django.utils import timezone

from tests import factories
from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory import embedding, lookup, sources, vectors, vectorstore
from worldmemory.committer import proposal_commit
from worldmemory.models import MemoryProjection, MessageEmbedding, WideEmbedding
from worldmemory.reads import lexical, search
from worldmemory.reads.search import Hit, fuse
from worldmemory.tenancy import owner_scope
from worldmemory.vectors import embed_pending

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


@pytest.fixture(autouse=True)
def minilm(settings):
    settings.GD_EMBEDDER = "local"
    settings.GD_EMBEDDING_MODEL = embedding.PACKAGED_MODEL
    embedding.configured_embedder.cache_clear()
    yield
    embedding.configured_embedder.cache_clear()


def test_the_local_embedder_is_real_and_normalised():
    embedder = embedding.configured_embedder()
    assert embedder is not None and embedder.dimensions == 384
    cat, kitty, branch = embedder.embed(["I have a cat", "a small kitten", "deploy the server"])
    assert math.isclose(sum(x * x for x in cat), 1.0, rel_tol=1e-3)
    dot = lambda a, b: sum(x * y for x, y in zip(a, b, strict=True))  # noqa: E731
    assert dot(cat, kitty) > dot(cat, branch)


def test_reciprocal_rank_fusion_prefers_items_found_twice():
    a, b, c = (Hit("fact", i, None, str(i)) for i in (1, 2, 3))
    fused = fuse({"words": [a, b], "meaning": [c, b]}, limit=3)
    assert [h.id for h in fused] == [2, 1, 3]
    assert fused[0].sources == ["words", "meaning"]


def test_entities_and_messages_are_embedded_and_found_by_meaning():
    with owner_scope("owner-sem") as scope:
        proposal_commit(
            scope=scope,
            proposal=p.parsed(
                p.entity("pet:luna", "Luna"),
                p.fact("pet:luna", "species", "cat"),
                p.entity("repo:home-agent", "home-agent"),
            ),
        )
        # two conversations: a message is embedded with its neighbours in its own
        vet, work = factories.session(scope, external_id="s1"), factories.session(scope)
        factories.message(scope, in_session=vet, text="The vet said the kitten is healthy")
        factories.message(scope, in_session=work, text="Deploy the backend on Friday")
        counts = embed_pending(scope=scope)
        assert counts["entities"] == 2 and counts["messages"] == 2
        answer = lookup.search_world_memory(scope=scope, query="feline pet")
        hits = answer["data"]["hits"]
        assert hits[0]["ref"] == "pet:luna" and "vectors" in hits[0]["sources"]
        assert "full text and vector similarity" in answer["text"]
        found = sources.sources_search(scope=scope, query="animal doctor visit", k=1)
        assert found[0]["text"] == "The vet said the kitten is healthy"
        assert embed_pending(scope=scope) == {"entities": 0, "projections": 0, "messages": 0}


def test_a_small_owner_among_many_still_gets_k_results():
    rng = random.Random(3)
    with owner_scope("owner-big") as big:
        noise = []
        for index in range(990):
            vector = [rng.gauss(0, 1) for _ in range(384)]
            norm = math.sqrt(sum(x * x for x in vector))
            noise.append(
                MemoryProjection(
                    owner_sub=big.owner_sub,
                    source_kind="summary",
                    text=f"noise {index}",
                    embedding_model="local:x",
                    embedding=[x / norm for x in vector],
                )
            )
        MemoryProjection.objects.bulk_create(noise)
    with owner_scope("owner-small") as small:
        for index in range(10):
            MemoryProjection.objects.create(
                owner_sub=small.owner_sub,
                source_kind="summary",
                text=f"Erinnerung Nummer {index} an den Urlaub",
            )
        embed_pending(scope=small)
        vector, space = search.query_vector("Urlaub")
        rows = vectorstore.nearest_projections(
            scope=small, space=space, vector=vector, columns="t.id", limit=5
        )
        assert len(rows) == 5


def _unit_vectors(rng: random.Random, count: int) -> list[list[float]]:
    vectors = []
    for _ in range(count):
        vector = [rng.gauss(0, 1) for _ in range(384)]
        norm = math.sqrt(sum(x * x for x in vector))
        vectors.append([x / norm for x in vector])
    return vectors


def test_an_owner_with_a_twentieth_of_the_index_gets_its_exact_nearest_from_the_index():
    rng = random.Random(5)
    model = "local:x"

    def projections(owner_sub: str, vectors: list[list[float]]) -> list[MemoryProjection]:
        return [
            MemoryProjection(
                owner_sub=owner_sub,
                source_kind="summary",
                text=f"row {index}",
                embedding_model=model,
                embedding=vector,
            )
            for index, vector in enumerate(vectors)
        ]

    with owner_scope("owner-many") as many:
        MemoryProjection.objects.bulk_create(projections(many.owner_sub, _unit_vectors(rng, 1900)))
    with owner_scope("owner-twentieth") as twentieth:
        mine = _unit_vectors(rng, 100)
        MemoryProjection.objects.bulk_create(projections(twentieth.owner_sub, mine))
        query = _unit_vectors(rng, 1)[0]
        with connections["app"].cursor() as cursor:
            # the planner would scan so few rows exactly; the index is what is tested here
            cursor.execute("SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off")
            rows = vectorstore.nearest_projections(
                scope=twentieth,
                space=vectorstore.Space(model=model, dims=384),
                vector=query,
                columns="t.text",
                limit=40,
            )
    cosine = {
        f"row {index}": sum(a * b for a, b in zip(vector, query, strict=True))
        for index, vector in enumerate(mine)
    }
    exact = sorted(cosine, key=cosine.get, reverse=True)[:40]
    assert [text for text, _ in rows] == exact


def test_a_changed_embedder_re_embeds_while_search_keeps_working(monkeypatch):
    with owner_scope("owner-switch") as scope:
        proposal_commit(
            scope=scope,
            proposal=p.parsed(p.entity("pet:luna", "Luna"), p.fact("pet:luna", "species", "cat")),
        )
        embed_pending(scope=scope)
        real = embedding.configured_embedder()

        class Renamed:
            provider, model, dimensions = "local", "renamed-minilm", 384

            def embed(self, texts):
                return real.embed(texts)

        monkeypatch.setattr(search, "configured_embedder", lambda: Renamed())
        monkeypatch.setattr("worldmemory.vectors.configured_embedder", lambda: Renamed())
        assert embedding.record_config(Renamed()) is True
        # not yet re-embedded: names and full text still find it
        assert lookup.find_entity(scope=scope, query="Luna")["data"]["entities"]
        hits = lookup.search_world_memory(scope=scope, query="Luna")["data"]["hits"]
        assert hits and hits[0]["ref"] == "pet:luna"
        counts = embed_pending(scope=scope)
        assert counts["projections"] == 1
        assert MemoryProjection.objects.get().embedding_model == "local:renamed-minilm"


def test_deleting_a_message_removes_its_vector():
    with owner_scope("owner-del") as scope:
        message = factories.message(scope, in_session=factories.session(scope), text="secret")
        embed_pending(scope=scope)
        assert MessageEmbedding.objects.filter(message=message).exists()
        sources.message_delete(scope=scope, message_id=message.pk, actor="user:x", reason="x")
        assert not MessageEmbedding.objects.filter(message=message).exists()


def test_gd_embed_embeds_what_is_pending_with_a_progress_bar(capsys):
    with owner_scope("owner-embed-cli") as scope:
        session = factories.session(scope, external_id="s1")
        for text in ("Luna schläft", "Die Heizung ist kaputt", "Termin am Freitag"):
            factories.message(scope, in_session=session, text=text)
        assert vectors.pending_count(scope=scope) == 3
    call_command("gd_embed", owner=["owner-embed-cli"])
    out = capsys.readouterr().out
    assert "3/3" in out and "/s" in out and "owner-embed-cli: 3 embedded" in out
    with owner_scope("owner-embed-cli") as scope:
        assert vectors.pending_count(scope=scope) == 0
        assert MessageEmbedding.objects.count() == 3


class Doubled:
    """The real model's vector twice over (768 dimensions, still unit length): a model of
    another dimension that means the same, so search by meaning must keep working."""

    provider, model, dimensions = "local", "doubled-minilm", 768

    def __init__(self, real) -> None:
        self.real = real

    def embed(self, texts):
        scale = 1 / math.sqrt(2)
        return [[x * scale for x in v + v] for v in self.real.embed(texts)]


# transactional: setup creates the index as the owner role and commits it, as here
@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_another_dimension_gets_its_own_table_and_index_and_the_old_vectors_stay(
    monkeypatch,
):
    with owner_scope("owner-wide") as scope:
        proposal_commit(
            scope=scope,
            proposal=p.parsed(p.entity("pet:luna", "Luna"), p.fact("pet:luna", "species", "cat")),
        )
        # two conversations: a message is embedded with its neighbours in its own
        vet, work = factories.session(scope, external_id="s1"), factories.session(scope)
        factories.message(scope, in_session=vet, text="The vet said the kitten is healthy")
        factories.message(scope, in_session=work, text="Deploy the backend on Friday")
        embed_pending(scope=scope)
        old_vectors = MemoryProjection.objects.filter(embedding__isnull=False).count()
        assert old_vectors == 1

        doubled = Doubled(embedding.configured_embedder())
        for module in ("reads.search", "vectors"):
            monkeypatch.setattr(f"worldmemory.{module}.configured_embedder", lambda: doubled)
        assert vectorstore.ensure_dimension_index(dims=768, using="default") in (True, False)
        assert vectorstore.ensure_dimension_index(dims=768, using="default") is False
        assert vectors.pending_count(scope=scope) == 3  # one projection, two messages

        counts = embed_pending(scope=scope)
        assert counts == {"entities": 0, "projections": 1, "messages": 2}
        assert WideEmbedding.objects.filter(dims=768).count() == 3
        # the 384-dimensional vectors are still there: switching back costs nothing
        assert MemoryProjection.objects.filter(embedding__isnull=False).count() == old_vectors
        assert MessageEmbedding.objects.count() == 2

        hits = lookup.search_world_memory(scope=scope, query="feline pet")["data"]["hits"]
        assert hits[0]["ref"] == "pet:luna" and "vectors" in hits[0]["sources"]
        found = sources.sources_search(scope=scope, query="animal doctor visit", k=1)
        assert found[0]["text"] == "The vet said the kitten is healthy"
        vector = doubled.embed(["animal doctor"])[0]
        space = vectorstore.Space(model="local:doubled-minilm", dims=768)
        with connections["app"].cursor() as cursor:
            # a handful of rows: make the planner show it would take the index
            cursor.execute("SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off")
            cursor.execute("SET LOCAL enable_bitmapscan = off")
            cursor.execute("SET LOCAL enable_sort = off")
            cursor.execute(
                "EXPLAIN SELECT w.item_id FROM wide_embeddings w WHERE w.owner_sub = %s"
                " AND w.item_kind = 'message' AND w.model = %s AND w.dims = 768"
                " ORDER BY w.embedding::vector(768) <=> %s::vector(768) LIMIT 5",
                [scope.owner_sub, space.model, str(vector)],
            )
            plan = " ".join(row[0] for row in cursor.fetchall())
        assert vectorstore.index_name(768) in plan
        with connections["default"].cursor() as cursor:
            cursor.execute(
                "SELECT indexdef FROM pg_indexes WHERE indexname = %s",
                [vectorstore.index_name(768)],
            )
            (definition,) = cursor.fetchone()
        assert "hnsw" in definition and "vector(768)" in definition and "dims = 768" in definition


def test_dimensions_beyond_the_index_limit_are_refused():
    with pytest.raises(ValueError, match="1 to 2000"):
        vectorstore.ensure_dimension_index(dims=4096, using="default")


def test_full_text_ranks_only_the_newest_matches(monkeypatch):
    """A common word would rank every matching text on every query: only the newest
    ``TEXT_CANDIDATES`` matches are ranked; the best match among them wins."""
    monkeypatch.setattr(lexical, "TEXT_CANDIDATES", 2)
    monkeypatch.setattr(search, "TEXT_CANDIDATES", 2)
    with owner_scope("owner-many") as scope:
        session = factories.session(scope)
        texts = ["Luna Luna Luna frisst Thunfisch", "Luna schläft", "Luna frisst Thunfisch"]
        messages = []
        for age, text in zip((3, 2, 1), texts, strict=True):  # the first is the oldest
            when = timezone.now() - timedelta(days=age)
            message = factories.message(scope, in_session=session, text=text, occurred_at=when)
            messages.append(message)
            MemoryProjection.objects.create(
                owner_sub=scope.owner_sub,
                source_kind="summary",
                text=message.text,
                created_at=when,
            )
        ranked = lexical.messages_bm25(scope=scope, query="Luna Thunfisch", limit=10)
        ranked = [pk for pk, _ in ranked]
        assert ranked == [messages[2].pk, messages[1].pk]  # the oldest, best match is out
        params = {"owner": scope.owner_sub, "q": search.or_query("Luna Thunfisch"), "limit": 10}
        found = [hit.text for hit in search._projection_hits(params)]
        assert found == ["Luna frisst Thunfisch", "Luna schläft"]
