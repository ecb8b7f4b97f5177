"""A hand's shapes: its readings into sets and a NGAN, special shapes, completeness and shanten."""
