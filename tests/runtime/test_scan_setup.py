"""The usability scan's set-up (usable._scan_begin, step 37): which of a timing's methods the
scan reads, marked by method index (M_HAND: a card of its name is in the role's hand;
M_CONVERT: not in hand, a conversion skill of the role can produce its name; M_SKIP: neither),
and the role's conversion skills (usable._seat_convert: the entry kept per seat in
Game.seat_convert, read in place since step 110c, else usable._convert_skills_of, which finds it by
_find_convert_skills among the entries whose skill somebody has, kept in the game's tables per
held_skills list, and keeps it). Held to their definitions, computed
afresh, at every scan of seeded random-player games of the three rulebooks, on the pure engine,
where the room's functions can be watched; the compiled engine plays the same games (the
fingerprint)."""
from seeded_games import run_pure, watch

WATCH = watch(r"""
from core.prims import base as B, usable as U
scan_begin, seat_convert = U._scan_begin, U._seat_convert


def conversions(g, p):
    # every conversion skill p has, in _convert_skills' order, none kept
    return [e for e in U._convert_skills(g) if g.has_skill(p, e[1].id)]


def marks(g, p, tid):
    # by method index: M_HAND, M_CONVERT or M_SKIP, from the hand and the conversion skills
    hand = {g.card_name(c) for c in g.zone_cards(E.Z_HAND, p)}
    conv = conversions(g, p)
    out = []
    for name, mi, cond in B._T(g).use_methods[tid]:
        if name in hand:
            out.append(U.M_HAND)
        elif any(nm is None or name in nm for _tid, _sk, nm in conv):
            out.append(U.M_CONVERT)
        else:
            out.append(U.M_SKIP)
    return out


def scan_begin_watched(g, p, ev, tid):
    sc = scan_begin(g, p, ev, tid)
    if sc is not None:
        seen["scans"] += 1
        want = marks(g, p, tid)
        got = list(sc.marks())
        seen["convert"] += U.M_CONVERT in got
        seen["skip"] += U.M_SKIP in got
        if (got != want or not any(want)) and len(bad) < 5:
            bad.append(("marks", g.rs.timing_names[tid], p, got, want))
    return sc


def seat_convert_watched(g, p):
    # what the scan reads (step 110c: the kept entry in place, else _convert_skills_of's answer)
    got = seat_convert(g, p)
    want = conversions(g, p)
    seen["conv"] += 1
    seen["held"] += bool(want)
    if list(got) != want and len(bad) < 5:
        bad.append(("conv", p, [e[1].name for e in got], [e[1].name for e in want]))
    return got


U._scan_begin, U._seat_convert = scan_begin_watched, seat_convert_watched
""", 'seen["scans"], seen["convert"], seen["skip"], seen["conv"], seen["held"]')


def test_the_scan_reads_the_methods_of_its_definition():
    """At every usability scan of nine seeded games (five of the current edition with every
    pack, two of the old edition, two of 战棋) the methods marked are those of the names in hand
    and of the names the role's conversion skills can produce, and the conversion skills are
    those the role has, in their order: neither kept answer (the entries per held list) nor a
    mark differs from the definition computed afresh."""
    lines = run_pure(WATCH)
    games, scans, convert, skip, conv, held = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    # the watch saw scans with methods reached only by conversion, scans that skip methods,
    # and roles with and without conversion skills, many times
    assert scans > 1000 and convert > 50 and skip > 1000, (scans, convert, skip)
    assert conv > scans and 100 < held < conv, (conv, held)
