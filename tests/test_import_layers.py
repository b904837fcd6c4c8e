"""Layers without cycles: every module imports only its own layer and the layers below it.

A small AST check over ``infra``, ``worldmemory``, ``curator`` and ``gedaechtnis`` (tests and
migrations aside). Imports inside functions count like any other; only imports under
``if TYPE_CHECKING:`` are exempt, since they never run. A module matching no rule fails, so a
new module has to be placed in the table below.

Only explicit imports make edges: importing ``a.b.c`` runs ``a/b/__init__.py`` too, but
counting that would make every package that re-exports its modules (``committer``,
``models``) a cycle with each of them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("infra", "worldmemory", "curator", "gedaechtnis")

# Bottom first. A module may import its own layer and any layer below it.
LAYERS = (
    "infra",
    "foundation",
    "models",
    "model services",
    "temporal",
    "reads and committer",
    "services",
    "entry points",
    "project",
)

# (module prefix, layer): the longest matching prefix decides. A prefix matches the module
# itself and everything under it; one starting with "=" matches that module alone.
RULES: tuple[tuple[str, str], ...] = (
    # database aliases, router and pool, embedded PostgreSQL, tracing, metric counters and
    # progress bars: used everywhere, they know nothing of the memory
    ("infra", "infra"),
    # Foundations used everywhere that read no table through a model: the error family,
    # refs, owner scoping (the models' managers use it), the registry rules (the registry
    # models call them from ``clean()``), text rendering, word lists, the rate limiter's
    # bucket call, plain multi-row INSERT and partition upkeep. They sit right above infra
    # so the models and everything else may use them.
    ("=worldmemory", "foundation"),  # the package itself: a docstring
    ("worldmemory.errors", "foundation"),
    ("worldmemory.messages", "foundation"),  # the messages a person can meet, gettext only
    ("worldmemory.refs", "foundation"),
    ("worldmemory.tenancy", "foundation"),
    ("worldmemory.registries", "foundation"),
    ("worldmemory.render", "foundation"),
    ("worldmemory.bilingual", "foundation"),
    ("worldmemory.vocabulary_labels", "foundation"),
    ("worldmemory.onnx_embedding", "foundation"),
    ("worldmemory.bulk", "foundation"),
    ("worldmemory.partitions", "foundation"),
    ("worldmemory.ratelimit", "foundation"),
    ("worldmemory.reads", "reads and committer"),
    ("worldmemory.reads.types", "foundation"),  # typed outputs: pydantic only
    ("curator", "services"),
    ("curator.wordlists", "foundation"),
    ("curator.language", "foundation"),  # German/English phrase readers, no table
    ("curator.scrub", "foundation"),
    # The tables. ``worldmemory.models`` becomes a package and the curator's tables move to
    # ``curator.models``: both map here, module and package alike.
    ("worldmemory.models", "models"),
    ("curator.models", "models"),
    # Services on single tables that the temporal rules and the read side build on: tokens,
    # accounts, embedders and the vector store, the grants derived from the models, the
    # pages' words from the registries, the Citus layout, retention classes.
    ("worldmemory.tokens", "model services"),
    ("worldmemory.accounts", "model services"),
    ("worldmemory.embedding", "model services"),
    ("worldmemory.vectorstore", "model services"),
    ("worldmemory.privileges", "model services"),
    ("worldmemory.labels", "model services"),
    ("worldmemory.citus", "model services"),
    ("worldmemory.retention.classes", "model services"),
    # every rule of time
    ("worldmemory.temporal", "temporal"),
    # The read side and the one writer, side by side (the committer resolves refs through
    # the reads; reads never write). The contracts and validator are the committer's input,
    # moments the one reading of a named time, sources the dialogue store the committer
    # and the reads share, notices and the linker the reads the curator and context share.
    # What the committer triggers after a commit sits here too: vectors (embedding after
    # commit), live (the commit notification and its stream), retention (rollups, pruning).
    ("worldmemory.committer", "reads and committer"),
    ("worldmemory.contracts", "reads and committer"),
    ("worldmemory.validator", "reads and committer"),
    ("worldmemory.moments", "reads and committer"),
    ("worldmemory.sources", "reads and committer"),
    ("worldmemory.notices", "reads and committer"),
    ("worldmemory.linker", "reads and committer"),
    ("worldmemory.vectors", "reads and committer"),
    ("worldmemory.live", "reads and committer"),
    ("worldmemory.retention", "reads and committer"),
    # What uses reads and the committer: the context block, the agent tools (presenters over
    # the reads), reflection, the curator, integrations, corrections, renaming, intake, ages.
    ("worldmemory.context", "services"),
    ("worldmemory.tools", "services"),
    ("worldmemory.lookup", "services"),
    ("worldmemory.causality", "services"),
    ("worldmemory.codemode", "services"),
    ("worldmemory.shims", "services"),
    ("worldmemory.corrections", "services"),
    ("worldmemory.renaming", "services"),
    ("worldmemory.ages", "services"),
    ("worldmemory.intake", "services"),
    ("worldmemory.reflection", "services"),
    ("worldmemory.integrations", "services"),
    # Entry points: HTTP, pages, scheduled tasks, commands and the benchmarks and the
    # curator's evaluation they run, the admin, the app configs and template tags.
    ("worldmemory.api", "entry points"),
    ("worldmemory.pages", "entry points"),
    ("worldmemory.tasks", "entry points"),
    ("worldmemory.reflection.tasks", "entry points"),
    ("worldmemory.management", "entry points"),
    ("worldmemory.benchmarks", "entry points"),
    ("worldmemory.admin", "entry points"),
    ("worldmemory.apps", "entry points"),
    ("worldmemory.templatetags", "entry points"),
    ("curator.tasks", "entry points"),
    ("curator.evaluation", "entry points"),
    ("curator.apps", "entry points"),
    ("gedaechtnis.management", "entry points"),
    # settings, urls, the NinjaAPI with its error map, health, ASGI/WSGI, middleware
    ("gedaechtnis", "project"),
)


def module_files() -> dict[str, Path]:
    """Every module of the checked packages by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _type_checking_only(tree: ast.AST) -> set[int]:
    """Ids of the nodes under ``if TYPE_CHECKING:`` (they never run)."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(child) for stmt in node.body for child in ast.walk(stmt))
    return skipped


def imported_modules(name: str, source: str, *, is_package: bool, known: set[str]) -> set[str]:
    """The known modules ``name`` imports, anywhere in its body."""

    def owner(dotted: str) -> str | None:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    tree = ast.parse(source)
    skipped = _type_checking_only(tree)
    targets: set[str | None] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            targets.update(owner(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = name.split(".") if is_package else name.split(".")[:-1]
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            for alias in node.names:
                # ``from pkg import module`` imports that module; ``from pkg import name``
                # imports the package (or module) defining the name
                submodule = f"{base}.{alias.name}"
                targets.add(submodule if submodule in known else owner(base))
    return {target for target in targets if target and target != name}


def import_graph() -> dict[str, set[str]]:
    files = module_files()
    known = set(files)
    return {
        name: imported_modules(
            name, path.read_text(), is_package=path.name == "__init__.py", known=known
        )
        for name, path in files.items()
    }


def layer_of(module: str, rules: Iterable[tuple[str, str]] = RULES) -> str | None:
    matches = [
        (len(prefix), layer)
        for prefix, layer in rules
        if module == prefix.removeprefix("=")
        or (not prefix.startswith("=") and module.startswith(prefix + "."))
    ]
    return max(matches)[1] if matches else None


def upward_imports(
    graph: Mapping[str, set[str]], rules: Iterable[tuple[str, str]], layers: tuple[str, ...]
) -> list[str]:
    """One sentence per import of a higher layer."""
    rules = tuple(rules)
    rank = {layer: index for index, layer in enumerate(layers)}
    found = []
    for importer, imported in sorted(graph.items()):
        for target in sorted(imported):
            low, high = layer_of(importer, rules), layer_of(target, rules)
            if low and high and rank[high] > rank[low]:
                found.append(f"{importer} ({low}) imports {target} ({high})")
    return found


def import_cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = counter
                    counter += 1
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph.get(successor, ())))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
    return groups


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph()


def test_every_module_is_placed(graph):
    unplaced = sorted(module for module in graph if layer_of(module) is None)
    assert not unplaced, f"modules in no layer (add a rule to RULES): {unplaced}"


def test_every_rule_names_a_layer():
    assert {layer for _, layer in RULES} <= set(LAYERS)


def test_no_module_imports_a_higher_layer(graph):
    upward = upward_imports(graph, RULES, LAYERS)
    assert not upward, "imports of a higher layer:\n" + "\n".join(upward)


def test_no_import_cycle(graph):
    cycles = import_cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


# the agent's tools: text for a model over the reads, which the pages read directly
AGENT_TOOLS = (
    "worldmemory.tools",
    "worldmemory.lookup",
    "worldmemory.causality",
    "worldmemory.shims",
    "worldmemory.codemode",
)


def test_pages_read_without_the_agent_tools(graph):
    through_tools = sorted(
        f"{page} imports {target}"
        for page, imported in graph.items()
        if page.startswith("worldmemory.pages")
        for target in imported
        if target in AGENT_TOOLS
    )
    assert not through_tools, "pages reading through agent tools:\n" + "\n".join(through_tools)


def test_the_graph_sees_real_imports(graph):
    # a check that read no imports would pass everything: pin a few edges it must see
    assert "infra.routers" in graph["worldmemory.tenancy"]
    assert "worldmemory.models" in graph["worldmemory.temporal"]
    assert "worldmemory.reads.entities" in graph["worldmemory.tools"]


def test_the_check_catches_an_upward_import_and_a_cycle():
    rules = (("low", "bottom"), ("high", "top"))
    graph = {
        "low.a": {"high.b"},  # upward
        "high.b": {"high.c"},
        "high.c": {"high.b", "low.a"},  # b <-> c
        "low.d": set(),
    }
    assert upward_imports(graph, rules, ("bottom", "top")) == [
        "low.a (bottom) imports high.b (top)"
    ]
    assert import_cycles(graph) == [["high.b", "high.c", "low.a"]]
    assert import_cycles({"x": {"y"}, "y": set()}) == []
    assert layer_of("low.a.deep", rules) == "bottom"
    assert layer_of("elsewhere", rules) is None
    alone = (("=pkg", "bottom"), ("pkg.placed", "top"))
    assert layer_of("pkg", alone) == "bottom"
    assert layer_of("pkg.placed.deep", alone) == "top"
    assert layer_of("pkg.new", alone) is None  # a new module must be placed


def test_imports_in_functions_count_and_type_checking_ones_do_not():
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from pkg import hidden\n"
        "def f():\n"
        "    from pkg.inner import thing\n"
        "from . import sibling\n"
    )
    known = {"pkg", "pkg.hidden", "pkg.inner", "pkg.mod", "pkg.sibling"}
    found = imported_modules("pkg.mod", source, is_package=False, known=known)
    assert found == {"pkg.inner", "pkg.sibling"}
