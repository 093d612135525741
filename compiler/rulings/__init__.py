"""Executable rulings (例): build each ruling's table in the generated engine, run its events
with the scripted answers, check its expectations (docs/rulings.md).

    from compiler.rulings import run_rulings
    diags = run_rulings(project)          # list[Diagnostic], codes SGS5xx

The package, by concern:

| module | job |
|---|---|
| vocab.py | the closed ruling vocabulary: each phrase and the handler it names |
| model.py | what a ruling reads as (Ruling, Seat, Step) and RulingFailure |
| reader.py | a ruling's lines -> Ruling (seat facts, cards, start, phrases) |
| table.py | the generated engine, the game and its table laid out |
| runner.py | one ruling run: events, the queue of answers, where expectations stand |
| budget.py | what a ruling may spend (decisions, steps, stack depth, seconds): SGS506 |
| answers.py | ``answer_<name>``: a scripted answer matched against a decision |
| expect.py | ``expect_<name>``: an expectation checked on the state and the log |
| driver.py | every ruling of a project -> Outcome / Diagnostic; ``main`` |
"""
from .budget import Budget
from .driver import Outcome, main, project_rulings, run_ruling_decls, run_rulings
from .model import Ruling, RulingFailure, Seat, Step
from .reader import RulingReader
from .runner import LOG_TAIL, Runner
from .table import engine_module
from .vocab import RULING_TERMS, build_vocabulary

__all__ = ["Budget", "Outcome", "main", "project_rulings", "run_ruling_decls", "run_rulings", "Ruling",
           "RulingFailure", "Seat", "Step", "RulingReader", "LOG_TAIL", "Runner", "engine_module",
           "RULING_TERMS", "build_vocabulary"]
