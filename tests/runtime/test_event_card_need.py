"""Step 182 of docs/performance.md (docs/decisions/0143): the dispatch's hand pre-test of a
card-use skill by the event's card. The compiler derives what a card method's timing condition
requires of 此牌's name (compiler/pretests.py's method_this_card: 【闪】 "若此牌为【杀】", 【无懈可击】
"若此牌为锦囊牌"), the unit registers it with the method (core/prims/register.py), and
core/dispatch.py's _hand_says_no answers a seat's condition False without the usability scan
when the seat holds no hand card of a name whose method can hold for the event's card (a 【闪】
at a trick's 对当前目标生效前, a 【无懈可击】 at a 【杀】's) and no conversion stands in.

At every decision of seeded random-player games of the three rulebooks, pure and as built: at
each event frame on the stack, each card-use skill that the pre-test answers for a seat is asked
its full condition (Skill.test), which must be False; the answers the event's card made (the
seat holds a name of hand_need, of no method that can hold) are counted."""
import pytest

from compiler import ir
from compiler.pretests import _this_card_test
from seeded_games import DECISIONS, run_python

SCRIPT = DECISIONS + r"""
import collections
from core import dispatch as D

seen = collections.Counter()
bad = []

for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,)), ("zhanqi", (1,))):
    using = None
    for seed, n, g in decisions(key, seeds):
        if using is None:
            using = [s for s in g.rs.skills if s.hand_or_convert]
            # (Skill.own_names left out: that pre-test holds at a timing's own event only, which
            # the asks below at every frame are not; tests/runtime/test_method_own_subject.py)
            for s in using:
                s.own_names = 0
        for ev in list(g.stack):
            for s in using:
                for t in s.timings:
                    for p in range(g.n):
                        if not D.hand_says_no(g, s, p, ev, t):
                            continue
                        seen["answered"] += 1
                        if s.hand_need & g.players[p].hand_bits:
                            seen["by the event's card"] += 1
                        if s.test(g, p, ev, t):
                            bad.append((key, seed, n, s.name, g.rs.timing_names[t], p))
print(games, seen["answered"] > 1000, seen["by the event's card"] > 100)
for x in bad[:5]:
    print("DIFFERS", *x)
"""


@pytest.mark.parametrize("pure", [True, False])
def test_the_pre_test_by_the_event_card_agrees_with_the_conditions(pure):
    lines = run_python(SCRIPT, pure=pure).strip().splitlines()
    assert lines[0] == "5 True True", lines[:6]
    assert not lines[1:], "\n".join(lines[1:])


def test_a_methods_test_of_its_card_is_derived_from_its_condition():
    """pretests._this_card_test: 此牌为【名】 and 此牌为<类别> (a constant primitive's category), 且/或
    of them; a conjunct of anything else is left out of 且, and makes 或 unknown (None)."""
    card = ir.PrimCall("this_card", ())
    sha = ir.PrimCall("card_name_is", (card, ir.Ref("card", 11, "杀")))
    trick = ir.PrimCall("card_is", (card, ir.PrimCall("trick", ())))
    other = ir.PrimCall("red", ())
    assert _this_card_test(sha) == ("name", "杀")
    assert _this_card_test(trick) == ("category", "锦囊牌")
    assert _this_card_test(ir.PrimCall("or", (sha, trick))) == ("or", ("name", "杀"), ("category", "锦囊牌"))
    assert _this_card_test(ir.PrimCall("and", (other, sha))) == ("name", "杀")
    assert _this_card_test(ir.PrimCall("or", (other, sha))) is None
    assert _this_card_test(ir.PrimCall("card_name_is", (ir.PrimCall("owner", ()), sha.args[1]))) is None
    assert _this_card_test(other) is None


def test_the_specs_give_each_response_its_card_and_the_table_follows():
    """From the bundled specs: the generated units register 【闪】's method with ("name", "杀") and
    【无懈可击】's with ("category", "锦囊牌") (a change of their 使用时机's wording moves these);
    the dispatch's table of 对当前目标生效前's card-use skill needs 【闪】 for a 【杀】 (and its kinds)
    and 【无懈可击】 for a trick, and neither for a 【桃】."""
    from compiler import simulate as S
    from compiler.rulebooks import by_key
    from core.prims import base, register as R

    M, P = S.load_engine("identity")
    rb = by_key("identity")
    g = P.new_game(M, rb.players, seed=1, mode=rb.mode, deck=rb.deck, log_level=0)
    t = base._T(g)
    name = g.rs.card_names.index
    tests = {g.rs.card_names[n]: [m[5] for m in t.cards[n][5]] for n in t.cards}
    assert tests["闪"] == [("name", "杀")]
    assert tests["无懈可击"] == [("category", "锦囊牌")]
    assert tests["杀"] == [None]
    tid = g.rs.timing_names.index("对当前目标生效前")
    s = g.rs.skills[t.use_skill[tid]]
    tb = R._need_table(g, s, tid)
    shan, wuxie = 1 << name("闪"), 1 << name("无懈可击")
    assert R._need_of_name(g, tb, name("杀")) == shan
    assert R._need_of_name(g, tb, name("火杀")) == shan
    assert R._need_of_name(g, tb, name("决斗")) == wuxie
    assert R._need_of_name(g, tb, name("无懈可击")) == wuxie
    assert R._need_of_name(g, tb, name("桃")) == 0
    assert s.hand_need == shan | wuxie


KEPT = r"""
from compiler import simulate as S
from core import dispatch as D
from core.prims import register as R

M, P = S.load_engine("identity")
g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
a, b, c = g.rs.skills[:3]
asked = []


def need(g, s, ev, t, /):
    asked.append(s.name)
    return 1 << (len(asked) % 60)


D.give_need(need)
ev = g.new_frame(0, -1, None, 0)
x = [D._event_need(g, s, 0, ev, 0) for s in (a, a, b, a)]
g.steps += 1   # something ran: asked again
x.append(D._event_need(g, a, 0, ev, 0))
D.no_event_need(c)   # no table: all bits, not asked
x.append(D._event_need(g, c, 0, ev, 0))
ALL = (1 << 64) - 1   # (pure: -1, every bit)
print(asked == [a.name, b.name, a.name, a.name], x[:5] == [2, 2, 4, 8, 16] and x[5] & ALL == ALL)
D.give_need(R._need_of_event)
"""


def test_the_kept_answer_is_the_skills_own_in_one_state_and_a_skill_without_a_table_is_not_asked():
    """Step 187a (pure: _event_need is a C function as built): core.dispatch._event_need answers
    again what register's reading answered for the same skill, game, event and counters; another
    skill, or a counter moved, is asked; a skill no_event_need names answers all bits unasked."""
    assert run_python(KEPT, pure=True).split() == ["True", "True"]
