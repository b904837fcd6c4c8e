"""Promoted knowledge: established insights and experiences as an Obsidian-compatible vault.

One Markdown file per object (``experiences/<slug>.md``, ``insights/<slug>.md``) with
front matter (id, ref, kind, state, dates, sources) and wiki-links between exported
objects. Each note is a ``vault_note`` entity with its path and the hash of what was
written, linked ``promoted_to`` / ``originated_from`` with the object (the external
reference is the path). Re-export rewrites a file in place only while it is exactly
what was written last time; a file the owner edited (its hash differs), a file that
was not ours, and a note the owner deleted are left alone. Nothing is ever deleted.
The notes are the person's to read, so their headings and links speak the owner's language.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from uuid import UUID

from django.utils import translation
from django.utils.translation import gettext as _

from worldmemory import labels, render
from worldmemory.errors import InvalidInput
from worldmemory.models import Entity
from worldmemory.notices import owner_language
from worldmemory.reflection import selectors
from worldmemory.reflection.operations import (
    Provenance,
    op_edge,
    op_entity,
    op_fact,
    reflection_commit,
)
from worldmemory.tenancy import OwnerScope

EXPORTED_KINDS = {"experience": "experiences", "insight": "insights"}
LINKED_PREDICATES = ("derived_from", "in_space", "part_of", "during", "related_to", "evolved_from")


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _yaml(value: object) -> str:
    """A YAML scalar: JSON strings and numbers are valid YAML."""
    return json.dumps(value, ensure_ascii=False, default=str)


@dataclass
class Note:
    entity: Entity
    path: str  # relative to the vault, with forward slashes
    text: str


def _established(scope: OwnerScope) -> tuple[list[Entity], dict[UUID, list]]:
    entities = list(
        Entity.objects.filter(
            owner_sub=scope.owner_sub, kind_id__in=list(EXPORTED_KINDS), status="active"
        ).order_by("kind", "slug")
    )
    current = selectors.current_by_entity(scope=scope, entity_ids=[e.pk for e in entities])
    chosen = [
        e
        for e in entities
        if selectors.state_name(selectors.value_of(current[e.pk], "lifecycle_state"))
        == "established"
    ]
    return chosen, current


def _note_path(entity: Entity) -> str:
    return f"{EXPORTED_KINDS[entity.kind_id]}/{entity.slug}.md"


def _render(
    entity: Entity,
    rows: list,
    paths: dict[UUID, str],
    names: dict[UUID, Entity],
    passages: dict[str, dict],
) -> str:
    lifecycle = selectors.value_of(rows, "lifecycle_state") or {}
    statement = selectors.value_of(rows, "statement") or entity.canonical_name
    derivation = selectors.value_of(rows, "derivation") or {}
    landmark = (selectors.value_of(rows, "landmark") or {}).get("landmark", False)
    started = min((r.valid_from for r in rows), default=entity.created_at)
    sources = sorted(
        {
            ref
            for r in rows
            for ref in [(r.evidence or {}).get("ref")]
            if ref and ref.startswith("source_message:")
        }
    )
    front = [
        "---",
        f"id: {_yaml(str(entity.pk))}",
        f"ref: {_yaml(entity.ref)}",
        f"kind: {_yaml(entity.kind_id)}",
        f"state: {_yaml(lifecycle.get('state'))}",
        f"date: {_yaml(started.date().isoformat())}",
        f"created: {_yaml(entity.created_at.isoformat())}",
    ]
    if derivation:
        front.append(f"derived: {_yaml(derivation.get('label', 'derived'))}")
        front.append(f"evidence_count: {_yaml(derivation.get('evidence_count'))}")
        period = derivation.get("period") or {}
        if period:
            front.append(f"period: [{_yaml(period.get('from'))}, {_yaml(period.get('to'))}]")
    if entity.kind_id == "experience":
        front.append(f"landmark: {'true' if landmark else 'false'}")
    front.append("sources:")
    for ref in sources:
        passage = passages.get(ref.split(":", 1)[1], {})
        front.append(f"  - message: {_yaml(ref.split(':', 1)[1])}")
        if passage:
            front.append(f"    session: {_yaml(passage['session_external_id'])}")
            front.append(f"    at: {_yaml(passage['occurred_at'].isoformat())}")
    if not sources:
        front[-1] = "sources: []"
    front.append("gedaechtnis: true")
    front.append("---")
    body = [f"# {entity.canonical_name}", "", str(statement), ""]
    links = []
    for row in rows:
        if row.predicate_id in LINKED_PREDICATES and row.object_entity_id in names:
            target = names[row.object_entity_id]
            relation = labels.predicate_label(row.predicate_id)
            if row.object_entity_id in paths:
                label = paths[row.object_entity_id].removesuffix(".md")
                links.append(f"- {relation}: [[{label}|{target.canonical_name}]]")
            else:
                links.append(f"- {relation}: {target.canonical_name} (`{target.ref}`)")
    if links:
        body += [f"## {_('Links')}", "", *sorted(links), ""]
    if sources:
        body += [f"## {_('Sources')}", ""]
        for ref in sources:
            passage = passages.get(ref.split(":", 1)[1])
            if passage is None:
                continue
            when = render.day(passage["occurred_at"])
            quote = _("(deleted)") if passage["deleted"] else passage["text"]
            session = _("Conversation %(id)s") % {"id": passage["session_external_id"]}
            body.append(f"- {when} · {session}: {_('“%(quote)s”') % {'quote': quote}}")
        body.append("")
    return "\n".join(front) + "\n\n" + "\n".join(body)


def _records(scope: OwnerScope) -> dict[UUID, dict]:
    """What was exported before: object id → note ref, path and hash."""
    notes = list(Entity.objects.filter(owner_sub=scope.owner_sub, kind_id="vault_note"))
    current = selectors.current_by_entity(scope=scope, entity_ids=[n.pk for n in notes])
    records = {}
    for note in notes:
        rows = current[note.pk]
        for origin in selectors.targets_of(rows, "originated_from"):
            records[origin] = {
                "note": note.ref,
                "path": selectors.value_of(rows, "vault_path"),
                "hash": selectors.value_of(rows, "export_hash"),
            }
    return records


def vault_export(*, scope: OwnerScope, path: Path) -> dict:
    """Write every established insight and experience to the vault at ``path``."""
    root = Path(path)
    if root.exists() and not root.is_dir():
        raise InvalidInput(f"{root} is not a directory")
    chosen, current = _established(scope)
    records = _records(scope)
    paths = {e.pk: _note_path(e) for e in chosen}
    linked = {r.object_entity_id for e in chosen for r in current[e.pk] if r.object_entity_id}
    names = {e.pk: e for e in Entity.objects.filter(owner_sub=scope.owner_sub, pk__in=linked)}
    refs = [(r.evidence or {}).get("ref") for e in chosen for r in current[e.pk]]
    passages = {
        p["message_id"]: p
        for p in selectors.passages(scope=scope, message_ids=selectors.message_ids_of(refs))
    }
    report: dict[str, list[str]] = {
        "written": [],
        "updated": [],
        "unchanged": [],
        "kept_edited": [],
        "kept_foreign": [],
        "kept_deleted": [],
    }
    ops: list[dict] = []
    staged: list[tuple[Path, str]] = []
    language = owner_language(scope)
    for entity in chosen:
        note_path = paths[entity.pk]
        with translation.override(language):
            text = _render(entity, current[entity.pk], paths, names, passages)
        target = root / note_path
        record = records.get(entity.pk)
        on_disk = target.read_text(encoding="utf-8") if target.exists() else None
        if record is None and on_disk is not None:
            report["kept_foreign"].append(note_path)  # a file we did not write
            continue
        if record is not None and on_disk is None:
            report["kept_deleted"].append(note_path)  # the owner removed it from the vault
            continue
        if record is not None and content_hash(on_disk) != record["hash"]:
            report["kept_edited"].append(note_path)  # edited since: the owner's now
            continue
        if on_disk == text:
            report["unchanged"].append(note_path)
            continue
        report["updated" if record else "written"].append(note_path)
        staged.append((target, text))
        ops += _note_ops(entity, note_path, content_hash(text), record)
    reflection_commit(scope=scope, ops=ops, purpose="vault")
    _write_all(staged)
    return {"path": str(root), **report}


def _note_ops(entity: Entity, note_path: str, digest: str, record: dict | None) -> list[dict]:
    ref = record["note"] if record else f"vault_note:{entity.kind_id}-{entity.slug}"
    how = Provenance.observed(what=f"exported to {note_path}", ref=f"vault:{note_path}")
    ops = [
        op_entity(ref, note_path, how),
        op_fact(ref, "vault_path", note_path, how),
        op_fact(ref, "export_hash", digest, how),
    ]
    if record is None:
        ops += [
            op_edge(entity.ref, "promoted_to", ref, how),
            op_edge(ref, "originated_from", entity.ref, how),
        ]
    return ops


def _write_all(staged: list[tuple[Path, str]]) -> None:
    """Each file through a temporary neighbour and an atomic rename: a reader of the vault
    never sees half a note."""
    for target, text in staged:
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.gd-tmp")
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, target)
