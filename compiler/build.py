"""`sgs build`: specs -> generated/*.py (committed) -> compiled extensions (ignored).

Steps: check all bundled specs; lower to IR; render; write a file only when its bytes
change (so the C build stays incremental); cythonize and compile what is stale.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from .emit import render_rulebook
from .graph import flow_docs
from .reports import book_lists_markdown, timings_markdown
from .lower import Lowerer, spec_hash
from .project import REPO, display_path, load_project, rulebook_files
from .rulebooks import DEFAULT, RULEBOOKS, Rulebook, by_key

GENERATED = REPO / "generated"
FLOW_DOCS = REPO / "docs" / "flows"  # the flows as Mermaid charts (compiler.graph)


@dataclass
class Output:
    path: Path
    text: str


def generate(rulebook: Rulebook = DEFAULT, rendered: dict | None = None) -> tuple[list[Output], object]:
    """Check and lower a rulebook's bundled specs; returns the files to write (its generated
    module and units, its timing table) or, when the specs do not check, [] and the project.
    A rulebook that shares another's units (rulebooks.toml's ``shares``) registers that
    rulebook's module for each unit whose text is the same, and writes that file too (so that
    building it alone never leaves a unit it imports stale: docs/decisions/0025). ``rendered``
    caches each rulebook's units by key ({unit: (module, text)}) across calls."""
    rendered = {} if rendered is None else rendered
    reuse = None
    if rulebook.shares:
        reuse, other = _rendered(by_key(rulebook.shares), rendered)
        if reuse is None:
            return [], other
    proj = load_project(rulebook=rulebook)
    if proj.errors:
        return [], proj
    module = lower(proj, rulebook)
    proj.module = module
    units, modules = render_rulebook(module, reuse)
    rendered[rulebook.key] = {u: (modules[u], units[modules[u]]) for u in module.units}
    proj.generated = units
    outputs = [Output(GENERATED / f"{name}.py", text) for name, text in sorted(units.items())]
    doc = timings_markdown(module, proj.checker, rulebook)
    if rulebook.book_lists:
        doc += "\n" + book_lists_report(module, proj.checker, rulebook)
    outputs.append(Output(REPO / rulebook.timings, doc + "\n"))
    # the default rulebook's charts in docs/flows/, another's in docs/flows/<key>/
    flow_dir = FLOW_DOCS if rulebook is DEFAULT else FLOW_DOCS / rulebook.key
    outputs += [Output(flow_dir / name, text) for name, text in sorted(flow_docs(proj.checker, module).items())]
    return outputs, proj


def _rendered(rulebook: Rulebook, rendered: dict):
    """({unit: (module, text)}, project) of ``rulebook``'s generated units (from ``rendered``,
    else checked, lowered and rendered now); (None, project) when its specs do not check."""
    if rulebook.key in rendered:
        return rendered[rulebook.key], None
    reuse = None
    if rulebook.shares:
        reuse, other = _rendered(by_key(rulebook.shares), rendered)
        if reuse is None:
            return None, other
    proj = load_project(rulebook=rulebook)
    if proj.errors:
        return None, proj
    module = lower(proj, rulebook)
    units, modules = render_rulebook(module, reuse)
    rendered[rulebook.key] = {u: (modules[u], units[modules[u]]) for u in module.units}
    return rendered[rulebook.key], proj


def lower(proj, rulebook: Rulebook):
    """The IR of a checked project of ``rulebook``'s bundled specs, its own flows apart."""
    sources = {path: src.text for path, src in proj.sources.items()}
    return Lowerer(proj.checker, rulebook.key, spec_hash(sources), edition_paths(rulebook)).run()


def edition_paths(rulebook: Rulebook) -> frozenset:
    """The spec files (as spans name them) ``rulebook`` reads and a rulebook of its sharing
    (rulebooks.toml's ``shares``, either way) does not: their flows and terms (and the mode) make the
    unit edition, the others the unit flows, which is then the same text in both rulebooks
    and compiled once (docs/decisions/0068). None without a rulebook to share with."""
    related = [by_key(rulebook.shares)] if rulebook.shares else []
    related += [rb for rb in RULEBOOKS if rb.shares == rulebook.key]
    if not related:
        return frozenset()
    common = set.intersection(*({p.resolve() for p in rulebook_files(rb)} for rb in related))
    return frozenset(display_path(p) for p in rulebook_files(rulebook) if p.resolve() not in common)


