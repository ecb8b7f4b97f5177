"""Running ``sekwoo`` in a real pseudo-terminal, typing lines into it, and reading what it shows."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def ctrl_c_kept() -> Iterator[None]:
    """Children started within it keep Ctrl-C, as a shell starts a program: a process started with
    SIGINT ignored ignores it for good, and pytest itself may run with it ignored (started in the
    background). (Any handler is reset to the default at exec; only "ignored" is passed on.)"""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def in_terminal(args: list[str], typed: str, env: dict[str, str], interrupt_at: str | None = None) -> tuple[int, str]:
    """Run ``python -m tutor ARGS`` on a pseudo-terminal, type ``typed``; the exit code and the screen's text.

    With ``interrupt_at``, Ctrl-C (SIGINT) is sent once the screen shows that text, and again
    until the process ends: one sent before the prompt reads (as readline starts) may be lost,
    as it would be at a real keyboard."""
    import pty
    import select

    master, slave = pty.openpty()
    with ctrl_c_kept():
        proc = subprocess.Popen([sys.executable, "-m", "tutor", *args], stdin=slave, stdout=slave, stderr=slave,
                                env=env, close_fds=True)
    os.close(slave)
    if typed:
        os.write(master, typed.encode())
    out = b""
    interrupting = 0
    while True:
        ready, _, _ = select.select([master], [], [], 0.3 if interrupting else 60)
        if interrupting and proc.poll() is None and b"interrupted" not in out:
            proc.send_signal(signal.SIGINT)
            interrupting += 1
        if not ready and (not interrupting or interrupting > 200):  # a guard against a hung prompt
            proc.kill()
            break
        if not ready:
            continue
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
        if interrupt_at and not interrupting and interrupt_at in out.decode(errors="replace"):
            proc.send_signal(signal.SIGINT)
            interrupting = 1
    proc.wait(timeout=60)
    os.close(master)
    return proc.returncode, out.decode(errors="replace")
