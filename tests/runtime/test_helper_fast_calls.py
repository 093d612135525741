"""decisions' helper frames, step 232: _helper pushes its frame with the event context of the
asking frame (base._event_ctx: the frame itself when it is an event's, else its ev), the tables
read once for that test and the helper's program (compiled); and OP_RESOLVE runs 交给 (moves.give,
the primitive these frames run most) as a call of the room's function with the frame's slots as
its arguments, and so play_card and use_card (use) and show_cards (zones); any other primitive
by its name (_prim_args)."""
from seeded_games import identity_game, run_pure, run_python, watch

# three seeded games as built: at each question a helper frame asks, its ev is _event_ctx of
# the frame it asks for (its y)
EV = r"""
import core
from core.agents import RandomPlayer
from core.decision import Decision
from core.prims import base
print(core.uncompiled_reason() is None)
n = bad = own = 0
for seed in (1, 2, 3):
""" + "\n".join("    " + l for l in identity_game(0).replace("seed=0", "seed=seed").split("\n")) + r"""
    a = RandomPlayer(seed)
    helper = base._T(g).helper
    while True:
        d = g.step()
        if not isinstance(d, Decision):
            break
        top = g.stack[-1]
        if top.prog == helper:
            n += 1
            want = base._event_ctx(g, top.y)
            bad += top.ev is not want
            own += want is top.y
        g.answer(a.choose(g, d))
print(n, bad, own)
"""


def test_helper_frames_event_context_as_built():
    lines = run_python(EV).strip().split("\n")
    n, bad, own = map(int, lines[1].split())
    assert bad == 0, (n, bad)
    # both kinds seen: frames of an event (ev: themselves) and others (ev: their own ev)
    assert 0 < own < n, (n, own)


FAST = {"give": "moves", "play_card": "use", "use_card": "use", "show_cards": "zones"}

CALLS = watch(r"""
import importlib
from core.prims import base as B, decisions as Decisions
FAST = %r
prim_args = Decisions._prim_args


def spy(name, room):
    fn = getattr(room, name)

    def spied(g, f, *args):
        s = f.slots
        if f.prog == B._T(g).helper and f.a == B.OP_RESOLVE and s[0] == name:
            seen[name] += 1
            if fn is not B._PRIMS[name] or (g, f) + args != (g, f, s[1], *s[3:]):
                differs(name, "arguments", args)
        return fn(g, f, *args)
    setattr(room, name, spied)


for name, room in FAST.items():
    spy(name, importlib.import_module("core.prims." + room))


def watched_prim_args(g, h, s):
    seen["by name"] += 1
    if s[0] in FAST and len(s) == (6 if s[0] == "give" else 5):
        differs(s[0], "by its name")
    return prim_args(g, h, s)


Decisions._prim_args = watched_prim_args
""" % (FAST,), 'seen["give"], seen["play_card"], seen["use_card"], seen["show_cards"], '
   'seen["by name"]')


def test_resolved_primitives_are_the_rooms_functions():
    """Nine seeded games on the pure engine: each of the four an OP_RESOLVE frame runs most is
    its room's function (the one registered under its name) called with the frame's slots, and
    the others still go by their names."""
    lines = run_pure(CALLS)
    games, give, play, use, show, by_name = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    assert give > 10 and play > 0 and use > 0 and show > 0 and by_name > 10, (
        give, play, use, show, by_name)
