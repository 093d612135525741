"""Which operations answer each status query kind, and about whom: the tables register.finish
reads to derive the status rules' tables (t.status_by_query, t.status_owner_at) and the card
rules' answer bits. Registration-time only, moved from core/prims/status.py (which imports these
names: ``Status.QUERY_ANSWERS`` …) to keep that room under the modules' 1,500 lines (step 89 of
docs/performance.md); the operations are status's answer primitives. And a rulebook's card kinds,
kept for its games (status.kinds: KINDS_KEPT, step 94)."""
from core.prims.base import (
    Q_DIST, Q_UNLIMIT, Q_LEGAL, Q_NODIST, Q_TLIMIT, Q_RECOVER, Q_NEEDN, Q_PLAYN, Q_LIMIT, Q_KIND,
    Q_INEFF, Q_SUIT, Q_HANDLIMIT, Q_USEPLUS, Q_NOUSE, Q_EQUIP, Q_DISTPLUS)


# the operations answering each query (status's modifier primitives): a status skill whose
# program runs none of a query's answers, and nothing but known answers, is not read by it
QUERY_ANSWERS = {
    Q_DIST: ("distance_plus", "distance_minus"),
    Q_UNLIMIT: ("no_use_limit_in_play_phase",),
    Q_LEGAL: ("not_legal_target", "not_legal_target_of_colour"),
    Q_NODIST: ("no_distance_limit",),
    Q_TLIMIT: ("target_limit_plus", "use_target_limit_plus"),
    Q_RECOVER: ("recover_value_plus",),
    Q_NEEDN: ("needs_n_to_cancel",),
    Q_PLAYN: ("needs_n_to_play_each_time",),
    Q_SUIT: ("suit_regarded",),
    Q_HANDLIMIT: ("hand_limit_plus",),
    Q_USEPLUS: ("use_limit_plus",),
    Q_NOUSE: ("cannot_use", "group_cannot_use"),
    Q_EQUIP: ("regarded_equipping",),
    Q_DISTPLUS: ("use_distance_plus",),
    # the card rules' queries (_card_status_run)
    Q_LIMIT: ("use_limit_in_play_phase", "use_limit_per_turn"),
    Q_KIND: ("kind_of",),
    Q_INEFF: ("ineffective_to_unhurt_targets",),
}


_ANSWERS = frozenset([n for names in QUERY_ANSWERS.values() for n in names])


def answer_bits(ops, /):
    """The query kinds a rule whose program runs ``ops`` (emit.program_ops; None: unknown) may
    answer, as bits by kind: every kind unless its operations are all known answers."""
    if ops is None or not frozenset(ops) <= _ANSWERS:
        return -1
    bits = 0
    for kind, names in QUERY_ANSWERS.items():
        for n in names:
            if n in ops:
                bits |= 1 << kind
    return bits


def _may_answer(t, sid, kind, /):
    return (answer_bits(t.skill_ops.get(sid)) >> kind) & 1 != 0


# the answers' subject: (argument index of the operation, index in the query it must equal);
# each of status's answer primitives takes effect only when that argument is the query's role
ANSWER_SUBJECT = {
    "distance_plus": (1, 2),                # 〔甲〕至〔乙〕的距离+X: 乙 is the query's b
    "distance_minus": (0, 1),               # 甲 is the query's a
    "not_legal_target": (0, 2),             # the target
    "not_legal_target_of_colour": (0, 2),   # the target
    "use_distance_plus": (0, 1),            # the user
    "no_distance_limit": (0, 1),            # the user
    "no_use_limit_in_play_phase": (0, 1),   # the user
    "suit_regarded": (0, 2),                # the holder of the card
    "hand_limit_plus": (0, 1),              # the role
    "use_limit_plus": (0, 1),               # the user
    "cannot_use": (0, 1),                   # the user
    "regarded_equipping": (0, 1),           # the role
}


def _owner_at(t, sid, kind, /):
    """The query indices one of which must be status rule sid's owner for it to answer query
    ``kind`` (every answer it can run names its owner as the subject: 〖马术〗 answers only a
    distance from its owner), or None (any query of that kind)."""
    ops = t.skill_ops.get(sid)
    if ops is None or not ops <= _ANSWERS:
        return None
    owner_args = t.skill_owner_args.get(sid, ())
    at = set()
    for op in QUERY_ANSWERS[kind]:
        if op not in ops:
            continue
        subj = ANSWER_SUBJECT.get(op)
        if subj is None or (op, subj[0]) not in owner_args:
            return None
        at.add(subj[1])
    return tuple(sorted(at)) if at else None


# A rulebook's card kinds and use limits (status.kinds: t.kinds, t.use_limits), by its tables'
# card_status dictionary, which its games' tables share (games._game_rules copies the registered
# tables shallowly) and nothing changes once registered; the entry holds the dictionary, so its id
# names no other while kept. Made by the rulebook's first game, read by the next (each game made
# them again: ~60 k instructions a game); a game of another rulebook has another dictionary.
KINDS_KEPT = {}


def kinds_kept(t, /):
    """Set t.kinds and t.use_limits from the rulebook's kept ones; False when none are kept."""
    kept = KINDS_KEPT.get(id(t.card_status))
    if kept is None:
        return False
    t.kinds, t.use_limits = kept[1], kept[2]
    return True


def keep_kinds(t, /):
    """Keep t.kinds and t.use_limits, just made, for the rulebook's next games."""
    KINDS_KEPT[id(t.card_status)] = (t.card_status, t.kinds, t.use_limits)
