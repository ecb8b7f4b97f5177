"""The output streams of ``sekwoo``: what it prints on a terminal that cannot show every character,
and what happens when the output cannot be written (a full disk, a closed pipe).

A terminal whose encoding lacks a character (``PYTHONIOENCODING=ascii``, a Latin-1 console) gets
an ASCII stand-in for it (``F*→R`` is printed ``F*=R``), and ``?`` for anything else; output that
cannot be written ends the command with one line on stderr and exit 1.
"""

from __future__ import annotations

import codecs
import errno
import os
import sys

ASCII = {
    "→": "=",
    "·": ".",
    "×": "x",
    "…": "...",
    "•": "*",
    "—": "-",
    "–": "-",
    "✓": "+",
    "✗": "x",
    "“": '"',
    "”": '"',
    "‘": "'",
    "’": "'",
}
"""ASCII stand-ins for the characters sekwoo prints, where the terminal cannot show them."""

WRITE_ERRORS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)})
"""The errors of writing the output (not of reading the input)."""


def _stand_in(err: UnicodeError) -> tuple[str, int]:
    if not isinstance(err, UnicodeEncodeError):
        raise err
    bad = err.object[err.start : err.end]
    return "".join(ASCII.get(c, "?") for c in bad), err.end


codecs.register_error("sekwoo-ascii", _stand_in)


def plain_streams() -> None:
    """Let stdout and stderr print any text: characters their encoding lacks get a stand-in."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = getattr(stream, "encoding", None) or "utf-8"
        if reconfigure is None or encoding.lower().replace("-", "") in ("utf8", "utf16", "utf32"):
            continue
        try:
            reconfigure(errors="sekwoo-ascii")
        except (ValueError, OSError):  # pragma: no cover - a stream that cannot be changed
            pass


def bad_argument(argv: list[str]) -> str | None:
    """The error for an argument that is not UTF-8 text (Python keeps its bytes as lone
    surrogates, which no output can write), or None."""
    for k, arg in enumerate(argv, 1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError as err:
            byte = ord(arg[err.start]) - 0xDC00
            what = argv[k - 2] if k > 1 and argv[k - 2].startswith("-") else f"argument {k}"
            return f"{what}: not UTF-8 text (byte 0x{byte:02x} at column {err.start + 1})"
    return None


def stdout_identity() -> tuple[int, int] | None:
    """What file stdout is now (device and inode), to see later whether a library swapped it."""
    try:
        st = os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        return None
    return st.st_dev, st.st_ino


def pipe_closed(before: tuple[int, int] | None) -> bool:
    """Whether the command ended on a closed pipe: click then wraps stdout, and rich points it at
    the null device (each exits 1 silently, which ``main`` turns into one line)."""
    return type(sys.stdout).__name__ == "PacifyFlushWrapper" or (
        before is not None and stdout_identity() not in (before, None)
    )


def output_failed(err: OSError | None) -> None:
    """Silence stdout for the exit and, unless the reader just closed the pipe, say in one line
    that the output could not be written. A closed pipe is what ``sekwoo ... | head -1`` does on
    purpose: the reader has what it wanted, so, as ``cat`` and ``git`` do, nothing is said."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # the flush at exit must not fail again
    except (OSError, ValueError):  # pragma: no cover - stdout without a file descriptor
        pass
    if err is None or err.errno == errno.EPIPE:
        return
    why = err.strerror
    try:
        print(f"sekwoo: cannot write the output: {why}", file=sys.stderr, flush=True)
    except OSError:  # pragma: no cover - stderr gone too
        pass


__all__ = ["ASCII", "WRITE_ERRORS", "bad_argument", "output_failed", "pipe_closed", "plain_streams", "stdout_identity"]
