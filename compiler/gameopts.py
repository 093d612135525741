"""The options that make a game (deck, number of players, seeds) and a run (games, jobs),
checked alike for `sgs simulate`, `sgs play` and `sgs bench`: a bad value is a message naming
the accepted ones, never a traceback, a game that silently ends before it starts, or memory
and time spent before the refusal. Plain ranges are checked before anything is built; the
mode's own player counts by starting it (only for counts within MAX_SEATS)."""
from __future__ import annotations

import os
from typing import Optional

from core.replay import MAX_SEATS, MAX_SEED

# the names for the decks of the specs (牌堆)
DECK_ALIASES = {"standard": "标准版", "standard+军争": "标准版加军争"}
# player counts tried when telling the accepted ones (the book's modes stay well inside)
_COUNTS = range(1, MAX_SEATS + 1)


def whole(name: str, value, low: int, high: Optional[int] = None) -> str:
    """"" when ``value`` is a whole number in [low, high], else the message for ``name``."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= low and \
            (high is None or value <= high):
        return ""
    want = f"from {low:,} to {high:,}" if high is not None else f"{low:,} or more"
    return f"{name} {value}: must be a whole number {want}"


def check_seeds(seed: int, games: int = 1) -> str:
    """The seeds seed … seed + games - 1 are the RNG's: 0 … 2^64-1 (beyond, they would wrap)."""
    if whole("--seed", seed, 0, MAX_SEED) or seed + max(games, 1) - 1 > MAX_SEED:
        last = " (… --seed + games - 1)" if games > 1 else ""
        return f"--seed {seed}: a game's seed{last} must be a whole number from 0 to 2^64-1"
    return ""


def max_jobs() -> int:
    """Processes one run may start: the machine's cores (at least 2)."""
    return max(2, os.cpu_count() or 1)


def resolve_deck(module, name: str) -> tuple[Optional[str], str]:
    """(the deck's name in the specs, "") or (None, the error message)."""
    deck = DECK_ALIASES.get(name, name)
    decks = [d[0] for d in module.DECKS]
    if deck in decks:
        return deck, ""
    return None, f"unknown deck {name!r}; choose from {', '.join(decks + list(DECK_ALIASES))}"


# 白板 only: every seat a blank 4-HP general without skills
BLANK = "blank"


def pack_list(module) -> list[str]:
    """The packs of the generals (the folders under specs/generals/), in declaration order."""
    out = []
    for g in module.GENERALS:
        if g[6] not in out:
            out.append(g[6])
    return out


def resolve_generals(module, spec: str) -> tuple[Optional[tuple], str]:
    """``--generals``: ``blank`` or packs separated by commas (``standard,风,火``) ->
    (the names of their generals, "") — () for blank, None for the default pack alone (the
    mode deals from it by default) — or (None, the error message naming the packs)."""
    from core.prims.register import DEFAULT_PACK

    if spec == BLANK:
        return (), ""
    packs = [p.strip() for p in spec.split(",") if p.strip()]
    if packs == [DEFAULT_PACK]:
        return None, ""   # the mode's own default (a rulebook without a standard pack: its own generals)
    known = pack_list(module)
    bad = [p for p in packs if p not in known]
    if not packs or bad:
        what = f"unknown pack {bad[0]!r}" if bad else "no pack named"
        return None, f"{what}; the packs are the folders of specs/generals/: " \
                     f"{', '.join(known)} (several: --generals {','.join(known)}), or {BLANK}"
    return tuple(g[0] for g in module.GENERALS if g[6] in packs), ""


def starts(module, prims, players: int, deck: str, mode: str = "身份局") -> bool:
    """The mode gets past its setup with this many players: its flow asks a first question or
    reaches a first turn, rather than ending at once (身份局: 若玩家数小于4或玩家数大于10：终止)."""
    from core import engine as E
    from core.decision import Decision

    if players < 1:
        return False
    g = prims.new_game(module, players, seed=0, mode=mode, deck=deck, log_level=0)
    r = g.step()
    return isinstance(r, Decision) or g.turn_no > 0


def check_players(module, prims, players: int, deck: str, mode: str = "身份局") -> str:
    """"" when the mode starts with ``players``, else a message with the counts it accepts. A
    count beyond MAX_SEATS is refused without building a game (a million seats would take
    gigabytes before the mode could say no)."""
    if 1 <= players <= MAX_SEATS and starts(module, prims, players, deck, mode):
        return ""
    ok = [n for n in _COUNTS if starts(module, prims, n, deck, mode)]
    accepted = f"{ok[0]}–{ok[-1]}" if ok and ok == list(range(ok[0], ok[-1] + 1)) else \
        ", ".join(map(str, ok)) or "none"
    why = " (it ends before the first turn)" if 1 <= players <= MAX_SEATS else ""
    return f"{mode} cannot be played by {players} players{why}; it accepts {accepted}"
