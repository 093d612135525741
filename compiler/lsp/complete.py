"""Completion: what may be written at the cursor, from the snapshot's vocabulary.

Chinese has no spaces, so the word being typed is not delimited: `你受到伤` may be the subject
你 and the start of the timing 受到伤害后. Every tail of the text since the last symbol
(，。▶ …) is tried as the start of a timing, a term's first words or a general's name; an item
replaces the tail it continues. Inside 【 〖 「 the card, skill and mark names are offered; at
the start of a line of a 例 block, the ruling keys.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..phrases import Lit, Slot
from .analysis import Analysis

# the symbols that end a phrase: nothing typed before one of them continues past it
DELIMITERS = set("，。；：▶▷→／（）{}〖〗【】「」〔〕 \t\u3000,")
OPENERS = {"【": ("】", "card"), "〖": ("〗", "skill"), "「": ("」", "mark")}


@dataclass
class Item:
    label: str
    kind: str  # timing | term | card | skill | mark | general | key
    replace: int  # how many characters before the cursor it replaces
    insert: str
    detail: str = ""
    documentation: str = ""
    snippet: bool = False
    rank: int = 0  # lower first
    filter: str = ""  # what the editor matches the typed text against (default: insert)


@lru_cache(maxsize=1)
def ruling_keys() -> tuple[str, ...]:
    """The ruling keys, as the grammar's RKEY terminal lists them."""
    from ..parser import get_parser

    term = next(t for t in get_parser().terminals if t.name == "RKEY")
    return tuple(term.pattern.value.split("|"))


def in_ruling(lines: list[str], line: int) -> bool:
    """Whether 0-based ``line`` is inside a 例 block: the declaration line above it is 例."""
    for k in range(line, -1, -1):
        text = lines[k] if k < len(lines) else ""
        if text and not text[0].isspace() and not text.startswith("#"):
            return text.startswith("例") and k < line
    return False


def complete(an: Analysis, before: str, ruling: bool, snippets: bool = False) -> list[Item]:
    """Items for the cursor after ``before`` (the line's text up to the cursor)."""
    for k in range(len(before) - 1, -1, -1):
        ch = before[k]
        if ch in OPENERS:
            return bracketed(an, before[k + 1:], OPENERS[ch])
        if ch in DELIMITERS or ch in "】〗」":
            break
    items: list[Item] = []
    if ruling and (before[:1].isspace() or not before) and before.strip() in ("",) + tuple(
            key[:n] for key in ruling_keys() for n in range(1, len(key) + 1)):
        from .hover import RULING_KEYS

        typed = before.strip()
        items += [Item(key, "key", len(typed), key + " ", "ruling key", RULING_KEYS.get(key, ""))
                  for key in ruling_keys() if key.startswith(typed)]
    run = tail(before)
    items += words(an, run, snippets)
    return items


def tail(before: str) -> str:
    k = len(before)
    while k > 0 and before[k - 1] not in DELIMITERS and before[k - 1] not in "】〗」":
        k -= 1
    return before[k:]


def bracketed(an: Analysis, prefix: str, opener: tuple[str, str]) -> list[Item]:
    close, kind = opener
    names = {"card": an.sym.cards, "skill": an.sym.skills, "mark": an.sym.marks}[kind]
    out = []
    for name in sorted(names):
        if not name.startswith(prefix):
            continue
        detail = {"card": "牌", "skill": "技能", "mark": "标记"}[kind]
        if kind == "skill" and getattr(names[name], "owner", None):
            detail += f" · {names[name].owner}"
        if kind == "card":
            detail += " · " + " ".join(names[name].header)
        out.append(Item(name, kind, len(prefix), name + close, detail))
    return out


def words(an: Analysis, run: str, snippets: bool) -> list[Item]:
    """Timings, terms and generals that continue the longest tail of ``run`` that any continues."""
    out: list[Item] = []
    seen: set[tuple[str, str]] = set()
    tails = [run[k:] for k in range(len(run))] + [""]
    for rank, typed in enumerate(tails):
        for name in sorted(an.vocab.timings):
            if name.startswith(typed) and ("timing", name) not in seen:
                seen.add(("timing", name))
                out.append(Item(name, "timing", len(typed), name, timing_detail(an, name), rank=rank))
        for term in an.vocab.terms:
            key = (term.key, term.skeleton)
            if ("term", key) in seen:
                continue
            first = next((i for i, p in enumerate(term.parts) if isinstance(p, Lit)), None)
            if first is None or not term.parts[first].text.startswith(typed):
                continue
            seen.add(("term", key))
            plain, snippet = term_insert(term.parts[first:])
            detail = f"用语 · {term.type}" + (f" · 原语 {term.primitive}" if term.primitive else "")
            out.append(Item(term.key, "term", len(typed), snippet if snippets else plain, detail,
                            snippet=snippets, rank=rank + 1, filter=plain))
        if typed:
            for name in sorted(an.sym.generals):
                if name.startswith(typed) and ("general", name) not in seen:
                    seen.add(("general", name))
                    g = an.sym.generals[name]
                    out.append(Item(name, "general", len(typed), name, "武将 · " + " ".join(g.header), rank=rank))
        if out:
            break  # the longest tail that something continues; the whole vocabulary when none does
    return out


def term_insert(parts) -> tuple[str, str]:
    """A term's words from its first literal on: plain (slots by name) and as a snippet."""
    plain, snippet, k = [], [], 0
    for p in parts:
        if isinstance(p, Lit):
            plain.append(p.text)
            snippet.append(p.text.replace("$", "\\$").replace("}", "\\}"))
        elif isinstance(p, Slot):
            k += 1
            plain.append(p.name)
            snippet.append("${%d:%s}" % (k, p.name.replace("$", "\\$").replace("}", "\\}")))
    return "".join(plain), "".join(snippet) + "$0"


def timing_detail(an: Analysis, name: str) -> str:
    places = an.timing_places(name)
    if not places:
        return "时机"
    ev, st, k, names = places[0]
    return f"时机 · 事件 {ev.name} {k}/{len(names)}" + (f" · 主体 {st.subject}" if st.subject else "")
