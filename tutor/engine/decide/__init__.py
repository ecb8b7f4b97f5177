"""The engine's public calls: ``shanten``, ``waits``, ``discard``, ``claim`` and ``analyze``."""
