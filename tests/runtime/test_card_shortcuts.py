"""Step 62's shortcuts held to their definitions (docs/performance.md "Step 62").

* A choice's candidates (cards._candidates) leave out what moves.equipment_busy answers; it is
  asked only when moves._may_be_busy says a card of the choice may be one: some card lies in an
  equipment zone, where everything it answers lies, or the equipment a use needs waits to be
  computed (which makes virtual cards). Watched at every call of nine seeded games (pure), and
  _may_be_busy held to its definition at decisions of seeded games, pure and as built.
* A vanished virtual card's record (cards._frozen) is made in place when compiled
  (cards._frozen_of): the same Frozen tuple as the type's call, its items' references counted,
  tracked by the garbage collector as the call's is; since step 105 the whole loop in C
  (tuples.pxd's frozen_record), held to the definition on a record of every kind of field.
* cards._card_info answers a card of no name (-1: NONE) before the table's lookup: the names
  registered are ids >= 0, and every card's answer is the table's."""
from seeded_games import DECISIONS, run_pure, run_python, watch

WATCH = watch(r"""
from core.prims import cards as Cards, moves as Moves
candidates = Cards._candidates


def watched(g, f, v):
    got = candidates(g, f, v)
    if v.kind == "cards":
        # the definition: the choice's cards less those no role may operate now
        busy = Moves.equipment_busy(g, f)
        want = len([c for c in v.group if c not in busy])
        seen["calls"] += 1
        seen["equip"] += any(type(c) is int and g.where_kind(c) in E.EQUIP_ZONES
                             for c in v.group)
        seen["busy"] += len([c for c in v.group if c in busy]) > 0
        seen["pending"] += not isinstance(Moves._NEEDED[0], tuple)
    else:
        want = len(v.group)
    if got != want and len(bad) < 5:
        bad.append((v.kind, v.group, got, want))
    return got


Cards._candidates = watched
# every choice counted, as before step 86b (cards._enough answers a choice with enough cards
# outside the equipment zones without the count: held to it by test_enough_candidates.py)
Moves._free_at_least = lambda g, cards, k: False
""", 'seen["calls"], seen["equip"], seen["busy"], seen["pending"]')


def test_candidates_are_their_definition():
    """At every count of a choice's candidates in nine seeded games of the three rulebooks, the
    count is the choice's cards less those equipment_busy answers (computed after, as the
    definition would, where _may_be_busy let the count skip it). Some choices hold equipment,
    some while a use's needed equipment waits to be computed."""
    lines = run_pure(WATCH)
    games, calls, equip, busy, pending = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    assert calls > 300 and 0 < equip < calls and pending > 0, (calls, equip, busy, pending)


MAY_BE_BUSY = DECISIONS + r"""
from core.prims import base as B, moves as Moves
print(not E.__file__.endswith('.py'))   # compiled: the extension module
seen = {"groups": 0, "equip": 0, "busy": 0}
bad = []


def equipped(g, c):
    return type(c) is int and 0 <= c < len(g.cards) and g.where_kind(c) in E.EQUIP_ZONES


for seed, n, g in decisions("identity", (1, 2, 3), every=3):
    # everything equipment_busy answers lies in an equipment zone (the shortcut's reason)
    busy = Moves.equipment_busy(g, None)
    seen["busy"] += len(busy) > 0
    if not all(equipped(g, c) for c in busy) and len(bad) < 5:
        bad.append((seed, n, "busy", busy))
    for p in range(g.n):
        hand = tuple(g.zone_cards(E.Z_HAND, p))
        equip = tuple([c for z in E.EQUIP_ZONES for c in g.zone_cards(z, p)])
        # with what is no physical card: a virtual card's id, NONE, an id past the cards
        for grp in (hand, equip, hand + equip, (B.VBASE + 1, -1, len(g.cards)) + hand,
                    (None,) + equip):
            got = Moves._may_be_busy(g, grp)
            want = any(equipped(g, c) for c in grp)
            seen["groups"] += 1
            seen["equip"] += want
            if got != want and len(bad) < 5:
                bad.append((seed, n, p, grp, got, want))
# a use's needed equipment waiting to be computed: always asked
Moves._NEEDED[0] = object()
pending = Moves._may_be_busy(g, ())
Moves._NEEDED[0] = ()
print(seen["groups"], seen["equip"], seen["busy"], pending)
for x in bad:
    print("DIFFERS", *x)
"""


