"""A program's slots passed borrowed to the operations of programflow.BORROW_SLOTS (docs/
performance.md, step 254a; docs/decisions/0286): ``cython.cast(object, _slot(s, i))`` where
``s[i]`` took a reference the call's end dropped. Sound when the operation writes no frame's slot
list (so the list holds each argument while it runs) and runs no other frame (a skill may rewrite
an event's fields): BORROW_SLOTS is held here to a scan of core/'s source over its call graph."""
import ast

from compiler import emit, ir, programflow
from tests.backend.test_moving_cards_kept import _RUNS, _path_to_writer
from tests.runtime.seeded_games import ROOT

W = "t.sgs:1:1"

# what takes a frame's slot list and only reads it: len, a cast, fast.pxd's sgs_list_item (an
# item's pointer, borrowed), a copy, the log's copy (logjson.log_value)
_READERS = frozenset({"len", "cast", "_list_item", "tuple", "list", "isinstance", "log_value"})


def _list_expr(e, aliases) -> bool:
    """Whether ``e`` is a frame's slot list: ``x.slots``, a name bound to one, a cast of one."""
    if isinstance(e, ast.Attribute) and e.attr == "slots":
        return True
    if isinstance(e, ast.Name):
        return e.id in aliases
    return isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and \
        e.func.attr == "cast" and any(_list_expr(a, aliases) for a in e.args)


def _holds_list(e, aliases) -> bool:
    """Whether the list itself is in ``e`` (not only an item read from it, nor a call's answer:
    the call is checked on its own)."""
    if _list_expr(e, aliases):
        return True
    if isinstance(e, ast.Subscript):
        return _holds_list(e.slice, aliases)
    if isinstance(e, ast.Call):
        return False
    return any(_holds_list(c, aliases) for c in ast.iter_child_nodes(e))


def _writes_slots(fn) -> bool:
    """Whether function ``fn`` may write a frame's slot list: a store into one or of a
    ``.slots`` attribute, a method called on one, one passed to a function not of _READERS or
    returned, a C helper that drops or keeps a dead frame's slots (spares.pxd), a run (_RUNS)."""
    aliases, grew = set(), True
    while grew:   # the names bound to a slot list (a fixed point: a name bound to such a name)
        grew = False
        for n in ast.walk(fn):
            if isinstance(n, (ast.Assign, ast.AnnAssign)) and n.value is not None and \
                    _list_expr(n.value, aliases):
                for t in (n.targets if isinstance(n, ast.Assign) else [n.target]):
                    if isinstance(t, ast.Name) and t.id not in aliases:
                        aliases.add(t.id)
                        grew = True
    for n in ast.walk(fn):
        if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = n.targets if isinstance(n, (ast.Assign, ast.Delete)) else [n.target]
            for t in targets:
                for x in ast.walk(t):
                    if isinstance(x, ast.Attribute) and x.attr == "slots" or \
                            isinstance(x, ast.Subscript) and _holds_list(x.value, aliases):
                        return True
        elif isinstance(n, ast.Return) and n.value is not None and _list_expr(n.value, aliases):
            return True
        elif isinstance(n, ast.Call):
            f = n.func
            name = f.id if isinstance(f, ast.Name) else \
                f.attr if isinstance(f, ast.Attribute) else ""
            if name in _RUNS or "slot" in name and ("drop" in name or "keep" in name):
                return True
            if isinstance(f, ast.Attribute) and _list_expr(f.value, aliases):
                return True
            if name not in _READERS and any(_holds_list(a, aliases) for a in
                                            [*n.args, *(k.value for k in n.keywords)]):
                return True
    return False


