"""Read and parse .sgs files into AST, turning every failure into diagnostics.

Several syntax errors per file: after an error the enclosing top-level declaration is
blanked out (line numbers kept) and the file is parsed again, up to MAX_ERRORS times.

Before the parser sees a file, its shape is checked against the limits below (a line's
length, how deep brackets and blocks nest): a declaration beyond them is reported and
blanked, so no input can make the parser, the AST builder or the code generated from it
recurse without bound (docs/errors.md SGS006, SGS007).
"""
from __future__ import annotations

from pathlib import Path

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import DedentError

from . import ast as A
from .build_ast import AstBuilder
from .diagnostics import Diagnostic
from .parser import parse_text
from .source import MAX_SPEC_BYTES, Source, SourceError, Span, TooLarge, load, normalise

MAX_ERRORS = 20
# the bundled specs' longest line has 313 characters, their deepest brackets 2 levels and
# their deepest blocks 5: these limits leave room for any rule the book states
MAX_LINE_CHARS = 2000
MAX_NESTING = 16       # （…） and {…} inside one another, on one line
MAX_BLOCKS = 16        # indented blocks inside one another
OPEN, CLOSE = "（{", "）}"

# What the parser expected, in the author's words.
TERMINAL_WORDS = {
    "SEP": "▶ ▷ →", "COLON": "：", "_NL": "end of line", "_INDENT": "an indented block",
    "_DEDENT": "end of block", "TEXT": "words", "NAME": "a name", "PATTERN": "a term pattern",
    "TITLE": "a title", "SKILL": "〖技能〗", "CARD": "【牌】", "MARK": "「标记」", "IF": "若",
    "CHOOSE": "…选择一项：", "OPTNUM": "an option number (1. 2. …)", "TAG": "a tag (锁定技 …)",
    "FIELD": "a card field (使用时机： …)", "RKEY": "a ruling key (座次 当前 期望 …)",
    "SUITPOINT": "a suit and point (黑桃7 …)", "SLASH": "／", "$END": "end of file",
}


def describe_expected(expected) -> str:
    words = []
    for name in sorted(expected):
        if name.startswith("__ANON") or name.startswith("__"):
            continue
        w = TERMINAL_WORDS.get(name)
        if w is None:
            from .parser import get_parser
            term = next((t for t in get_parser().terminals if t.name == name), None)
            w = term.pattern.value if term is not None and term.pattern.type == "str" else name
        words.append(w)
    words = sorted(set(words))
    if not words:
        return ""
    if len(words) > 8:
        words = words[:8] + ["…"]
    return "expected " + ", ".join(words)


def _brief(text: str, limit: int = 40) -> str:
    """A token as a message quotes it: at most ``limit`` characters."""
    return text if len(text) <= limit else text[:limit] + "…"


def _decl_bounds(lines: list[str], line: int) -> tuple[int, int]:
    """0-based [start, end) of the top-level declaration containing 1-based `line`."""
    def top(i: int) -> bool:
        s = lines[i]
        return bool(s) and not s[0].isspace() and not s.startswith("#")

    start = line - 1
    while start > 0 and not top(start):
        start -= 1
    end = line
    while end < len(lines) and not top(end):
        end += 1
    return start, max(end, start + 1)


def _error_diag(exc: Exception, source: Source) -> tuple[Diagnostic, int]:
    path = source.path
    if isinstance(exc, DedentError):
        # the indenter does not know the line; find the first inconsistent dedent
        line = _find_bad_dedent(source.lines)
        sp = Span(path, line, 1, line, 2)
        return Diagnostic("SGS004", "this line's indentation matches no enclosing block", sp,
                          hint="indent with spaces to the same column as the block it belongs to"), line
    if isinstance(exc, UnexpectedEOF):
        n = len(source.lines)
        sp = Span(path, n, 1, n, 1)
        return Diagnostic("SGS003", "the file ends in the middle of a declaration", sp,
                          hint=describe_expected(exc.expected) or None), n
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        if tok.type == "$END":
            n = max(1, len(source.text.rstrip("\n").split("\n")))
            sp = Span(path, n, len(source.line_text(n)) + 1, n, len(source.line_text(n)) + 2)
            return Diagnostic("SGS003", "the file ends in the middle of a declaration", sp,
                              hint=describe_expected(exc.expected) or None), n
        line = tok.line or 1
        col = tok.column or 1
        if tok.type in ("_INDENT", "_DEDENT"):
            sp = Span(path, line, 1, line, 2)
            return Diagnostic("SGS004", "unexpected indentation here", sp,
                              hint=describe_expected(exc.expected) or None), line
        shown = _brief(str(tok)) if tok.type != "_NL" else "end of line"
        end_col = (tok.end_column or col + 1) if tok.type != "_NL" else col + 1
        sp = Span(path, line, col, line, end_col)
        return Diagnostic("SGS002", f"unexpected {shown!r}" if tok.type != "_NL" else "unexpected end of line",
                          sp, hint=describe_expected(exc.expected) or None), line
    if isinstance(exc, UnexpectedCharacters):
        line, col = exc.line, exc.column
        ch = source.line_text(line)[col - 1 : col] or "?"
        sp = Span(path, line, col, line, col + 1)
        return Diagnostic("SGS002", f"unexpected character {ch!r} here", sp,
                          hint=describe_expected(exc.allowed) or None), line
    assert isinstance(exc, UnexpectedInput)
    line = getattr(exc, "line", 1) or 1
    return Diagnostic("SGS002", "syntax error", Span(path, line, 1, line, 2)), line


