"""此次移动的牌 read once a run (docs/performance.md, step 216a; docs/decisions/0212): a loop start
over _items(此次移动的牌) reads the move's scratch only when its C flag kept_<slot> is not set; the
flag is set by that read, cleared at a run's start, when the items local is set to other items and
after every instruction that may write a frame's X_CARDS (an operation outside
programflow.KEEP_CARDS, a program's call). KEEP_CARDS's soundness is held here to
compiler/corescan.py's scan of core/'s source: no operation of it, nor fire, reaches a write of
X_CARDS or a run of another frame (the played games' check is
tests/runtime/test_moving_cards_kept_games.py)."""
import ast

from compiler import corescan, emit, ir, programflow
from tests.runtime.seeded_games import ROOT

W = "t.sgs:1:1"


# ---- the scan of core/ (compiler/corescan.py): which functions write X_CARDS -------------------


def test_the_scan_finds_the_writers():
    g = corescan.core_graph()
    # the operations that choose or set 此次移动的牌, the helpers' verdicts, a program's call
    assert {"choose_move_cards", "_set_moving", "_move", "put_face_down", "look_at", "show_cards",
            "_copy_verdict", "call", "_call_args"} <= g.card_writers, sorted(g.card_writers)
    assert corescan.path_to_writer(g.calls, g.card_writers, "choose_move_cards") == \
        ["choose_move_cards"]


def test_what_counts_as_a_write_of_the_moving_cards():
    def writes(src):
        return corescan.writes_moving_cards(ast.parse(src).body[0])
    assert writes("def w(f, x):\n    f.slots[X_CARDS] = x")
    assert writes("def w(f, x):\n    put_slot(f.slots, X_CARDS, x)")
    assert writes("def w(g):\n    run_pushed(g)")
    assert not writes("def r(f):\n    return f.slots[X_CARDS]")
    assert not writes("def w(f, x):\n    f.slots[X_TO] = x")   # another slot


def test_the_kept_operations_and_fire_write_no_moving_cards():
    g = corescan.core_graph()
    for name in sorted(programflow.KEEP_CARDS | {"fire"}):
        assert name in g.calls, name   # a function core defines
        path = corescan.path_to_writer(g.calls, g.card_writers, name)
        assert path is None, path


# ---- the emitter -----------------------------------------------------------------------------


def _moving_items():
    return ir.PrimCall("_items", (ir.PrimCall("moving_cards", ()),))


def _loop(at, then):
    """循环 甲 取遍 此次移动的牌 at state ``at`` (items slot 1, index 2, item 3), its body an
    operation on 甲 (suspends), then state ``then``."""
    return [ir.Set(1, _moving_items(), W),                                   # at
            ir.Set(2, ir.Const(0), W),                                       # at + 1
            ir.Next(1, 2, 3, then, W),                                       # at + 2
            ir.Do(ir.PrimCall("clear_card_history", (ir.SlotRef(3, "甲"),)), W),   # at + 3
            ir.Jump(at + 2, W)]                                              # at + 4


def _program():
    code = [*_loop(0, 5),                                                    # 0-4
            ir.Do(ir.PrimCall("move_cards", (ir.SlotRef(0, "甲"), ir.PrimCall("moving_cards", ()))), W),
            *_loop(6, 11),                                                   # 6-10: kept
            ir.Do(ir.PrimCall("choose_move_cards", (ir.SlotRef(0, "甲"), ir.SlotRef(3, "乙"),
                                                    ir.Const(1))), W),       # 11: may write
            *_loop(12, 17),                                                  # 12-16: read again
            ir.Set(1, ir.PrimCall("_items", (ir.PrimCall("alive_roles", ()),)), W),   # 17
            ir.Return(W)]                                                    # 18
    return ir.Program(id=0, name="测试", kind="event", params=[], nslots=4, code=code, where=W)


def _states(prog):
    return {n: [str(line) for line in lines] for n, lines in emit.program_code(prog)}


def test_a_loop_start_reads_the_moving_cards_unless_kept():
    prog = _program()
    assert programflow.kept_slots(prog) == (1,)
    read = "items_1 = _items_in(g, f, cython.cast(object, moving_cards_ref_mv(g, f, mv)))"
    guard = ["if not kept_1:", f"    {read}", "    kept_1 = True"]
    states = _states(prog)
    for n in (0, 6, 12):   # each start: the read under its flag
        body = states.get(n) or next(b for b in states.values() if b[:3] == guard)
        assert body[:3] == guard, (n, body)
    text = "\n".join(line for body in states.values() for line in body)
    assert text.count("if not kept_1:") >= 3 and read not in text.replace(f"    {read}", "")
    # what may write X_CARDS clears the flag when it goes on (not when it suspends); a kept
    # operation does not
    (after,) = [body for n, body in states.items() if "choose_move_cards" in "".join(body)]
    k = after.index("    break")
    assert after[k + 1] == "kept_1 = False", after
    for name in ("move_cards", "clear_card_history"):
        for body in states.values():
            for i, line in enumerate(body):
                if f".{name}(g, f" in line:
                    assert "kept_1 = False" not in body[i:i + 8], body
    # other items in the slot: the flag cleared
    (other,) = [body for body in states.values() for line in body if "alive_roles" in line]
    assert other[other.index(next(x for x in other if "alive_roles" in x)) + 1] == "kept_1 = False"


