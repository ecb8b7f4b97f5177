"""The engine: readings, shanten, scoring, the distance to a win and the expected-FUN search.

Its rooms, each importing only those before it: ``shapes`` (a hand's readings and shanten),
``scoring`` (``check`` and the scorers), ``distance`` (the distance to a win), ``search`` (the
packed table of a hand and the search over the draws left) and ``decide`` (the public calls:
``waits``, ``discard``, ``claim``, ``analyze``). ``docs/architecture.md`` maps every module.
"""
