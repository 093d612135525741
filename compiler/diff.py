"""`sgs diff`: what changed between two editions of the flows, or between the specs at two git
revisions — for the maintainers who regenerate the engine when the rules are revised.

Two *sides*, each a rulebook's checked specs lowered to IR (and, unless --no-rulings, its
engine running every ruling). Compared:

* flows (事件): added / removed; per flow its timings added, removed, renamed (a declared
  时机对应 of either side — the book's own renames — else a timing replaced in place by
  another) and reordered (common timings out of their relative order);
* system steps: the flow's statements between timings (and a timing's own system text), each
  anchored at the timing before it: added, removed, changed (replaced in place);
* skills whose firing point moved (the timing each fires at, through 时机对应; a skill without
  a timing at the idle point, core.prims.register.finish), added or removed skills;
* rulings whose outcome differs (each run under both sides: passed, or the failure).

`sgs diff --edition old --edition current` compares two rulebooks of the working tree;
`sgs diff --rev HEAD~1 [--rev HEAD]` the specs at two revisions (the second defaults to the
working tree), read with `git archive` into a temporary folder (specs only: the compiler and
runtime are this checkout's).
"""
from __future__ import annotations

import difflib
import io
import json
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from . import ast as A
from . import rulebooks as R
from .checker import walk_stmts

IDLE = "出牌阶段内的空闲时间点"   # the runtime's name of the idle point (an edition maps its own)


class DiffError(Exception):
    """A revision that cannot be read, specs that do not check: said without a traceback."""


@dataclass
class Side:
    label: str                 # how the report names it: "old", "HEAD~1", "working tree" …
    rulebook: R.Rulebook
    project: object
    module: object
    rulings: Optional[dict] = None   # (file, title) -> outcome text, when run

    @property
    def checker(self):
        return self.project.checker

    def rel(self, path: str) -> str:
        """A spec file's path relative to its specs folder (the same file at two revisions
        compares equal)."""
        p = Path(path)
        root = self.rulebook.root.resolve()
        try:
            return str(p.resolve().relative_to(root))
        except ValueError:
            return str(Path(path)).removeprefix("specs/")


def load_side(rb: R.Rulebook, label: str, rulings: bool) -> Side:
    from .lower import Lowerer, spec_hash
    from .project import load_project

    proj = load_project(rulebook=rb)
    if proj.errors:
        d = proj.errors[0]
        raise DiffError(f"the specs of {label} ({rb.key}) do not check with this compiler: "
                        f"{len(proj.errors)} error(s), the first {d.span}: {d.code} {d.message}")
    module = Lowerer(proj.checker, rb.key, spec_hash({p: s.text for p, s in proj.sources.items()})).run()
    proj.module = module
    side = Side(label, rb, proj, module)
    if rulings:
        side.rulings = run_rulings(side)
    return side


def run_rulings(side: Side) -> dict:
    from .rulings import run_ruling_decls

    out = {}
    for o in run_ruling_decls(side.project):
        d = o.diagnostic
        text = "passed" if d is None else f"{d.code}: {d.message}"
        lines = getattr(o.ruling, "edition_lines", None) if o.ruling is not None else None
        if lines:   # a ruling with lines for one edition: what this one expects is its outcome
            text += f" — its lines for {side.rulebook.edition}: " + " / ".join(lines)
        out[(side.rel(o.decl.span.path), o.decl.title)] = text
    return out


# ---- reading a flow ----------------------------------------------------------------------------

def flow_timings(ev: A.EventDecl) -> list[str]:
    return list(dict.fromkeys(st.name for st in walk_stmts(ev.body) if isinstance(st, A.TimingStmt)))


@dataclass
class Step:
    anchor: str   # the timing before it ("(start)" before the first)
    text: str     # the statement as written (its comment dropped), nested statements indented

    def key(self):
        return self.text


