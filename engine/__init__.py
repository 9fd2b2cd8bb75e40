"""The rules engine: Canasta as data, judged; standard library only, no I/O but its command line.

Packages, bottom to top (each imports only those before it; tests/engine/test_structure.py holds it):
``core`` (cards, melds, a variant's rules as data, the state, actions, refusals, scoring, the deal),
``judge`` (``apply``, what each action does, legal actions, going out), ``variants`` (the four
variants: data plus small hooks, and their registry), ``hints`` (what the rules allow now and the
tactics section's advice), ``bots`` (computer players, trial deals, matches, ladders). ``ruledocs``
(each rule told in full, with its seed's passage) stands beside ``hints``. At the top: ``position``
and ``consistency`` (positions as JSON), ``describe`` (the play-by-play) and ``cli``.
"""

from engine.build import choose

# "compiled" where a current mypyc build of these sources is there (engine/build.py), else "interpreted"
ENGINE = choose(__path__)
