"""What the runtime may answer before it calls a condition, derived from the IR (the dispatch's
and the usability scan's pre-tests): whether a skill's timing subject is its owner (its own
subject, docs/decisions/0103), the card names a conversion skill's condition requires (此牌名为
【名】, docs/decisions/0104), what a card method's timing condition requires of 此牌's name
(docs/decisions/0143) and whether a card method's timing is its user's own (docs/decisions/0210). Analyses of the IR only: compiler/emit.py writes what they answer into
the units (the `own_subject`, `card_names`, `this_card` and `method_own_subject` filters of its
templates).

Moved out of compiler/emit.py (session 38: that module was at its 1,500 lines)."""
from __future__ import annotations

import functools

from . import ir
from .primitives import constant_values

# the constant primitives' values (a category's name: 锦囊牌 …), read once on first use, for the
# emitter too (emit._consts: parsing the rooms takes a good part of a second)
constants = functools.lru_cache(maxsize=1)(constant_values)


def subject_is_owner(subject) -> bool:
    """Whether a timing's subject expression (ir.Skill's, ir.CardRule's) is the owner: none
    written or implied (the owner's, the holder's: f.owner) or 你 (Roles.owner: f.owner)."""
    return subject is None or isinstance(subject, ir.Implied) or (
        isinstance(subject, ir.PrimCall) and subject.name == "owner" and not subject.args)


def skill_own_subject(sk: ir.Skill) -> bool:
    """Whether the skill's condition (skill_cond) begins with subject_matches of its owner: the
    dispatcher's pre-test (Skill.own_subject, docs/decisions/0103) answers False without calling
    the condition when the event's subject is another seat."""
    return bool(sk.timings) and subject_is_owner(sk.subject)


def _required_names(e):
    """The card names 此牌名 can have when expression e holds (a set), or None when e does not
    constrain it: 此牌名为【名】, and 且/或 of such."""
    if not isinstance(e, ir.PrimCall):
        return None
    if e.name == "eq" and len(e.args) == 2:
        a, b = e.args
        for x, y in ((a, b), (b, a)):
            if isinstance(x, ir.PrimCall) and x.name == "this_card_name" and not x.args and \
                    isinstance(y, ir.Ref) and y.kind == "card":
                return {y.name}
        return None
    if e.name in ("and", "or") and len(e.args) == 2:
        left, right = _required_names(e.args[0]), _required_names(e.args[1])
        if e.name == "or":
            return left | right if left is not None and right is not None else None
        if left is None or right is None:
            return right if left is None else left
        return left & right
    return None


def skill_card_names(sk: ir.Skill):
    """For a skill with a timing whose condition requires 此牌名为【名】 (a conversion skill at
    需要使用此牌时: 〖武圣〗 only for a 【杀】): the sorted card names it can hold for, else None
    (any name). The runtime's usability scan tries a conversion skill only for these names."""
    if not sk.timings:
        return None
    names = None
    for c in ([sk.condition] if sk.condition is not None else []) + list(sk.checks):
        n = _required_names(c)
        if n is not None:
            names = n if names is None else names & n
    return tuple(sorted(names)) if names is not None else None


def _this_card_test(e):
    """What expression e requires of 此牌 (this_card) when it holds, as a test of the card's
    name the runtime can answer by name (method_this_card), or None when e does not constrain
    it that way: 此牌为【名】 ("name", name), 此牌为<类别> ("category", category), and 且/或 of
    such (a conjunct that is not such is left out: what is kept is still required)."""
    if not isinstance(e, ir.PrimCall) or len(e.args) != 2:
        return None
    a, b = e.args
    if e.name in ("card_name_is", "card_is") and isinstance(a, ir.PrimCall) and \
            a.name == "this_card" and not a.args:
        if e.name == "card_name_is" and isinstance(b, ir.Ref) and b.kind == "card":
            return ("name", b.name)
        if e.name == "card_is" and isinstance(b, ir.PrimCall) and not b.args and \
                isinstance(constants().get(b.name), str):
            return ("category", constants()[b.name])
        return None
    if e.name in ("and", "or"):
        left, right = _this_card_test(a), _this_card_test(b)
        if left is not None and right is not None:
            return (e.name, left, right)
        if e.name == "and":
            return right if left is None else left
    return None


def method_this_card(m: ir.CardMethod):
    """A card method's timing condition's test of 此牌's name (_this_card_test), or None: the
    dispatch's hand pre-test reads it (register.finish: by the event's card name, which names'
    methods can hold at the timing; docs/decisions/0143): 【闪】 only for a 【杀】, 【无懈可击】
    only for a 锦囊牌."""
    return _this_card_test(m.condition) if m.condition is not None else None


def method_own_subject(m: ir.CardMethod) -> bool:
    """Whether a card method's 使用时机 names its user as the timing's subject, written 你
    (【闪】 "【杀】对你生效前", 【酒】② "你处于濒死状态时"): the dispatch's hand pre-test
    (register.finish's Skill.own_names, docs/decisions/0210) leaves the method's name out at
    another seat's subject. Only 你 itself: no subject is anyone's timing (【无懈可击】 "一张锦囊牌对
    一个目标生效前"), and the implied one (出牌阶段) is the idle points', whose card-use skill
    has Skill.own_subject already."""
    s = m.subject
    return m.timing is not None and isinstance(s, ir.PrimCall) and s.name == "owner" and not s.args