def test_may_be_busy_is_its_definition():
    """At every third decision of three seeded games, pure and as built: _may_be_busy of each
    role's hand, equipment, both, and either with what is no physical card, is whether some card
    lies in an equipment zone; everything equipment_busy answers lies in one; and a use's needed
    equipment waiting to be computed answers True (a _may_be_busy that never looked would fail
    the groups with equipment; one that always answered True would not take the shortcut, which
    the instruction count shows, and fails the groups without)."""
    for pure in (True, False):
        lines = run_python(MAY_BE_BUSY, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[2:], "\n".join(lines[2:])
        groups, equip, busy, pending = lines[1].split()
        assert int(groups) > 1000 and 0 < int(equip) < int(groups), lines[1]
        assert pending == "True", lines[1]


# cards._frozen written out: the reference both scripts hold it to
FROZEN_WRITTEN = r"""
def frozen_written(r):
    # cards._frozen's definition, with the type's call
    out = []
    for v in r:
        if type(v) is list:
            v = tuple([tuple(e) if type(e) is list else e for e in v]) if len(v) else ()
        elif type(v) is dict:
            v = Cards._NO_WITH if len(v) == 0 else MappingProxyType(dict(v))
        out.append(v)
    return Cards.Frozen(out)
"""


FROZEN = DECISIONS + r"""
import gc, sys
from core.prims import base as B, cards as Cards
from types import MappingProxyType
print(not E.__file__.endswith('.py'))   # compiled: the extension module
bad = []


""" + FROZEN_WRITTEN + r"""

# the references: each item held once more by the record, and no more once it is dropped
items = [object() for _ in range(5)] + [(1, 2), "x", 7]
before = [sys.getrefcount(x) for x in items]
r = Cards._frozen(list(items))
during = [sys.getrefcount(x) for x in items]
print(type(r) is Cards.Frozen, r == tuple(items), len(r), gc.is_tracked(r),
      gc.is_tracked(Cards.Frozen(items)), [d - b for d, b in zip(during, before)][:5])
del r
print([sys.getrefcount(x) for x in items] == before, Cards._frozen([]) == ())
# the live records at every tenth decision of seeded games, each frozen as the definition
# freezes it (freezing writes nothing)
n = 0
for seed, k, g in decisions("identity", (1, 2, 3), every=10):
    for r in B._S(g, B.S_VC):
        if type(r) is list:
            got, want = Cards._frozen(r), frozen_written(r)
            n += 1
            if (type(got) is not Cards.Frozen or got != want) and len(bad) < 5:
                bad.append((seed, r, got, want))
        elif type(r) is not Cards.Frozen and len(bad) < 5:
            bad.append((seed, "vanished, not frozen", r))
print(n)
for x in bad:
    print("DIFFERS", *x)
"""


def test_frozen_record_is_the_types_call():
    """Pure and as built: a record frozen is a Frozen tuple equal to its items, each item's
    reference counted once while it lives and released with it, tracked by the garbage collector
    as the type's call's is; the live records at every tenth decision of three seeded games
    freeze as the definition freezes them (a record one item short, or an item not held, fails
    here)."""
    for pure in (True, False):
        lines = run_python(FROZEN, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert lines[1] == "True True 8 True True [1, 1, 1, 1, 1]", lines[1]
        assert lines[2] == "True True", lines[2]
        assert int(lines[3]) > 5, lines[3]
        assert not lines[4:], "\n".join(lines[4:])


FROZEN_KINDS = r"""
import core.engine as E
from core.prims import cards as Cards
from types import MappingProxyType
print(not E.__file__.endswith('.py'))   # compiled: the extension module


""" + FROZEN_WRITTEN + r"""

# every kind of field (step 105: compiled, the loop in C, tuples.pxd's frozen_record): a list
# (empty, or with lists in it: tuples one level down), a dict (empty: the shared _NO_WITH; else a
# read-only copy), anything else as it is
rec = [1, [], [[1, 2], 3, (4,), []], {}, {"a": [1]}, [[[5]]], None, "s", (6,)]
got, want = Cards._frozen(rec), frozen_written(rec)
rec[4]["b"] = 2   # a copy: a later write to the live dict is not seen
print(type(got) is Cards.Frozen, got == want, got[3] is Cards._NO_WITH,
      type(got[4]) is MappingProxyType and dict(got[4]) == {"a": [1]},
      got[2] == ((1, 2), 3, (4,), ()) and type(got[5][0]) is tuple and type(got[5][0][0]) is list)
"""


def test_frozen_record_of_every_kind_of_field():
    """Pure and as built (step 105: compiled, the loop in C): a record with lists (empty, or with
    lists in them), dicts (empty, or not) and other fields freezes as the definition freezes it:
    a nested list a tuple one level down only, an empty dict the shared _NO_WITH, another a
    read-only copy (a C loop that left a nested list as it is fails here)."""
    for pure in (True, False):
        lines = run_python(FROZEN_KINDS, pure=pure).strip().splitlines()
        assert lines == [str(not pure), "True True True True True"], lines


CARD_INFO = r"""
import core.engine as E
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer
from core.prims import base as B, cards as Cards
print(not E.__file__.endswith('.py'))   # compiled: the extension module
bad = []
n = 0
for key in ("identity", "identity_old", "zhanqi"):
    M, P = S.load_engine(key)
    rb = by_key(key)
    g = P.new_game(M, rb.players, seed=1, mode=rb.mode, deck=rb.deck, log_level=0)
    a = RandomPlayer(1)
    for _ in range(300):   # well into the game, some virtual cards living, some vanished
        d = g.step()
        if isinstance(d, E.GameResult):
            break
        g.answer(a.choose(g, d))
    t = B._T(g)
    # the names registered are ids >= 0: no entry for -1
    if not all(type(k) is int and k >= 0 for k in t.cards):
        bad.append((key, "names", sorted(t.cards, key=repr)[:5]))
    vcs = [B.VBASE + i for i in range(len(B._S(g, B.S_VC)))]
    for c in list(range(len(g.cards))) + vcs + [B.NONE, None, len(g.cards), E.VCard(-1, ())]:
        got = Cards._card_info(g, c)
        want = t.cards.get(Cards._card_name_any(g, c))
        n += 1
        if got != want and len(bad) < 5:
            bad.append((key, c, got, want))
print(n)
for x in bad:
    print("DIFFERS", *x)
"""


def test_card_info_is_the_tables():
    """Pure and as built, 300 decisions into a seeded game of each rulebook: every physical
    card's, virtual card's and no card's entry is the table's entry of its name (an answer of
    None for a name that has an entry fails here)."""
    for pure in (True, False):
        lines = run_python(CARD_INFO, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert int(lines[1]) > 300, lines[1]
        assert not lines[2:], "\n".join(lines[2:])
