"""arbitre: a referee for Superpion, Simpei and Puluc game records.

Every record is replayed with the full rules: it is legal (with its result
and scores), illegal (the first illegal action, the rule it breaks and what
was legal instead) or malformed.

>>> import arbitre
>>> [record] = arbitre.check("---\\ngame: simpei\\n---\\n1. c3 c1 2. a7 g5 3. a5 e3\\n")
>>> record.verdict, record.winner
('legal', 'blue')

The compiled core is the library behind the ``arbitre`` command, which the
package installs as well. Records are checked with the interpreter
released, so threads checking records run at once.
"""

from arbitre._arbitre import (
    Diagnostic,
    Record,
    Records,
    Score,
    __version__,
    check,
    check_file,
    explain,
    fmt,
    house_rules,
    moves,
    read,
    score,
    show,
    standings,
)
from arbitre._arbitre import Warning as Warning
from arbitre._errors import ArbitreError

# `Warning` is left out of `*`: it would hide Python's own `Warning`
# (`arbitre.Warning` names it).
__all__ = [
    "ArbitreError",
    "Diagnostic",
    "Record",
    "Records",
    "Score",
    "__version__",
    "check",
    "check_file",
    "explain",
    "fmt",
    "house_rules",
    "moves",
    "read",
    "score",
    "show",
    "standings",
]
