"""A value of no argument an operation's or a called program's arguments name more than once, read
once before the instruction (docs/performance.md, step 144d; compiler.emit._value_once): 预使用's
`从选择此牌对应的实体牌的范围中选择此牌对应的实体牌` asked resolving.this_card twice per run. A value's
call reads and asks nothing (compiler.emit.value_args' contract), so both answers are the same;
only when nothing evaluated before its first place would run after it. The seeded games'
fingerprint holds the compiled units to the pure ones."""
from compiler import emit, ir

W = "t.sgs:1:1"
THIS = ir.PrimCall("this_card", ())
OTHER = ir.PrimCall("zz_val", (ir.Const(1),))


def _lines(ins) -> list[str]:
    prog = ir.Program(id=0, name="测试", kind="event", params=[], nslots=2, code=[ins, ir.Return(W)],
                      where=W)
    return [line for _, body in emit.program_code(prog) for line in body]


def test_an_operations_value_named_twice_is_read_once(names):
    lines = _lines(ir.Do(ir.PrimCall("zz_op", (ir.SlotRef(0, "甲"), THIS, THIS)), W))
    assert lines[0] == "dup = this_card_in(g, f)", lines   # (in place: step 261a)
    assert lines[1] == "st = _st(P.zz_op(g, f, True, s[0], dup, dup))", lines


def test_a_called_programs_value_named_twice_is_read_once(names):
    lines = _lines(ir.Call(7, "子流程", (THIS, THIS), W))
    assert lines[0] == "dup = this_card_in(g, f)", lines   # (in place: step 261a)
    assert lines[1].startswith("st = Flow.call2(g, f, ") and lines[1].endswith(", dup, dup)"), lines


def test_not_once_when_something_evaluated_comes_first_or_it_is_named_once(names):
    for args in ((OTHER, THIS, THIS), (THIS, ir.SlotRef(0, "甲")), (OTHER, OTHER)):
        lines = _lines(ir.Do(ir.PrimCall("zz_op", args), W))
        assert not any(line.startswith("dup = ") for line in lines), (args, lines)
        assert "dup" not in lines[0], lines
