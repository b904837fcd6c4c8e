"""The OpenAI-compatible embedder against a stub endpoint on 127.0.0.1 (never the network)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from worldmemory.embedding import OpenAIEmbedder


class StubEmbeddings(BaseHTTPRequestHandler):
    seen: list[dict] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        StubEmbeddings.seen.append(
            {"path": self.path, "auth": self.headers["Authorization"], **body}
        )
        data = [
            {"object": "embedding", "index": i, "embedding": [float(len(t))] + [0.0] * 383}
            for i, t in reversed(list(enumerate(body["input"])))
        ]
        answer = json.dumps(
            {
                "object": "list",
                "data": data,
                "model": body["model"],
                "usage": {"prompt_tokens": 1, "total_tokens": 1},
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def endpoint():
    server = HTTPServer(("127.0.0.1", 0), StubEmbeddings)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/v1"
    server.shutdown()


def test_openai_compatible_embedder_keeps_order_and_sends_the_key(endpoint, monkeypatch):
    monkeypatch.setenv("GD_EMBEDDING_API_KEY", "sk-test-key")
    embedder = OpenAIEmbedder("stub-model", endpoint)
    vectors = embedder.embed(["a", "abc"])
    assert [v[0] for v in vectors] == [1.0, 3.0]  # answered in reverse, returned in order
    request = StubEmbeddings.seen[-1]
    assert request["path"] == "/v1/embeddings" and request["model"] == "stub-model"
    assert request["dimensions"] == 384 and request["auth"] == "Bearer sk-test-key"