def flow_steps(ev: A.EventDecl, source) -> list[Step]:
    """The flow's system steps: every statement but a bare timing line, with the timing before
    it; a timing's own system text (时机 X：…) is a step anchored at X."""
    out: list[Step] = []
    anchor = ["(start)"]

    def line(st) -> str:
        text = source.line_text(st.span.line) if source is not None else ""
        if "#" in text:
            text = text[: text.index("#")]
        return text.strip()

    def walk(body, depth):
        for st in body:
            pad = "  " * depth
            if isinstance(st, A.TimingStmt):
                anchor[0] = st.name
                if st.system:
                    text = line(st)
                    out.append(Step(st.name, pad + "（" + st.name + "）" + text.split("：", 1)[-1]))
                continue
            out.append(Step(anchor[0], pad + line(st)))
            if isinstance(st, A.IfStmt):
                walk(st.body, depth + 1)
                if st.orelse:
                    out.append(Step(anchor[0], pad + "否则："))
                    walk(st.orelse, depth + 1)
            elif isinstance(st, (A.LoopStmt, A.WhileStmt)):
                walk(st.body, depth + 1)

    walk(ev.body, 0)
    return out


def firing_points(side: Side) -> dict[str, tuple[str, ...]]:
    """skill name -> the timings it fires at (this side's names)."""
    m = side.module
    idle = next((m.timings[tid] for name, tid in m.timing_aliases if name == IDLE), IDLE)
    out = {}
    for sk in m.skills:
        pts = tuple(m.timings[t.id] for t in sk.timings)
        if not pts:
            pts = ("(status rule)",) if "锁定技" in sk.tags else (idle,)
        out[sk.name] = pts
    return out


def declared_renames(a: Side, b: Side) -> dict[str, set[str]]:
    """a's timing name -> b's names it is declared to be (时机对应 of either side)."""
    out: dict[str, set[str]] = {}
    for name, d in b.checker.sym.timing_maps.items():      # b maps a's name to its own
        if d.target is not None:
            out.setdefault(name, set()).add(d.target)
    for name, d in a.checker.sym.timing_maps.items():      # a maps b's name to its own
        if d.target is not None:
            out.setdefault(d.target, set()).add(name)
    return out


# ---- comparing ---------------------------------------------------------------------------------

def _split(name: str) -> str:
    return name.split("／")[0]


def diff_timings(ta: list[str], tb: list[str], renames: dict[str, set[str]]) -> dict:
    sa, sb = set(ta), set(tb)
    removed = [t for t in ta if t not in sb]
    added = [t for t in tb if t not in sa]
    renamed = []
    for t in list(removed):
        to = [x for x in added if x in renames.get(t, ())]
        if to:
            renamed.append({"from": t, "to": to, "declared": True})
    for r in renamed:
        removed.remove(r["from"])
    done = {x for r in renamed for x in r["to"]}
    added = [t for t in added if t not in done]
    # a timing replaced in place: the same neighbours (common timings) on both sides
    def neighbours(seq, t):
        i = seq.index(t)
        before = next((x for x in reversed(seq[:i]) if x in sa and x in sb), None)
        after = next((x for x in seq[i + 1:] if x in sa and x in sb), None)
        return before, after
    for t in list(removed):
        cand = [x for x in added if neighbours(tb, x) == neighbours(ta, t)]
        if len(cand) == 1 and sum(1 for y in removed if neighbours(ta, y) == neighbours(ta, t)) == 1:
            renamed.append({"from": t, "to": cand, "declared": False})
            removed.remove(t)
            added.remove(cand[0])
    common_a = [t for t in ta if t in sb]
    common_b = [t for t in tb if t in sa]
    sm = difflib.SequenceMatcher(None, common_a, common_b, autojunk=False)
    kept = {common_a[i + k] for blk in sm.get_matching_blocks() for i, k in
            ((blk.a, k) for k in range(blk.size))}
    reordered = [t for t in common_b if t not in kept]
    return {"added": added, "removed": removed, "renamed": renamed, "reordered": reordered}


def diff_steps(sa: list[Step], sb: list[Step]) -> dict:
    sm = difflib.SequenceMatcher(None, [s.key() for s in sa], [s.key() for s in sb], autojunk=False)
    added, removed, changed = [], [], []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        if op == "replace":
            n = min(i2 - i1, j2 - j1)
            for k in range(n):
                changed.append({"at": sb[j1 + k].anchor, "from": sa[i1 + k].text, "to": sb[j1 + k].text})
            removed += [{"at": s.anchor, "text": s.text} for s in sa[i1 + n:i2]]
            added += [{"at": s.anchor, "text": s.text} for s in sb[j1 + n:j2]]
        elif op == "delete":
            removed += [{"at": s.anchor, "text": s.text} for s in sa[i1:i2]]
        elif op == "insert":
            added += [{"at": s.anchor, "text": s.text} for s in sb[j1:j2]]
    return {"added": added, "removed": removed, "changed": changed}


