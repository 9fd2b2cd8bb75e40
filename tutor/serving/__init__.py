"""The guards around Flet's server: origins, headers, compression, one websocket's event limits
and closed sessions, Flet's frames read, rate limits. Imports only ``engine.core.i18n``."""
