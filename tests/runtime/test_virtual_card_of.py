"""A physical card's virtual card (resolving.virtual_card_of with one argument): the living virtual
card it corresponds to (S_CORR), else for a card in a 判定区 a new one of its name with it as its
card and the zone's owner as its target, else NONE. Step 59 reads the card as a C int and the
zone's kind (Game.where_kind) before its (kind, owner) tuple: held here to that definition for
every physical card at decisions of seeded random-player games (on a clone, where a card of the
draw pile is first put into a 判定区 without a use: the 判定区 answer writes a record), pure and as
built."""
from seeded_games import DECISIONS, run_python

SCRIPT = DECISIONS + r"""
from core.prims import base as B, resolving as R
print(not E.__file__.endswith('.py'))   # compiled: the extension module
probe = E.Frame(0, 0)   # the one-argument answer reads no frame
seen = {"corr": 0, "judge": 0, "none": 0}
bad = []
for seed, n, g in decisions("identity", (1, 2, 3), every=5):
    h = g.clone()
    # a card of the draw pile put into a 判定区 without a use (as 〖国色〗's card is not):
    # no virtual card of its own yet
    top = h.top_cards(1)
    if top:
        h.move_one(top[0], E.Z_JUDGE, n // 5 % h.n)
    for c in range(len(h.cards)):
        v = B._S(h, B.S_CORR, len(h.cards))[c]
        k, o = h.where(c)
        got = R.virtual_card_of(h, probe, c)
        if v is not None and B._rec(h, v)[B.V_ALIVE]:
            kind, ok = "corr", got == v
        elif k == E.Z_JUDGE:
            r = B._rec(h, got) if B._is_v(got) else None
            kind = "judge"
            ok = (r is not None and r[B.V_ALIVE] and tuple(r[B.V_CARDS]) == (c,)
                  and r[B.V_NAME] == h.card_name(c) and list(r[B.V_TARGETS]) == [o]
                  and B._S(h, B.S_CORR, len(h.cards))[c] == got)
        else:
            kind, ok = "none", got == B.NONE
        seen[kind] += 1
        if not ok and len(bad) < 5:
            bad.append((seed, n, c, kind, got, v, k, o))
print(seen["corr"], seen["judge"], seen["none"])
for x in bad:
    print("DIFFERS", *x)
"""


def test_virtual_card_of_a_physical_card():
    """Every physical card at every fifth decision of three seeded games, pure and as built: the
    three answers each occur (a card of a living virtual card, a card in a 判定区, a card of
    neither), and each is the definition's."""
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        corr, judge, none = map(int, lines[1].split())
        assert not lines[2:], "\n".join(lines[2:])
        assert corr > 50 and judge > 5 and none > 1000, (corr, judge, none)
