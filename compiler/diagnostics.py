"""Diagnostics: stable codes, messages in the author's words, rendering with a caret.

Every code is listed in CODES with a one-line title; docs/errors.md shows a bad example and
its fix for each, and tests/frontend/test_errors.py feeds each one a bad input.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .escape import json_text, shown
from .source import Source, Span, char_width

# a quoted source line is cut to a window of about this many columns around the caret
QUOTE_WIDTH = 100
# `sgs check` prints this many diagnostics, then how many more there are
MAX_SHOWN = 50

CODES: dict[str, str] = {
    # reading and parsing
    "SGS001": "file cannot be read as .sgs text",
    "SGS002": "syntax error",
    "SGS003": "unexpected end of file",
    "SGS004": "bad indentation",
    "SGS005": "file too large",
    "SGS006": "line too long",
    "SGS007": "nested too deeply",
    "SGS008": "a phrase too costly to read",
    # names
    "SGS101": "unknown timing",
    "SGS102": "phrase matches no declared term",
    "SGS103": "unknown card name",
    "SGS104": "unknown skill name",
    "SGS105": "unknown type",
    "SGS106": "unknown mark",
    "SGS107": "unknown parameter or variable",
    "SGS109": "unknown flow label",
    "SGS110": "unknown event",
    "SGS111": "wrong number of arguments",
    "SGS112": "no timing term reads the clause",
    "SGS113": "unknown primitive",
    "SGS115": "a timing of another edition with no counterpart in this one",
    # notation
    "SGS201": "▶ needs a cost on its left",
    "SGS202": "▷ needs an effect on its left",
    "SGS203": "→ must be followed by a timing",
    "SGS204": "a 锁定技 has no 可",
    "SGS205": "选择一项 needs at least two options",
    "SGS206": "options must be numbered 1, 2, 3 … in order",
    "SGS207": "否则 without a 若",
    "SGS208": "conflicting tags",
    "SGS209": "bad term pattern",
    "SGS210": "bad deck entry",
    "SGS211": "bad header field",
    "SGS212": "bad primitive name",
    "SGS213": "text is not read",
    # types
    "SGS301": "wrong type",
    "SGS302": "subject of a timing must be a character",
    "SGS303": "a slot's type does not fit the primitive's value",
    "SGS304": "a term does not fit its primitive's shape",
    # declarations
    "SGS401": "duplicate declaration",
    "SGS402": "unused declaration",
    "SGS403": "duplicate timing in a flow",
    "SGS404": "a value term defined through itself",
    "SGS405": "bad flow role",
    # maps (地图, docs/board.md)
    "SGS601": "unknown square in a map",
    "SGS602": "a map's rows are not a rectangle",
    "SGS603": "a camp without its 大本营 or room for its pieces",
    "SGS604": "a map legend symbol declared twice",
    "SGS605": "a second map in a rulebook",
    # rulings (例), run by compiler.rulings (docs/rulings.md)
    "SGS501": "a ruling line cannot be read",
    "SGS502": "unknown phase or timing in 当前",
    "SGS503": "a ruling's expectation is not met",
    "SGS504": "a ruling's answer does not fit the decision asked",
    "SGS505": "the engine failed while running a ruling",
    "SGS506": "a ruling's budget is spent",
}


@dataclass
class Diagnostic:
    code: str
    message: str
    span: Span
    severity: str = "error"  # "error" | "warning"
    hint: str | None = None
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "path": self.span.path,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
        }


def _col_width(c: str) -> int:
    """Columns a character of a quoted line takes as shown (a control character is shown
    as its escape, \\x1b: four columns)."""
    if c == "\t":
        return 1
    esc = shown(c)
    return len(esc) if esc != c else char_width(c)


def caret_line(line_text: str, column: int, end_column: int | None = None) -> str:
    """Spaces then ^ under column (1-based), counting wide characters as two columns."""
    prefix = line_text[: max(column - 1, 0)]
    pad = "".join("\t" if c == "\t" else " " * _col_width(c) for c in prefix)
    if end_column is None or end_column <= column:
        return pad + "^"
    marked = line_text[column - 1 : end_column - 1]
    width = sum(_col_width(c) for c in marked) or 1
    return pad + "^" * width


def quote_window(text: str, column: int, end_column: int) -> tuple[str, int, int]:
    """The part of a long line a diagnostic quotes: about QUOTE_WIDTH columns around the
    marked columns, with … where it was cut; returns (text, column, end_column) in it."""
    if sum(_col_width(c) for c in text) <= QUOTE_WIDTH:
        return text, column, end_column
    start = max(column - 1 - QUOTE_WIDTH // 4, 0)
    stop, width = start, 0
    while stop < len(text) and width < QUOTE_WIDTH:
        width += _col_width(text[stop])
        stop += 1
    end_column = min(end_column, stop + 1)
    head = "…" if start > 0 else ""
    tail = "…" if stop < len(text) else ""
    shift = start - len(head)
    return head + text[start:stop] + tail, column - shift, max(end_column - shift, column - shift)


def render(diag: Diagnostic, source: Source | None) -> str:
    """A diagnostic for the terminal: every text from the input (path, quoted line, names in
    the message) shown with its control characters escaped, a long line cut to a window."""
    s = diag.span
    out = [f"{shown(s.path)}:{s.line}:{s.column}: {diag.severity}[{diag.code}]: {shown(diag.message)}"]
    if source is not None:
        text = source.line_text(s.line)
        if text.strip():
            end = s.end_column if s.end_line == s.line else len(text) + 1
            text, col, end = quote_window(text, s.column, end)
            out.append(f"    {shown(text)}")
            out.append(f"    {caret_line(text, col, end)}")
    if diag.hint:
        out.append(f"  = hint: {shown(diag.hint)}")
    for note in diag.notes:
        out.append(f"  = note: {shown(note)}")
    return "\n".join(out)


def render_json(diags: list[Diagnostic]) -> str:
    return json_text([d.to_json() for d in diags], indent=1)


def edit_distance(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def did_you_mean(word: str, candidates, limit: int | None = None) -> str | None:
    """The closest candidate by edit distance, if it is close enough to be a typo."""
    best, best_d = None, None
    for cand in sorted(set(candidates)):
        d = edit_distance(word, cand)
        if best_d is None or d < best_d:
            best, best_d = cand, d
    if best is None:
        return None
    bound = limit if limit is not None else max(1, (len(word) + 1) // 2)
    return best if best_d <= bound else None
