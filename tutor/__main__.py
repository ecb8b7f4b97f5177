"""``python -m tutor`` runs the ``sekwoo`` command."""

from tutor.cli import main

main()
