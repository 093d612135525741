"""The frame's owner (你) passed to an object parameter borrowed from its unit's table of small
ints (docs/performance.md, step 154c; compiler.emit.owner_ref, core/prims/idtable.pxd's _intbox):
compiled, ``cython.cast(object, _intbox(f.owner))`` where Cython boxed the C int at each call; a
C int parameter and a lambda's body keep ``f.owner``. A probe built against idtable.pxd holds
the macro to the ints themselves: the same object as the interpreter's small int, no reference
kept nor dropped by a read, an OverflowError beyond the table."""
import textwrap

import core
from compiler import emit, ir
from tests.runtime.seeded_games import ROOT, run_python

W = "t.sgs:1:1"
OWNER = "cython.cast(object, _intbox(f.owner))"


def _lines(ins) -> list[str]:
    prog = ir.Program(id=0, name="测试", kind="event", params=[], nslots=2, code=[ins, ir.Return(W)],
                      where=W)
    text = "\n".join(line for _, body in emit.program_code(prog) for line in body)
    return emit.resolve_refs(text, emit._refs).splitlines()


def test_the_owner_to_an_object_parameter_is_borrowed(names):
    assert emit.typed_params()["in_attack_range_one"][2] == "object"
    group = ir.PrimCall("alive_characters", ())
    assert _lines(ir.Set(1, ir.PrimCall("in_attack_range_one", (ir.Implied(), group)), W))[0] == \
        f"put_slot(s, 1, Roles.in_attack_range_one(g, f, {OWNER}, Roles.alive_characters(g, f)))"
    # a Python call's argument (P.<name>), a called program's
    assert _lines(ir.Set(1, ir.PrimCall("zz_val", (ir.Implied(),)), W))[0] == \
        f"put_slot(s, 1, P.zz_val(g, f, {OWNER}))"
    assert _lines(ir.Call(7, "子流程", (ir.Implied(), ir.SlotRef(0, "甲")), W))[0].endswith(
        f"{OWNER}, cython.cast(object, _slot(s, 0)))")
    # the FIRST_OF form of a card's targets (its inner filter's arguments)
    pick = ir.PrimCall("choose_one_character", (ir.PrimCall("in_attack_range_one", (ir.Implied(), group)),))
    assert OWNER in emit.targets_expr(pick)


def test_the_owner_stays_a_c_int_where_it_may(names):
    # a C int parameter (fire's timing, a called program's id; probe's owner)
    assert emit.typed_params()["fire"][2] == "int"
    assert emit.arg_codes("fire", [ir.Implied()], ["f.owner"], 2) == ["f.owner"]
    # a lambda's f is untyped: its f.owner is the Python int already
    lam = ir.Lambda(ir.PrimCall("zz_val", (ir.Implied(),)))
    assert "_intbox" not in emit.expr(lam)
    assert emit.arg_codes("zz_val", [ir.Implied()], ["f.owner"]) == [OWNER]


def test_a_skills_subject_is_the_owner_borrowed(names):
    sk = ir.Skill(id=0, name="测试技", owner="", tags=[], timings=[ir.Ref("timing", 0, "t")],
                  subject=None, condition=None, optional=False, program=7, limit=None, where=W)
    assert f"subject_matches(g, f, {OWNER})" in str(emit.skill_cond(sk))


PROBE = textwrap.dedent('''
    import cython
    if cython.compiled:
        from cython.cimports.core.prims.idtable import _intbox
    else:
        def _intbox(v, /):
            return v


    def box(v: cython.int):
        return cython.cast(object, _intbox(v))
''')

WATCH = r"""
import sys
sys.path.insert(0, sys.argv[1])
from pkg_owner_probe import probe
print(not probe.__file__.endswith('.py'))
bad = []
for v in range(-5, 257):
    refs = sys.getrefcount(v)
    probe.box(v)   # the first read: the table takes its reference, once
    if sys.getrefcount(v) != refs + 1:
        bad.append(("first", v, refs, sys.getrefcount(v)))
    refs = sys.getrefcount(v)
    for _ in range(3):
        o = probe.box(v)
        if o is not v or type(o) is not int:
            bad.append(("value", v, o))
        del o
    if sys.getrefcount(v) != refs:
        bad.append(("refcount", v, refs, sys.getrefcount(v)))
for v in (-6, 257, 10 ** 6):
    try:
        probe.box(v)
        bad.append(("no error", v))
    except OverflowError:
        pass
print(bad[:5])
"""


def test_the_table_answers_the_ints_themselves(tmp_path):
    """Built against idtable.pxd (the core compiled): each small int the interpreter's own,
    a read keeping no reference; beyond the table an OverflowError."""
    if not core.compiled():
        return
    pkg = tmp_path / "pkg_owner_probe"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "probe.py").write_text(PROBE, encoding="utf-8")
    from core.build import build_modules
    assert build_modules("pkg_owner_probe", ["probe"], opt="-O0", root=str(tmp_path)) == ["probe"]
    lines = run_python(WATCH, str(tmp_path)).strip().splitlines()
    assert lines == ["True", "[]"], lines


def test_the_units_box_the_owner_borrowed():
    uses = 0
    for unit in sorted((ROOT / "generated").glob("*.py")):
        text = unit.read_text(encoding="utf-8")
        uses += text.count(OWNER)
        assert "IDS = " not in text or "from cython.cimports.core.prims.idtable import _idbox, box_ids, _intbox" in text
    assert uses > 500
