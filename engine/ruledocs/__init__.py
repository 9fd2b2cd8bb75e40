"""Each rule told in full for learners: what it allows and forbids, an example, and the variant's own
words for it with where they stand. Imports ``engine.core`` only."""
