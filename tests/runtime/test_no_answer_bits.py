"""The status queries' "nothing can answer" bits (Game.no_answer, decision-free step 49 of
docs/performance.md) held to their definition at every status query of seeded random-player
games of the three rulebooks, on the pure engine: a query of a kind whose bit is set answers 0
at once, so the bit may be set only while no role has a rule that may answer that kind
(status_by_query's rules, held_skills' definition) and no lasting effect is on; and the bit is
set for most queries (it is the common answer, not a path never taken). Since step 51 some callers
test the bit before the call: status._ask and status._using (step 89) are watched with _query
(their bit answers counted), while
targets._legal and roles._tc_free call _query only when the bit is clear (those skipped are not
counted)."""
from seeded_games import run_pure, run_python, watch

WATCH = watch(r"""
from core.prims import status as Status
from core.prims.base import S_LASTING, _state, _T
query = Status._query
ask = Status._ask


def bit_checked(g, kind):
    # whether kind's bit is set; counted, and held to its definition
    if not (g.no_answer >> kind) & 1:
        return False
    seen["bit"] += 1
    t = _T(g)
    sids = (t.status_by_query[kind] if 0 <= kind < len(t.status_by_query)
            else t.status_skills)
    held = [sid for sid in sids if g.holders[sid] > 0]
    s = g.root_state if g.root_state is not None else _state(g)
    lasting = (s[S_LASTING] if s is not None else None) or []   # None until one is added
    if held or lasting:
        if len(bad) < 5:
            bad.append((kind, held, len(lasting)))
    return True


def watched_query(g, kind, a=None, b=None, c=None, /):
    seen["queries"] += 1
    bit_checked(g, kind)
    got = query(g, kind, a, b, c)
    if (g.no_answer >> kind) & 1 and got != 0:
        if len(bad) < 5:
            bad.append(("answered", kind, got))
    return got


def watched_ask(g, kind, a, b, /):
    # status._ask (step 51) answers from the bit before _query's call: counted here when it
    # does (otherwise the _query it calls is counted)
    if bit_checked(g, kind):
        seen["queries"] += 1
    got = ask(g, kind, a, b)
    if (g.no_answer >> kind) & 1 and got != 0:
        if len(bad) < 5:
            bad.append(("asked", kind, got))
    return got


using = Status._using


def watched_using(g, kind, a, b, /):
    # status._using (step 89) tests the bit likewise: counted here when it answers from it
    if bit_checked(g, kind):
        seen["queries"] += 1
    got = using(g, kind, a, b)
    if (g.no_answer >> kind) & 1 and got != 0:
        if len(bad) < 5:
            bad.append(("using", kind, got))
    return got


from core.prims import limits as Limits
kind_unanswerable = Limits._kind_unanswerable


def watched_kind_unanswerable(g, kind, /):
    # limits' own bit test (step 103a: the use limits' 不能使用, +X and 无次数限制, which
    # passed through status._using before their move): counted here when it answers
    if bit_checked(g, kind):
        seen["queries"] += 1
    return kind_unanswerable(g, kind)


Status._query = watched_query
Status._ask = watched_ask
Status._using = watched_using
Limits._kind_unanswerable = watched_kind_unanswerable
""", 'seen["queries"], seen["bit"]')


def test_no_answer_bits_are_their_definition():
    """Nine seeded games (five of the current edition with every pack, two of the old edition,
    two of 战棋): at every status query, a set bit means no rule that may answer is held and no
    lasting effect is on, and the bit answers most of the queries."""
    lines = run_pure(WATCH)
    games, queries, bit = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    assert queries > 1000 and bit > queries // 2, (queries, bit)


LASTING = r"""
from core import prims as P
from core.agents import RandomPlayer
from core.prims import status as Status
from core.prims.base import Q_NOUSE
import generated.identity as M
g = P.new_game(M, 5, seed=1, log_level=0)
a = RandomPlayer(1)
d = g.step()
while g.turn_no < 2:
    g.answer(a.choose(g, d))
    d = g.step()
prog = g.rs.prog_names.index("持续 〖天义〗·4")   # 此回合内不能使用【杀】, a lasting effect
p = g.current
sha = g.rs.card_names.index("杀")
before = Status._query(g, Q_NOUSE, p, sha)
bit = (g.no_answer >> Q_NOUSE) & 1
Status.add_lasting(g, g.new_frame(prog, p), False, prog)
print(before, bit, g.no_answer, Status._query(g, Q_NOUSE, p, sha))
"""


def test_a_lasting_effect_drops_the_bits():
    """〖天义〗's 此回合内不能使用【杀】 added as a lasting effect while nothing could answer 不能使用:
    the bits are dropped, and the query answers the effect (pure and as built)."""
    for pure in (True, False):
        assert run_python(LASTING, pure=pure).split() == ["0", "1", "0", "1"], pure
