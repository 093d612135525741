"""A status rule whose program is one operation, every argument read without a frame, is passed
to the runtime as that operation and its arguments' readings (compiler.emit.direct_ops,
docs/decisions/0041): derived from the IR, never from a rule's name, and written as a literal.
tests/runtime/test_direct_rules.py checks that the runtime answers with it as the program does."""
import ast
from types import SimpleNamespace

from compiler import emit, ir
from compiler.build import generate
from compiler.rulebooks import DEFAULT


def _call(name, *args):
    return ir.PrimCall(name, tuple(args))


def _prog(pid, *code):
    return ir.Program(pid, f"p{pid}", "skill", [], 0, list(code), "x.sgs:1")


def _do(call, optional=False):
    return ir.Do(call, "x.sgs:1", optional=optional)


def _direct(*progs):
    return emit.direct_ops(SimpleNamespace(programs=list(progs)))


END = ir.Return("x.sgs:1")
SHA = ir.Ref("card", 3, "杀")


def test_one_operation_with_frameless_arguments():
    horse = _prog(1, _do(_call("distance_minus", _call("owner"), _call("other_characters"), ir.Const(1))), END)
    limit = _prog(2, _do(_call("use_limit_in_play_phase", ir.Implied(), SHA, ir.Const(1))), END)
    qicai = _prog(3, _do(_call("no_distance_limit", _call("owner"), _call("trick"))), END)
    got = _direct(horse, limit, qicai)
    # 其他角色 and 锦囊牌 are constant primitives: their values, as generated code writes them
    assert got[1] == ("distance_minus", (("owner",), ("value", -3), ("value", 1)))
    assert got[2] == ("use_limit_in_play_phase", (("owner",), ("card", "杀"), ("value", 1)))
    assert got[3] == ("no_distance_limit", (("owner",), ("value", "锦囊牌")))


def test_other_programs_keep_their_frame():
    progs = [
        # an argument read on the frame: 此牌, a slot, a call with arguments
        _prog(1, _do(_call("kind_of", _call("this_card"), SHA)), END),
        _prog(2, _do(_call("distance_plus", ir.SlotRef(0, "甲"), _call("owner"), ir.Const(1))), END),
        _prog(3, _do(_call("hand_limit_plus", _call("owner"), _call("hp", _call("owner")))), END),
        # two operations, a condition before it, an optional one (可: asked first), a term's call
        _prog(4, _do(_call("hand_limit_plus", _call("owner"), ir.Const(1))),
              _do(_call("hand_limit_plus", _call("owner"), ir.Const(1))), END),
        _prog(5, ir.JumpUnless(_call("is_dead", _call("owner")), 2, "x.sgs:1"),
              _do(_call("hand_limit_plus", _call("owner"), ir.Const(1))), END),
        _prog(6, _do(_call("hand_limit_plus", _call("owner"), ir.Const(1)), optional=True), END),
        _prog(7, ir.Call(1, "p1", (), "x.sgs:1"), END),
        # a control name is never an answer
        _prog(8, _do(_call("add_lasting", ir.Ref("program", 1, "p1"))), END),
    ]
    assert _direct(*progs) == {}


def test_a_name_is_written_as_a_literal():
    """Specs are untrusted: a card's name reaches the registration only as a string literal."""
    evil = "杀')), __import__('os').system('x'), (('"
    got = _direct(_prog(1, _do(_call("cannot_use", _call("owner"), ir.Ref("card", 9, evil))), END))
    text = emit.py_value(got[1])
    assert ast.literal_eval(text) == ("cannot_use", (("owner",), ("card", evil)))


def test_the_generated_registration_passes_the_one_operation():
    outputs, _ = generate(DEFAULT)
    cards = next(o.text for o in outputs if o.path.name == "identity_cards.py")
    lines = cards.splitlines()
    at = next(k for k, line in enumerate(lines) if "P.register_skill(rs, '赤兔'" in line)
    assert lines[at + 3].strip() == "direct=('distance_minus', (('owner',), ('value', -3), ('value', 1))))"
    sha = next(line for line in lines if "'卡牌 【杀】额外说明1'" in line and "'status'" in line)
    assert "('use_limit_in_play_phase', (('owner',), ('card', '杀'), ('value', 1)))" in sha
    # 此牌是一种【杀】 reads 此牌 on its frame: no one operation passed
    huo = next(line for line in lines if "'卡牌 【火杀】额外说明1'" in line and "'status'" in line)
    assert huo.rstrip().endswith("('kind_of',), None), )),")
