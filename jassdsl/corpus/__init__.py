"""The conformance corpus: records, their generation and verification, and a runner that
tests any Jass engine against them over a JSON-lines protocol."""