def test_a_run_starts_with_no_items_kept():
    prog = _program()
    load = [str(line) for line in emit.loop_load(prog)]
    assert load[-1] == "kept_1 = False" and not load[-1].startswith(" ")   # resuming or not
    assert ", kept_1=cython.bint" in str(emit.program_locals(prog))


def test_a_program_of_no_such_loop_has_no_flag():
    code = [ir.Set(1, ir.PrimCall("_items", (ir.PrimCall("alive_roles", ()),)), W),
            ir.Set(2, ir.Const(0), W), ir.Next(1, 2, 3, 5, W),
            ir.Do(ir.PrimCall("zz_op", (ir.SlotRef(3, "甲"),)), W), ir.Jump(2, W), ir.Return(W)]
    prog = ir.Program(id=0, name="测试", kind="event", params=[], nslots=4, code=code, where=W)
    assert programflow.kept_slots(prog) == ()
    text = "\n".join(line for body in _states(prog).values() for line in body)
    assert "kept_" not in text and "kept_" not in str(emit.program_locals(prog))


def test_a_call_and_an_unkept_operation_may_write_a_timing_does_not():
    do = lambda name: ir.Do(ir.PrimCall(name, ()), W)   # noqa: E731
    assert all(programflow.keeps_cards(do(n)) for n in programflow.KEEP_CARDS)
    assert not programflow.keeps_cards(do("choose_move_cards"))
    assert not programflow.keeps_cards(ir.Call(0, "p", (), W))
    assert programflow.keeps_cards(ir.Fire(ir.Ref("timing", 0, "t"), None, W))


def test_the_units_read_moving_items_under_their_flag():
    reads = 0
    for unit in sorted((ROOT / "generated").glob("*.py")):
        lines = unit.read_text(encoding="utf-8").splitlines()
        for k, line in enumerate(lines):
            if "_items_in(g, f, cython.cast(object, moving_cards_ref" in line:
                reads += 1
                slot = line.split("items_", 1)[1].split(" ", 1)[0]
                assert lines[k - 1].strip() == f"if not kept_{slot}:", (unit.name, k)
                assert lines[k + 1].strip() == f"kept_{slot} = True", (unit.name, k)
    assert reads >= 10


def test_the_move_flow_reads_its_cards_once_a_run():
    text = (ROOT / "generated" / "identity_flows.py").read_text(encoding="utf-8")
    start = text.index("def prog_", text.index("# ---- 事件 移动  ("))
    body = text[start:text.index("\n\n\n", start)]
    assert "    kept_4 = False\n" in body and ", kept_4=cython.bint" in text
    # its five loops over 此次移动的牌 (and their copies after a suspension)
    reads = body.count("_items_in(g, f, cython.cast(object, moving_cards_ref_mv(g, f, mv)))")
    assert reads == body.count("if not kept_4:") >= 5, reads


# ---- 此次移动的牌 passed borrowed to an operation of KEEP_CARDS (step 216b) ------------------------


def _do_code(name):
    prog = ir.Program(id=0, name="测试", kind="event", params=[], nslots=4, where=W, code=[
        ir.Do(ir.PrimCall(name, (ir.SlotRef(0, "甲"), ir.PrimCall("moving_cards", ()))), W),
        ir.Return(W)])
    return "\n".join(line for _, body in emit.program_code(prog) for line in body)


def test_a_kept_operation_takes_the_moving_cards_borrowed():
    # the scratch holds them while it runs: it writes no X_CARDS (the scan above)
    for name in ("move_cards", "set_keep_zone"):
        code = _do_code(name)
        assert f"{emit.prim_ref(name)}(g, f, True, cython.cast(object, _slot(s, 0)), " \
               "cython.cast(object, moving_cards_ref_mv(g, f, mv)))" in code, code
    # an operation that may write them takes its own reference
    text = _do_code("discard_cards")
    assert "moving_cards_ref" not in text and "moving_cards_mv(g, f, mv))" in text, text


def test_the_move_flow_passes_its_cards_borrowed():
    text = (ROOT / "generated" / "identity_flows.py").read_text(encoding="utf-8")
    for name in ("Moves.move_cards", "set_keep_zone_in"):   # (inlined: step 264a)
        assert f"{name}(g, f, True, cython.cast(object, _slot(s, " in text   # (step 254a)
        for k in (0, 3):
            assert f"{name}(g, f, True, cython.cast(object, _slot(s, {k})), moving_cards_mv(" \
                not in text
