"""The basement: database aliases, router and pool, embedded PostgreSQL, tracing, metric
counters and progress output. Imports nothing of the project above it."""
