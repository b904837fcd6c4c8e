"""/metrics after a scripted run: counts from PostgreSQL, latency from the process."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.utils import timezone
from prometheus_client.parser import text_string_to_metric_families

from curator.models import CuratorState
from curator.pipeline import RETRY_AFTER, curate_due
from infra.metrics import counter_add, counters_compact, counters_read
from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory.committer import proposal_accept, proposal_commit
from worldmemory.errors import Conflict
from worldmemory.models import OperationsCounter, Usage
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

SCRAPE = "scrape-secret"


def _scrape() -> dict[tuple[str, tuple], float]:
    response = Client().get("/metrics", HTTP_AUTHORIZATION=f"Bearer {SCRAPE}")
    assert response.status_code == 200, response.content
    samples = {}
    for family in text_string_to_metric_families(response.content.decode()):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def _ratio_after(before, *, committed: float, proposed: float) -> float:
    base_committed = _value(before, "gd_curator_ops_decided_total", decision="committed")
    base_proposed = _value(before, "gd_curator_ops_proposed_total")
    return (base_committed + committed) / (base_proposed + proposed)


def _value(samples, name: str, **labels) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


@override_settings(GD_METRICS_TOKEN=SCRAPE)
def test_metrics_after_a_scripted_run():
    before = _scrape()
    with owner_scope("owner-a") as scope:
        token = token_create(scope=scope, name="agent")
        result = proposal_commit(
            scope=scope,
            proposal=p.parsed(
                p.fact("pet:luna", "status", "at the vet"),
                p.fact("person:basti", "status", "busy"),
                p.fact("person:basti", "lives_in", "Berlin"),  # an edge given as a value
                p.fact("person:basti", "prefers", "tea", memory_type="derived_preference"),
            ),
        )
        Usage.objects.create(
            owner_sub=scope.owner_sub, kind="curator", tokens_in=120, tokens_out=30, cost_micros=450
        )
    with owner_scope("owner-b") as scope:
        proposal_commit(scope=scope, proposal=p.parsed(p.fact("pet:rex", "status", "asleep")))
    for _ in range(2):
        context = Client().get(
            "/api/v1/context",
            {"message": "Wie geht es Luna?"},
            HTTP_AUTHORIZATION=f"Bearer {token}",
        )
        assert context.status_code == 200

    after = _scrape()

    def delta(name: str, **labels) -> float:
        return _value(after, name, **labels) - _value(before, name, **labels)

    assert [r.decision for r in result.results] == [
        "committed",
        "committed",
        "rejected",
        "pending",
    ]
    assert delta("gd_curator_ops_proposed_total") == 5
    assert delta("gd_curator_ops_decided_total", decision="committed") == 3
    assert delta("gd_curator_ops_decided_total", decision="rejected") == 1
    assert delta("gd_review_queue_depth") == 1
    assert delta("gd_review_items_queued_total") == 1
    assert 0 < _value(after, "gd_curator_accept_ratio") <= 1
    assert delta("gd_curator_tokens_total", direction="in") == 120
    assert delta("gd_curator_tokens_total", direction="out") == 30
    assert delta("gd_curator_cost_micros_total") == 450
    assert delta("gd_curator_tokens_today") == 150
    assert delta("gd_context_build_seconds_count") == 2
    assert _value(after, "gd_context_build_seconds_bucket", le="+Inf") >= 2
    assert delta("gd_context_build_seconds_sum") > 0
    assert _value(after, "gd_curator_due_chats") >= 0
    assert ("gd_task_queue_age_seconds", ()) in after

    with owner_scope("owner-a") as scope:
        proposal_accept(scope=scope, item_id=result.proposal_id, actor="user:test")
    accepted = _scrape()
    assert _value(accepted, "gd_review_queue_depth") == _value(before, "gd_review_queue_depth")
    assert (
        _value(accepted, "gd_curator_ops_decided_total", decision="committed")
        - _value(before, "gd_curator_ops_decided_total", decision="committed")
        == 4
    )
    assert _value(accepted, "gd_curator_accept_ratio") == pytest.approx(
        _ratio_after(before, committed=4, proposed=5)
    )


def test_folding_the_counters_keeps_every_total():
    for amount in (1, 2, 3):
        counter_add(name="test_counter", amount=amount)
    counter_add(name="other_counter")
    totals = {name: figures["total"] for name, figures in counters_read().items()}
    assert OperationsCounter.objects.filter(name="test_counter").count() == 3
    counters_compact()
    assert OperationsCounter.objects.filter(name="test_counter").count() == 1
    assert {name: f["total"] for name, f in counters_read().items()} == totals
    assert totals["test_counter"] == 6


@override_settings(GD_METRICS_TOKEN=SCRAPE)
def test_metrics_need_the_scrape_token_or_a_staff_login():
    client = Client()
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 401
    with owner_scope("owner-a") as scope:
        owner_token = token_create(scope=scope, name="agent")
    assert client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {owner_token}").status_code == 401
    client.force_login(User.objects.create_user("op", is_staff=True))
    assert client.get("/metrics").status_code == 200


@override_settings(GD_METRICS_TOKEN="")
def test_metrics_without_a_token_setting_admit_no_bearer():
    assert Client().get("/metrics", HTTP_AUTHORIZATION="Bearer ").status_code == 401


def test_curator_runs_errors_and_conflicts_are_counted_and_rollbacks_are_not(monkeypatch):
    from tests.curator.test_pipeline import LATER, Chat

    chat = Chat()
    chat.say("Luna ist meine Katze")
    real_save, failures = CuratorState.save, [RuntimeError("worker died"), Conflict("retry")]

    def fail_first(self, *args, **kwargs):
        if failures:
            raise failures.pop(0)
        return real_save(self, *args, **kwargs)

    monkeypatch.setattr(CuratorState, "save", fail_first)
    start = {name: figures["total"] for name, figures in counters_read().items()}

    def counted(name: str) -> float:
        return counters_read().get(name, {}).get("total", 0.0) - start.get(name, 0.0)

    moment = timezone.now() + LATER
    assert curate_due(now=moment) == 0
    assert (counted("curator_runs"), counted("curator_errors")) == (1, 1)
    assert counted("ops_proposed") == 0  # the failed commit was rolled back, its count too
    moment += RETRY_AFTER
    assert curate_due(now=moment) == 0
    assert counted("commit_conflicts_retried") == 1 and counted("curator_errors") == 1
    assert curate_due(now=moment + RETRY_AFTER) == 1
    assert counted("curator_runs") == 3 and counted("ops_proposed") > 0


@override_settings(GD_METRICS_TOKEN=SCRAPE)
def test_alert_rules_parse_and_use_only_exposed_metrics():
    import re

    import yaml
    from django.conf import settings

    from worldmemory.tasks import worker_heartbeat

    worker_heartbeat()
    counter_add(name="intent_partial")  # so that the mismatch ratio is exposed
    rules = yaml.safe_load((settings.BASE_DIR / "deploy" / "alerts.yml").read_text())
    exposed = {name for name, _ in _scrape()}
    alerts = [rule for group in rules["groups"] for rule in group["rules"]]
    assert {"GedaechtnisReviewQueueGrowing", "GedaechtnisContextBuildSlow"} <= {
        a["alert"] for a in alerts
    }
    assert "GedaechtnisCuratorErrors" in {a["alert"] for a in alerts}
    for alert in alerts:
        used = set(re.findall(r"\bgd_[a-z_]+", alert["expr"]))
        assert used, alert["alert"]
        assert used <= exposed, (alert["alert"], used - exposed)
