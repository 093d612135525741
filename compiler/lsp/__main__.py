"""python -m compiler.lsp: the language server on stdin/stdout (what `sgs lsp` runs)."""
import sys

from .server import main

sys.exit(main())
