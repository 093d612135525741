"""The operations that do nothing but say they were executed (compiler.primitives
.noop_operations: an alias of a function whose whole body is `return _done(f, True)`), which
generated code writes as the verdict alone (compiler.emit, docs/performance.md step 20): each
one the compiler finds is, in the runtime, an operation that returns 0, marks its frame executed
and reads no game — so writing the verdict in place of the call cannot change a game.
Compiled when `sgs build` ran, else pure."""
from compiler import emit, ir
from compiler.primitives import noop_operations
from core import engine as E
from core import prims as P


def test_every_noop_is_an_executed_operation_that_reads_nothing():
    noops = noop_operations()
    # the turn's window and the damage records, which the six games of `sgs bench --what
    # instructions` run ~800 times, are among them
    assert {"open_turn_window", "close_turn_window", "record_caused_damage",
            "record_received_damage", "clear_card_history"} <= noops
    for name in sorted(noops):
        f = E.Frame(0, 0)
        f.flags |= P.F_NOTEXEC
        # no game: an operation that read or changed one would fail here
        assert getattr(P, name)(None, f, True, 0, 1) == 0, name
        assert not f.flags & P.F_NOTEXEC, name


def test_generated_code_writes_the_verdict():
    lines = emit._instr_lines(ir.Do(ir.PrimCall("open_turn_window", (ir.SlotRef(0, "甲"),)), "x.sgs:1:1"), 4)
    assert lines == ["Base._done(f, True)", "pc = 5"]
    # an operation that is not a no-op is still called, and may suspend
    lines = emit._instr_lines(ir.Do(ir.PrimCall("draw", (ir.SlotRef(0, "甲"), ir.Const(2))), "x.sgs:1:1"), 4)
    assert lines[0].endswith("draw(g, f, True, s[0], 2)") and "if st:" in lines


def test_only_a_body_that_is_the_verdict_alone_is_a_noop(tmp_path):
    (tmp_path / "room.py").write_text(
        "def _noop(g, f, strict, /, *args):\n"
        "    \"\"\"Nothing.\"\"\"\n"
        "    return _done(f, True)\n"
        "def _logs(g, f, strict, /, *args):\n"
        "    g.log_event({})\n"
        "    return _done(f, True)\n"
        "def _fails(g, f, strict, /, *args):\n"
        "    return _done(f, False)\n"
        "for _n in ('a', 'b'):\n"
        "    alias(_n, _noop, globals())\n"
        "alias('c', _logs, globals())\n"
        "alias('d', _fails, globals())\n"
        "alias('e', _noop, globals())\n", encoding="utf-8")
    assert noop_operations(tmp_path) == {"a", "b", "e"}