def compare(a: Side, b: Side) -> dict:
    renames = declared_renames(a, b)
    ea, eb = a.checker.sym.events, b.checker.sym.events
    flows = []
    for name in list(ea) + [n for n in eb if n not in ea]:
        if name not in eb:
            flows.append({"flow": name, "status": "removed", "file": a.rel(ea[name].span.path),
                          "timings": flow_timings(ea[name])})
            continue
        if name not in ea:
            flows.append({"flow": name, "status": "added", "file": b.rel(eb[name].span.path),
                          "timings": flow_timings(eb[name])})
            continue
        src_a = a.project.sources.get(ea[name].span.path)
        src_b = b.project.sources.get(eb[name].span.path)
        t = diff_timings(flow_timings(ea[name]), flow_timings(eb[name]), renames)
        s = diff_steps(flow_steps(ea[name], src_a), flow_steps(eb[name], src_b))
        if any(t.values()) or any(s.values()):
            flows.append({"flow": name, "status": "changed", "files": [a.rel(ea[name].span.path),
                                                                        b.rel(eb[name].span.path)],
                          "timings": t, "steps": s})
    pa, pb = firing_points(a), firing_points(b)
    skills = []
    for name in list(pa) + [n for n in pb if n not in pa]:
        if name not in pb:
            skills.append({"skill": name, "status": "removed", "from": list(pa[name])})
        elif name not in pa:
            skills.append({"skill": name, "status": "added", "to": list(pb[name])})
        elif pa[name] != pb[name]:
            declared = all(y in renames.get(x, ()) or x == y for x, y in zip(pa[name], pb[name])) \
                and len(pa[name]) == len(pb[name])
            skills.append({"skill": name, "status": "moved", "from": list(pa[name]), "to": list(pb[name]),
                           "renamed": declared})
    rulings = []
    if a.rulings is not None and b.rulings is not None:
        for key in list(a.rulings) + [k for k in b.rulings if k not in a.rulings]:
            x, y = a.rulings.get(key), b.rulings.get(key)
            if x != y:
                rulings.append({"file": key[0], "ruling": key[1], "from": x, "to": y})
    book = []
    ra, rb = a.rulebook, b.rulebook
    if ra.skill_brackets != rb.skill_brackets:
        book.append({"what": "skills are written", "from": ra.skill_brackets, "to": rb.skill_brackets})
    own_a, own_b = _own_files(a), _own_files(b)
    if ra.key != rb.key and (own_a or own_b):
        book.append({"what": "flows of its own (the rest is shared)", "from": sorted(own_a), "to": sorted(own_b)})
    return {"from": {"label": a.label, "rulebook": a.rulebook.key, "edition": a.rulebook.edition},
            "to": {"label": b.label, "rulebook": b.rulebook.key, "edition": b.rulebook.edition},
            "book": book, "flows": flows, "skills": skills,
            "rulings": rulings if a.rulings is not None else None}


def _own_files(side: Side) -> set[str]:
    """The flow files (relative to the specs folder) of a side that the other rulebooks of its
    game in the same specs folder do not compile: an edition's own flows."""
    from .project import rulebook_files

    others = [rb for rb in rulebooks_at(side.rulebook.root) if rb.key != side.rulebook.key
              and rb.mode == side.rulebook.mode]
    theirs = {side.rel(str(p)) for rb in others for p in rulebook_files(rb)}
    flows = {side.rel(f.path) for f in side.project.files if any(isinstance(d, A.EventDecl) for d in f.decls)}
    return {p for p in flows if p not in theirs}


# ---- the two kinds of sides --------------------------------------------------------------------