def book_lists_report(module, checker, rulebook: Rulebook) -> str:
    """The rulebook's timing table against the book's lists of skills per timing (its
    book_lists file); the idle point is the timing the runtime gives the skills without one."""
    import tomllib

    lists = tomllib.loads((REPO / rulebook.book_lists).read_text(encoding="utf-8"))["timing"]
    idle = next((module.timings[tid] for name, tid in module.timing_aliases if name == "出牌阶段内的空闲时间点"),
                "出牌阶段内的空闲时间点")
    return book_lists_markdown(module, checker, lists, idle, rulebook.skill_brackets, rulebook.book_lists)


def generate_all() -> tuple[list[Output], list]:
    """generate() for every rulebook: all their outputs (or [] when one does not check) and the
    projects, in the order of specs/rulebooks.toml."""
    outputs, projects, rendered = [], [], {}
    for rb in RULEBOOKS:
        out, proj = generate(rb, rendered)
        projects.append(proj)
        if not out:
            return [], projects
        outputs += out
    # a unit two rulebooks register is one file, written once (the same text: render_rulebook)
    unique = {}
    for o in outputs:
        if o.path in unique and unique[o.path].text != o.text:
            raise RuntimeError(f"two rulebooks generate {o.path.name} with different texts")
        unique.setdefault(o.path, o)
    return list(unique.values()), projects


