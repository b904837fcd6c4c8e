"""The reflection layer (DESIGN §9, seed 003): threads, spaces, experiences and insights
as entities of the core reflection kinds, written through the committer."""
