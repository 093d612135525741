"""cards._frozen (compiled: core/prims/tuples.pxd's frozen_record, docs/performance.md steps 105
and 239): a vanished virtual card's record as a Frozen tuple, its list fields as tuples (their list
items as tuples, one level down), an empty dict as the shared empty mapping, another as a
read-only mapping of its copy, anything else as it is. Held to that definition on a record of
every kind of field, each item's references counted (none taken nor dropped but the tuple's
own), the tuple tracked by the collector; in this process (pure or as built)."""
import gc
import sys
from types import MappingProxyType

from core.prims import cards as C


def _frozen_by_definition(r):
    out = []
    for v in r:
        if type(v) is list:
            v = tuple([tuple(e) if type(e) is list else e for e in v])
        elif type(v) is dict:
            v = C._NO_WITH if not v else MappingProxyType(dict(v))
        out.append(v)
    return out


def test_a_record_frozen_as_defined():
    name, cards, big = object(), (3, 4), 10 ** 30
    with_ = {1: (2, 3)}
    r = [name, cards, 1, 0, big, -1, [], 0, True, [5, [6, 7], (8,)], [[9]], {}, with_, None,
         (), "某", [], 2.5]
    before = [sys.getrefcount(v) for v in r]
    out = C._frozen(r)
    after = [sys.getrefcount(v) for v in r]   # (before the checks' own references)
    assert type(out) is C.Frozen and len(out) == len(r)
    want = _frozen_by_definition(r)
    for i, (got, w) in enumerate(zip(out, want)):
        if type(w) is MappingProxyType:
            assert type(got) is MappingProxyType and dict(got) == dict(w), i
        else:
            assert type(got) is type(w) and got == w, i
    assert out[11] is C._NO_WITH   # the empty choices: the shared mapping
    assert out[12] is not with_ and dict(out[12]) == with_   # a copy, read-only
    for i in (0, 1, 2, 4, 8, 13, 14, 15, 17):   # kept as they are: the same objects
        assert out[i] is r[i], i
    assert gc.is_tracked(out)
    # each item of its own referenced once more by the tuple (the lists and dicts: not at all;
    # the small ints, None, True …, shared by the interpreter, not counted)
    own = (0, 1, 4, 9, 10, 11, 12, 16)
    for i in own:
        kept = type(r[i]) not in (list, dict)
        assert after[i] == before[i] + (1 if kept else 0), (i, before[i], after[i])
    del out, want, got, w
    now = [sys.getrefcount(v) for v in r]
    assert [now[i] for i in own] == [before[i] for i in own]


def test_an_empty_record():
    assert C._frozen([]) == () and type(C._frozen([])) is C.Frozen
