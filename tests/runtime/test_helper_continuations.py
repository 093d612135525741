"""decisions._then, a helper frame's continuation (OP_CARDS_THEN, OP_ASK_THEN), and
_helper_resolve's call of its primitive (OP_RESOLVE), held to their definitions
``_BY_ID[k](g, h, True, v, *s[i + 1:])`` and ``_BY_ID[k](g, h, s[1], *s[3:])`` at every call of
seeded random-player games of the three rulebooks, on the pure engine, where the registry's
functions can be watched (the compiled engine plays the same games: the fingerprint; its C calls
through the table of the rooms' functions: test_prim_table.py). A frame names its primitive by
its id (docs/decisions/0250; every room names its continuations by ``prim_id``, never by a name);
each call runs what is registered under it, with the same arguments, once. And
decisions._helper keeps the list of slots it is given (a new one from each caller) as the
frame's."""
from seeded_games import run_pure, run_python, watch

WATCH = watch(r"""
from core.prims import base as B, decisions as Decisions
NAMES = {k: name for name, k in B._IDS.items()}
calls = []


def spy(k, fn):
    def spied(*args):
        calls.append((k, args))
        return fn(*args)
    return spied


for k, fn in enumerate(list(B._BY_ID)):   # every primitive as helper frames call it (by id)
    B._BY_ID[k] = spy(k, fn)


def check(what, k, want):
    seen[what] += 1
    seen[NAMES[k]] += 1
    if len(calls) != 1 or calls[0][0] != k or len(calls[0][1]) != len(want) or not all(
            a is b for a, b in zip(calls[0][1], want)):
        differs(what, NAMES[k], len(calls), len(want))


then = Decisions._then


def watched_then(g, h, s, i, v):
    del calls[:]
    key = s[i]
    if type(key) is not int:   # a continuation named otherwise than by its id
        differs("continuation not an id", repr(key))
        return then(g, h, s, i, v)
    seen["by id"] += 1
    want = (g, h, True, v) + tuple(s[i + 1:])
    st = then(g, h, s, i, v)
    check("calls", key, want)
    return st


Decisions._then = watched_then
resolve = Decisions._helper_resolve


def watched_resolve(g, h, parent, s):
    del calls[:]
    n = len(s) - 3
    ran = h.pc <= n   # the primitive runs once its picks are made, its frame's pc then n + 1
    st = resolve(g, h, parent, s)
    if ran and h.pc == n + 1:
        if type(s[0]) is not int:
            differs("not an id", s[0])
        else:
            check("resolved", s[0], (g, h, s[1]) + tuple(s[3:]))
    return st


Decisions._helper_resolve = watched_resolve
helper = Decisions._helper


def watched_helper(g, f, op, args, who=-1):
    # the frame keeps the caller's list as its slots (step 45): a list no frame holds already
    seen["helpers"] += 1
    if type(args) is not list or any(fr.slots is args for fr in g.stack):
        differs("slots", op, type(args).__name__)
    st = helper(g, f, op, args, who)
    if g.stack[len(g.stack) - 1].slots is not args:
        differs("slots not kept", op)
    return st


Decisions._helper = watched_helper
""", 'seen["calls"], seen["by id"], seen["_set_moving"], seen["_set_targets"], '
   'seen["_set_physical"], seen["resolved"], seen["give"], seen["helpers"]')


def test_continuations_are_their_definitions():
    """Nine seeded games (five of the current edition with every pack, two of the old edition,
    two of 战棋): each continuation and each resolved primitive runs the function registered
    under its id, with the slots' arguments, once; every continuation is named by its id
    (_set_moving, _set_targets, _set_physical …, and board's of 战棋)."""
    lines = run_pure(WATCH)
    games, calls, by_id, moving, targets, physical, resolved, give, helpers = map(
        int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    assert moving > 100 and targets > 50 and physical > 10, (moving, targets, physical)
    assert calls == by_id and by_id > moving + targets + physical, (calls, by_id)
    assert resolved > give > 10, (resolved, give)
    assert helpers > calls + resolved, (helpers, calls, resolved)


def test_every_helper_frame_gets_a_new_list_of_slots():
    """decisions._helper keeps the list it is given as the frame's slots (step 45: it copied it,
    and the frames write their slots): every call in the rooms passes a list display, a list
    built for that frame (checked at run time, in the nine games, by the watch above), or
    flow.pxd's args_slots, a list from the kept lists that no one else holds (ask_yesno's
    compiled call, step 129b)."""
    import ast
    from pathlib import Path
    rooms = Path(__file__).resolve().parent.parent.parent / "core" / "prims"
    calls = 0
    for path in sorted(rooms.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "_helper":
                calls += 1
                a = node.args[3]
                assert isinstance(a, ast.List) or (
                    isinstance(a, ast.Call) and getattr(a.func, "id", None) == "args_slots"), \
                    "%s:%d" % (path.name, node.lineno)
    assert calls > 20, calls


VERDICT = r"""
import core.engine as E
from core.prims import base as B, decisions as Decisions
import core
if not core.compiled():        # base's indices (C constants once compiled)
    assert (B.NX, B.X_JUDGE, B.X_CHOSEN, B.X_CARDS, B.X_LASTCARD) == (13, 0, 1, 2, 7)
h, parent = E.Frame(0, 0), E.Frame(0, 0)
hx, px = B._sx(h), B._sx(parent)
for i in range(13):
    hx[i] = "h%d" % i
    px[i] = "p%d" % i
hx[1] = None                   # an entry the helper did not write (X_CHOSEN) stays the parent's
Decisions._copy_verdict(None, h, parent)
print(*px)
"""


def test_the_verdict_copies_four_scratch_entries():
    """_copy_verdict passes up the helper frame's 判定, 其, 这些牌 and 此牌 entries (X_JUDGE,
    X_CHOSEN, X_CARDS, X_LASTCARD: a tuple made once, step 45), those it wrote, and no other;
    pure and as built, the same answers."""
    for pure in (True, False):
        row = run_python(VERDICT, pure=pure).split()
        assert row == ["h0", "p1", "h2", "p3", "p4", "p5", "p6", "h7", "p8", "p9", "p10", "p11",
                       "p12"], row


def test_continuations_are_named_by_their_ids():
    """The rooms' helper frames with a continuation (OP_CARDS_THEN, OP_ASK_THEN) hold its id
    (a ``prim_id`` constant), never its name: decisions._then reads the slot as a C integer
    (docs/decisions/0250). Checked in the source, for the rooms the nine games above do not
    reach (a name there would fail only when that helper runs)."""
    import ast
    from pathlib import Path
    rooms = Path(__file__).resolve().parent.parent.parent / "core" / "prims"
    calls = 0
    for path in sorted(rooms.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(
                    node.func, "attr", getattr(node.func, "id", None)) == "_helper"):
                continue
            op = node.args[2]
            if getattr(op, "id", getattr(op, "attr", "")).lstrip("_") not in (
                    "OP_CARDS_THEN", "OP_ASK_THEN"):
                continue
            calls += 1
            names = [e.value for e in node.args[3].elts
                     if isinstance(e, ast.Constant) and isinstance(e.value, str)
                     and e.value.startswith("_")]
            assert not names, "%s:%d names %s" % (path.name, node.lineno, names)
    assert calls >= 15, calls

