"""The parser's own tree builder (compiler.parser.Node) gives every node the positions Lark's
``propagate_positions=True`` gives it: the spans of every error caret come from them.

Every bundled .sgs file (and every example in docs/) is parsed by the reference Lark
configuration and by ours, and the two trees are compared node by node: the same shape, the
same tokens, the same positions. If Lark changes how it calls its tree builder (we replace its
callbacks: compiler.parser._install_tree_builder), these tests fail.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from lark.indenter import DedentError

from compiler.build_ast import AstBuilder
from compiler.parser import GRAMMAR_PATH, BlockIndenter, Node, _node_builder, get_parser
from compiler.source import normalise

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = ("line", "column", "start_pos", "end_line", "end_column", "end_pos")


@lru_cache(maxsize=1)
def reference() -> Lark:
    """The parser as Lark builds it with position propagation (the grammar and options of
    compiler.parser.get_parser, Lark's own tree builder)."""
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                postlex=BlockIndenter(), strict=True, propagate_positions=True,
                maybe_placeholders=False)


def texts() -> list[tuple[str, str]]:
    out = [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
           for p in sorted(ROOT.glob("specs/**/*.sgs")) + sorted(ROOT.glob("tests/**/*.sgs"))]
    for md in sorted(ROOT.glob("docs/**/*.md")):   # the examples, the bad ones included
        blocks = re.findall(r"```[a-z]*\n(.*?)```", md.read_text(encoding="utf-8"), re.S)
        out += [(f"{md.relative_to(ROOT)}#{i}", b) for i, b in enumerate(blocks)]
    return [(name, normalise(t) if normalise(t).endswith("\n") else normalise(t) + "\n")
            for name, t in out]


def assert_same(ref, fast, where: str):
    if isinstance(ref, Token):
        assert isinstance(fast, Token) and fast.type == ref.type and str(fast) == str(ref), where
        assert [getattr(fast, a) for a in POSITIONS] == [getattr(ref, a) for a in POSITIONS], where
        return
    assert isinstance(ref, Tree), where
    assert type(fast) is Node and fast.data == ref.data, where
    assert len(fast.children) == len(ref.children), (where, ref.data)
    want, got = ref.meta, fast.meta
    assert got.empty == want.empty, (where, ref.data)
    if not want.empty:
        for a in POSITIONS:
            assert getattr(got, a) == getattr(want, a), (where, ref.data, a)
            assert getattr(got, "container_" + a) == getattr(want, "container_" + a), (where, ref.data, a)
    for r, f in zip(ref.children, fast.children):
        assert_same(r, f, where)


def test_every_node_has_the_positions_lark_propagates():
    parsed = failed = 0
    for name, text in texts():
        try:
            want = reference().parse(text)
        except (UnexpectedInput, DedentError) as exc:   # the same error, at the same place
            with pytest.raises(type(exc)) as got:
                get_parser().parse(text)
            assert str(got.value) == str(exc), name
            failed += 1
            continue
        assert_same(want, get_parser().parse(text), name)
        parsed += 1
    assert parsed > 150 and failed > 100   # the specs and examples, the broken examples


def test_the_spans_build_ast_reads_are_the_nodes_positions():
    builder = AstBuilder("x.sgs")
    seen = 0
    for name, text in texts():
        if not name.startswith("specs/"):
            continue
        for node in get_parser().parse(text).iter_subtrees():
            m, sp = node.meta, builder.tree_span(node)
            assert (sp.line, sp.column, sp.end_line, sp.end_column) == (m.line, m.column, m.end_line, m.end_column)
            seen += 1
    assert seen > 10000


def test_a_file_of_nothing_but_blank_lines_and_comments():
    for text in ("\n", "# only a comment\n\n", "\n\n  \n"):
        want, got = reference().parse(text), get_parser().parse(text)
        assert_same(want, got, repr(text))
        assert AstBuilder("x.sgs").tree_span(got).line == (1 if got.meta.empty else got.meta.line)


def test_the_parser_builds_our_nodes():
    """Fails loudly if Lark stops calling the callbacks we installed (a new Lark version)."""
    tree = get_parser().parse("类型 角色\n")
    assert type(tree) is Node and type(tree.children[0]) is Node
    assert tree.children[0].first.type == "__ANON_3" or tree.children[0].first == "类型"


def test_a_rule_the_builder_cannot_keep_exactly_is_refused():
    """A ?rule of several symbols has two spans in Lark (its own and its container's): the
    builder refuses it rather than give one of them silently."""
    parser = Lark('start: x\n?x: "(" A ")"\nA: "a"\n', parser="lalr")
    rule = next(r for r in parser.rules if r.origin.name == "x")
    with pytest.raises(NotImplementedError, match="several symbols"):
        _node_builder(rule)
