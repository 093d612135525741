"""A loop whose body runs only when its card's origin is of a kind (docs/performance.md, step 286a;
docs/decisions/0311): the move flow's 若甲的原区域为处理区… and 若甲的原区域为弃牌堆 loops read the
kinds of every item's origin once a run (core/prims/movedkind.pxd's move_origin_kinds_mv, into
the C local okinds_<items slot>, 0 until read) and start at their end when no item's origin has
the kind. Held here: the emitter's shape (which loops, where the kinds are forgotten), the scan
of core/ that no operation of programflow.KEEP_ORIGINS nor fire writes a move's X_JCARD, and the
compiled reader's bits against zones.move_origin_kind_is at the seeded games' moves and on records
of other shapes (pure and as built)."""
import textwrap

from compiler import corescan, emit, ir, programflow

from tests.runtime.seeded_games import (MOVE_RECORD_CARDS, ROOT, probe_runs, probe_watch,
                                        run_python)

W = "t.sgs:1:1"


def _call(name, *args):
    return ir.PrimCall(name, tuple(args))


def _origin_is(slot, zone):
    return _call("eq", _call("move_origin", ir.SlotRef(slot, "甲")), _call(zone))


def _loop(at, then, cond, body=None):
    """循环 甲 取遍 此次移动的牌 at state ``at`` (items slot 1, index 2, item 3): its body the test
    ``cond`` (its false jump back to the step) and an operation on 甲, then state ``then``."""
    ops = body if body is not None else [
        ir.Do(_call("clear_card_history", ir.SlotRef(3, "甲")), W)]
    return [ir.Set(1, _call("_items", _call("moving_cards")), W),               # at
            ir.Set(2, ir.Const(0), W),                                          # at + 1
            ir.Next(1, 2, 3, then, W),                                          # at + 2
            ir.JumpUnless(cond, at + 2, W),                                     # at + 3
            *ops,                                                               # at + 4 …
            ir.Jump(at + 2, W)]


def _program(first_op="move_cards"):
    disc, proc = "zone_discard", "zone_processing"
    a = _loop(0, 6, _call("and", _origin_is(3, proc), _call("is_trick", ir.SlotRef(3, "甲"))))
    op = ir.Do(_call(first_op, ir.SlotRef(0, "甲"), _call("moving_cards")), W)   # 6
    b = _loop(7, 13, _origin_is(3, disc))                                        # 7-12
    c = _loop(13, 19, _call("is_trick", ir.SlotRef(3, "甲")))                     # 13-18: no
    code = [*a, op, *b, *c, ir.Return(W)]
    return ir.Program(id=0, name="测试", kind="event", params=[], nslots=4, code=code, where=W)


def _states(prog):
    emit._inlined_used.clear()
    emit._mv_used.clear()
    return {n: [str(line) for line in lines] for n, lines in emit.program_code(prog)}


def _kind(zone):
    return emit._consts()[zone][0]


def test_a_guarded_loop_starts_at_its_end_when_no_origin_has_the_kind():
    prog = _program()
    assert sorted(programflow.guarded_loops(prog)) == [1, 8, 14]
    assert emit.origin_kinds_slots(prog) == [1]
    text = "\n".join(line for body in _states(prog).values() for line in body)
    read = "okinds_1 = move_origin_kinds_mv(g, f, mv, items_1, okinds_1)"
    assert text.count(read) >= 2, text   # (and a copy run on after move_cards)
    for zone in ("zone_processing", "zone_discard"):   # 且's first test, a test alone
        assert f"idx_2 = 0 if okinds_1 & {1 << _kind(zone)} else _size(items_1)" in text
    assert "idx_2 = 0\n" in text + "\n"   # the third: a card kind, read by its steps
    # move_cards writes the record: the kinds are read again after it; a kept operation keeps them
    (after,) = [body for body in _states(prog).values() if "move_cards" in "".join(body)]
    assert after[after.index("    break") + 1] == "okinds_1 = 0", after
    for body in _states(prog).values():
        for i, line in enumerate(body):
            if "clear_card_history" in line:
                assert "okinds_1 = 0" not in body[i:i + 8], body
    assert ", okinds_1=cython.int" in str(emit.program_locals(prog))
    assert [str(x) for x in emit.loop_load(prog)][-1] == "okinds_1 = 0"


