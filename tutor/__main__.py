"""``python -m tutor`` runs the ``sekwoo`` command."""

from tutor.cli.app import main

main()
