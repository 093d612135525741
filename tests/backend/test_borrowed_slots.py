"""A program's slots read borrowed (docs/performance.md step 116a; compiler.emit.value_args): the
units write `cython.cast(object, _slot(s, i))` — compiled, the list's item passed as it is
(flow.pxd's slot_borrowed), where Cython's `s[i]` took a reference and dropped it around the call.
Sound only where nothing writes the slot while the callee runs, which the emitted text of every
rulebook shows here (parsed with ast):

* a borrowed read is an argument of a value's call (no `strict` argument: not an operation, which
  may run skills that rewrite an event's fields) or of a program's call (call1..call3, call), never
  of fire (its subject: _first_timing writes the event's slots first) nor of put_slot;
* every other argument of that call is simple (a slot, a constant, 你, an id) or a value's call
  (step 282b): what runs between the read and the call writes nothing either (no operation, no
  fire, no program's call among them);
* only a program's function reads so: a condition's or a reading's (a probe frame, which a nested
  test of the same skill writes again) has none;
* the move flow's program borrows its moved card at each of its tests (since step 247a from its
  loop's C local ``var_6``, which its items tuple holds: programflow.loop_vars; any call may take
  it, an operation's or fire's too: nothing but the function writes that local or its items)."""
from __future__ import annotations

import ast
import re

import pytest

from compiler.emit import INLINED, render_rulebook
from compiler.lower import Lowerer
from compiler.programflow import borrows_slots
from compiler.project import load_project
from compiler.rulebooks import RULEBOOKS


@pytest.fixture(scope="module", params=[rb.key for rb in RULEBOOKS])
def texts(request):
    rb = [r for r in RULEBOOKS if r.key == request.param][0]
    proj = load_project(rulebook=rb)
    assert proj.errors == []
    return render_rulebook(Lowerer(proj.checker, rb.key, "0" * 16).run())[0]


def _is_borrowed(node) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "cast" and len(node.args) == 2
            and isinstance(node.args[1], ast.Call) and isinstance(node.args[1].func, ast.Name)
            and node.args[1].func.id == "_slot")


def _is_table_read(node) -> bool:
    """``cython.cast(object, _idbox(ids, k, _NIDS))`` or ``…_intbox(f.owner)``: a C read of the
    unit's tables (core/prims/idtable.pxd), as simple as ids[k] and f.owner."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "cast" and len(node.args) == 2
            and isinstance(node.args[1], ast.Call) and isinstance(node.args[1].func, ast.Name)
            and node.args[1].func.id in ("_idbox", "_intbox"))


def _is_var(node) -> bool:
    """``cython.cast(object, var_N)``: a loop's variable in its C local (step 247a)."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "cast" and len(node.args) == 2
            and isinstance(node.args[1], ast.Name) and node.args[1].id.startswith("var_"))


def _simple(node) -> bool:
    if _is_borrowed(node) or _is_table_read(node) or _is_var(node) or \
            isinstance(node, (ast.Constant, ast.Name)):
        return True
    if isinstance(node, ast.UnaryOp) and isinstance(node.operand, ast.Constant):
        return True   # -1
    if isinstance(node, ast.Subscript):   # s[i], ids[k]
        return isinstance(node.value, ast.Name) and node.value.id in ("s", "ids")
    if isinstance(node, ast.Tuple):
        return all(_simple(e) for e in node.elts)
    if isinstance(node, ast.Call) and _name(node) == "cast" and len(node.args) == 2 and \
            isinstance(node.args[1], ast.Call) and \
            _name(node.args[1]).startswith("moving_cards_ref"):
        return True   # 此次移动的牌 borrowed (emit.BORROWED_FORM), read as simply
    return isinstance(node, ast.Attribute) and node.attr == "owner"   # f.owner


def _value(node) -> bool:
    """A simple argument, or an expression of values' calls only (step 282b): no operation's (a
    strict flag, True/False, after g and f), no fire, no program's call, no put_slot."""
    if _simple(node):
        return True
    for n in ast.walk(node):
        if isinstance(n, ast.Call):
            if _name(n) in ("fire", "put_slot", "_st", "call", "call1", "call2", "call3", "call4"):
                return False
            if len(n.args) > 2 and isinstance(n.args[2], ast.Constant) and \
                    isinstance(n.args[2].value, bool):
                return False
    return True


def _args(call: ast.Call) -> list:
    """A call's arguments, the items of a program's call's tuple among them (call's tuple takes
    its references: Flow.call(g, f, ids[k], (…)))."""
    out = []
    for a in call.args:
        out += a.elts if isinstance(a, ast.Tuple) and _name(call) == "call" else [a]
    return out


def _name(call: ast.Call) -> str:
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")


def test_a_borrowed_read_is_an_argument_of_a_values_or_a_programs_call(texts):
    borrowed = mixed = 0
    for path, text in texts.items():
        tree = ast.parse(text)
        for fn in tree.body:
            if not isinstance(fn, ast.FunctionDef):
                continue
            calls = [n for n in ast.walk(fn) if isinstance(n, ast.Call)]
            outers = [c for c in calls if any(_is_borrowed(a) for a in _args(c))]
            if not fn.name.startswith("prog_"):
                assert not outers, (path, fn.name)   # conditions, readings: none
                continue
            for c in outers:
                borrowed += 1
                name = _name(c)
                assert name not in ("fire", "put_slot", "_st"), (path, fn.name, name)
                # an operation's call: g, f, then its strict flag (True/False); but those of
                # borrows_slots' (step 254a: test_borrowed_slot_args.py), by their own name
                # where the unit inlines them (emit.INLINED's <name>_in, step 261)
                op = name[:-3] if name.endswith("_in") and name[:-3] in INLINED else name
                if name not in ("call", "call1", "call2", "call3", "call4") and \
                        not borrows_slots(op):
                    assert not (len(c.args) > 2 and isinstance(c.args[2], ast.Constant)
                                and isinstance(c.args[2].value, bool)), (path, fn.name, name)
                assert all(_value(a) for a in _args(c)), (path, fn.name, ast.unparse(c))
                mixed += not all(_simple(a) for a in _args(c))
            # every borrowed read is some call's argument (the walk above saw it)
            n = sum(1 for node in ast.walk(fn) if _is_borrowed(node))
            assert n == sum(sum(1 for a in _args(c) if _is_borrowed(a)) for c in outers)
    assert borrowed > 50
    assert mixed > 0   # a slot borrowed beside a value's call (step 282b)


def test_the_move_flow_borrows_its_moved_card(texts):
    if "identity_flows" not in texts:
        pytest.skip("the identity rulebook's move flow is read")
    for path, text in texts.items():
        m = re.search(r"# ---- 事件 移动 .*?\ndef (prog_\w+)\(.*?\n    return st\n", text, re.S)
        if m:
            body = m.group(0)
            # (its kind test takes the move's test made once, mv: decision 0204)
            assert "move_destination_kind_is_mv(g, f, mv, cython.cast(object, var_6), " in body
            assert "virtual_card_of(g, f, cython.cast(object, var_6))" in body
            # move_cards' arguments borrowed (borrows_slots, step 254a)
            assert "Moves.move_cards(g, f, True, cython.cast(object, _slot(s, 0)), " in body
            return
    pytest.skip("no move flow in this rulebook's units")
