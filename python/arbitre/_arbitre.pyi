"""Types of the compiled module (python/src/), re-exported by ``arbitre``."""

import os
from typing import (
    Any,
    Dict,
    Iterable,
    Iterator,
    List,
    Literal,
    Mapping,
    Optional,
    Protocol,
    Tuple,
    Union,
    final,
    type_check_only,
)

__all__ = [
    "__version__",
    "Record",
    "Diagnostic",
    "Warning",
    "Score",
    "Records",
    "check",
    "check_file",
    "read",
    "score",
    "moves",
    "show",
    "explain",
    "fmt",
    "standings",
    "house_rules",
    "run_command",
    "_record_from_json",
]

__version__: str

# Aliases of the stubs only (the module has no such names).
_Rules = Union[Mapping[str, bool], Iterable[str], None]
_StrPath = Union[str, "os.PathLike[str]"]
_Turn = Union[int, str, None]

@type_check_only
class _Readable(Protocol):
    """What `read` reads: any object with a file's `read(size)`, giving
    bytes or str (a file opened in either mode, io.BytesIO, a socket's
    makefile(), a decompressing stream); its `name`, when a str, names it."""

    def read(self, size: int, /) -> Union[bytes, str]: ...

@final
class Diagnostic:
    """Why a record is not legal, located in its file."""

    @property
    def rule(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def span(self) -> Tuple[int, int]: ...
    @property
    def turn(self) -> Optional[str]: ...
    @property
    def turn_index(self) -> Optional[int]: ...
    @property
    def expected(self) -> List[str]: ...
    @property
    def expected_total(self) -> int: ...
    @property
    def help(self) -> Optional[str]: ...

@final
class Warning:
    """A tolerated infraction or a remark."""

    @property
    def rule(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def line(self) -> Optional[int]: ...
    @property
    def column(self) -> Optional[int]: ...
    @property
    def turn_index(self) -> Optional[int]: ...

@final
class Record:
    """One record of a file, checked."""

    @property
    def verdict(self) -> Literal["legal", "illegal", "malformed"]: ...
    @property
    def legal(self) -> bool: ...
    @property
    def game(self) -> Optional[str]: ...
    @property
    def path(self) -> str: ...
    @property
    def index(self) -> int: ...
    @property
    def turns(self) -> int: ...
    @property
    def diagnostic(self) -> Optional[Diagnostic]: ...
    @property
    def warnings(self) -> List[Warning]: ...
    @property
    def warnings_omitted(self) -> int: ...
    @property
    def status(self) -> Optional[Literal["finished", "unfinished"]]: ...
    @property
    def winner(self) -> Optional[str]: ...
    @property
    def to_move(self) -> Optional[str]: ...
    @property
    def scores(self) -> Optional[Dict[str, int]]: ...
    @property
    def players(self) -> Optional[Dict[str, str]]: ...
    @property
    def outcome(self) -> Optional[Dict[str, Any]]: ...
    @property
    def tournament(self) -> Optional[Dict[str, Any]]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def to_json(self) -> str: ...

@final
class Records(Iterator[Record]):
    """The records of a file or stream, checked one at a time."""

    def __iter__(self) -> "Records": ...
    def __next__(self) -> Record: ...

@final
class Score:
    """A record's result and its score table."""

    @property
    def record(self) -> Record: ...
    @property
    def header(self) -> Optional[List[str]]: ...
    @property
    def rows(self) -> List[List[str]]: ...
    def to_dict(self) -> Dict[str, Any]: ...

def check(text: str, *, path: Optional[_StrPath] = None, rules: _Rules = None) -> List[Record]: ...
def check_file(path: _StrPath, *, rules: _Rules = None) -> List[Record]: ...
def read(
    source: Union[_StrPath, _Readable],
    *,
    path: Optional[_StrPath] = None,
    rules: _Rules = None,
) -> Records: ...
def score(
    text: str, *, record: int = 0, path: Optional[_StrPath] = None, rules: _Rules = None
) -> Score: ...
def moves(
    text: str,
    *,
    turn: _Turn = None,
    record: int = 0,
    expand: bool = False,
    path: Optional[_StrPath] = None,
    rules: _Rules = None,
) -> Dict[str, Any]: ...
def show(
    text: str,
    *,
    turn: _Turn = None,
    record: int = 0,
    format: Literal["text", "svg"] = "text",
    rules: _Rules = None,
) -> str: ...
def explain(rule: Optional[str] = None) -> Any: ...
def fmt(text: str, *, rules: _Rules = None) -> str: ...
def standings(
    paths: Iterable[_StrPath],
    *,
    points: Optional[Tuple[float, float, float]] = None,
    crosstable: bool = False,
    rules: _Rules = None,
) -> Dict[str, Any]: ...
def house_rules() -> List[str]: ...
def run_command(args: List[str]) -> int: ...
def _record_from_json(json: str) -> Record: ...
