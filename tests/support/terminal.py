"""Running ``sekwoo`` in a real pseudo-terminal, typing lines into it, and reading what it shows."""

from __future__ import annotations

import os
import subprocess
import sys


def in_terminal(args: list[str], typed: str, env: dict[str, str]) -> tuple[int, str]:
    """Run ``python -m tutor ARGS`` on a pseudo-terminal, type ``typed``; the exit code and the screen's text."""
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "tutor", *args], stdin=slave, stdout=slave, stderr=slave,
                            env=env, close_fds=True)
    os.close(slave)
    os.write(master, typed.encode())
    chunks = []
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    proc.wait(timeout=60)
    os.close(master)
    return proc.returncode, b"".join(chunks).decode(errors="replace")
