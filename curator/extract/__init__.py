"""The default curator's linguistic pipeline: sentences → clauses with their mood and
polarity → constructions (copula, possessive, apposition, verb frames) read with lexicons →
facts on core predicates, with coreference across the window and valid times from the time
expressions of the sentence. See :mod:`curator.extract.reader` for the entry point."""
