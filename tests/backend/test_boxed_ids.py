"""An id passed to an object parameter read boxed from its unit's table (docs/performance.md,
step 147b; compiler.emit.boxed_ref): compiled, ``cython.cast(object, _idbox(ids, k, _NIDS))``
passes the Python int the unit's Ids made once at link (Ids.box), where Cython boxed ``ids[k]``
at each call; a C int parameter (fire's timing, a called program) still gets ``ids[k]``. The
read and the boxing are core/prims/idtable.pxd's, one definition for every unit (step 154b). The
seeded games' fingerprint holds the compiled units (o[k] read from before v) to the pure ones."""
import re
import textwrap

from compiler import emit, ir
from tests.runtime.seeded_games import ROOT

W = "t.sgs:1:1"
NAME = ir.Ref("name", 0, "杀")


def _lines(ins) -> list[str]:
    prog = ir.Program(id=0, name="测试", kind="event", params=[], nslots=2, code=[ins, ir.Return(W)],
                      where=W)
    text = "\n".join(line for _, body in emit.program_code(prog) for line in body)
    return emit.resolve_refs(text, emit._refs).splitlines()


def test_an_id_to_an_object_parameter_is_read_boxed(names):
    assert emit.typed_params()["card_name_is"][3] == "object"
    # a room's object parameter, a Python call's (P.<name>), a called program's argument
    test = ir.PrimCall("card_name_is", (ir.SlotRef(0, "甲"), NAME))
    assert _lines(ir.Set(1, test, W))[0] == "put_slot(s, 1, Cards.card_name_is(g, f, " \
        "cython.cast(object, _slot(s, 0)), cython.cast(object, _idbox(ids, 0, _NIDS))))"
    assert _lines(ir.Set(1, ir.PrimCall("zz_val", (NAME,)), W))[0] == \
        "put_slot(s, 1, P.zz_val(g, f, cython.cast(object, _idbox(ids, 0, _NIDS))))"
    call = _lines(ir.Call(7, "子流程", (NAME, ir.SlotRef(0, "甲")), W))[0]
    # the program's id to call2's C int parameter as it is, the name's id boxed
    assert re.fullmatch(r"st = Flow\.call2\(g, f, ids\[\d\], cython\.cast\(object, _idbox\(ids, \d, _NIDS\)\), "
                        r"cython\.cast\(object, _slot\(s, 0\)\)\)", call), call


def test_an_id_to_a_c_int_parameter_stays_as_it_is(names):
    assert emit.typed_params()["fire"][2] == "int"
    fire = _lines(ir.Fire(ir.Ref("timing", 0, "t"), None, W))[0]
    assert fire == "st = Flow.fire(g, f, ids[0], -1)", fire
    assert not emit.takes_object("fire", 2) and emit.takes_object("fire", 3)
    assert emit.takes_object("zz_val", 2)   # no room declares it: a Python call


def test_the_template_reads_a_boxed_id_by_index_pure():
    """Uncompiled, the template's _idbox indexes the list and box_ids makes v's tuple."""
    text = (ROOT / "compiler" / "templates" / "unit.py.j2").read_text(encoding="utf-8")
    block = text.split("from cython.cimports.core.prims.idtable import _idbox, box_ids, _intbox\n"
                       "else:\n", 1)[1]
    ns = {}
    exec(textwrap.dedent(block.split("\n\n# @ids@", 1)[0]), ns)
    assert [ns["_idbox"]([5, 6, 7], k, 3) for k in range(3)] == [5, 6, 7]
    assert ns["box_ids"](None, [5, 6, 7], 3) == (5, 6, 7)


def test_the_read_and_the_boxing_are_one_definition():
    """idtable.pxd's macro reads o[k] from before v (k - n void pointers back); a unit's Ids
    boxes with box_ids in one line, its own table's length given."""
    pxd = (ROOT / "core" / "prims" / "idtable.pxd").read_text(encoding="utf-8")
    assert "#define sgs_idbox(ids, k, n) (((void **)(ids))[(k) - (n)])" in pxd
    assert "cdef inline tuple box_ids(void **o, int *v, int n):" in pxd
    block = emit.ids_block({("name", "杀"): "\0" + "0\0", ("name", "闪"): "\0" + "1\0"})
    assert "_NIDS = cython.declare(cython.int, 2)" in block
    assert block.rstrip().endswith("        self.boxed = box_ids(self.o, self.v, 2)")
    assert "cython.address" not in block and "range(2):\n                self.o" not in block


def test_the_units_pass_no_unboxed_id_to_a_python_call():
    boxed = 0
    for unit in sorted((ROOT / "generated").glob("*.py")):
        text = unit.read_text(encoding="utf-8")
        boxed += text.count("cython.cast(object, _idbox(ids, ")
        assert not re.search(r"\bP\.\w+\(g, f(, [^()]*)*, ids\[\d+\]", text), unit.name
        if "_idbox(ids, " in text:
            assert "    table.box()" in text, unit.name
        assert "def _idbox(ids: cython.p_int" not in text, unit.name   # the shared one only
        if "class Ids:" in text:
            n = re.search(r"_NIDS = cython.declare\(cython.int, (\d+)\)", text).group(1)
            assert f"        self.boxed = box_ids(self.o, self.v, {n})" in text, unit.name
            assert "from cython.cimports.core.prims.idtable import _idbox, box_ids" in text
    assert boxed > 300

