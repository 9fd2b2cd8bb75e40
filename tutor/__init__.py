"""The app that teaches Canasta: Flet views over the engine, lessons, a store, a classroom.

Packages, bottom to top (each imports only those below it; tests/tutor/test_structure.py holds it):
``text`` and ``serving`` (the app's messages and glossary; the guards around Flet's server),
``lessons`` (format, predicates, an attempt, catalog, progress), ``table`` (the view-model of one
table and its seats, without Flet), ``store`` (what is kept: SQLAlchemy Core + Alembic, settings,
live updates), ``views`` (pure views: a model in, controls out), ``classroom`` (joining a class, the
teacher's view, the projector) and ``shell`` (wires them to Flet's page; the handlers)."""
