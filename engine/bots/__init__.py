"""Computer players behind one ``Bot`` interface, from random to expert; trial deals, matches and
duplicate ladders. Imports ``engine.core``, ``engine.judge``, ``engine.variants`` and ``engine.hints``."""
