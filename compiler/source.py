"""Spec sources: decoding, normalisation, positions and display widths.

Everything the rest of the compiler sees is a `Source`: normalised text plus its path. Text
is decoded strictly as UTF-8 (a BOM is dropped), line ends become \\n, and the text is put in
NFC (never NFKC: that would turn ❶-look-alikes and full-width punctuation into ASCII).
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path

from . import files

# A spec file is small text (the largest bundled one is 34 KB, its longest line 313
# characters): beyond these it is refused with a diagnostic before anything reads it as
# notation, so memory and time stay bounded whatever the input (docs/errors.md SGS005).
MAX_SPEC_BYTES = 1 << 20


@dataclass(frozen=True)
class Span:
    """A half-open region of one source file; line and column are 1-based, in characters."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __init__(self, path: str, line: int, column: int, end_line: int, end_column: int):
        # set once, here, in the instance's dict: the frozen dataclass's own __init__ calls
        # object.__setattr__ per field, 2-3x the cost, and a check makes a span per token and node
        d = self.__dict__
        d["path"] = path
        d["line"] = line
        d["column"] = column
        d["end_line"] = end_line
        d["end_column"] = end_column

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


class SourceError(Exception):
    """The file cannot be read as .sgs text (binary, wrong encoding, unreadable)."""

    def __init__(self, message: str, line: int = 1, column: int = 1):
        super().__init__(message)
        self.line = line
        self.column = column


@dataclass
class Source:
    path: str
    text: str

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    def line_text(self, line: int) -> str:
        lines = self.lines
        return lines[line - 1] if 1 <= line <= len(lines) else ""


def decode(raw: bytes) -> str:
    """Decode raw bytes of a .sgs file, raising SourceError with a position on failure."""
    if b"\x00" in raw:
        offset = raw.index(b"\x00")
        line = raw.count(b"\n", 0, offset) + 1
        raise SourceError("this is a binary file, not .sgs text (it contains NUL bytes)", line)
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise SourceError(
            f"not valid UTF-8 (byte 0x{raw[exc.start]:02x}); .sgs files are UTF-8", line, col
        ) from None
    return normalise(text)


def normalise(text: str) -> str:
    """Line ends as \\n, the text in NFC (what every Source holds)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return unicodedata.normalize("NFC", text)


class TooLarge(SourceError):
    """The file is larger than the limit for a spec file."""


def load(path: str | Path, display: str | None = None) -> Source:
    """A spec file: a regular file (never a FIFO or a device) of at most MAX_SPEC_BYTES."""
    try:
        raw = files.read_limited(path, MAX_SPEC_BYTES, ".sgs file")
    except files.TooLarge as exc:
        raise TooLarge(str(exc)) from None
    except files.FileProblem as exc:
        raise SourceError(f"cannot read file: {exc}") from None
    return Source(display or str(path), decode(raw))


def char_width(ch: str) -> int:
    """Terminal columns of one character: 2 for wide/full-width (CJK, 【】, ：), else 1."""
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def display_width(text: str) -> int:
    return sum(char_width(c) for c in text)
