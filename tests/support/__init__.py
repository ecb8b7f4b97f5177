"""Independent references the tests check sekwoo against (written from the rules, not from the engine)."""
