"""Quick fixes: a diagnostic whose hint is `did you mean X?` is fixed by writing X where the
misspelt name stands. Only that hint is mechanical; the others (the closest terms of a phrase,
a missing declaration) need the author.

Where the name stands inside the diagnostic's span: a bracketed name (【杀杀】) is its inside;
an unknown timing (SGS101) is the tail of its clause (你受到伤害候 → 你受到伤害后); otherwise
the word of the span (split at spaces and full-width punctuation) closest to X.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from ..diagnostics import Diagnostic, edit_distance

SUGGESTION = re.compile(r"did you mean (.+?)\?$")
BRACKETS = {"【": "】", "〖": "〗", "「": "」"}
WORD_SPLIT = re.compile(r"[\s\u3000：，。；（）]+")


@dataclass
class Fix:
    title: str
    column: int  # 1-based, on the diagnostic's line
    end_column: int
    text: str


def suggestion(d: Diagnostic) -> Optional[str]:
    m = SUGGESTION.search(d.hint or "")
    return m.group(1) if m else None


def quick_fix(d: Diagnostic, line_text: str) -> Optional[Fix]:
    """The edit that applies a diagnostic's `did you mean` hint, or None."""
    want = suggestion(d)
    if want is None:
        return None
    sp = d.span
    end = sp.end_column if sp.end_line == sp.line else len(line_text) + 1
    text = line_text[sp.column - 1: end - 1]
    if not text:
        return None
    found = _where(d.code, text, want)
    if found is None:
        return None
    i, j = found
    if text[i:j] == want:
        return None
    return Fix(f"Change {text[i:j]} to {want}", sp.column + i, sp.column + j, want)


def _where(code: str, text: str, want: str) -> Optional[tuple[int, int]]:
    if text[0] in BRACKETS and text.endswith(BRACKETS[text[0]]):
        return 1, len(text) - 1
    if code == "SGS101" and not WORD_SPLIT.search(text):
        # the clause's tail is the timing: the tail closest to the name, of about its length
        best = None
        for n in range(1, len(text) + 1):
            key = (edit_distance(text[-n:], want), abs(n - len(want)))
            if best is None or key < best[0]:
                best = (key, n)
        return len(text) - best[1], len(text)
    best = None
    for m in re.finditer(r"[^\s\u3000：，。；（）]+", text):
        key = (edit_distance(m.group(), want), -m.start())
        if m.group() != want and (best is None or key < best[0]):
            best = (key, (m.start(), m.end()))
    return best[1] if best else None
