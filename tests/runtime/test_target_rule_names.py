"""in_use._target_rule_names (step 191; status's until session 38): the card names with 目标限制 programs, read from the
tables' dict (name, method) -> programs and kept while the same dict of the same size is asked
(register adds to the dict while a module registers). apply_target_restrictions answers a card of
another name at once. Held, pure and as built, to the names of the dict asked: the same dict again,
the dict with a key added, another dict of the same size, an empty one; and on a game of the
rulebook, to the names of its tables' dict."""
from seeded_games import run_python

DIRECT = r"""
from compiler import simulate as S
from core.prims import base as B, in_use as St
print(not St.__file__.endswith('.py'))
M, P = S.load_engine("identity")
g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
rules = B._T(g).card_target_rules
out = [sorted(St.target_rule_names(rules)) == sorted({k[0] for k in rules}) and len(rules) > 0]
d = {(4, 0): (1,), (6, 1): (2,)}
out.append(sorted(St.target_rule_names(d)))
out.append(sorted(St.target_rule_names(d)))
d[(9, 0)] = (3,)
out.append(sorted(St.target_rule_names(d)))
e = {(5, 0): (1,), (7, 0): (1,), (8, 2): (1,)}
out.append(sorted(St.target_rule_names(e)))
out.append(sorted(St.target_rule_names({})))
print(out)
"""

WANT = [True, [4, 6], [4, 6], [4, 6, 9], [5, 7, 8], []]


def test_target_rule_names_follow_the_dict_asked():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == repr(WANT), lines
