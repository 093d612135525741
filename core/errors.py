"""The errors the scheduling core raises: a game that cannot go on (EngineError), an answer a
decision does not admit (IllegalAnswer) or one too many (TooManyAnswers), a broken invariant of
the state (InvariantError). Plain Python; core.engine imports them (``E.IllegalAnswer``)."""


class EngineError(Exception):
    pass


class IllegalAnswer(EngineError):
    pass


class TooManyAnswers(EngineError):
    pass


class InvariantError(EngineError):
    pass
