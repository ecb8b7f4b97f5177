"""The table: a round of play as a hand record (``record``), played through card by card
(``replay``), and graded decision by decision (``review``); a real deck dealt (``deck``), opponents
who play by a simple policy (``opponents``), the turn engine of a hand (``game``) and the drill
(``drill``). Above the tutor, below the views."""
