"""``gd_query_names``: the other names of the entities a question names, for the lexical
search (``reads.lexical``).

Inside the search's statement the same lookup cost the planner about a millisecond a search
(two joins over ``entity_aliases`` and ``facts`` with their row-level security, planned anew
for every question) for an execution of a few hundredths of one. A PL/pgSQL function keeps
its plans for the session, so the search statement plans a function call instead. It runs
with the caller's rights: row-level security applies to it as to the statement.

The believed-now and valid-at conditions are ``temporal.ALIAS_BELIEVED_NOW_SQL`` and
``temporal.ALIAS_VALID_AT_SQL``, written out as they stood when this migration was made.
"""

from django.db import migrations

SQL = r"""
CREATE OR REPLACE FUNCTION gd_query_names(
    p_owner text, p_names_q text, p_said text, p_alias_min integer, p_kin text[],
    p_now timestamptz
) RETURNS SETOF text
LANGUAGE plpgsql STABLE
AS $$
BEGIN
    RETURN QUERY
        -- every name, believed now, of each entity the question names by one of its aliases
        -- as whole words ("Micha" also finds "Michael")
        SELECT o.alias::text FROM entity_aliases a
        JOIN entity_aliases o ON o.entity_id = a.entity_id AND o.owner_sub = a.owner_sub
        WHERE a.owner_sub = p_owner
          AND to_tsvector('simple', a.alias) @@ to_tsquery('simple', p_names_q)
          AND length(a.alias_norm) >= p_alias_min
          AND position(' ' || a.alias_norm || ' ' IN p_said) > 0
          AND a.superseded_at IS NULL
          AND o.superseded_at IS NULL
        UNION
        -- the names of the people the question names by their relation to the owner
        -- ("mein Bruder" also finds Tim)
        SELECT o.alias::text FROM facts f
        JOIN entity_aliases o ON o.entity_id = f.subject_entity_id AND o.owner_sub = f.owner_sub
        WHERE f.owner_sub = p_owner AND f.predicate = 'relation_to_user'
          AND f.superseded_at IS NULL
          AND (f.valid_from <= p_now AND (f.valid_to IS NULL OR f.valid_to > p_now))
          AND lower(f.object_value #>> '{}') = ANY(p_kin)
          AND length(o.alias_norm) >= p_alias_min
          AND o.superseded_at IS NULL;
END
$$;
"""

REVERSE_SQL = (
    "DROP FUNCTION IF EXISTS gd_query_names(text, text, text, integer, text[], timestamptz);"
)


class Migration(migrations.Migration):
    dependencies = [
        ("worldmemory", "0028_rename_event_type"),
    ]

    operations = [migrations.RunSQL(SQL, REVERSE_SQL)]
