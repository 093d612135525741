"""sgs compiler: .sgs specs -> checked AST -> IR -> Cython (see docs/architecture.md)."""

__version__ = "0.1.0"
