"""Lark front end: source text -> parse tree, with the indentation post-lexer.

The grammar lives in grammar/sgs.lark (data, not code). The parser is built once per
process (LALR + contextual lexer, strict: no conflicts, no terminal collisions).

The trees are built by our own callbacks (``_install_tree_builder``), not by Lark's
``propagate_positions``: each node keeps its first and last token, from which its span is
read, exactly the positions Lark's propagation computes (tests/frontend/test_parse_spans.py
parses every bundled file both ways and compares every node).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lark import Lark, Tree
from lark.indenter import Indenter
from lark.tree import Meta

GRAMMAR_PATH = Path(__file__).resolve().parent.parent / "grammar" / "sgs.lark"


class BlockIndenter(Indenter):
    """Turns leading spaces into _INDENT/_DEDENT tokens (blocks of flows, generals …)."""

    NL_type = "_NL"
    OPEN_PAREN_types: list[str] = []
    CLOSE_PAREN_types: list[str] = []
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


class Node(Tree):
    """A parse-tree node that holds its first and last token (None, None: it covers none).

    Its span starts where ``first`` starts and ends where ``last`` ends. The tokens are those
    of the whole rule the node was reduced from, the ones the tree leaves out included
    (``（``, ``。``, _NL, _DEDENT …): what Lark's ``propagate_positions`` reads.
    """

    __slots__ = ("data", "children", "first", "last")

    def __init__(self, data, children, first=None, last=None):
        self.data = data
        self.children = children
        self.first = first
        self.last = last

    @property
    def meta(self) -> Meta:
        """The positions as Lark's Meta (for readers of Lark's API; build_ast reads first/last)."""
        m = Meta()
        b, e = self.first, self.last
        if b is not None:
            m.empty = False
            m.line = m.container_line = b.line
            m.column = m.container_column = b.column
            m.start_pos = m.container_start_pos = b.start_pos
            m.end_line = m.container_end_line = e.end_line
            m.end_column = m.container_end_column = e.end_column
            m.end_pos = m.container_end_pos = e.end_pos
        return m

    def __deepcopy__(self, memo):
        from copy import deepcopy
        return Node(self.data, deepcopy(self.children, memo), self.first, self.last)

    def copy(self) -> "Node":
        return Node(self.data, self.children, self.first, self.last)


def _edges(children) -> tuple:
    """The first and last token of a run of children, skipping nodes that cover none."""
    first = last = None
    for c in children:
        first = c.first if c.__class__ is Node else c
        if first is not None:
            break
    for c in reversed(children):
        last = c.last if c.__class__ is Node else c
        if last is not None:
            break
    return first, last


def _node_builder(rule):
    """The callback Lark calls when it reduces ``rule``: children as Lark's own tree builder
    keeps them (anonymous tokens and _NL left out, ``_rule``/``__x_plus`` helpers spliced in,
    a ``?rule`` of one child replaced by it), the node's edges from all the children."""
    opts = rule.options
    name = rule.alias or opts.template_source or rule.origin.name
    expansion = rule.expansion
    keep = [(i, not sym.is_term and sym.name.startswith("_")) for i, sym in enumerate(expansion)
            if opts.keep_all_tokens or not (sym.is_term and sym.filter_out)]
    if opts.expand1 and not rule.alias and len(expansion) != 1:
        # Lark then keeps the inner node's own span and widens only its "container" span;
        # a node here has one span: such a rule needs both (grammar/sgs.lark has none)
        raise NotImplementedError(f"parser: ?rule with several symbols: {rule}")
    if not expansion:
        return lambda children: Node(name, [])
    only = [i for i, _ in keep]
    if any(expand for _, expand in keep):
        def kept_of(children):
            kept = []
            for i, expand in keep:
                if not expand:
                    kept.append(children[i])
                elif kept:
                    kept += children[i].children
                else:   # the left-recursive helper's list, reused as Lark does
                    kept = children[i].children
            return kept
    elif len(only) < len(expansion):
        def kept_of(children):
            return [children[i] for i in only]
    else:
        kept_of = None

    if opts.expand1 and not rule.alias:
        def build(children):   # one symbol: its node (or token) itself, spans unchanged
            kept = kept_of(children) if kept_of else children
            if len(kept) == 1:
                return kept[0]
            first, last = _edges(children)
            return Node(name, kept, first, last)
        return build

    def build(children):
        c = children[0]
        first = c.first if c.__class__ is Node else c
        c = children[-1]
        last = c.last if c.__class__ is Node else c
        if first is None or last is None:
            first, last = _edges(children)
        return Node(name, kept_of(children) if kept_of else children, first, last)
    return build


def _install_tree_builder(parser: Lark) -> None:
    """Replace the callbacks Lark's tree builder made with ours (Lark 1.3 internals, pinned in
    pyproject.toml: the parser calls ``callbacks[rule](children)`` from the dict ``_callbacks``
    it was built with; tests/frontend/test_parse_spans.py fails if that changes)."""
    if parser.options.maybe_placeholders or parser.options.parser != "lalr":
        raise NotImplementedError("parser: the tree builder keeps LALR trees without placeholders")
    callbacks = parser._callbacks
    rules = [r for r in callbacks if not isinstance(r, str)]
    if len(rules) != len(parser.rules):
        raise RuntimeError("parser: Lark's callbacks are not one per rule (Lark changed?)")
    for rule in rules:
        callbacks[rule] = _node_builder(rule)


@lru_cache(maxsize=1)
def get_parser() -> Lark:
    parser = Lark(
        GRAMMAR_PATH.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        postlex=BlockIndenter(),
        strict=True,
        propagate_positions=False,   # ours: Node.first/last (see _install_tree_builder)
        maybe_placeholders=False,
        cache=True,  # a pickled parser in the temp dir, keyed by the grammar's hash
    )
    _install_tree_builder(parser)
    return parser


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
