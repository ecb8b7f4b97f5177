"""The expected-FUN search: a hand's packed table, the exact draws, the walk after them, the budget."""
