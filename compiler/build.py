"""`sgs build`: specs -> generated/*.py (committed) -> compiled extensions (ignored).

Steps: check all bundled specs; lower to IR; render; write a file only when its bytes
change (so the C build stays incremental); cythonize and compile what is stale.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from .emit import render_units
from .reports import timings_markdown
from .lower import Lowerer, spec_hash
from .project import REPO, load_project

GENERATED = REPO / "generated"
MODULE_NAME = "identity"  # one module for the identity edition and its packs


@dataclass
class Output:
    path: Path
    text: str


def generate() -> tuple[list[Output], object]:
    """Check and lower all bundled specs; returns the files to write (or the failed project)."""
    proj = load_project()
    if proj.errors:
        return [], proj
    sources = {path: src.text for path, src in proj.sources.items()}
    module = Lowerer(proj.checker, MODULE_NAME, spec_hash(sources)).run()
    proj.module = module
    units = render_units(module)
    proj.generated = units
    outputs = [Output(GENERATED / f"{name}.py", text) for name, text in sorted(units.items())]
    outputs.append(Output(REPO / "docs" / "timings.md", timings_markdown(module, proj.checker) + "\n"))
    return outputs, proj


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


def obsolete(outputs: list[Output]) -> list[Path]:
    """generated/<module>_*.py files that are no longer generated."""
    written = {o.path for o in outputs}
    folders = {o.path.parent for o in outputs if o.path.suffix == ".py"}
    out = []
    for folder in sorted(folders):
        for p in sorted(folder.glob(f"{MODULE_NAME}_*.py")):
            if p not in written:
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


# generated units build at -O0: their code is calls into the core (docs/performance.md), and
# -O1 would quadruple their C compile time (docs/decisions/0003)
GENERATED_OPT = "-O0"


def compile_generated(names: list[str], force: bool = False, quiet: bool = True) -> list[str]:
    """Compile the core and the generated modules in place, incrementally, in one parallel run."""
    from core.build import MODULES, OPT, build_all

    jobs = [("core", m, OPT.get(m, "-O2")) for m in MODULES]
    jobs += [("generated", m, GENERATED_OPT) for m in names]
    return build_all(jobs, force=force, quiet=quiet)


def progress(msg: str):
    print(f"sgs build: {msg}", file=sys.stderr, flush=True)
