"""A clone of a game plays on identically to the original (issue 15, item 3): clone an
identity game mid-game, play the original on with the random player, give the clone the same
answers; from there the two logs are equal (the clone carries the original's log so far), and
playing the clone changes nothing in the original."""
import pytest

from core import engine as E
from core.decision import Decision
from core import prims as P
from core.prims.base import _ret_read
from core.agents import RandomPlayer, ScriptedAgent, play

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _to_decision(g, agent, k):
    """Answer the first k decisions of g with agent; returns the k-th pending decision."""
    for _ in range(k):
        d = g.step()
        assert isinstance(d, Decision)
        g.answer(agent.choose(g, d))
    d = g.step()
    assert isinstance(d, Decision)
    return d


class _Recording:
    def __init__(self, agent):
        self.agent = agent
        self.answers = []

    def choose(self, g, d):
        v = self.agent.choose(g, d)
        self.answers.append(v)
        return v


@pytest.mark.parametrize("seed,k", [(1, 40), (2, 150), (3, 300), (7, 120), (11, 90)])
def test_a_clone_plays_on_like_the_original(identity, seed, k):  # noqa: F811
    g = P.new_game(identity, 5, seed=seed, deck=DECK, log_level=2, debug=True)
    _to_decision(g, RandomPlayer(seed), k)
    c = g.clone()
    assert c.log == g.log and c.pending is not g.pending
    rec = _Recording(RandomPlayer(seed + 1000))
    play(g, rec)
    before = list(g.log)
    play(c, ScriptedAgent(rec.answers))
    assert c.log == g.log
    assert g.log == before            # playing the clone did not touch the original
    P.check_game_invariants(c)   # the game is over: the invariants that hold at any moment


# seeds whose game lasts past 200 decisions (seed 4's ends at 177 since issue 16's chain fix)
@pytest.mark.parametrize("seed", [5, 6])
def test_a_clone_is_independent_of_the_original(identity, seed):  # noqa: F811
    # the original plays on with other answers first: the clone still plays as it would have
    g = P.new_game(identity, 5, seed=seed, deck=DECK, log_level=2)
    _to_decision(g, RandomPlayer(seed), 200)
    c = g.clone()
    ref = g.clone()
    play(g, RandomPlayer(seed + 50))
    rec = _Recording(RandomPlayer(seed + 99))
    play(ref, rec)
    play(c, ScriptedAgent(rec.answers))
    assert c.log == ref.log


# ---- clones along whole games of every rulebook -----------------------------------------------
# Each rulebook's game (identity dealing from every pack of generals, the old edition, 战棋 on its
# board) is played to the end by the random player while clones are taken along the way: at every
# k-th decision, at the deepest stacks (mid-event: a decision pending inside a use, a damage, a
# dying settlement …), and a clone of a clone. Each clone then plays on with the original's
# answers from its point and must log exactly what the original logged; a twin taken at the same
# point first plays on with other answers, which must change neither the original nor its sibling.

def _rulebook_game(key, seed):
    from compiler import simulate as S
    from compiler.rulebooks import by_key

    M, P2 = S.load_engine(key)
    rb = by_key(key)
    return P2.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=2,
                       debug=True)


def _clone_points(key, seed, every):
    """Play the game to its end, cloning along the way; returns (game, answers, clones): clones
    as (decision index, clone, twin, the tables the clone shares as they were then)."""
    from test_clone_shares import tables
    g = _rulebook_game(key, seed)
    rec = _Recording(RandomPlayer(seed))
    clones, k, deepest = [], 0, 0
    while True:
        d = g.step()
        if not isinstance(d, Decision):
            break
        depth = len(g.stack)
        if k % every == 0 or depth > deepest:
            deepest = max(deepest, depth)
            c = g.clone()
            # a clone of a clone at every other point: it must play like the original too
            clones.append((k, c.clone() if len(clones) % 2 else c, g.clone(), tables(g)))
        g.answer(rec.choose(g, d))
        k += 1
    return g, rec.answers, clones


