"""Lessons: the TOML format and its checker, the conditions a step is met by, one attempt at a
lesson, the catalog, and a learner's progress. Imports ``tutor.text`` and the engine."""
