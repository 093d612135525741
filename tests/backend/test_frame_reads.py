"""A primitive that answers a field of the frame it is asked in, written as that field's read
(docs/performance.md, step 144c; compiler.emit.FRAME_READS): 你 (roles.owner) is `f.owner`, as
the implied subject is, outside a lambda's body (whose f is untyped, where the call stays). The
seeded games' fingerprint holds the compiled units to the pure ones."""
import re

from compiler import emit, ir
from core.engine import Frame
from core.prims import roles
from tests.runtime.seeded_games import ROOT

OWNER = ir.PrimCall("owner", ())


def test_the_owner_is_read_from_the_frame():
    assert emit.FRAME_READS == {"owner": "f.owner"}
    assert emit.expr(OWNER) == emit.expr(ir.Implied()) == "f.owner"
    # an argument as simple as the implied subject: a value's slots stay borrowed beside it
    emit._BORROWING[0] = True
    try:
        code = emit.expr(ir.PrimCall("in_attack_range", (ir.SlotRef(2, "甲"), OWNER)))
    finally:
        emit._BORROWING[0] = False
    # (f.owner to an object parameter borrowed from the unit's table: compiler.emit.owner_ref)
    assert code.endswith("(g, f, cython.cast(object, _slot(s, 2)), "
                         "cython.cast(object, _intbox(f.owner)))"), code


def test_in_a_lambda_the_call_stays():
    code = emit.expr(ir.Lambda(ir.PrimCall("is_dead", (OWNER,))))
    assert "owner(g, f)" in code and "f.owner" not in code, code


def test_the_primitive_answers_the_field():
    # roles.owner's answer is its frame's owner (what the emitter writes in its place)
    for owner in (0, 3, 7):
        f = Frame(0, 0)
        f.owner = owner
        assert roles.owner(None, f) == owner


def test_the_units_ask_no_owner_outside_lambdas():
    for unit in sorted((ROOT / "generated").glob("*.py")):
        for line in unit.read_text(encoding="utf-8").splitlines():
            if re.search(r"\.owner\(g, f\)", line):
                assert "lambda g, f:" in line, (unit.name, line)