def _calls_and_writers():
    """({function name: the names it calls}, the names of core's functions that may write a
    frame's slots). By name, as test_moving_cards_kept's scan (a method and a function of one
    name are one), but a call on a module a plain ``import`` brings (the standard library's
    ``array.clone``, ``copy.copy``) names no function of core."""
    calls, writers = {}, set()
    core = ROOT / "core"
    for path in sorted(core.glob("*.py")) + sorted((core / "prims").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = {a.asname or a.name for n in tree.body if isinstance(n, ast.Import)
                   for a in n.names}
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            called = calls.setdefault(fn.name, set())
            for n in ast.walk(fn):
                if not isinstance(n, ast.Call):
                    continue
                f = n.func
                if isinstance(f, ast.Name):
                    called.add(f.id)
                elif isinstance(f, ast.Attribute) and not (
                        isinstance(f.value, ast.Name) and f.value.id in modules):
                    called.add(f.attr)
            if _writes_slots(fn):
                writers.add(fn.name)
    # Program.run: a status rule's program, in frames of its own (test_moving_cards_kept); and
    # status._run_query_program, which pushes such a frame, runs it and pops it (the pop drops
    # that frame's last child's slots: a frame of the query's, never the caller's)
    calls["run"] = set()
    calls["_run_query_program"] = set()
    return calls, writers


def test_the_scan_finds_the_writers():
    calls, writers = _calls_and_writers()
    # a run, an event's field added to (伤害's damage_plus, a route's length), a frame's list
    # shared by its copy, a child's slots dropped at a pop, a pushed frame's list handed on
    assert {"run_pushed", "step", "damage_plus", "route_length_plus", "frame_copy", "_pop_frame",
            "_new_pushed"} <= writers, sorted(writers)
    # an operation that pushes an event with its own slots, one that asks (a decision's helper)
    for name in ("run_extra_phase_after", "choose_targets", "use_card"):
        assert _path_to_writer(calls, writers, name) is not None, name


def test_what_counts_as_a_write_of_the_slots():
    def writes(src):
        return _writes_slots(ast.parse(src).body[0])
    for src in ("def w(f):\n    sl = f.slots\n    s2 = sl\n    s2[1] = 0",    # through names
                "def w(f):\n    f.slots[0] += 1", "def w(f, c):\n    c.slots = f.slots",
                "def w(f):\n    f.slots.append(1)", "def w(f):\n    put_slot(f.slots, 0, 1)",
                "def w(f):\n    return f.slots", "def w(g, f):\n    child_slots_dropped(f, 0)",
                "def w(g):\n    run_pushed(g)"):
        assert writes(src), src
    for src in ("def r(f):\n    sl = f.slots\n    x = sl[1]\n    h(x, len(sl), sl[0])",
                "def r(f):\n    return f.slots[0]", "def r(g, f):\n    g.log(log_value(f.slots))"):
        assert not writes(src), src


def test_the_borrowing_operations_write_no_slots():
    calls, writers = _calls_and_writers()
    for name in sorted(programflow.BORROW_SLOTS):
        assert name in calls, name   # a function core defines
        assert _path_to_writer(calls, writers, name) is None, _path_to_writer(calls, writers, name)


# ---- the emitter -----------------------------------------------------------------------------


def _text(*calls) -> str:
    code = [ir.Do(c, W) for c in calls] + [ir.Return(W)]
    prog = ir.Program(id=0, name="测试", kind="event", params=[], nslots=4, code=code, where=W)
    return "\n".join(str(line) for _, lines in emit.program_code(prog) for line in lines)


def test_a_borrowing_operation_takes_its_slots_borrowed():
    op = sorted(programflow.BORROW_SLOTS)[0]
    text = _text(ir.PrimCall(op, (ir.SlotRef(0, "甲"), ir.SlotRef(2, "乙"))))
    assert "(g, f, True, cython.cast(object, _slot(s, 0)), cython.cast(object, _slot(s, 2)))" \
        in text, text
    assert "s[0]" not in text and "s[2]" not in text


def test_other_operations_and_evaluated_arguments_take_references():
    assert "choose_targets" not in programflow.BORROW_SLOTS
    text = _text(ir.PrimCall("choose_targets", (ir.SlotRef(0, "甲"), ir.SlotRef(2, "乙"))))
    assert "(g, f, True, s[0], s[2])" in text, text
    # an argument evaluated after the slot's read: the slot read as before
    op = sorted(programflow.BORROW_SLOTS)[0]
    text = _text(ir.PrimCall(op, (ir.SlotRef(0, "甲"),
                                  ir.PrimCall("zz_value", (ir.SlotRef(1, "丙"),)))))
    assert "(g, f, True, s[0], " in text and "_slot(s, 0)" not in text, text
