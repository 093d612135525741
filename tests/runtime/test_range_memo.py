"""Step 146 of docs/performance.md: the attack ranges kept by seat (core.held._attack_range,
Player.range_kept), held to the range asked afresh (Game.modval with the seat's kept range set
aside): at every decision of seeded games of the three rulebooks, for every seat, the kept answer
is the fresh one, pure and as built; a clone's players start with none and answer the same; on
the pure engine, where base._AWAY can be set, with each weapon away (002:22) too. Then by hand: a
weapon put on and taken off between two reads, in the original and in a clone apart, and a second
range modifier, with which nothing is kept."""
from core import prims as P
from core.codes import MK_RANGE, M_DELTA, Z_HAND, Z_WEAPON
from core.ruleset import Modifier
from compiler import simulate as S
from seeded_games import DECISIONS, run_python

WATCH = DECISIONS + r"""
from core.codes import Z_WEAPON
from core.prims import base as B

AWAY = getattr(B, "_AWAY", None)   # the pure engine's (a C global once built)
kept = reads = aways = clones = 0
bad = []


def fresh(g, p):
    # the modifiers asked with the seat's kept range set aside (the mark they leave dropped)
    pl = g.players[p]
    k = pl.range_kept
    try:
        return g.modval(1, p, -1, 1)
    finally:
        pl.range_kept = k


def check(key, seed, n, g, p):
    global kept, reads
    kept += g.players[p].range_kept > 0
    got = g.attack_range(p)
    reads += 1
    want = fresh(g, p)
    if got != want:
        bad.append((key, seed, n, p, got, want))


for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds):
        for p in range(g.n):
            check(key, seed, n, g, p)
        if n % 7 == 0:
            c = g.clone()
            clones += 1
            if any(pl.range_kept for pl in c.players) or [
                    c.attack_range(p) for p in range(g.n)] != [
                    g.attack_range(p) for p in range(g.n)]:
                bad.append(("clone", key, seed, n))
        if AWAY is not None:
            for p in range(g.n):
                for card in g.zone_cards(Z_WEAPON, p):
                    AWAY[0] = (card,)
                    aways += 1
                    try:
                        check(key, seed, n, g, p)
                    finally:
                        AWAY[0] = ()
print(games, kept > 0.8 * reads, clones > 50, AWAY is None or aways > 100, bad[:3])
"""


def test_kept_ranges_answer_as_the_modifiers_pure_and_as_built():
    for pure in (True, False):
        assert run_python(WATCH, pure=pure).strip() == "5 True True True []", pure


def _weapon(g, rng):
    """A card of the deck whose name is a weapon of range ``rng``."""
    infos = P._T(g).card_infos
    return next(c.id for c in g.cards if infos[c.name] is not None and infos[c.name][2] == rng)


def test_a_kept_range_forgotten_when_a_weapon_moves():
    M, _ = S.load_engine()
    g = P.new_game(M, 4, seed=1, deck="标准版加军争", start=False, log_level=0)
    w3, w2 = _weapon(g, 3), _weapon(g, 2)
    assert g.attack_range(0) == 1 and g.players[0].range_kept == 2   # kept: the range + 1
    assert g.attack_range(0) == 1
    g.move_one(w3, Z_WEAPON, 0)   # put on
    assert g.attack_range(0) == 3 and g.attack_range(0) == 3
    c = g.clone()   # its players start with none; the original's answers stay
    assert [pl.range_kept for pl in c.players] == [0] * 4 and c.attack_range(0) == 3
    c.move_one(w3, Z_HAND, 0)
    assert c.attack_range(0) == 1 and g.attack_range(0) == 3
    g.move_one(w3, Z_WEAPON, 1)   # from one weapon zone into another
    assert g.attack_range(0) == 1 and g.attack_range(1) == 3
    g.move_one(w2, Z_WEAPON, 1)   # a second weapon in the zone: the first still answers
    assert g.attack_range(1) == 3
    g.move_one(w3, Z_HAND, 1)   # taken off
    assert g.attack_range(1) == 2 and g.attack_range(1) == 2
    g.modval(MK_RANGE, 1, -1, 1)   # asked afresh: the seat marked, nothing stored
    assert g.players[1].range_kept == -1
    # a second range modifier (a spec's, say) reads what no drop watches: nothing kept, the
    # mark the fresh answer left not taken for this one's
    g.rs.mods[MK_RANGE].append(Modifier(MK_RANGE, M_DELTA, lambda g, o, a, b: 1, -1))
    try:
        assert g.attack_range(1) == 3 and g.players[1].range_kept == 0
    finally:
        g.rs.mods[MK_RANGE].pop()
    assert g.attack_range(1) == 2 and g.players[1].range_kept == 3
