"""The options that make a game (deck, number of players), checked alike for `sgs simulate`
and `sgs play`: a bad value is a message naming the accepted ones, never a traceback or a game
that silently ends before it starts."""
from __future__ import annotations

from typing import Optional

# the names for the decks of the specs (牌堆)
DECK_ALIASES = {"standard": "标准版", "standard+军争": "标准版加军争"}
# player counts tried when telling the accepted ones (the book's modes stay well inside)
_COUNTS = range(1, 17)


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
    known = pack_list(module)
    bad = [p for p in packs if p not in known]
    if not packs or bad:
        what = f"unknown pack {bad[0]!r}" if bad else "no pack named"
        return None, f"{what}; the packs are the folders of specs/generals/: " \
                     f"{', '.join(known)} (several: --generals {','.join(known)}), or {BLANK}"
    if packs == [DEFAULT_PACK]:
        return None, ""
    return tuple(g[0] for g in module.GENERALS if g[6] in packs), ""


def starts(module, prims, players: int, deck: str, mode: str = "身份局") -> bool:
    """The mode gets past its setup with this many players: its flow asks a first question or
    reaches a first turn, rather than ending at once (身份局: 若玩家数小于4或玩家数大于10：终止)."""
    from core import engine as E

    if players < 1:
        return False
    g = prims.new_game(module, players, seed=0, mode=mode, deck=deck, log_level=0)
    r = g.step()
    return isinstance(r, E.Decision) or g.turn_no > 0


def check_players(module, prims, players: int, deck: str, mode: str = "身份局") -> str:
    """"" when the mode starts with ``players``, else a message with the counts it accepts."""
    if starts(module, prims, players, deck, mode):
        return ""
    ok = [n for n in _COUNTS if starts(module, prims, n, deck, mode)]
    accepted = f"{ok[0]}–{ok[-1]}" if ok and ok == list(range(ok[0], ok[-1] + 1)) else \
        ", ".join(map(str, ok)) or "none"
    return f"{mode} cannot be played by {players} players (it ends before the first turn); " \
           f"it accepts {accepted}"
