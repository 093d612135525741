"""What a plain game (Game.gbits' G_PLAIN, engine.pxd) lets the timing and call paths skip
(docs/performance.md step 253), held to the reference pure and as built:

* flow._fire tests the bit once for the ruleset's type and for Game.fire's first step, which it
  answers from the timing's item of Game.listen read once (253a): seeded games count the same
  timings, frames and steps and log the same as the reference, plain (level 0) and not (level
  2, the method's steps), and count the same timings at both levels;
* flow._call_args (call1 … call4) tests the bit before the ruleset's type (253b), and
  decisions._helper reads the tables and the event context borrowed (253c): a helper frame's
  program, context, op, seat and parent, from an event frame and from a frame of another
  program; a game of another ruleset (not plain, not a Rules) raises _T's TypeError at each."""
from seeded_games import DECISIONS, identity_game, run_both

GAMES = DECISIONS + r"""
import hashlib
from core.agents import RandomPlayer, play
from compiler import simulate as S
from compiler.rulebooks import by_key
for level in (0, 2):
    for key, seed in (("identity", 1), ("identity", 2), ("zhanqi", 1)):
        M, P = S.load_engine(key)
        rb = by_key(key)
        g = P.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=level)
        print(key, seed, level, g.gbits & 8)
        play(g, RandomPlayer(seed))
        print(g.result is not None, g.n_timings, g.serial, g.pushed, g.popped, g.steps,
              hashlib.md5(g.log_text().encode()).hexdigest() if level else len(g.log))
"""


def test_plain_and_logging_games_count_and_play_as_the_reference():
    out = run_both(GAMES).splitlines()
    assert len(out) == 12
    assert [line.split()[3] for line in out[0::2]] == ["8"] * 3 + ["0"] * 3   # plain, then not
    # the same games at both levels: the same timings counted
    for a, b in zip(out[1:6:2], out[7::2]):
        assert a.split()[1] == b.split()[1]
    assert all(line.startswith("True") for line in out[1::2])
    assert sum(int(line.split()[1]) for line in out[1:6:2]) > 3000   # timings counted


HELPER = identity_game(1, start=False) + r"""
import core.engine as E
from core.prims import base as B, decisions as D
from core.ruleset import Ruleset
t = B._T(g)
ev = E.Frame(t.ev_move, 0)   # an event's frame: the helper's context
other = next(p for p in range(len(t.prog_is_ev)) if not t.prog_is_ev[p])
f = E.Frame(other, 0)        # another program's frame: the helper's context is its own
f.ev = ev
for parent in (ev, f):
    n = len(g.stack)
    print(D._helper(g, parent, B.OP_YESNO, ["?"], 3), len(g.stack) - n)
    h = g.stack[-1]
    print(h.prog == t.helper, h.ev is ev, h.a == B.OP_YESNO, h.b, h.y is parent, h.slots,
          h.owner == parent.owner)
g.set_rules(Ruleset())
print("plain", g.gbits & 8)
for name, run in (("helper", lambda: D._helper(g, f, B.OP_YESNO, ["?"], 3)),
                  ("call1", lambda: P.flow.call1(g, f, 0, 1)),
                  ("fire", lambda: P.flow.fire(g, f, 0, None))):
    try:
        run()
        print(name, "ran")
    except TypeError as e:
        print(name, "raised", str(e).startswith("the runtime's primitives need a game of a"))
"""


def test_helper_frames_and_calls_read_the_tables_as_base():
    assert run_both(HELPER).splitlines() == [
        "1 1", "True True True 3 True ['?'] True",
        "1 1", "True True True 3 True ['?'] True",
        "plain 0", "helper raised True", "call1 raised True", "fire raised True"]
