"""Whole games of the older edition (rulebook identity_old, seeds 004/003, docs/editions.md)
with random players: no error, the rules' invariants checked between every two turns and at
each game's end (compiler.simulate.play_one, check "turn").

The default run plays a few games (seconds); `pytest -m soak` plays 2,000 five-player games
with the standard generals in blocks of 100, each block's result kept in the pytest cache
(keyed by the old engine's specs and the runtime's sources) so blocks can be resumed."""
import pytest

from compiler import simulate as S

from test_simulate import _engine_hash

KEY = "identity_old"
DECK = "标准版加军争"
BLOCK = 100


def play(seeds, pack="standard", players=5):
    t = S.Totals()
    for seed in seeds:
        t.add(S.play_one((seed, players, "random", DECK, pack, False, "turn", KEY)))
    return t


def test_the_old_engine_is_the_old_rulebook():
    M, _ = S.load_engine(KEY)
    assert "回合开始前" in M.TIMINGS and "回合开始后❶" not in M.TIMINGS
    assert dict(M.TIMING_ALIASES)["出牌阶段内的空闲时间点"] == M.TIMINGS.index("出牌阶段的空闲时间点")


@pytest.mark.parametrize("pack,seeds,players", [("standard", range(1, 9), 5), ("blank", range(1, 4), 5),
                                                ("standard", range(20, 23), 8), ("standard", range(30, 33), 4)])
def test_old_games_run_clean(pack, seeds, players):
    t = play(seeds, pack, players)
    assert not t.errors, t.errors[:3]
    assert t.turns > 0


def test_old_games_use_the_mapped_skills():
    """Skills written with the current edition's timings fire at their old counterparts in
    real games: 〖克己〗 (弃牌阶段开始前 → 出牌阶段与弃牌阶段间), 〖突袭〗 (摸牌阶段开始时❷ → 摸牌阶段
    开始时), the idle-point skills (出牌阶段内的空闲时间点 → 出牌阶段的空闲时间点)."""
    t = play(range(1, 41))
    assert not t.errors, t.errors[:3]
    for name in ("克己", "突袭", "仁德", "制衡", "苦肉"):
        assert t.skill_uses[name] > 0, name


def _block(request, block):
    key = f"sgs/soak/old/{_engine_hash()}/{S.load_engine(KEY)[0].SPEC_HASH}/{block}"
    got = request.config.cache.get(key, None)
    if got is None:
        t = play(range(block * BLOCK + 1, (block + 1) * BLOCK + 1))
        got = {"errors": t.errors, "games": len(t.turn_list)}
        request.config.cache.set(key, got)
    return got


@pytest.mark.soak
@pytest.mark.parametrize("block", range(2_000 // BLOCK))
def test_soak_old_edition(request, block):
    """Issue 20: 2,000 random old-edition games, 0 errors, invariants hold."""
    got = _block(request, block)
    assert not got["errors"], got["errors"][:5]
    assert got["games"] == BLOCK


def test_an_old_game_log_records_and_replays_its_rulebook(tmp_path, capsys):
    """The log header records the rulebook (setup.rulebook); `sgs replay` replays an old-edition
    log with the old engine, and says so when --edition names another."""
    import json

    from compiler.cli import main

    log = tmp_path / "old.log"
    assert main(["simulate", "--edition", "old", "--games", "2", "--log", str(log)]) == 0
    capsys.readouterr()
    begins = [json.loads(l) for l in log.read_text(encoding="utf-8").splitlines() if '"e":"begin"' in l]
    assert [b["setup"]["rulebook"] for b in begins] == [KEY, KEY]
    assert main(["replay", str(log)]) == 0
    assert capsys.readouterr().out.count(": ok") == 2
    assert main(["replay", str(log), "--edition", "current"]) == 0
    got = capsys.readouterr()
    assert got.out.count(": ok") == 2 and "was played with rulebook identity_old" in got.err
