"""The rulebooks sgs compiles (specs/rulebooks.toml): one game each, made of spec folders.

A rulebook names the game mode it plays (身份局, 战棋 …) and the edition of its flow charts
(current, old …); `--mode` and `--edition` choose one, each defaulting to the first rulebook's.
Its engine is the generated module ``generated.<key>``; `sgs check` and `sgs build` cover every
rulebook, the game commands (simulate, play, replay, timings, explain) play one.
"""
from __future__ import annotations

import importlib
import tomllib
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SPECS = REPO / "specs"
TABLE = SPECS / "rulebooks.toml"


class RulebookError(Exception):
    """A --mode/--edition that names no rulebook, or a malformed rulebooks.toml."""


@dataclass(frozen=True)
class Rulebook:
    key: str                 # the generated module: generated/<key>.py and its units
    mode: str                # the game mode it plays (a 模式 of its specs)
    edition: str             # the edition of its flows
    specs: tuple[str, ...]   # folders or files under specs/ it is compiled from
    timings: str             # the docs file of its timing table (sgs timings)
    # folders or files under those it is NOT compiled from: an edition that shares a folder
    # with another replaces some of its flows (identity_old: the turn, dying, death …)
    exclude: tuple[str, ...] = ()
    root: Path = SPECS       # the specs folder (another git revision's, for sgs diff --rev)
    # a book's lists of skills per timing that the timing table is compared with (a TOML file
    # of the repository, like the timing table: docs/books/004_技能列表.toml, 004:2)
    book_lists: str = ""
    # how its book writes a skill's name: 〖〗 (seed 000), 【】 (004: the same brackets as a
    # card's); the compiler reads 〖〗 in every rulebook, the timing table and sgs diff use this
    skill_brackets: str = "〖〗"
    players: int = 5         # the games' default number of players (sgs simulate, sgs play)
    deck: str = ""           # the games' default deck (a 牌堆 of its specs)
    # an earlier rulebook whose generated units this one registers in place of its own where its
    # specs make the same unit text (one compiled copy: docs/decisions/0025); "" for none
    shares: str = ""

    def spec_paths(self) -> list[Path]:
        return [self.root / s for s in self.specs]

    def excluded(self, path: Path) -> bool:
        """Is ``path`` one of the excluded files or inside an excluded folder?"""
        p = path.resolve()
        for e in self.exclude:
            e = (self.root / e).resolve()
            if p == e or e in p.parents:
                return True
        return False

    def contains(self, path: Path) -> bool:
        """Is ``path`` (a file or folder) one of this rulebook's specs or inside one?"""
        p = path.resolve()
        if self.excluded(p):
            return False
        for s in self.spec_paths():
            s = s.resolve()
            if p == s or s in p.parents or (p.is_dir() and p in s.parents):
                return True
        return False

    def module(self):
        """The generated engine (compiled when built, else its pure-Python source)."""
        return importlib.import_module(f"generated.{self.key}")


def load(table: Path = TABLE) -> tuple[Rulebook, ...]:
    """The rulebooks of ``table`` (a specs/rulebooks.toml; its folder is their specs root)."""
    try:
        data = tomllib.loads(table.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RulebookError(f"{table}: {exc}") from exc
    out = []
    for key, v in data.items():
        try:
            rb = Rulebook(key, str(v["mode"]), str(v["edition"]), tuple(str(s) for s in v["specs"]),
                          str(v["timings"]), tuple(str(s) for s in v.get("exclude", ())),
                          table.parent, str(v.get("book_lists", "")), str(v.get("skill_brackets", "〖〗")),
                          int(v.get("players", 5)), str(v.get("deck", "")), str(v.get("shares", "")))
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise RulebookError(f"{table}: rulebook [{key}] needs mode, edition, specs and "
                                f"timings ({exc})") from exc
        if len(rb.skill_brackets) != 2:
            raise RulebookError(f"{table}: rulebook [{key}] skill_brackets is an opening and a closing "
                                f"bracket, like 〖〗")
        if not key.isidentifier() or not key.isascii():
            raise RulebookError(f"{table}: rulebook key {key!r} is not a module name")
        if rb.shares and rb.shares not in [r.key for r in out]:
            raise RulebookError(f"{table}: rulebook [{key}] shares the units of {rb.shares!r}, which is "
                                f"not a rulebook listed before it")
        out.append(rb)
    if not out:
        raise RulebookError(f"{table}: no rulebook")
    return tuple(out)


RULEBOOKS = load()
DEFAULT = RULEBOOKS[0]


def by_key(key: str) -> Rulebook:
    for rb in RULEBOOKS:
        if rb.key == key:
            return rb
    raise RulebookError(f"no rulebook {key!r}; the rulebooks are {', '.join(r.key for r in RULEBOOKS)}")


def select(mode: str | None = None, edition: str | None = None) -> Rulebook:
    """The rulebook playing ``mode`` in ``edition``. An omitted one is the default rulebook's
    when such a rulebook exists, else any: `--mode 战棋` alone is 战棋's current edition."""
    mode_ = DEFAULT.mode if mode is None else mode
    edition_ = DEFAULT.edition if edition is None else edition
    for want in ((mode_, edition_), (mode, edition)):
        for rb in RULEBOOKS:
            if (want[0] is None or rb.mode == want[0]) and (want[1] is None or rb.edition == want[1]):
                return rb
    modes = sorted({rb.mode for rb in RULEBOOKS})
    if mode is not None and mode not in modes:
        raise RulebookError(f"no rulebook plays the mode {mode}; the modes are {', '.join(modes)}")
    editions = sorted({rb.edition for rb in RULEBOOKS if mode is None or rb.mode == mode})
    raise RulebookError(f"no rulebook has the edition {edition}"
                        + (f" of {mode}" if mode is not None else "")
                        + f"; the editions are {', '.join(editions)}")


def add_arguments(parser) -> None:
    """--mode and --edition on a command that plays or describes one rulebook."""
    modes = sorted({rb.mode for rb in RULEBOOKS})
    editions = sorted({rb.edition for rb in RULEBOOKS})
    parser.add_argument("--mode", default=None,
                        help=f"the game mode ({', '.join(modes)}; default {DEFAULT.mode})")
    parser.add_argument("--edition", default=None,
                        help=f"the edition of the flows ({', '.join(editions)}; default {DEFAULT.edition})")


def from_args(args) -> Rulebook:
    return select(getattr(args, "mode", None), getattr(args, "edition", None))


def of_paths(paths: list[Path]) -> list[Rulebook]:
    """The rulebooks whose specs hold any of ``paths``; the default one for paths outside them
    (a new general checked against the standard game)."""
    found = [rb for rb in RULEBOOKS if any(rb.contains(p) for p in paths)]
    return found or [DEFAULT]
