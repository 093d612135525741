"""A card's status rules (额外说明) are run only for the query kinds their operations can answer
(docs/decisions/0038): the compiler passes each rule's operations (emit.program_ops) with the
card's registration, and Status._run_card_rules (the rules of a name: _card_status_run's, or
those _use_limited reads from t.use_limits, asked as queries here) skips a rule whose operations are all known
answers of other kinds (火【杀】's "此牌是一种【杀】" at a use limit, 【杀】's use limit at the 无效
query). The reference runs every rule of the name and method, as before; it is compared with
the skipping query at every card-rule query of seeded random-player games of every rulebook,
on the pure engine where the runtime's functions can be watched."""
import generated.identity as M
from core import prims as P
from core.prims import base as B, limits as Limits, status as Status
from seeded_games import LIMITS_AS_QUERIES, PLAY, USE_LIMIT_WRITTEN, run_pure, watch

WATCH = watch(r"""
from core.prims import base as B, limits as Limits, status as Status
# seen: queries by kind; and the rule runs skipped
run_card_rules = Status._run_card_rules


def watched(g, rules, owner, q, card):
    want = list(q)
    for mi, prog, answers, _ in rules:   # every rule, as before
        if want[3] < 0 or want[3] == mi:
            seen["skipped"] += not (answers >> want[0]) & 1
            Status._run_rule(g, prog, owner, want, card)
    run_card_rules(g, rules, owner, q, card)
    seen[q[0]] += 1
    if q != want and len(bad) < 5:
        bad.append(([g.rs.prog_names[r[1]] for r in rules], q, want))


Status._run_card_rules = watched
# the use limits asked as queries (their direct forms are held to them by test_limit_direct)
""" + LIMITS_AS_QUERIES, 'seen[B.Q_LIMIT], seen[B.Q_KIND], seen[B.Q_INEFF], seen["skipped"]')


def test_the_skipping_card_rule_query_answers_as_running_every_rule():
    lines = run_pure(WATCH)
    games, limits, kinds, ineff, skipped = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    # every kind of card-rule query was asked, and rules were skipped
    assert limits > 1000 and kinds > 0 and ineff > 100 and skipped > 200


def test_the_answer_bits_follow_the_operations():
    assert Status.answer_bits(None) == -1                      # unknown: every kind
    assert Status.answer_bits(("kind_of", "<fire>")) == -1     # not only known answers
    assert Status.answer_bits(("kind_of",)) == 1 << B.Q_KIND
    assert Status.answer_bits(("use_limit_per_turn", "distance_plus")) == (1 << B.Q_LIMIT) | (1 << B.Q_DIST)
    assert Status.answer_bits(()) == 0                         # answers nothing


def test_the_cards_rules_carry_their_operations_answers():
    """From the generated registration (the rule's IR), not from the card's name."""
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    rs, t = g.rs, P._T(g)
    bits = {rs.card_names[n]: [r[2] for r in rules] for n, rules in t.card_status.items()}
    assert bits["火杀"] == [1 << B.Q_KIND] and bits["雷杀"] == [1 << B.Q_KIND]
    assert bits["杀"] == [1 << B.Q_LIMIT] and bits["酒"] == [1 << B.Q_LIMIT]
    assert bits["桃园结义"] == [1 << B.Q_INEFF]


LIMITS = r"""
import collections
import core.engine as E
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer, play
from core.prims import base as B, limits as Limits, status as Status
assert not E.cython.compiled

seen = collections.Counter()
bad = []
use_limited = Limits._use_limited


""" + USE_LIMIT_WRITTEN + r"""

def watched(g, p, name, mi):
    got = use_limited(g, p, name, mi)
    want = use_limited_written(g, p, name, mi)
    seen[bool(want), g.rs.card_names[name] in ("火杀", "雷杀")] += 1
    if bool(got) != bool(want) and len(bad) < 5:
        bad.append((g.rs.card_names[name], p, mi, got, want))
    return got


Limits._use_limited = watched
""" + PLAY + r"""
print(games, seen[True, False], seen[True, True], seen[False, False])
for x in bad:
    print("DIFFERS", *x)
"""


def test_a_use_limit_reads_the_rules_of_the_name_and_its_kinds():
    """Limits._use_limited reads the rules through the table kinds() makes (t.use_limits: per
    name, its own rules and those of each name it is a kind of that has some, read by the
    name's C index) and answers as running every rule of those names in a frame."""
    lines = run_pure(LIMITS)
    games, limited, limited_kinds, free = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    # limits reached for 【杀】/【酒】 and for 火【杀】/雷【杀】 through 【杀】's rule
    assert limited > 100 and limited_kinds > 0 and free > 1000