def _find_bad_dedent(lines: list[str]) -> int:
    stack = [0]
    for i, s in enumerate(lines, 1):
        if not s.strip() or s.lstrip().startswith("#"):
            continue
        ind = len(s) - len(s.lstrip(" \t"))
        if ind > stack[-1]:
            stack.append(ind)
        else:
            while ind < stack[-1]:
                stack.pop()
            if ind != stack[-1]:
                return i
    return 1


def _shape_errors(source: Source) -> list[Diagnostic]:
    """The lines beyond the limits: too long, brackets or blocks nested too deeply."""
    out = []
    path = source.path
    indents = [0]
    for no, line in enumerate(source.lines, 1):
        if len(line) > MAX_LINE_CHARS:
            sp = Span(path, no, MAX_LINE_CHARS + 1, no, MAX_LINE_CHARS + 2)
            out.append(Diagnostic("SGS006", f"this line has {len(line):,} characters; a line may have "
                                  f"at most {MAX_LINE_CHARS:,}", sp,
                                  hint="split the sentence: a skill may go on over indented lines, "
                                       "one sentence a line"))
            continue
        depth = 0
        for col, ch in enumerate(line, 1):
            if ch == "#":
                break
            if ch in OPEN:
                depth += 1
                if depth > MAX_NESTING:
                    sp = Span(path, no, col, no, col + 1)
                    out.append(Diagnostic("SGS007", f"brackets nested more than {MAX_NESTING} deep",
                                          sp, hint="write the inner part as a term (用语) of its own"))
                    break
            elif ch in CLOSE:
                depth = max(depth - 1, 0)
        stripped = line.lstrip(" \t")
        if not stripped or stripped.startswith("#"):
            continue
        ind = len(line) - len(stripped)
        while len(indents) > 1 and ind < indents[-1]:
            indents.pop()
        if ind > indents[-1]:
            indents.append(ind)
            if len(indents) - 1 > MAX_BLOCKS:
                sp = Span(path, no, 1, no, ind + 1)
                out.append(Diagnostic("SGS007", f"blocks nested more than {MAX_BLOCKS} deep", sp,
                                      hint="write the inner steps as an event (事件) of their own, "
                                           "run with 执行"))
                indents.pop()
    return out


def parse_source(source: Source) -> tuple[A.SpecFile, list[Diagnostic]]:
    """Parse one source; returns the AST of what parsed and the syntax diagnostics."""
    diags: list[Diagnostic] = _shape_errors(source)[:MAX_ERRORS]
    lines = source.lines
    for d in diags:   # the declarations beyond the limits are not parsed at all
        start, end = _decl_bounds(lines, d.span.line)
        lines = lines[:start] + [""] * (end - start) + lines[end:]
    if len(diags) >= MAX_ERRORS:
        return A.SpecFile(source.path), diags
    for _ in range(MAX_ERRORS + 1):
        text = "\n".join(lines)
        try:
            tree = parse_text(text)
        except (UnexpectedInput, DedentError) as exc:
            diag, line = _error_diag(exc, Source(source.path, text))
            diags.append(diag)
            if len(diags) >= MAX_ERRORS:
                return A.SpecFile(source.path), diags
            start, end = _decl_bounds(lines, min(max(line, 1), len(lines)))
            if all(not lines[i].strip() for i in range(start, end)):
                return A.SpecFile(source.path), diags  # nothing left to blank: give up
            lines = lines[:start] + [""] * (end - start) + lines[end:]
            continue
        return AstBuilder(source.path).file(tree), diags
    return A.SpecFile(source.path), diags


def parse_file(path: str | Path, display: str | None = None) -> tuple[Source | None, A.SpecFile, list[Diagnostic]]:
    shown = display or str(path)
    try:
        source = load(path, shown)
    except TooLarge as exc:
        sp = Span(shown, 1, 1, 1, 2)
        return None, A.SpecFile(shown), [Diagnostic("SGS005", str(exc), sp,
                                                     hint="split it into several .sgs files")]
    except SourceError as exc:
        sp = Span(shown, exc.line, exc.column, exc.line, exc.column + 1)
        return None, A.SpecFile(shown), [Diagnostic("SGS001", str(exc), sp)]
    spec, diags = parse_source(source)
    return source, spec, diags


def parse_buffer(text: str, display: str) -> tuple[Source, A.SpecFile, list[Diagnostic]]:
    """Parse a file's text as an editor holds it (already decoded): normalised as load() does,
    within the same size limit."""
    if len(text) > MAX_SPEC_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_SPEC_BYTES:
        sp = Span(display, 1, 1, 1, 2)
        return Source(display, ""), A.SpecFile(display), [Diagnostic(
            "SGS005", f"this .sgs file is larger than {MAX_SPEC_BYTES:,} bytes, the limit for a .sgs file",
            sp, hint="split it into several .sgs files")]
    source = Source(display, normalise(text))
    spec, diags = parse_source(source)
    return source, spec, diags
