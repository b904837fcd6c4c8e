"""A fake GitHub-like integration: an owner creates it, then it talks with its own token."""

from __future__ import annotations

import json

from django.test import Client

from tests.worldmemory.test_api import Api


class FakeGitHub:
    """The client side of an integration: descriptors and syncs over HTTP."""

    def __init__(self, owner: Api, *, domain: str = "github", trust_tier: str = "trusted"):
        response = owner.post("/integrations", {"domain": domain, "trust_tier": trust_tier})
        assert response.status_code == 200, response.content
        self.domain = domain
        self.token = response.json()["token"]
        self.client = Client()

    def post(self, path: str, body: dict):
        return self.client.post(
            f"/api/v1{path}",
            data=json.dumps(body),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {self.token}",
        )

    def register(self, **descriptors):
        return self.post("/integrations/descriptors", descriptors)

    def sync(self, *items: dict, **extra):
        return self.post("/integrations/sync", {"items": list(items), **extra})


DESCRIPTORS = {
    "kinds": [
        {"key": "github:issue", "name": "GitHub issue", "rag": True},
        {"key": "github:pull_request", "name": "GitHub pull request"},
    ],
    "predicates": [
        {
            "key": "github:reviewed_by",
            "subject_kinds": ["github:pull_request"],
            "object_kinds": ["person"],
        },
        {"key": "github:labels", "value_kind": "literal"},
        {
            "key": "github:duplicates",
            "subject_kinds": ["github:issue"],
            "object_kinds": ["github:issue"],
            "is_symmetric": True,
            "is_transitive": True,
        },
    ],
    "event_types": [{"key": "github:push"}],
}


def issue(number: int, *, status: str = "open", title: str = "Login fails", **extra) -> dict:
    return {
        "kind": "github:issue",
        "external_id": f"acme/api#{number}",
        "name": f"#{number} {title}",
        "backing_ref": {"table": "github_issues", "id": number},
        "facts": [{"predicate": "status", "value": status}],
        **extra,
    }
