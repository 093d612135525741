"""Whole-game checks of `sgs simulate` (issues 6 and 7): random players, 白板 games with the
full deck, card-name usage, skill activations (status rules included), invariants.

The default run plays a few games of each kind (seconds). `pytest -m soak` plays the real
checks in blocks: 10,000 games of 白板 with the 160-card deck (every card name used) and
20,000 5-player games with the standard generals (every general skill activated). Each block
stores its counts in the pytest cache (keyed by the specs' hash), so blocks can run in
parallel (`-n`) or be resumed; the final test of each check plays the blocks still missing and
asserts over all of them.
"""
from collections import Counter
from types import SimpleNamespace

import pytest

from compiler import simulate as S
from core import engine as E
from core.build import ENGINE
from core.decision import Decision
from core import prims as P

DECK = "标准版加军争"


def games(seeds, pack="standard", players=5):
    """Play the seeded games as `sgs simulate` does; returns the Totals."""
    t = S.Totals()
    for seed in seeds:
        t.add(S.play_one((seed, players, "random", DECK, pack, False)))
    return t


def report(t, pack="standard"):
    args = SimpleNamespace(players=5, agents="random", seed=0, deck=DECK, generals=pack)
    return S.summary(t, args)


# ---------------------------------------------------------------- the default run (seconds)

def test_blank_games_report_card_usage():
    t = games(range(1, 4), pack="blank")
    assert not t.errors, t.errors        # no exception, invariants hold (play_one checks them)
    r = report(t, "blank")
    M, _ = S.load_engine()
    deck = {M.CARD_NAMES[c[0]] for c in dict(M.DECKS)[DECK]}
    assert set(r["win_rate_by_general"]) == {"白板"}
    generals = {s for g in M.GENERALS for s in g[5]}
    activated = {k.split("·")[0] for k in list(r["skill_activations"]) + list(r["status_effects"])}
    assert activated and not activated & generals    # equipment skills only: 白板 have none
    assert set(r["cards_used"]) <= deck and len(r["cards_used"]) >= 10
    assert set(r["never_used"]) == deck - set(r["cards_used"])


def test_standard_games_report_activations():
    t = games(range(1, 4))
    assert not t.errors, t.errors
    r = report(t)
    M, _ = S.load_engine()
    skills = {s for g in M.GENERALS for s in g[5]}
    assert r["skill_activations"] and set(r["never_activated"]) < skills
    assert r["turns_max"] >= r["turns_median"] > 0


def test_status_rule_counts_when_it_changes_an_answer():
    """〖马术〗 has no timing: it activates when it changes a distance (000:53 status rules)."""
    M, _ = S.load_engine()
    g = P.new_game(M, 4, seed=1, generals=["马超"], start=False, log_level=0)
    g.push_frame(g.new_frame(P._T(g).root, -1, None, 0))   # a root state, no flow run
    assert g.distance(0, 2) == 1                             # 2 without 〖马术〗
    assert P.stats(g)["status"] == {"马术": 1}
    g.distance(2, 0)                                         # 〖马术〗 does not change it
    assert P.stats(g)["status"] == {"马术": 1}


def test_a_blank_pack_deals_no_general():
    M, _ = S.load_engine()
    g = P.new_game(M, 5, seed=3, pack=(), log_level=0)
    r = g.run_random(3)
    assert r.reason == "win"
    assert all(P.general_of(g, p) is None for p in range(5))
    assert sorted(g.players[p].maxhp for p in range(5)) == [4, 4, 4, 4, 5]   # the lord +1


def test_random_player_prompts_are_the_specs_words():
    """RandomPlayer recognises a few decisions by the specs' own sentences: renaming one in
    the specs must fail here, not silently turn the player back into a coin flipper."""
    from pathlib import Path

    from core import agents as A

    root = Path(__file__).resolve().parents[2]
    flows = root / "specs" / "identity" / "flows"
    assert A.END_PHASE + "。" in (flows / "回合.sgs").read_text(encoding="utf-8")
    assert A.DEFAULT_WAY[0] + "。" in (flows / "需要使用.sgs").read_text(encoding="utf-8")
    assert A.DEFAULT_WAY[1] + "。" in (flows / "需要打出.sgs").read_text(encoding="utf-8")
    M, _ = S.load_engine()
    assert A.IDLE_POINT in M.TIMINGS


def test_random_player_ends_phases_and_carries_out_uses():
    """Over a game the player ends its play phases through "end?" = yes only, and declines a
    card use only when it drew another action for that idle point."""
    from core.agents import END_PHASE, RandomPlayer

    M, _ = S.load_engine()
    g = P.new_game(M, 5, seed=5, log_level=0)
    a = RandomPlayer(5)
    answers = Counter()
    while True:
        d = g.step()
        if not isinstance(d, Decision):
            break
        v = a.choose(g, d)
        if d.kind == 0 and d.prompt == END_PHASE:
            answers[v] += 1
        g.answer(v)                      # raises on an illegal answer
    assert answers[1] > 0 and answers[0] == 0
    assert g.turn_no < 200


PACKS = "standard,风,火"


