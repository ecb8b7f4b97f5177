"""The table: a round of play as a hand record (``record``), played through card by card
(``replay``), and graded decision by decision (``review``). Above the tutor, below the views."""