def spec_tree(repo: Path, rev: str, into: Path) -> Path:
    """The specs/ folder of ``repo`` at ``rev``, extracted under ``into`` (git archive; the
    archive's members are untrusted: only regular files and folders inside into/ are kept)."""
    try:
        top = subprocess.run(["git", "-C", str(repo), "rev-parse", "--show-toplevel"], check=True,
                             capture_output=True, text=True).stdout.strip()
        specs = (Path(repo).resolve() / "specs").relative_to(Path(top).resolve())
        tar = subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", rev, "--", str(specs)],
                             check=True, capture_output=True).stdout
    except (subprocess.CalledProcessError, OSError, ValueError) as exc:
        err = getattr(exc, "stderr", b"") or b""
        err = err.decode("utf-8", "replace").strip() if isinstance(err, bytes) else str(err)
        raise DiffError(f"cannot read the specs at {rev}: {err or exc}") from exc
    with tarfile.open(fileobj=io.BytesIO(tar)) as tf:
        if hasattr(tarfile, "data_filter"):
            tf.extractall(into, filter="data")
        else:   # Python < 3.11.4: keep regular files and folders under into/ only
            safe = [m for m in tf.getmembers() if (m.isfile() or m.isdir())
                    and not Path(m.name).is_absolute() and ".." not in Path(m.name).parts]
            tf.extractall(into, members=safe)
    root = into / specs
    if not root.is_dir():
        raise DiffError(f"{rev} has no specs/ folder")
    return root


def rulebooks_at(root: Path) -> tuple[R.Rulebook, ...]:
    """The rulebooks of a specs folder; one written before rulebooks.toml existed is the
    identity game of its folders."""
    table = root / "rulebooks.toml"
    if table.exists():
        return R.load(table)
    d = R.DEFAULT
    return (R.Rulebook(d.key, d.mode, d.edition, d.specs, d.timings, (), root),)


def pick(books, key: Optional[str], edition: Optional[str], mode: Optional[str], where: str) -> R.Rulebook:
    for rb in books:
        if (key is None or rb.key == key) and (edition is None or rb.edition == edition) \
                and (mode is None or rb.mode == mode):
            return rb
    raise DiffError(f"no rulebook {'of edition ' + edition if edition else key} in {where}")


# ---- rendering ---------------------------------------------------------------------------------

def render_text(d: dict) -> str:
    a, b = d["from"], d["to"]
    out = [f"sgs diff: {a['label']} ({a['rulebook']}) → {b['label']} ({b['rulebook']})", ""]
    for x in d.get("book", []):
        fa = "、".join(x["from"]) if isinstance(x["from"], list) else x["from"]
        fb = "、".join(x["to"]) if isinstance(x["to"], list) else x["to"]
        out.append(f"{x['what']}: {fa or '—'} → {fb or '—'}")
    if d.get("book"):
        out.append("")
    if not d["flows"]:
        out += ["flows: no change", ""]
    for f in d["flows"]:
        if f["status"] != "changed":
            out += [f"事件 {f['flow']}: {f['status']} ({f['file']}), timings: {'、'.join(f['timings']) or '—'}", ""]
            continue
        out.append(f"事件 {f['flow']} ({' → '.join(dict.fromkeys(f['files']))})")
        t, s = f["timings"], f["steps"]
        for r in t["renamed"]:
            how = "时机对应" if r["declared"] else "in place"
            out.append(f"  timing renamed: {r['from']} → {'、'.join(r['to'])} ({how})")
        for x in t["removed"]:
            out.append(f"  timing removed: {x}")
        for x in t["added"]:
            out.append(f"  timing added: {x}")
        for x in t["reordered"]:
            out.append(f"  timing reordered: {x}")
        for c in s["changed"]:
            out.append(f"  step changed at {c['at']}: {c['from'].strip()}  →  {c['to'].strip()}")
        for c in s["removed"]:
            out.append(f"  step removed at {c['at']}: {c['text'].strip()}")
        for c in s["added"]:
            out.append(f"  step added at {c['at']}: {c['text'].strip()}")
        out.append("")
    moved = [s for s in d["skills"] if s["status"] == "moved"]
    out.append(f"skills whose firing point moved ({len(moved)}):" if moved else "skills: no firing point moved")
    for s in moved:
        note = " (a renamed timing)" if s["renamed"] else ""
        out.append(f"  〖{s['skill']}〗 {'、'.join(s['from'])} → {'、'.join(s['to'])}{note}")
    for s in d["skills"]:
        if s["status"] == "added":
            out.append(f"  〖{s['skill']}〗 added, at {'、'.join(s['to'])}")
        elif s["status"] == "removed":
            out.append(f"  〖{s['skill']}〗 removed (was at {'、'.join(s['from'])})")
    out.append("")
    if d["rulings"] is None:
        out.append("rulings: not run (--no-rulings)")
    elif not d["rulings"]:
        out.append("rulings: every outcome is the same")
    else:
        out.append(f"rulings whose outcome differs ({len(d['rulings'])}):")
        for r in d["rulings"]:
            out.append(f"  例 {r['ruling']} ({r['file']})")
            out.append(f"    {a['label']}: {r['from'] or '(no such ruling)'}")
            out.append(f"    {b['label']}: {r['to'] or '(no such ruling)'}")
    return "\n".join(out) + "\n"


