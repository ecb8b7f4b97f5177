"""The table: a real deck dealt, opponents who play by a simple policy, and the turn engine of a hand."""