def test_a_loop_whose_test_does_not_guard_it_all_runs_its_steps():
    # the test's false jump elsewhere than the step (an 否则 branch): every item's turn runs
    prog = _program()
    code = list(prog.code)
    code[3] = ir.JumpUnless(code[3].cond, 6, W)
    prog = ir.Program(id=0, name="测试", kind="event", params=[], nslots=4, code=code, where=W)
    assert 1 not in programflow.guarded_loops(prog)
    # a destination's kind (no form reads it for all the items) or another slot's origin
    for cond in (_call("eq", _call("move_destination", ir.SlotRef(3, "甲")), _call("zone_discard")),
                 _origin_is(0, "zone_discard")):
        code = [*_loop(0, 6, cond), ir.Return(W)]
        prog = ir.Program(id=0, name="测试", kind="event", params=[], nslots=4, code=code, where=W)
        assert 1 in programflow.guarded_loops(prog) and emit.origin_kinds_slots(prog) == []
        text = "\n".join(line for body in _states(prog).values() for line in body)
        assert "okinds" not in text and "idx_2 = 0" in text


def test_what_keeps_the_origins():
    do = lambda name: ir.Do(_call(name), W)   # noqa: E731
    assert programflow.KEEP_ORIGINS < programflow.KEEP_CARDS
    assert not programflow.keeps_origins(do("move_cards"))
    assert all(programflow.keeps_origins(do(n)) for n in programflow.KEEP_ORIGINS)
    assert not programflow.keeps_origins(do("choose_move_cards"))
    assert not programflow.keeps_origins(ir.Call(0, "p", (), W))
    assert programflow.keeps_origins(ir.Fire(ir.Ref("timing", 0, "t"), None, W))


def test_the_kept_operations_and_fire_write_no_move_record():
    g = corescan.core_graph()
    assert "move_cards" in g.origin_writers
    for name in sorted(programflow.KEEP_ORIGINS | {"fire"}):
        assert name in g.calls, name
        path = corescan.path_to_writer(g.calls, g.origin_writers, name)
        assert path is None, path
    assert corescan.path_to_writer(g.calls, g.origin_writers, "move_cards") == ["move_cards"]


def test_the_move_flow_reads_the_origins_once_for_two_loops():
    text = (ROOT / "generated" / "identity_flows.py").read_text(encoding="utf-8")
    start = text.index("def prog_", text.index("# ---- 事件 移动  ("))
    body = text[start:text.index("\n\n\n", start)]
    assert body.count("okinds_4 = move_origin_kinds_mv(g, f, mv, items_4, okinds_4)") >= 2
    for zone in ("zone_processing", "zone_discard"):
        assert f"idx_5 = 0 if okinds_4 & {1 << _kind(zone)} else _size(items_4)" in body, zone


PROBE = textwrap.dedent('''
    from __future__ import annotations  # the Game/Frame annotations are types for Cython only

    import cython
    if cython.compiled:
        from cython.cimports.core.engine import Game, Frame
        from cython.cimports.core.prims.moving import move_here
        from cython.cimports.core.prims.movedkind import move_origin_kinds_mv
    else:   # as a unit writes them uncompiled (compiler.emit.inlined_import)
        def move_here(g, f, /):
            return False

        def move_origin_kinds_mv(g, f, mv, /, *args):
            return 0x7fffffff


    def kinds(g: Game, f: Frame, items: tuple, kept: cython.int):
        mv: cython.bint = move_here(g, f)
        return move_origin_kinds_mv(g, f, mv, items, kept)
''')

