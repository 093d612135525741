"""Lark front end: source text -> parse tree, with the indentation post-lexer.

The grammar lives in grammar/sgs.lark (data, not code). The parser is built once per
process (LALR + contextual lexer, strict: no conflicts, no terminal collisions).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lark import Lark, Tree
from lark.indenter import Indenter

GRAMMAR_PATH = Path(__file__).resolve().parent.parent / "grammar" / "sgs.lark"


class BlockIndenter(Indenter):
    """Turns leading spaces into _INDENT/_DEDENT tokens (blocks of flows, generals …)."""

    NL_type = "_NL"
    OPEN_PAREN_types: list[str] = []
    CLOSE_PAREN_types: list[str] = []
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


@lru_cache(maxsize=1)
def get_parser() -> Lark:
    return Lark(
        GRAMMAR_PATH.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        postlex=BlockIndenter(),
        strict=True,
        propagate_positions=True,
        maybe_placeholders=False,
        cache=True,  # a pickled parser in the temp dir, keyed by the grammar's hash
    )


# The parse trees of the texts parsed last, by text: `sgs check` reads every rulebook, and the
# rulebooks share most files (cards, generals, common terms), each parsed once a run. A tree is
# never changed after parsing (compiler.build_ast reads it into a new AST each time).
_TREES: dict[str, Tree] = {}
_TREES_BUDGET = 4 << 20   # characters of text whose trees are kept (the bundled specs: ~0.25 M)


def parse_text(text: str) -> Tree:
    """Parse normalised .sgs text (see compiler.source.normalise). Raises lark errors."""
    if not text.endswith("\n"):
        text += "\n"
    tree = _TREES.get(text)
    if tree is None:
        tree = get_parser().parse(text)
        kept = sum(map(len, _TREES))
        while _TREES and kept + len(text) > _TREES_BUDGET:   # the oldest go first
            kept -= len(_TREES.pop(next(iter(_TREES))))
        if len(text) <= _TREES_BUDGET:
            _TREES[text] = tree
    return tree


def forget_trees():
    """Parse everything afresh from now on (the benchmark measures cold parses)."""
    _TREES.clear()
