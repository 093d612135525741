"""How untrusted text leaves sgs: into generated code, and onto a terminal.

A spec's paths, names and texts are untrusted input (a downloaded folder may be named to
break out of a comment). Two doors, one function each:

* ``py_text(s)``: the text as it stands inside a Python string literal — every backslash,
  quote and non-printable character (line ends of every kind: \\n \\r U+2028 U+0085 …, NUL,
  lone surrogates from non-UTF-8 file names, terminal controls) written as an escape. What
  it returns is one line of printable characters, so it is safe both between quotes
  (``py_str``) and in a ``#`` comment, and ``eval(py_str(s)) == s``. The templates can print
  nothing else (compiler.emit: a raw string is an error at render time).
* ``shown(s)``: the text as the terminal shows it — control characters (C0, C1, DEL, line
  and paragraph separators, bidi and other format characters, surrogates) written as
  escapes, so a name cannot move the cursor, recolour or retitle the terminal. Tabs and the
  line ends sgs writes itself pass.
"""
from __future__ import annotations

import json
import unicodedata

_SHORT = {"\\": "\\\\", "'": "\\'", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _code_point(c: str) -> str:
    o = ord(c)
    if o < 0x100:
        return f"\\x{o:02x}"
    if o < 0x10000:
        return f"\\u{o:04x}"
    return f"\\U{o:08x}"


def py_text(s: str) -> str:
    """``s`` escaped for a Python string literal (either quote) or a comment: one line,
    printable characters only, nothing lost."""
    s = str(s)
    if s.isprintable() and "\\" not in s and "'" not in s and '"' not in s:
        return s   # the common case: a path or a name as written
    return "".join(_SHORT.get(c) or (c if c.isprintable() else _code_point(c)) for c in s)


def py_str(s: str) -> str:
    """A Python string literal that evaluates to ``s``."""
    return "'" + py_text(s) + "'"


def py_value(v) -> str:
    """A Python literal for a value of the IR: str, int, bool, None and tuples/lists of them
    (written as tuples, laid out as repr() lays them out). Anything else is a compiler bug,
    not something to print."""
    if v is None or isinstance(v, bool):
        return repr(v)
    if isinstance(v, str):
        return py_str(v)
    if isinstance(v, int):
        return repr(int(v))
    if isinstance(v, (tuple, list)):
        items = [py_value(x) for x in v]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    raise TypeError(f"no literal for a {type(v).__name__} in generated code: {v!r}")


# the terminal: what must never reach it raw (tab and newline are sgs's own layout)
_UNSAFE = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))


def _unsafe(c: str) -> bool:
    return c not in "\t\n" and unicodedata.category(c) in _UNSAFE


def shown(s: str, keep_newlines: bool = False) -> str:
    """``s`` as it may be printed: control and format characters escaped (\\x1b, \\u202e …).
    A newline is escaped too unless ``keep_newlines`` (text sgs laid out itself)."""
    s = str(s)
    if not keep_newlines and "\n" in s:
        s = s.replace("\n", "\\n")
    if not any(_unsafe(c) for c in s):
        return s
    return "".join(_code_point(c) if _unsafe(c) else c for c in s)


def json_text(obj, **kw) -> str:
    """JSON for a terminal or a pipe: UTF-8 text as written, but every control or format
    character inside a string as a \\uXXXX escape (valid JSON, the same value)."""
    text = json.dumps(obj, ensure_ascii=False, **kw)
    if not any(_unsafe(c) for c in text):
        return text
    out = []
    for c in text:
        if _unsafe(c):
            o = ord(c)
            if o >= 0x10000:
                o -= 0x10000
                out.append(f"\\u{0xD800 + (o >> 10):04x}\\u{0xDC00 + (o & 0x3FF):04x}")
            else:
                out.append(f"\\u{o:04x}")
        else:
            out.append(c)
    return "".join(out)


class TerminalStream:
    """A text stream that shows what is written to it through ``shown`` (newlines kept):
    `sgs` puts sys.stdout and sys.stderr behind one while a command runs, so no name, path
    or log line from the input reaches the terminal raw, whichever message prints it. A
    progress bar's carriage return goes through ``raw``."""

    def __init__(self, stream):
        self.raw = stream

    def write(self, text):
        return self.raw.write(shown(text, keep_newlines=True))

    def __getattr__(self, name):   # flush, isatty, fileno, encoding …
        return getattr(self.raw, name)
