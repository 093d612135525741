"""Step 96 of docs/performance.md: the usability scan's bit masks and the conversion skills kept
across changes of other skills, held to their definitions, pure and as built.

* usable._masks_of: by card name id, the bits of the name's method indices (None past
  _MASK_BITS methods); at every third decision of seeded games, each set-up's ``bits`` are its
  marks' set bits (``wide`` False), its ``pairs`` the methods' (name, method index) pairs, and
  _usable answers what the scan mark by mark answers (pure: _MASK_BITS set to 0, the tables
  made again, so that the same set-ups run the marks' loops); a game played with _MASK_BITS 0
  asks the same decisions as with the masks;
* held._seat_skills_changed drops a seat's kept conversion skills only for a conversion skill:
  Game.seat_convert's item after the seats flags exactly _convert_skills' skill ids; a grant,
  a 无效 and a revocation of another skill keep the seat's answer (the same object), those of a
  conversion skill drop it, and the answer read next is its definition."""
from seeded_games import DECISIONS, identity_game, run_both, run_python

BITS = DECISIONS + r"""
from core.prims import base as B, usable as U
bad = []
setups = 0
pure = U.__file__.endswith(".py")   # the pure engine: the marks loops compared too
for key, seeds in (("identity", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds, 3):
        t = B._T(g)
        for tid in sorted(t.use_methods):
            methods = t.use_methods[tid]
            idx = t.use_index[tid]
            ms = U._masks_of(idx, len(methods))
            if not isinstance(ms, list):   # compiled: native unsigned long longs in bytes
                import array
                ms = list(array.array("Q", ms))
            want = [sum(1 << j for j in idx[nm]) for nm in range(len(idx))]
            if ms != want:
                bad.append(("masks", key, tid))
            for p in range(g.n):
                sc = U._scan_begin(g, p, None, tid)
                if sc is None:
                    continue
                setups += 1
                marks = sc.marks()
                if sc.wide or sc.bits != sum(1 << j for j in range(len(marks)) if marks[j]):
                    bad.append(("bits", key, seed, n, tid, p, sc.wide, sc.bits, list(marks)))
                if sc.at.pairs != [(e[0], e[1]) for e in methods]:
                    bad.append(("pairs", key, tid))
                U._scan_done(sc)
                if pure:
                    got = U._usable(g, p, None, tid)
                    U._MASK_BITS, U._SCAN_OF = 0, None
                    try:
                        sc = U._scan_begin(g, p, None, tid)
                        if sc is None or not sc.wide:
                            bad.append(("wide", key, seed, n, tid, p))
                        else:
                            U._scan_done(sc)
                        wide = U._usable(g, p, None, tid)
                    finally:
                        U._MASK_BITS, U._SCAN_OF = 64, None
                    if got != wide:
                        bad.append(("usable", key, seed, n, tid, p, got, wide))
print(games, setups > 300, bad[:3])
"""


def test_the_scan_bits_are_its_marks_and_read_as_the_marks_pure_and_as_built():
    assert run_both(BITS) == "2 True []"


WIDE = r"""
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer
from core.prims import usable as U


def asked(wide):
    if wide:
        U._MASK_BITS, U._SCAN_OF = 0, None
    M, P = S.load_engine("identity")
    rb = by_key("identity")
    g = P.new_game(M, rb.players, seed=2, mode=rb.mode, deck=rb.deck, log_level=0)
    a = RandomPlayer(2)
    out = []
    d = g.step()
    while d is not None and g.result is None and len(out) < 3000:   # a broken scan may not end
        out.append((d.who, d.kind, d.prompt, tuple(d.options)))
        g.answer(a.choose(g, d))
        d = g.step()
    return out, repr(g.result)


masks = asked(False)
wide = asked(True)
print(len(masks[0]) > 100, masks == wide)
"""


def test_a_game_of_the_marks_loops_asks_what_the_masks_game_asks_pure():
    assert run_python(WIDE, pure=True).strip() == "True True"


CHANGES = identity_game(1) + r"""
from core.prims import usable as U
g.step()
conv_ids = {e[1].id for e in U._convert_skills(g)}
U._convert_skills_of(g, 0)
flags = g.seat_convert[g.n]
print(bytes(flags) == bytes([i in conv_ids for i in range(len(g.rs.skills))]))
other = next(s.id for s in g.rs.skills if s.id not in conv_ids and g.players[0].has[s.id] == 0)
conv = next(i for i in sorted(conv_ids) if g.players[0].has[i] == 0)


def written(p):
    return tuple([e for e in U._convert_skills(g)
                  if g.players[p].has[e[1].id] > 0 and g.players[p].invalid[e[1].id] == 0])


res = []
for sid in (other, conv):
    for change in ("grant", "invalid", "valid", "revoke"):
        kept = U._convert_skills_of(g, 0)
        if change == "grant":
            g.grant_skill(0, sid)
        elif change == "revoke":
            g.revoke_skill(0, sid)
        else:
            g.invalidate_skill(0, sid, change == "invalid")
        still = g.seat_convert[0] is kept
        now = U._convert_skills_of(g, 0)
        res.append((still, now == written(0), sid in [e[1].id for e in now]))
print(res)
"""

WANT = ("True\n"
        "[(True, True, False), (True, True, False), (True, True, False), (True, True, False), "
        "(False, True, True), (False, True, False), (False, True, True), (False, True, False)]")


def test_only_a_change_of_a_conversion_skill_drops_the_kept_conversions_pure_and_as_built():
    assert run_both(CHANGES) == WANT
