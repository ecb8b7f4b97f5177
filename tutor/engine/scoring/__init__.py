"""Scoring a complete hand: ``check``, the scorers of each scoring system, and payouts."""
