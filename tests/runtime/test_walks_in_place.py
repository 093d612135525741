"""The readings step 98a made walk the frames in place, where they made a list of them to read
once (resolving.current_target_character: f, its event, then the stack from its top;
resolving.card_targeting: the event, then the stack), the judge zone's reversed tuple made in C
(zones.judge_zone_cards_lifo) and first_target_role reading the targets list in place (it made
target_list's copy for its first item; docs/performance.md "Step 98"). Held to their definitions
as they were written before — at every third decision of three seeded games, for every frame of
the stack, every seat and card name, and a judge zone of several cards — pure and as built."""
from seeded_games import DECISIONS, SAME_HEAD, SAME_TAIL, assert_definitions_hold

WALKS = DECISIONS + r"""
from core.prims import base as B, cards as Cards, resolving as Resolving, zones as Zones
""" + SAME_HEAD + r"""

def current_target_character(g, f):
    fr = f.ev if f.ev is not None else f
    for fr2 in [f, fr] + [g.stack[i] for i in range(len(g.stack) - 1, -1, -1)]:
        if fr2 is None:
            continue
        if B._is_event(g, fr2, B.EVI_TARGET_USE):
            return B._slot(fr2, 2)
        if B._is_event(g, fr2, B.EVI_USE):
            v = B._slot(fr2, 4, None)
            if isinstance(v, int) and 0 <= v < B.VBASE:
                return v
            tg = B._rec(g, fr2.slots[1])[B.V_TARGETS] if B._is_v(fr2.slots[1]) else []
            return tg[0] if tg else B.NONE
    return B.NONE


def card_targeting(g, f, who, name):
    ev = f.ev if f.ev is not None else f
    st = g.stack
    for fr in [ev] + [st[i] for i in range(len(st) - 1, -1, -1)]:
        if B._is_event(g, fr, B.EVI_TARGET_USE):
            c = B._slot(fr, 1, None)
            if B._slot(fr, 2) == who and c is not None and \
                    Cards._kind_ok(g, Cards._card_name_any(g, c), name):
                return c
            return ()
    return ()


def first_target_role(g, f, c):
    tg = Resolving.target_list(g, f, c)
    return tg[0] if tg else B.NONE


for seed, n, g in decisions("identity", (1, 2, 3), every=3):
    n_ = g.n
    names = sorted({Cards._card_name_any(g, c) for c in range(0, len(g.cards), 5)})[:8] + [-1]
    for f in list(g.stack):
        same(("target_character", f.prog), Resolving.current_target_character(g, f),
             current_target_character(g, f))
        for who in list(range(-1, n_)) + [None]:
            for name in names:
                same(("targeting", who, name), Resolving.card_targeting(g, f, who, name),
                     card_targeting(g, f, who, name))
    f = g.stack[-1]
    for who in range(n_):
        same(("lifo", who), Zones.judge_zone_cards_lifo(g, f, who),
             tuple(reversed(g.zone_cards(E.Z_JUDGE, who))))
    for c in [B.VBASE + i for i in range(len(B._st(g)[B.S_VC] or ()))] + [-1, 0, 5]:
        same(("first_target", c), Resolving.first_target_role(g, f, c),
             first_target_role(g, f, c))

# a judge zone of several cards (the games above hold one at most when asked): three, four and
# five cards of the deck moved into seat 1's
M, P = S.load_engine("identity")
g = P.new_game(M, 5, seed=7, deck="标准版加军争", log_level=0)
deck = list(g.zone_cards(E.Z_DRAW, -1))
for k in range(5):
    g.move_one(deck[k], E.Z_JUDGE, 1)
    want = tuple(reversed(g.zone_cards(E.Z_JUDGE, 1)))
    same(("lifo of", k + 1), Zones.judge_zone_cards_lifo(g, g.stack[-1] if g.stack else None, 1),
         want)
    same(("lifo order", k + 1), want[0] == deck[k] and len(want) == k + 1, True)
""" + SAME_TAIL


def test_walks_in_place_are_their_definitions():
    """Pure and as built: every reading answers its definition; many hold."""
    assert_definitions_hold(WALKS, games=3, asks=20000, true=2000)