# ---- the command -------------------------------------------------------------------------------

def main_args(sub):
    p = sub.add_parser("diff", help="what changed between two editions, or between the specs at two git revisions")
    p.add_argument("--edition", action="append", default=[],
                   help="twice: compare two editions (from, to), e.g. --edition old --edition current; "
                        "once with --rev: the rulebook of that edition")
    p.add_argument("--rev", action="append", default=[],
                   help="a git revision; once: its specs → the working tree's; twice: from → to")
    p.add_argument("--mode", default=None, help="the game mode (default: the default rulebook's)")
    p.add_argument("--repo", default=None, help="the git repository holding specs/ (default: this one)")
    p.add_argument("--json", action="store_true", help="machine-readable")
    p.add_argument("--no-rulings", action="store_true", help="do not run the rulings under both sides")
    return p


def run(args) -> int:
    try:
        diffs = collect(args)
    except (DiffError, R.RulebookError) as exc:
        print(f"sgs diff: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(diffs if len(diffs) > 1 else diffs[0], ensure_ascii=False, indent=1))
    else:
        for d in diffs:
            print(render_text(d), end="")
    return 0


def collect(args) -> list[dict]:
    rulings = not args.no_rulings
    mode = args.mode
    if not args.rev:
        if len(args.edition) != 2:
            raise DiffError("compare two editions (--edition old --edition current) or revisions (--rev HEAD~1)")
        repo_books = rulebooks_at(Path(args.repo) / "specs") if args.repo else R.RULEBOOKS
        mode = mode or repo_books[0].mode
        ra = pick(repo_books, None, args.edition[0], mode, "the working tree")
        rb = pick(repo_books, None, args.edition[1], mode, "the working tree")
        return [compare(load_side(ra, args.edition[0], rulings), load_side(rb, args.edition[1], rulings))]
    if len(args.rev) > 2 or len(args.edition) > 1:
        raise DiffError("--rev takes one or two revisions, with at most one --edition")
    repo = Path(args.repo) if args.repo else R.REPO
    with tempfile.TemporaryDirectory(prefix="sgs_diff_") as tmp:
        roots = []
        for i, rev in enumerate(args.rev):
            roots.append((rev, spec_tree(repo, rev, Path(tmp) / f"rev{i}")))
        if len(roots) == 1:
            roots.append(("working tree", (repo / "specs").resolve()))
        (la, root_a), (lb, root_b) = roots
        books_a, books_b = rulebooks_at(root_a), rulebooks_at(root_b)
        edition = args.edition[0] if args.edition else None
        mode = mode or books_b[0].mode  # the default rulebook's game unless --mode names another
        keys = [x.key for x in books_b if any(y.key == x.key for y in books_a)
                and (edition is None or x.edition == edition) and (mode is None or x.mode == mode)]
        if not keys:
            raise DiffError("no rulebook is in both revisions" + (f" with edition {edition}" if edition else ""))
        out = []
        for key in keys:
            ra = pick(books_a, key, None, None, la)
            rb = pick(books_b, key, None, None, lb)
            out.append(compare(load_side(ra, la, rulings), load_side(rb, lb, rulings)))
        return out
