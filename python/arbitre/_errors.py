"""The package's exception."""

from typing import Optional


class ArbitreError(ValueError):
    """What was asked cannot be given: a record with no position there, a
    turn past the record's end, an unknown rule or house rule.

    ``rule`` is the rule id when a rule says why (``"header"``,
    ``"simpei/occupied"``), else ``None``.
    """

    def __init__(self, message: str, rule: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __reduce__(self):  # type: ignore[no-untyped-def]
        # Kept whole across processes (Spark's executors send errors back).
        return (type(self), (self.message, self.rule))
