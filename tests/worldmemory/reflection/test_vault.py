"""Vault export: one note per established object, links, in-place updates, edits kept."""

from __future__ import annotations

from datetime import UTC, datetime
from io import StringIO

import pytest
from django.core.management import call_command

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from worldmemory.models import Entity
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import promotion, selectors, threads
from worldmemory.reflection.vault import content_hash, vault_export
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


@pytest.fixture
def established(scope):
    first = say(
        scope,
        "Das war einer der wichtigsten Momente: zum ersten Mal den Körper verlassen.",
        session="s-v",
        at=datetime(2026, 8, 19, 9, tzinfo=UTC),
    )
    space, _ = threads.space_resolve(scope=scope, name="Meditation", message=first)
    landmark = promotion.experience_record(scope=scope, message_id=first.pk, spaces=(space,))
    second = say(
        scope,
        "Das war mir sehr wichtig: seitdem meditiere ich täglich.",
        session="s-v",
        at=datetime(2026, 8, 25, 9, tzinfo=UTC),
    )
    later = promotion.experience_record(scope=scope, message_id=second.pk, spaces=(space,))
    from worldmemory.reflection.operations import Provenance, op_edge, reflection_commit

    reflection_commit(
        scope=scope,
        ops=[op_edge(later["ref"], "evolved_from", landmark["ref"], Provenance.said(second))],
        purpose="test",
    )
    plain = say(scope, "Heute war ein ruhiger Tag.", session="s-v")
    candidate = promotion.experience_record(scope=scope, message_id=plain.pk)
    return {"landmark": landmark, "later": later, "candidate": candidate, "first": first}


def test_established_objects_become_notes_with_front_matter_links_and_edges(
    scope, established, tmp_path
):
    report = vault_export(scope=scope, path=tmp_path)
    slug = established["landmark"]["ref"].split(":", 1)[1]
    later_slug = established["later"]["ref"].split(":", 1)[1]
    assert sorted(report["written"]) == sorted(
        [f"experiences/{slug}.md", f"experiences/{later_slug}.md"]
    )  # the transient one stays out
    note = (tmp_path / f"experiences/{slug}.md").read_text(encoding="utf-8")
    entity = entity_by_ref(scope=scope, ref=established["landmark"]["ref"])
    assert note.startswith("---\n")
    assert f'id: "{entity.pk}"' in note
    assert 'kind: "experience"' in note and 'state: "established"' in note
    assert 'date: "2026-08-19"' in note and "landmark: true" in note
    assert f'  - message: "{established["first"].pk}"' in note
    assert '    session: "s-v"' in note
    later_note = (tmp_path / f"experiences/{later_slug}.md").read_text(encoding="utf-8")
    assert f"entstand aus: [[experiences/{slug}|" in later_note  # a wiki-link to the other note
    assert "im Raum: Meditation (`reflection_space:meditation`)" in later_note
    # a German owner's note speaks German
    assert "## Verknüpfungen" in later_note and "## Quellen" in note
    assert "· Gespräch s-v: „Das war einer der wichtigsten Momente" in note
    rows = selectors.current_by_entity(scope=scope, entity_ids=[entity.pk])[entity.pk]
    (note_id,) = selectors.targets_of(rows, "promoted_to")
    vault_note = Entity.objects.get(pk=note_id)
    note_rows = selectors.current_by_entity(scope=scope, entity_ids=[note_id])[note_id]
    assert selectors.value_of(note_rows, "vault_path") == f"experiences/{slug}.md"
    assert selectors.value_of(note_rows, "export_hash") == content_hash(note)
    assert selectors.targets_of(note_rows, "originated_from") == [entity.pk]
    assert vault_note.kind_id == "vault_note"

    again = vault_export(scope=scope, path=tmp_path)
    assert sorted(again["unchanged"]) == sorted(report["written"]) and again["written"] == []


def test_re_export_updates_in_place_but_never_touches_an_edited_file(scope, established, tmp_path):
    vault_export(scope=scope, path=tmp_path)
    slug = established["landmark"]["ref"].split(":", 1)[1]
    later_slug = established["later"]["ref"].split(":", 1)[1]
    edited = tmp_path / f"experiences/{later_slug}.md"
    mine = edited.read_text(encoding="utf-8") + "\nMeine eigene Notiz.\n"
    edited.write_text(mine, encoding="utf-8")
    # the landmark changes: its note is rewritten in place, the edited one stays as it is
    plain = say(scope, "Das war nicht wichtig.", session="s-v")
    promotion.significance_user_mark(
        scope=scope, ref=established["later"]["ref"], message_id=plain.pk
    )
    word = say(scope, "Das war einer der wichtigsten Momente meines Lebens.", session="s-v")
    promotion.significance_user_mark(
        scope=scope, ref=established["later"]["ref"], message_id=word.pk
    )
    question = say(scope, "Was bedeutet diese Erfahrung?", session="s-v")
    from worldmemory.reflection.operations import Provenance, op_fact, reflection_commit

    reflection_commit(
        scope=scope,
        ops=[
            op_fact(
                established["landmark"]["ref"],
                "statement",
                "Zum ersten Mal außerhalb des Körpers.",
                Provenance.said(question),
            )
        ],
        purpose="test",
    )
    report = vault_export(scope=scope, path=tmp_path)
    assert report["updated"] == [f"experiences/{slug}.md"]
    assert report["kept_edited"] == [f"experiences/{later_slug}.md"]
    assert edited.read_text(encoding="utf-8") == mine
    updated = (tmp_path / f"experiences/{slug}.md").read_text(encoding="utf-8")
    assert "Zum ersten Mal außerhalb des Körpers." in updated
    assert len(list((tmp_path / "experiences").iterdir())) == 2  # in place, nothing added


def test_a_foreign_file_is_not_overwritten_and_the_command_reports(scope, established, tmp_path):
    slug = established["landmark"]["ref"].split(":", 1)[1]
    foreign = tmp_path / "experiences" / f"{slug}.md"
    foreign.parent.mkdir(parents=True)
    foreign.write_text("# schon da\n", encoding="utf-8")
    out = StringIO()
    call_command("gd_vault_export", owner=scope.owner_sub, path=str(tmp_path), stdout=out)
    assert foreign.read_text(encoding="utf-8") == "# schon da\n"
    assert "kept foreign: 1" in out.getvalue() and "written: 1" in out.getvalue()
    with owner_scope("nobody-else") as other:
        assert vault_export(scope=other, path=tmp_path / "other")["written"] == []


def test_an_english_owners_notes_speak_english_though_the_site_speaks_german(scope, tmp_path):
    """Nobody told the memory a preferred language: the owner's own messages tell it."""
    first = say(
        scope,
        "That was one of the most important days of my life: I finished my first triathlon.",
        session="s-en",
        at=datetime(2026, 9, 6, 17, tzinfo=UTC),
    )
    space, _ = threads.space_resolve(scope=scope, name="Triathlon", message=first)
    moment = promotion.experience_record(scope=scope, message_id=first.pk, spaces=(space,))
    say(scope, "and it was the best feeling, I cried at the finish line", session="s-en")

    vault_export(scope=scope, path=tmp_path)
    slug = moment["ref"].split(":", 1)[1]
    note = (tmp_path / f"experiences/{slug}.md").read_text(encoding="utf-8")
    assert "## Links" in note and "in space: Triathlon" in note
    assert "## Sources" in note
    assert "· Conversation s-en: “That was one of the most important days" in note
    assert not {"Verknüpfungen", "Quellen", "Gespräch", "„"} & set(note.replace(":", " ").split())
