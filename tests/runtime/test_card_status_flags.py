"""Step 177a: resolving.is_ineffective asks whether a card's name has card status rules
(t.card_status's keys) by a flag per name id (resolving._has_card_status, the flags made once
from the dict and kept while the same dict, at the same size, is asked). Held to ``name in
rules`` for names with and without rules, negative names, names past the flags, names not ids,
a dict that grows after it was asked, a dict with a key that is no id, and two dicts asked in
turn, on the identity rulebook's own card_status too — pure and as built."""
import pytest

from seeded_games import run_python

SCRIPT = r"""
from compiler import simulate as S
from core.prims import base as B, resolving as R
mod, P = S.load_engine("identity")
g = P.new_game(mod, 5, seed=1, deck="标准版加军争", mode=None, hand=0, start=False)
real = B._T(g).card_status
a = {3: (), 9: ()}
b = {0: (), 5: ()}
odd = {2: (), "x": ()}
names = list(range(-3, 40)) + [10 ** 12, "x", None, 2.0]
bad, n = [], 0
def ask(rules):
    global n
    for name in names:
        n += 1
        got, want = R.has_card_status(rules, name), name in rules
        if got is not want:
            bad.append((sorted(rules, key=str), name, got, want))
for rules in (a, b, a, real, odd, b, real, a):
    ask(rules)
a[20] = ()   # grown right after it was asked: the flags made again
ask(a)
print(not R.__file__.endswith('.py'), len(real) > 0, n > 300, bad[:5])
"""


@pytest.mark.parametrize("pure", [True, False])
def test_card_status_flag_is_membership(pure):
    out = run_python(SCRIPT, pure=pure).split()
    assert out[1:] == ["True", "True", "[]"]