@pytest.mark.parametrize("key,seed,every", [
    ("identity", 1, 40), ("identity", 4, 40), ("identity", 9, 80), ("identity", 23, 80),
    ("identity_old", 2, 60), ("identity_old", 5, 80),
    ("zhanqi", 1, 300), ("zhanqi", 3, 500),
])
def test_clones_along_a_game_play_on_like_it(key, seed, every):
    g, answers, clones = _clone_points(key, seed, every)
    assert g.result is not None and len(clones) >= 5
    final = list(g.log)
    # the clones taken changed nothing in the original: the same answers without clones log alike
    fresh = _rulebook_game(key, seed)
    play(fresh, ScriptedAgent(answers))
    assert fresh.log == final
    from test_clone_shares import tables
    for k, c, twin, snap in clones:
        assert c.pending is not None and c.result is None
        # copy on write (decision 0026): the original's writes since reached no clone's tables,
        # nor will the twin's
        assert tables(c) == snap and tables(twin) == snap
        play(twin, RandomPlayer(seed + 7 + k))     # another future first …
        assert tables(c) == snap
        play(c, ScriptedAgent(answers[k:]))        # … changes nothing in its sibling
        assert c.log == final, (key, seed, k)
        assert g.log == final
        P.check_game_invariants(c)
        P.check_game_invariants(twin)


def test_a_vanished_virtual_card_is_frozen_and_shared(identity):  # noqa: F811
    """A virtual card's record becomes immutable when the card vanishes (000:184): a clone shares
    it, and writing to it raises instead of passing silently. The live records are copied."""
    from core.prims.base import S_LIVE, S_VC, V_ALIVE, V_TARGETS, _S
    from core.prims.cards import Frozen

    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    _to_decision(g, RandomPlayer(1), 200)
    recs = _S(g, S_VC)
    gone = [r for r in recs if not r[V_ALIVE]]
    assert len(gone) >= 10 and all(type(r) is Frozen for r in gone)
    with pytest.raises(TypeError):
        gone[0][V_TARGETS] = ()
    c = g.clone()
    theirs = _S(c, S_VC)
    assert theirs is not recs and len(theirs) == len(recs)
    for mine, other in zip(recs, theirs):
        if mine[V_ALIVE]:
            assert other is not mine and other == mine
        else:
            assert other is mine
    assert sorted(_S(c, S_LIVE)) == sorted(_S(g, S_LIVE))


def _same_shape(o, c, seen, shared):
    """Walk the original's values o and the clone's c side by side: every frame and mutable
    container of the original has one copy (o named twice: one copy named twice), and the clone
    holds none of the original's. ``shared`` counts the originals reached more than once."""
    t = type(o)
    assert type(c) is t
    if t in (list, dict, set, E.Frame):
        assert c is not o
        k = id(o)
        if k in seen:
            assert seen[k] is c, "the clone split one object in two"
            shared[k] = o
            return
        seen[k] = c
        if t is list:
            assert len(c) == len(o)
            for a, b in zip(o, c):
                _same_shape(a, b, seen, shared)
        elif t is dict:
            assert c.keys() == o.keys()
            for key in o:
                _same_shape(o[key], c[key], seen, shared)
        elif t is set:
            assert c == o
        else:
            for name in ("prog", "pc", "owner", "skill", "a", "b", "c", "flags", "id", "result",
                         "timing"):
                assert getattr(c, name) == getattr(o, name)
            for name in ("ev", "child", "subject", "timings", "slots", "x", "y"):
                _same_shape(getattr(o, name), getattr(c, name), seen, shared)
    elif t is tuple:
        assert len(c) == len(o)
        for a, b in zip(o, c):
            _same_shape(a, b, seen, shared)
    else:
        assert c == o or c is o


@pytest.mark.parametrize("key,seed", [("identity", 1), ("identity_old", 2), ("zhanqi", 2)])
def test_a_clone_keeps_what_the_original_shares(key, seed):
    """At every decision of a game: the clone's frames and values have the original's shape —
    what the original holds in two places (a need flow's record, a use context …) is one object
    in the clone too, and the clone shares no mutable object with the original. Compiled, this
    checks the reference-count rule of core/clone.py."""
    g = _rulebook_game(key, seed)
    a = RandomPlayer(seed)
    held_twice = 0
    for _ in range(250):
        d = g.step()
        if not isinstance(d, Decision):
            break
        c = g.clone()
        seen, shared = {}, {}
        # the last finished frame, when the running frame may still read it (decision 0027)
        ret = [g.ret] if _ret_read(g) else []
        for o, k in zip(g.stack + ret, c.stack + [c.ret] * len(ret)):
            _same_shape(o, k, seen, shared)
        held_twice += sum(1 for v in shared.values() if type(v) is not E.Frame)
        g.answer(a.choose(g, d))
    assert held_twice > 0   # the games do hold containers twice: the test can fail
