"""decisions._then, a helper frame's continuation (OP_CARDS_THEN, OP_ASK_THEN), held to its
definition ``_PRIMS[s[i]](g, h, True, v, *s[i + 1:])`` at every call of seeded random-player
games of the three rulebooks, on the pure engine, where the rooms' functions can be watched (the
compiled engine plays the same games: the fingerprint). Its C calls to the three continuations
these frames run most (moves._set_moving, targets._set_targets, use._set_physical, step 45) call
the function registered under the name, with the same arguments, once, and only for those names;
any other continuation goes by its name. And decisions._helper keeps the list of slots it is
given (a new one from each caller) as the frame's."""
from seeded_games import run_pure, run_python, watch

FAST = ("_set_moving", "_set_targets", "_set_physical")

WATCH = watch(r"""
from core.prims import decisions as Decisions, moves as Moves, targets as Targets, use as Use
from core.prims.base import _PRIMS
then = Decisions._then
FAST = %r
calls = []


def spy(room, name):
    fn = getattr(room, name)

    def spied(*args):
        calls.append((fn, args))
        return fn(*args)
    setattr(room, name, spied)


for room, name in ((Moves, "_set_moving"), (Targets, "_set_targets"), (Use, "_set_physical")):
    spy(room, name)


def watched_then(g, h, s, i, v):
    del calls[:]
    name = s[i]
    want = (g, h, True, v) + tuple(s[i + 1:])
    st = then(g, h, s, i, v)
    seen["calls"] += 1
    if calls:
        fn, args = calls[0]
        seen[name] += 1
        if len(calls) != 1 or fn is not _PRIMS[name] or len(args) != len(want) or not all(
                a is b for a, b in zip(args, want)):
            differs(name, len(calls), len(args), len(want))
    elif name in FAST:
        differs("not a C call", name, len(s) - i - 1)
    return st


Decisions._then = watched_then
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
""" % (FAST,), 'seen["calls"], seen["_set_moving"], seen["_set_targets"], seen["_set_physical"], '
   'seen["helpers"]')


def test_continuations_are_their_definitions():
    """Nine seeded games (five of the current edition with every pack, two of the old edition,
    two of 战棋): each C call runs the primitive of that name with the slots' arguments, each of
    the three is taken, and some continuations still go by their names."""
    lines = run_pure(WATCH)
    games, calls, moving, targets, physical, helpers = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    assert moving > 100 and targets > 50 and physical > 10, (moving, targets, physical)
    assert calls > moving + targets + physical, (calls, moving, targets, physical)
    assert helpers > calls, (helpers, calls)


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


REGISTERED = r"""
from core.prims import base as B, moves as Moves, targets as Targets, use as Use
for room, name in ((Moves, "_set_moving"), (Targets, "_set_targets"), (Use, "_set_physical")):
    print(name, B._PRIMS[name] is getattr(room, name))
"""


def test_the_c_calls_are_the_registered_primitives():
    """Pure and as built, the primitive registered under each of the three names is the room's
    function _then calls in C (a primitive registered again under one of them, by alias, would
    make the C call answer differently from the name)."""
    for pure in (True, False):
        rows = run_python(REGISTERED, pure=pure).split()
        assert rows == [x for n in FAST for x in (n, "True")], rows


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
