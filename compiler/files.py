"""The files a user names (specs, logs, outputs): opened so that no input can hang or
exhaust sgs.

* Read only regular files: a FIFO is opened without waiting for a writer, then refused; a
  device (/dev/zero reads forever), a socket or a folder is refused by what it is.
* Read at most a stated number of bytes (``read_limited``), or lines of at most a stated
  length (``read_lines``): a larger input is an error naming the limit, read no further.
* Open an output before the work that fills it (``open_output``): a missing folder or a
  read-only place is said at once, not after every game has been played.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path


class FileProblem(Exception):
    """The file cannot be used: the message says why, in the user's words."""


class TooLarge(FileProblem):
    """The file (or a line of it) is larger than the limit for its kind."""


def _kind(mode: int) -> str:
    return ("a folder" if stat.S_ISDIR(mode) else "a FIFO (named pipe)" if stat.S_ISFIFO(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")


def _reason(exc: OSError) -> str:
    return {2: "no such file", 13: "permission denied", 21: "it is a folder",
            20: "a part of the path is not a folder"}.get(exc.errno, exc.strerror or str(exc))


def open_regular(path: str | Path):
    """``path`` opened for reading in binary, if it is a regular file (else FileProblem)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise FileProblem(_reason(exc)) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise FileProblem(f"it is {_kind(mode)}, not a regular file")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_limited(path: str | Path, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``; more than ``limit`` is TooLarge."""
    with open_regular(path) as fh:
        raw = fh.read(limit + 1)
    if len(raw) > limit:
        raise TooLarge(f"this {what} is larger than {limit:,} bytes, the limit for a {what}")
    return raw


def read_lines(fh, max_line: int):
    """(line number, bytes without the line end) of a binary file, lazily; a line longer
    than ``max_line`` bytes is TooLarge (read no further than max_line + 1 bytes of it)."""
    no = 0
    while True:
        raw = fh.readline(max_line + 2)
        if not raw:
            return
        no += 1
        if raw.endswith(b"\n"):
            raw = raw[:-1]
            if raw.endswith(b"\r"):
                raw = raw[:-1]
        if len(raw) > max_line:
            raise TooLarge(f"line {no} is longer than {max_line:,} bytes, the limit for a line")
        yield no, raw


def open_output(path: str | Path, what: str = "file"):
    """``path`` opened for writing text (UTF-8), now: a missing folder, a folder, a place
    without write permission or a FIFO nobody reads is a FileProblem before any work."""
    p = Path(path)
    if not p.parent.is_dir():
        raise FileProblem(f"cannot write the {what} {path}: the folder {p.parent} does not exist")
    try:
        fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NONBLOCK", 0), 0o666)
    except OSError as exc:
        reason = "no process reads the FIFO" if exc.errno == 6 else _reason(exc)
        raise FileProblem(f"cannot write the {what} {path}: {reason}") from None
    try:
        os.set_blocking(fd, True)
        return os.fdopen(fd, "w", encoding="utf-8")
    except BaseException:
        os.close(fd)
        raise


def output_folder(path: str | Path, what: str = "folder") -> Path:
    """``path`` as a folder to write files into, made now if its parent exists: a missing
    parent, a file in its place or a folder without write permission is a FileProblem before
    any work."""
    p = Path(path)
    if not p.exists():
        if not p.parent.is_dir():
            raise FileProblem(f"cannot write the {what} {path}: the folder {p.parent} does not exist")
        try:
            p.mkdir()
        except OSError as exc:
            raise FileProblem(f"cannot write the {what} {path}: {_reason(exc)}") from None
    if not p.is_dir():
        raise FileProblem(f"cannot write the {what} {path}: it is not a folder")
    if not os.access(p, os.W_OK | os.X_OK):
        raise FileProblem(f"cannot write the {what} {path}: permission denied")
    return p