def write_package(units: dict[str, str], directory: Path, package: str) -> Path:
    """Write generated units as package `package` under `directory` (tests and tools that
    compile specs outside generated/)."""
    pkg = Path(directory) / package
    pkg.mkdir(parents=True, exist_ok=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    for name, text in units.items():
        (pkg / f"{name}.py").write_text(text, encoding="utf-8")
    return pkg


def import_package(units: dict[str, str], directory: Path, package: str, main: str):
    """write_package, then import `package.main` (compiled extensions next to the sources,
    if any were built, take precedence as usual)."""
    import importlib
    import sys

    write_package(units, directory, package)
    if str(directory) not in sys.path:
        sys.path.insert(0, str(directory))
    importlib.invalidate_caches()
    return importlib.import_module(f"{package}.{main}")


def stale(outputs: list[Output]) -> list[Path]:
    """The outputs whose file differs, and the generated units no output writes any more (a
    pack removed or renamed)."""
    out = []
    for o in outputs:
        if not o.path.exists() or o.path.read_text(encoding="utf-8") != o.text:
            out.append(o.path)
    return out + obsolete(outputs)


UNIT = re.compile(r"(flows|edition|cards|modes|generals(_[A-Za-z0-9_]+)?)")


def obsolete(outputs: list[Output]) -> list[Path]:
    """The units of the rulebooks among ``outputs`` (generated/<key>_<unit>.py) that they no
    longer generate (a pack removed or renamed); never another rulebook's."""
    written = {o.path for o in outputs}
    keys = {rb.key for rb in RULEBOOKS}
    out = []
    for o in outputs:
        key = o.path.stem
        if o.path.suffix != ".py" or key not in keys:
            continue
        longer = [k for k in keys if k != key and k.startswith(key + "_")]
        for p in sorted(o.path.parent.glob(f"{key}_*.py")):
            if p not in written and UNIT.fullmatch(p.stem[len(key) + 1:]) and \
                    not any(p.stem.startswith(k + "_") or p.stem == k for k in longer):
                out.append(p)
    return out


def write(outputs: list[Output]) -> list[Path]:
    """Write the outputs that changed, remove the units no longer generated (with their C
    source and compiled extension); the paths touched."""
    changed = stale(outputs)
    gone = set(obsolete(outputs))
    for o in outputs:
        if o.path in changed:
            o.path.parent.mkdir(parents=True, exist_ok=True)
            o.path.write_text(o.text, encoding="utf-8")
    for p in gone:
        for q in [p, p.with_suffix(".c")] + sorted(p.parent.glob(p.stem + ".*.so")) + \
                sorted(p.parent.glob(p.stem + ".*.pyd")):
            if q.exists():
                q.unlink()
    return changed


# generated units build at -Og: their code is calls into the core (docs/performance.md), and
# -O1 would more than double their C compile time (docs/decisions/0003). -Og runs gcc's cheap
# passes (CPython's static inline helpers, Py_INCREF, Py_DECREF, Py_TYPE …, inlined; values in
# registers), not its costly ones: the bench's 40 games −2.30 M (−0.8 %) of what -O0 read, for
# +7.5 % of the units' gcc CPU, where -O1 read −2.68 M for +130 % (step 280, decision 0307).
# What Python calls in a unit (its wrappers: the registration, a game's set-up) stays at -O0.
# A rulebook's flows unit is the exception: its event flows (移动, 伤害, 使用 …) run at every
# operation of every game; -O1 made the six games of `sgs bench --what instructions` 8.8 %
# cheaper than -O0 for ~4 s more of gcc per flows unit (docs/decisions/0031). So is an
# edition's unit of its own flows (its turn, its death …, with its mode: docs/decisions/0068).
GENERATED_OPT = '-Og -DSGS_WRAPPER=__attribute__((optimize("O0")))'
# -fexpensive-optimizations at -O1: gcc's backward jump threader (gated on it), which turns a
# program's `pc = k; continue` into a jump to state k's code where the loop's `switch (pc)`
# dispatched again (~49,000 dispatches of the move flow's program alone); -fstrict-aliasing as
# the -O2 rooms have it. The six games −0.60 M for ~+0.9 s of gcc a flows unit (step 116a2)
FLOWS_OPT = "-O1 -fexpensive-optimizations -fstrict-aliasing"


def generated_opt(name: str) -> str:
    """The C optimisation level of generated module `name` (a unit or an index module)."""
    return FLOWS_OPT if name.endswith(("_flows", "_edition")) else GENERATED_OPT


def build_jobs(names: list[str]) -> list[tuple[str, str, str]]:
    """(package, module, C optimisation) of the core's modules and the generated ``names``."""
    from core.build import MODULES, OPT

    return [("core", m, OPT.get(m, "-O2")) for m in MODULES] + \
        [("generated", m, generated_opt(m)) for m in names]


def compile_generated(names: list[str] = (), force: bool = False, quiet: bool = True,
                      generate=None) -> list[str] | None:
    """Compile the core and the generated modules ``names`` in place, incrementally, in one
    parallel run. ``generate``: a function that writes the generated modules and returns their
    names (None: it wrote nothing, the specs do not check), run in this process while the pool
    starts on the core — the generation's seconds overlap the core's compilation. None when
    ``generate`` returned None (the core's jobs that started have finished)."""
    from core.build import build_all

    jobs = build_jobs(names)

    def later():
        more = generate()
        return None if more is None else [("generated", m, generated_opt(m)) for m in more]

    return build_all(jobs, force=force, quiet=quiet, later=later if generate is not None else None)


def train_profile(units: list[str]) -> str:
    """`sgs build --pgo`, after a build: the core and the generated ``units`` gcc optimises
    compiled instrumented, the training games played on them (compiler/training.py), their
    counts kept as the profile (core/pgo.py, in pgo/), and the modules compiled with it. ""
    when done, else what went wrong (the modules are then compiled as without a profile)."""
    import subprocess
    import time

    from core import pgo
    from core.build import recompile

    from . import training

    why = pgo.why_not()
    if why:
        return f"no profile-guided build here: {why}"
    jobs = [j for j in build_jobs(units) if pgo.profiled(j[2])]
    t0 = time.perf_counter()
    recompile(jobs, instrumented=True)
    progress(f"compiled {len(jobs)} modules instrumented ({time.perf_counter() - t0:.0f} s)")
    t1 = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "compiler.training"], cwd=REPO)
    problem = ""
    if run.returncode != 0:
        problem = f"the training failed (exit status {run.returncode}); the profile is unchanged"
    else:
        saved = pgo.save(jobs, str(REPO), training.describe())
        progress(f"trained in {time.perf_counter() - t1:.0f} s: the counts of {len(saved)} modules "
                 f"in {pgo.STORE}/")
    t2 = time.perf_counter()
    recompile(jobs)
    progress(f"compiled {len(jobs)} modules with the profile ({time.perf_counter() - t2:.0f} s)")
    return problem


def generated_modules(outputs: list[Output]) -> list[str]:
    """The generated modules among ``outputs`` (what compile_generated builds)."""
    return [o.path.stem for o in outputs if o.path.parent == GENERATED and o.path.suffix == ".py"]


def progress(msg: str):
    print(f"sgs build: {msg}", file=sys.stderr, flush=True)