def test_expansion_packs_games():
    """Issue 16: games dealt from standard+风+火 run error-free with the invariants checked
    between turns, and deal generals of the three packs."""
    t = games(range(1, 6), pack=PACKS)
    assert not t.errors, t.errors
    M, _ = S.load_engine()
    packs = {g[0]: g[6] for g in M.GENERALS}
    assert {packs[n] for n in t.seats_by_general} >= {"风", "火"}
    assert set(packs[n] for n in t.seats_by_general) <= {"standard", "风", "火"}


def test_shan_pack_games():
    """The 山 pack (specs/generals/山): games dealt from standard+山 run error-free with the
    invariants checked between turns."""
    t = games(range(1, 6), pack="standard,山")
    assert not t.errors, t.errors
    M, _ = S.load_engine()
    packs = {g[0]: g[6] for g in M.GENERALS}
    assert "山" in {packs[n] for n in t.seats_by_general}


def test_default_pack_is_standard():
    M, _ = S.load_engine()
    t = games(range(1, 3))
    packs = {g[0]: g[6] for g in M.GENERALS}
    assert {packs[n] for n in t.seats_by_general} == {"standard"}


def test_unknown_pack_is_a_message_listing_the_packs(capsys):
    from types import SimpleNamespace
    args = SimpleNamespace(agents="random", generals="standard,无此包", check="turn", mode=None, edition=None,
                           deck=DECK, players=5, games=1, seed=1, jobs=1, log=None, json=False,
                           progress=False, plot=None)
    assert S.run(args) == 2
    err = capsys.readouterr().err
    assert "unknown pack '无此包'" in err and "风" in err and "火" in err and "standard" in err


def test_first_player_finishes_games():
    """--agents first: deterministic, and it ends its play phases."""
    for seed in (1, 2):
        r = S.play_one((seed, 5, "first", DECK, "standard", False))
        assert "error" not in r, r
        assert 0 < r["turns"] < 200


# ---------------------------------------------------------------- soak (-m soak)

BLOCK = 100


def _engine_hash():
    """The specs' hash and the runtime's sources: a block is replayed when either changes."""
    import hashlib
    from pathlib import Path

    M, _ = S.load_engine()
    root = Path(__file__).resolve().parents[2]
    h = hashlib.sha256(M.SPEC_HASH.encode())
    srcs = ["core/%s.py" % m for m in ENGINE]   # the engine and the modules split from it
    srcs += ["core/codes.py", "core/errors.py", "core/logjson.py", "core/agents.py",
             "compiler/simulate.py"]
    srcs += sorted(str(p.relative_to(root)) for p in (root / "core" / "prims").glob("*.py"))
    for src in srcs:
        h.update((root / src).read_bytes())
    return h.hexdigest()[:16]


def _block_counts(request, check, block, run):
    """The counts of one block, from the cache when this engine already played it."""
    key = f"sgs/soak/{check}/{_engine_hash()}/{block}"
    got = request.config.cache.get(key, None)
    if got is None:
        got = run(range(block * BLOCK + 1, (block + 1) * BLOCK + 1))
        request.config.cache.set(key, got)
    return got


def _blank_block(seeds):
    t = games(seeds, pack="blank")
    return {"errors": t.errors, "used": dict(t.cards_used)}


def _standard_block(seeds):
    t = games(seeds)
    return {"errors": t.errors, "used": sorted(set(t.skill_uses) | set(t.status_effects))}


def _packs_block(seeds):
    t = games(seeds, pack=PACKS)
    return {"errors": t.errors, "used": sorted(set(t.skill_uses) | set(t.status_effects))}


def _all_blocks(request, kind, games_total, fn):
    """The names used over every block of a soak check (each block error-free)."""
    used = Counter()
    for block in range(games_total // BLOCK):
        got = _block_counts(request, kind, block, fn)
        assert not got["errors"], got["errors"][:5]
        used.update(got["used"])
    return used


# every block of both checks (10,000 blank games, 20,000 standard ones) runs error-free
SOAK_BLOCKS = ([("blank", b) for b in range(10_000 // BLOCK)] +
               [("standard", b) for b in range(20_000 // BLOCK)] +
               [("packs", b) for b in range(20_000 // BLOCK)])
BLOCK_RUNS = {"blank": _blank_block, "standard": _standard_block, "packs": _packs_block}


@pytest.mark.soak
@pytest.mark.parametrize("kind,block", SOAK_BLOCKS)
def test_soak_block(request, kind, block):
    got = _block_counts(request, kind, block, BLOCK_RUNS[kind])
    assert not got["errors"], got["errors"][:5]


@pytest.mark.soak
def test_soak_blank_every_card_name_used(request):
    """Issue 6: 10,000 games of 白板 with the full 160-card deck use every card name."""
    t = S.Totals(cards_used=_all_blocks(request, "blank", 10_000, _blank_block))
    assert S.never_used(t, DECK) == []


@pytest.mark.soak
def test_soak_standard_every_skill_activated(request):
    """Issue 7: every skill of the standard generals activates in 20,000 5-player games."""
    t = S.Totals(skill_uses=_all_blocks(request, "standard", 20_000, _standard_block))
    assert S.never_activated(t) == []


@pytest.mark.soak
def test_soak_packs_every_skill_activated(request):
    """Issue 16: every skill of standard+风+火 activates in 20,000 5-player games dealt from the
    three packs, error-free, the invariants checked between turns."""
    t = S.Totals(skill_uses=_all_blocks(request, "packs", 20_000, _packs_block))
    assert S.never_activated(t, generals=PACKS) == []
