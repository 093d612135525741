"""compiler.nesting.clauses_of walks only the AST fields that may hold a node: the fields it
skips by their declared type (nesting._LEAF_TYPES) hold none in any checked rulebook, and it
finds every clause a walk of every field finds."""
from __future__ import annotations

import pytest

from compiler import ast as A
from compiler import nesting
from compiler.project import load_project
from compiler.rulebooks import RULEBOOKS


def every_node(decl):
    """Every AST node under ``decl``, walking every field of every node."""
    out, todo = [], [decl]
    while todo:
        x = todo.pop()
        if isinstance(x, (list, tuple)):
            todo.extend(x)
        elif type(x).__module__ == A.__name__ and hasattr(x, "__dataclass_fields__"):
            out.append(x)
            todo.extend(getattr(x, name) for name in x.__dataclass_fields__)
    return out


@pytest.mark.parametrize("rulebook", RULEBOOKS, ids=lambda rb: rb.key)
def test_the_walk_skips_no_node_and_misses_no_clause(rulebook):
    proj = load_project(rulebook=rulebook)
    clauses = 0
    for decl in proj.checker.all_decls():
        nodes = every_node(decl)
        for node in nodes:
            walked = nesting._ast_fields(type(node))
            for name in node.__dataclass_fields__:
                if name not in walked:
                    v = getattr(node, name)
                    assert not isinstance(v, list) and type(v).__module__ != A.__name__, \
                        (type(node).__name__, name)
        want = [id(n) for n in nodes if isinstance(n, (A.Clause, A.Choice))]
        got = [id(n) for n in nesting.clauses_of(decl)]
        assert sorted(got) == sorted(want)
        clauses += len(got)
    assert clauses > 500


def test_a_check_leaves_no_reference_cycle():
    """load_project pauses the cyclic garbage collector (compiler.project.collector_paused):
    what a check allocates is freed by reference counting alone."""
    import gc

    load_project()   # the first check builds the parser and the primitives' table, once
    gc.collect()
    gc.disable()
    try:
        for rulebook in RULEBOOKS:
            proj = load_project(rulebook=rulebook)
            assert proj.errors == []
        del proj
        assert gc.collect() == 0
    finally:
        gc.enable()
    assert gc.isenabled()
