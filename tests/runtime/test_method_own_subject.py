"""Step 215a of docs/performance.md (docs/decisions/0210): a card method whose 使用时机 names its
user as the timing's subject (compiler/pretests.py's method_own_subject: 【闪】 "【杀】对你生效
前", 【酒】② "你处于濒死状态时") is registered with a flag (register_card's method index 6), and
register.finish gives its timing's card-use skill the names whose every method there has it
(Skill.own_names). core.dispatch's hand pre-test leaves those names out at a seat other than the
event's subject.

At every decision of seeded random-player games of the three rulebooks, pure and as built, at
each timing's dispatch on the stack (its frame, its event and timing), each card-use skill of
the timing with own_names is asked for each seat: where
the pre-test answers False only by own_names (the same pre-test without them asks the
condition), the full condition (Skill.test: the usability scan) must be False. The registered
flags are checked against the specs' text."""
import re

import pytest

from compiler import ir
from compiler.pretests import method_own_subject
from seeded_games import DECISIONS, ROOT, run_python

SCRIPT = DECISIONS + r"""
import collections
from core import dispatch as D

seen = collections.Counter()
bad = []

for key, seeds in (("identity", range(1, 7)), ("identity_old", (1, 2)), ("zhanqi", (1, 2))):
    using = None
    for seed, n, g in decisions(key, seeds):
        if using is None:
            using = [s for s in g.rs.skills if s.own_names]
            seen["skills"] += len(using)
        for f in list(g.stack):
            if f.prog != E.DISPATCH_PROG:   # a timing's dispatch: its event, as it asks the seats
                continue
            ev, t = f.ev, f.a
            for s in using:
                own = s.own_names
                if t in s.timings:
                    for p in range(g.n):
                        if not D.hand_says_no(g, s, p, ev, t):
                            continue
                        s.own_names = 0
                        before = D.hand_says_no(g, s, p, ev, t)
                        s.own_names = own
                        if before:
                            continue
                        seen["by own names"] += 1
                        if s.test(g, p, ev, t):
                            bad.append((key, seed, n, s.name, g.rs.timing_names[t], p, ev.subject))
print(games, seen["skills"] == 5, seen["by own names"] > 300)
for x in bad[:5]:
    print("DIFFERS", *x)
"""


@pytest.mark.parametrize("pure", [True, False])
def test_the_names_of_the_subjects_own_methods_are_not_usable_at_another_seats_subject(pure):
    lines = run_python(SCRIPT, pure=pure).strip().splitlines()
    assert lines[0] == "10 True True", lines[:6]
    assert not lines[1:], "\n".join(lines[1:])


def test_a_methods_own_subject_is_its_timings_subject_written_you():
    """pretests.method_own_subject: the subject 你 (the owner primitive) only; none written (anyone's
    timing), the implied one, another expression or no timing: not flagged."""
    owner = ir.PrimCall("owner", ())
    timing = ir.Ref("timing", 3, "对当前目标生效前")

    def method(timing, subject):
        return ir.CardMethod(timing, None, None, None, [], subject)

    assert method_own_subject(method(timing, owner))
    assert not method_own_subject(method(timing, None))
    assert not method_own_subject(method(timing, ir.Implied()))
    assert not method_own_subject(method(timing, ir.PrimCall("alive_characters", ())))
    assert not method_own_subject(method(None, owner))


# a card's header and its 使用时机 sentences (one a method: 使用方法① … in order)
_CARD = re.compile(r"^卡牌 【(\S+?)】.*?$(.*?)(?=^\S|\Z)", re.M | re.S)
_TIMING = re.compile(r"使用时机：([^。]*)。")


def test_the_flags_are_where_the_specs_timing_names_you_as_its_subject():
    """The registered flags of the bundled specs' cards (identity and 战棋): a method is flagged
    exactly where its 使用时机's text makes 你 the subject (对你…, 你…时), and the card-use skills
    have own_names where every method of a name is flagged: 【闪】 at 对当前目标生效前, 【酒】 at
    处于濒死状态时 (a change of their wording moves these)."""
    from compiler import simulate as S
    from compiler.rulebooks import by_key
    from core.prims import base

    checked = 0
    for key, files in (("identity", ("标准版", "军争篇")), ("zhanqi", ())):
        texts = {}
        paths = [ROOT / "specs" / "cards" / f"{f}.sgs" for f in files] or \
            sorted((ROOT / "specs" / key / "cards").glob("*.sgs"))
        for path in paths:
            for name, body in _CARD.findall(path.read_text(encoding="utf-8")):
                texts[name] = _TIMING.findall(body)
        M, P = S.load_engine(key)
        rb = by_key(key)
        g = P.new_game(M, rb.players, seed=1, mode=rb.mode, deck=rb.deck, log_level=0)
        t = base._T(g)
        for n, info in t.cards.items():
            name = g.rs.card_names[n]
            ms = info[5]
            assert len(texts[name]) == len(ms), name
            for m, text in zip(ms, texts[name]):
                yours = text.startswith("你") or "对你" in text
                assert m[6] is yours, (key, name, text)
                checked += yours
        own = {g.rs.timing_names[tid]: g.rs.skills[sid].own_names for tid, sid in t.use_skill.items()}
        name = g.rs.card_names.index
        assert own["对当前目标生效前"] == 1 << name("闪"), key
        if key == "identity":
            assert own["处于濒死状态时"] == 1 << name("酒")
    assert checked == 3   # 【闪】 twice, 【酒】②
