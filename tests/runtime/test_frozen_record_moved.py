"""A vanishing record's references moved into its frozen tuple (cards._frozen, compiled:
tuples.pxd's frozen_record with `move`; docs/decisions/0276, docs/performance.md step 249).
Compiled, a record marked vanishing (its 存在 flag False) and held by exactly the vanishing's
three references (the records' list's slot and resolving.vanish_virtual_card's two locals; here a
holder list's slot, a local and the call's argument) gives its references to the tuple: the
record left empty, no reference taken for a field kept as it is, a copied list's or dict's
reference in the record dropped. Held once more, or alive (a reader freezing it to compare), it
is copied and left whole (as always uncompiled). The frozen tuple is the definition's either way.
Then, pure and as built, real vanishings: a record the script holds across one is whole after
it, and every frozen record is the definition's of the live one it replaced."""
import sys
from types import MappingProxyType

from core.prims import cards as C
from seeded_games import VANISH_HEAD, run_both
from test_frozen_record import _frozen_by_definition

COMPILED = not C.__file__.endswith(".py")


def _same(out, want):
    assert type(out) is C.Frozen and len(out) == len(want)
    for i, (got, w) in enumerate(zip(out, want)):
        if type(w) is MappingProxyType:
            assert type(got) is MappingProxyType and dict(got) == dict(w), i
        else:
            assert type(got) is type(w) and got == w, i


def _record():
    """A record of 21 fields with objects of its own: kept as they are (KEPT) and copied (a list
    of a list, a dict: COPIED)."""
    name, cards, big, src = object(), (3, 4), 10 ** 30, object()
    lst, dct = [5, [6, 7]], {1: (2, 3)}
    r = [name, cards, 1, 0, big, -1, lst, 0, False, (), (), (), (), (), 0, 0, (), -1, dct, None,
         src]   # (its 存在 flag False: vanishing)
    return r


KEPT = (0, 1, 4, 20)
COPIED = (6, 18)


def test_moved_when_only_the_vanishing_holds_it():
    r = _record()
    items = list(r)   # the items, held here (counted the same before and after)
    want = _frozen_by_definition(r)
    holder = [r]
    before = [sys.getrefcount(v) for v in items]
    out = C._frozen(r)   # r: this local, holder's slot and the call's argument
    after = [sys.getrefcount(v) for v in items]
    _same(out, want)
    for i in KEPT:
        assert out[i] is items[i], i
        # moved: the tuple's reference is the record's; copied: one more
        assert after[i] == before[i] + (0 if COMPILED else 1), (i, before[i], after[i])
    for i in COPIED:
        assert after[i] == before[i] - (1 if COMPILED else 0), (i, before[i], after[i])
    assert holder[0] is r
    assert r == ([] if COMPILED else items)
    del out
    for i in KEPT + COPIED:   # compiled, r's references gone with the tuple (or dropped)
        assert sys.getrefcount(items[i]) == before[i] - (1 if COMPILED else 0), i


def test_copied_when_held_once_more():
    r = _record()
    items = list(r)
    want = _frozen_by_definition(r)
    holder, other = [r], [r]
    before = [sys.getrefcount(v) for v in items]
    out = C._frozen(r)   # four references: copied, the record left whole
    after = [sys.getrefcount(v) for v in items]
    _same(out, want)
    assert r == items and all(a is b for a, b in zip(r, items))
    for i in KEPT:
        assert out[i] is items[i] and after[i] == before[i] + 1, i
    for i in COPIED:
        assert after[i] == before[i], i
    assert holder[0] is other[0] is r


def test_copied_when_alive():
    r = _record()
    r[8] = True   # V_ALIVE: a live record (a reader freezing it to compare, not vanishing it)
    items = list(r)
    holder = [r]
    out = C._frozen(r)   # three references, but not vanishing: copied, left whole
    _same(out, _frozen_by_definition(items))
    assert r == items and holder[0] is r


SCRIPT = VANISH_HEAD + r"""
from types import MappingProxyType
def by_definition(r):
    out = []
    for v in r:
        if type(v) is list:
            v = tuple([tuple(e) if type(e) is list else e for e in v])
        elif type(v) is dict:
            v = dict(v)
        out.append(v)
    return out
def plain(v):
    return dict(v) if type(v) is MappingProxyType else v
vs = [C._new_vcard(g, g.card_name(i % 4), (i % 4,)) for i in range(8)]
B._st(g)[B.S_LIVE] = list(vs)
bad = []
for k, v in enumerate(vs):
    r = B._rec(g, v)
    if k % 2:   # list and dict fields written, as their writers make them
        r[B.V_TARGETS] = [1, [2, 0]]
        r[B.V_HITS] = [k]
        r[B.V_WITH] = {0: (k,)}
    held = r if k % 4 < 2 else None   # half the records held across their vanishing
    want = by_definition(r)
    want[B.V_ALIVE] = False
    del r
    R.vanish_virtual_card(g, f, True, v)
    got = B._rec(g, v)
    if type(got) is not C.Frozen or [plain(x) for x in got] != want:
        bad.append(("frozen", k, got))
    if held is not None and (len(held) != len(want) or by_definition(held) != want):
        bad.append(("held not whole", k, held))
print(len(vs), bad)
"""


def test_real_vanishings():
    assert run_both(SCRIPT) == "8 []"
