"""The integration feeder: API clients that bring their own types and feed entities.

- ``clients``: an owner creates and removes integrations (each with its own token type).
- ``descriptors``: an integration registers kinds, predicates and event types under its
  namespace, within the registry guard rails.
- ``sync``: an integration upserts entities by ``(source_entry_id, kind, external_id)``
  and the observed state of each, backdated to when it changed.
- ``causation``: a sync change shortly after an agent action on the same item is linked
  to that action as an inferred (hypothesis) cause.
"""
