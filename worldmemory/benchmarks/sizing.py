"""``gd_bench sizing``: how many owners one Citus worker holds, at this database's figures.

Read from the catalog after ``ANALYZE``: rows and bytes of every tenant table with its
indexes and TOAST. Row-level security hides rows (and their column statistics) from every
role here, so owners are not counted: the table is per fact, for owners of several sizes.
Run it against a database with real use (or the ``gd_bench temporal`` store) for figures
worth planning with: bytes per fact carry everything else an owner keeps in proportion.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import connections

from infra.routers import OWNER_DB
from worldmemory.privileges import tenant_tables

GIB = 1024**3
NODE_DISKS_GIB = (256, 1024, 4096)
HEADROOM = 0.5  # half the disk for data: vacuum, index rebuilds, rebalancing copies
SHARDS = 32  # Citus's default citus.shard_count
FACTS_PER_OWNER = (1_000, 10_000, 100_000)


def measure(*, using: str = OWNER_DB) -> dict:
    tables = tenant_tables()
    with connections[using].cursor() as cursor:
        for table in tables:
            cursor.execute(f"ANALYZE {table}")
        sizes = {}
        for table in tables:
            # a partitioned parent holds nothing itself: sum its partitions
            cursor.execute(
                "SELECT coalesce(sum(c.reltuples) FILTER (WHERE c.reltuples > 0), 0),"
                " coalesce(sum(pg_total_relation_size(c.oid)), 0),"
                " coalesce(sum(pg_indexes_size(c.oid)), 0) FROM pg_class c"
                " WHERE c.oid = %s::regclass OR c.oid IN"
                " (SELECT inhrelid FROM pg_inherits WHERE inhparent = %s::regclass)",
                [table, table],
            )
            rows, total, indexes = cursor.fetchone()
            sizes[table] = {"rows": int(rows), "bytes": int(total), "index_bytes": int(indexes)}
    return {"tables": sizes, "facts": sizes["facts"]["rows"]}


def run(*, write: Callable[[str], None]) -> None:
    figures = measure()
    tables, facts = figures["tables"], figures["facts"]
    total = sum(t["bytes"] for t in tables.values())
    write(f"{'table':<24}{'rows':>12}{'MiB':>10}{'index MiB':>11}")
    for name, t in sorted(tables.items(), key=lambda item: -item[1]["bytes"]):
        if t["bytes"]:
            write(
                f"{name:<24}{t['rows']:>12,}{t['bytes'] / 2**20:>10.1f}"
                f"{t['index_bytes'] / 2**20:>11.1f}"
            )
    if not facts:
        write("No facts yet: sizing needs a populated database (e.g. gd_bench temporal first).")
        return
    per_fact = total / facts
    write("")
    write(f"{per_fact:,.0f} bytes per fact, with everything else owners keep in proportion")
    write(f"owners per worker node ({HEADROOM:.0%} of the disk for data; per shard of {SHARDS}):")
    write(f"{'facts per owner':>16}" + "".join(f"{f'{d} GiB':>20}" for d in NODE_DISKS_GIB))
    for size in FACTS_PER_OWNER:
        cells = []
        for disk in NODE_DISKS_GIB:
            per_node = int(disk * GIB * HEADROOM / (per_fact * size))
            cells.append(f"{per_node:>11,} ({per_node // SHARDS:>5,})")
        write(f"{size:>16,}" + "".join(f"{c:>20}" for c in cells))
