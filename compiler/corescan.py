"""What core's functions may write, read from core/'s source by ``ast`` (never by importing it,
as compiler/primitives.py reads the rooms: docs/decisions/0013).

The emitter passes a program's slots borrowed to the operations that write no frame's slot list
and run no other frame (docs/decisions/0286): which those are is derived here, from core's call
graph by name, when the compiler first needs it — so an operation added to a room is lent its
slots when the scan proves it, with no list to keep by hand. The same graph holds
programflow.KEEP_CARDS to the code (tests/backend/test_moving_cards_kept.py): the operations
that write no frame's X_CARDS.

The graph is by name: a method and a function of one name are one, so it has more calls than
core makes, never fewer. A name core does not define is a leaf: a C helper of a .pxd,
CPython's, or a generated condition's or reading's function (values, which run no operation).
A call on a module of a plain ``import`` (the standard library's ``copy.copy``,
``array.clone``) names no function of core.
"""
from __future__ import annotations

import ast
import functools
from collections import deque
from dataclasses import dataclass
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "core"

# what runs another frame's program: anything may follow (Game.run_pushed, the engine's step,
# ruleset.pxd's run_program, which no .py file defines)
RUNS = frozenset({"run_pushed", "step", "run_program"})

# not followed: Program.run, a status rule's program in frames of its own that nothing else
# reads (a new frame, no event); status._run_query_program, which pushes such a frame, runs it
# and pops it (the pop drops that frame's last child's slots: a frame of the query's, never the
# caller's)
NOT_FOLLOWED = frozenset({"run", "_run_query_program"})

# what takes a frame's slot list and only reads it: len, a cast, fast.pxd's sgs_list_item (an
# item's pointer, borrowed), a copy, the log's copy (logjson.log_value)
SLOT_READERS = frozenset({"len", "cast", "_list_item", "tuple", "list", "isinstance",
                          "log_value"})


@dataclass(frozen=True)
class CoreGraph:
    calls: dict            # function name -> the names it calls
    card_writers: frozenset   # may write a frame's X_CARDS, or run another frame
    slot_writers: frozenset   # may write a frame's slot list, or run another frame
    origin_writers: frozenset   # may write a move's X_JCARD, or run another frame


def path_to_writer(calls: dict, writers, start: str):
    """The shortest chain of calls from ``start`` to a function of ``writers`` (a list of names,
    ``start`` first), None when there is none."""
    prev, todo = {start: None}, deque([start])
    while todo:
        x = todo.popleft()
        if x in writers:
            out = [x]
            while prev[out[-1]] is not None:
                out.append(prev[out[-1]])
            return out[::-1]
        for y in sorted(calls.get(x, ())):
            if y not in prev:
                prev[y] = x
                todo.append(y)
    return None


def reaching(calls: dict, writers) -> frozenset:
    """Every name from which some function of ``writers`` is reached over ``calls`` (writers
    included): what path_to_writer finds a path from, for all names at once."""
    callers: dict = {}
    for x, ys in calls.items():
        for y in ys:
            callers.setdefault(y, []).append(x)
    seen, todo = set(writers), deque(writers)
    while todo:
        for x in callers.get(todo.popleft(), ()):
            if x not in seen:
                seen.add(x)
                todo.append(x)
    return frozenset(seen)


# ---- a frame's slot list -------------------------------------------------------------------


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


def _call_name(f) -> str:
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def writes_slots(fn) -> bool:
    """Whether function ``fn`` may write a frame's slot list: a store into one or of a
    ``.slots`` attribute, a method called on one, one passed to a function not of SLOT_READERS
    or returned, a C helper that drops or keeps a dead frame's slots (spares.pxd), a run."""
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
            name = _call_name(n.func)
            if name in RUNS or "slot" in name and ("drop" in name or "keep" in name):
                return True
            if isinstance(n.func, ast.Attribute) and _list_expr(n.func.value, aliases):
                return True
            if name not in SLOT_READERS and any(_holds_list(a, aliases) for a in
                                                [*n.args, *(k.value for k in n.keywords)]):
                return True
    return False


# ---- a frame's X_CARDS (此次移动的牌's scratch) ------------------------------------------------


def writes_moving_cards(fn) -> bool:
    """Whether function ``fn`` may write a frame's X_CARDS: a store into a subscript or a
    put_slot in a function that names X_CARDS (or _VERDICT, decisions' copy of it), or a run."""
    return writes_scratch(fn, {"X_CARDS", "_VERDICT"})


def writes_scratch(fn, items) -> bool:
    """Whether function ``fn`` may write a frame's scratch items named ``items`` (X_* names): a
    store into a subscript or a put_slot in a function that names one, or a run."""
    names = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)}
    stores = False
    for n in ast.walk(fn):
        if isinstance(n, ast.Call):
            name = _call_name(n.func)
            if name in RUNS:
                return True
            stores = stores or name == "put_slot"
        elif isinstance(n, (ast.Assign, ast.AugAssign)):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            stores = stores or any(isinstance(t, ast.Subscript) for t in targets)
    return stores and bool(names & set(items))


# ---- the graph -------------------------------------------------------------------------------


def _aliases(node, calls: dict, loops=()) -> None:
    """base.alias(name, fn, …): a primitive by another name (a name given, or each name of an
    enclosing ``for _n in ("a", "b"):`` loop) calls what fn calls (a lambda: the names in it)."""
    if isinstance(node, ast.For) and isinstance(node.iter, ast.Tuple) and \
            isinstance(node.target, ast.Name):
        loops = (*loops, node)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
            node.func.id == "alias" and len(node.args) >= 2:
        first, fn = node.args[0], node.args[1]
        if isinstance(first, ast.Constant):
            aliased = [first.value]
        else:
            aliased = [e.value for lp in loops if isinstance(first, ast.Name) and
                       lp.target.id == first.id for e in lp.iter.elts]
        for name in aliased:
            calls.setdefault(name, set()).add(fn.id if isinstance(fn, ast.Name) else "<lambda>")
            if not isinstance(fn, ast.Name):
                calls[name] |= {n.func.id for n in ast.walk(fn) if isinstance(n, ast.Call)
                                and isinstance(n.func, ast.Name)}
    for child in ast.iter_child_nodes(node):
        _aliases(child, calls, loops)


def scan(core: Path = CORE) -> CoreGraph:
    """The call graph of core/'s functions (core/*.py and core/prims/*.py) and its writers."""
    calls, cards, slots, origins = {}, set(), set(), set()
    for path in sorted(core.glob("*.py")) + sorted((core / "prims").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
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
            if writes_moving_cards(fn):
                cards.add(fn.name)
            if writes_slots(fn):
                slots.add(fn.name)
            if writes_scratch(fn, {"X_JCARD"}):
                origins.add(fn.name)
        _aliases(tree, calls)
    for name in NOT_FOLLOWED:
        calls[name] = set()
    return CoreGraph(calls, frozenset(cards), frozenset(slots), frozenset(origins))


@functools.lru_cache(maxsize=None)
def core_graph() -> CoreGraph:
    """core/'s graph, scanned once a process (the emitter's and the tests' reads)."""
    return scan()


@functools.lru_cache(maxsize=None)
def slot_lending_operations() -> frozenset:
    """The operations (the rooms' primitives that take ``strict``) whose calls reach no write of
    a frame's slot list nor a run of another frame: a program passes its slots to them
    borrowed (docs/decisions/0286)."""
    from .primitives import registry

    g = core_graph()
    reach = reaching(g.calls, g.slot_writers)
    return frozenset(name for name, pr in registry().items() if pr.operation and
                     name in g.calls and name not in reach)
