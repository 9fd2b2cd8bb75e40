"""Alembic's environment: the store hands over its open connection (``tutor.store.engine.migrate``)."""

from alembic import context

from tutor.store.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