WATCH = probe_watch("pkg_origin_kinds_probe") + r"""
from core.prims import base as B, zones as Z
compiled = not probe.__file__.endswith('.py')
X_CARDS, X_JCARD, NX = (getattr(B, n, d) for n, d in (("X_CARDS", 2), ("X_JCARD", 3), ("NX", 13)))
assert (X_CARDS, X_JCARD, NX) == (2, 3, 13)
ALL = 0x7fffffff
seen = {"moves": 0, "known": 0, "clear": 0}
bad = []


def differs(*what):
    if len(bad) < 5:
        bad.append(what)


def check(g, f, items, what):
    got = probe.kinds(g, f, items, 0)
    if compiled and probe.kinds(g, f, items, 12) != 12:   # read already: kept as it is
        differs("kept", what)
    if got == ALL:
        return got
    seen["known"] += 1
    for k in range(30):
        if not got & (1 << k):
            seen["clear"] += 1
            for c in items:
                if Z.move_origin_kind_is(g, f, c, k):
                    differs(what, c, k, got)
    return got


def move_of(g, items, rec, prog=None):
    f = E.Frame(B._T(g).ev_move if prog is None else prog, 4)
    f.x = [None] * NX
    f.x[X_CARDS], f.x[X_JCARD] = items, rec
    f.slots = [1, 2, 3, (E.Z_PROCESS, -1)]
    return f


# moves of one to three cards of each game's zones as move_cards records them (the cards' zones
# at a decision: hands, equipment, the piles, judge zones)
for seed, n, g in decisions("identity", (1, 2, 3), every=3):
    items = tuple(sorted({(n * 7 + j * 53) % len(g.card_zone) for j in range(1 + n % 3)}))
    rec = (items[0], g.where(items[0])) if len(items) == 1 else \
        [v for c in items for v in (c, g.where(c))]
    seen["moves"] += 1
    check(g, move_of(g, items, rec), items, (seed, n))
# records of other shapes: each answers every bit (not known), or bits that hold
ev_move = B._T(g).ev_move
o1, o3, own = (E.Z_DISCARD, -1), (E.Z_PROCESS, -1), (E.Z_HAND, 2)
shapes = {"order": ((7, 5), [5, o1, 7, o3]), "one": ((5,), (5, o1)),
          "two": ((5, 7), [5, o1, 7, own]),
          "dup": ((5, 5), [5, o3, 5, o1]), "short": ((5, 7), [5, o1]), "pair": ((5, 7), (5, o1)),
          "zone": ((5,), (5, [E.Z_DISCARD, -1])), "big": ((5,), (5, (2 ** 40, -1))),
          "past": ((5,), (5, (31, -1))), "none": ((5,), None), "neg": ((5,), (5, (-1, -1)))}
answers = {name: check(g, move_of(g, items, rec), items, name)
           for name, (items, rec) in shapes.items()}
other = move_of(g, (5,), (5, o1), 0 if ev_move != 0 else 1)
answers["other"] = check(g, other, (5,), "other")
print(games, seen["moves"], seen["known"], seen["clear"])
print(" ".join(f"{k}={v}" for k, v in sorted(answers.items())))
for x in bad:
    print("DIFFERS", *x)
"""


def test_the_origin_kinds_hold_against_the_rooms_function(tmp_path):
    """Pure (the probe uncompiled: every bit) and, the core compiled, as built: a kind whose bit
    is clear is no card's origin kind by zones.move_origin_kind_is; a record read is a superset."""
    for pure, folder in probe_runs(tmp_path, "pkg_origin_kinds_probe", PROBE):
        lines = run_python(WATCH, folder, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[3:], "\n".join(lines[3:])
        games, moves, known, clear = map(int, lines[1].split())
        answers = dict(x.split("=") for x in lines[2].split())
        assert games == 3 and moves > 20, lines[1]
        if pure:
            assert known == 0 and set(answers.values()) == {str(0x7fffffff)}, lines
            continue
        assert known > moves and clear > 20 * moves, lines[1]
        bit = lambda *ks: str(sum(1 << k for k in ks))   # noqa: E731
        from core.engine import Z_DISCARD, Z_HAND, Z_PROCESS
        assert answers["order"] == answers["short"] == str(0x7fffffff)   # not the items'
        assert answers["one"] == bit(Z_DISCARD) and answers["two"] == bit(Z_DISCARD, Z_HAND)
        assert answers["past"] == str(1 << 30)
        assert answers["dup"] == bit(Z_DISCARD, Z_PROCESS) and answers["other"] == str(0x7fffffff)
        for name in ("pair", "zone", "big", "none", "neg"):
            assert answers[name] == str(0x7fffffff), (name, answers)
