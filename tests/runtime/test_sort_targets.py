"""resolving.sort_targets (000:122: a card's targets from the current turn's role counterclockwise;
step 191): targets that are ints of one digit are keyed as C longs and sorted in place by insertion,
anything else by the generic sort of (key, place, target) tuples. Both held, pure and as built, to
Python's stable sort by the rule's key: lists of seats (some outside 0..n-1, some repeated, so
that the stability shows), virtual cards' handles, a big int and strings, each as the record's
list (sorted in place, the same list) and as a kept tuple (left as it is in order, else replaced by
a list of the record's own)."""
from seeded_games import VCARD_HEAD, run_python

DIRECT = VCARD_HEAD + r"""
import random
def key_of(start, n):
    def key(p):
        return (p - start) % n if isinstance(p, int) and p < B.VBASE else p
    return key
rng = random.Random(7)
v = C._new_vcard(g, g.card_name(1), (1,))
rec = B._rec(g, v)
cases = [[1, 0], [0, 1], [3, 2, 1, 0], [B.VBASE + 2, 1, B.VBASE, 0], [1 << 40, 2, 1],
         ["b", "a", "c"], [5, 1, 9, -3, 1]]
for _ in range(200):
    k = rng.randint(2, 9)
    cases.append([rng.choice((rng.randint(-6, 10), rng.randint(0, 3), B.VBASE + rng.randint(0, 3)))
                  for _ in range(k)])
bad = []
for i, tg in enumerate(cases):
    g.current = i % 5 - 1   # -1: no current turn (from seat 0)
    want = sorted(tg, key=key_of(max(g.current, 0), g.n))
    lst = list(tg)
    rec[B.V_TARGETS] = lst
    R.sort_targets(g, f, True, v)
    # a list: sorted in place (the record's same list)
    if rec[B.V_TARGETS] is not lst or lst != want or [type(x) for x in lst] != [type(x) for x in want]:
        bad.append(("list", tg, g.current, list(rec[B.V_TARGETS]), want))
    t = tuple(tg)
    rec[B.V_TARGETS] = t
    R.sort_targets(g, f, True, v)
    got = rec[B.V_TARGETS]
    # a tuple: the same tuple in order, else a list in order
    if (got is not t) if list(t) == want else (type(got) is not list or got != want):
        bad.append(("tuple", tg, g.current, got, want))
print(len(cases), bad[:3])
"""


def test_sort_targets_is_the_stable_sort_by_the_rules_key():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "207 []", lines
