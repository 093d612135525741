"""The language server (`sgs lsp`) over the same front end and checker as `sgs check`.

  analysis.py   one checked snapshot of the specs as the editor holds them; what is at a position
  positions.py  spans <-> LSP ranges in the client's code units (UTF-16 by default)
  hover.py      hover texts: timings, terms and readings, cards, skills, flows, ruling lines
  complete.py   completion: timings, terms, card/skill/mark/general names, ruling keys
  navigate.py   go to definition, document symbols
  fixes.py      quick fixes for `did you mean X?` hints
  server.py     the pygls server: document sync, debounced checks, rulings on save

docs/editor.md says how to use it from VS Code, Neovim and Emacs.
"""
