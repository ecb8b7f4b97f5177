"""The distance to a win: the winning structures nearest to a hand and the draws they cost."""
