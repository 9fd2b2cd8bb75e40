"""Hints for the player to act: what the rules allow now and the advice of seed 000's tactics
section ("Taktik"), ranked. Imports ``engine.core`` and ``engine.judge``; never the computer players."""
