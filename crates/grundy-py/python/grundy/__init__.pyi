import os
from contextlib import AbstractContextManager
from typing import Any, Callable, Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

from ._grundy import ComputeError as ComputeError
from ._grundy import GameError as GameError
from ._grundy import Sum as Sum
from ._grundy import cuts as cuts
from ._grundy import repeat as repeat
from ._grundy import splits as splits

Position = Union[int, str, Tuple[Any, ...], Sum, repeat]

class Game:
    name: str
    params: Dict[str, Any]
    def __init__(
        self,
        moves: Optional[Callable[[Any], Iterable[Any]]] = None,
        components: Optional[Callable[[Any], Iterable[Any]]] = None,
        canonical: Optional[Callable[[Any], Any]] = None,
        show: Optional[Callable[[Any], str]] = None,
        describe: Optional[Callable[[Any, Any], str]] = None,
        name: Optional[str] = None,
        **params: Any,
    ) -> None: ...

class Move:
    fields: Dict[str, Any]
    description: str
    component: Optional[int]
    move: Optional[Dict[str, Any]]
    position: Any

class Result:
    game: str
    position: Any
    convention: str
    outcome: str
    value: Optional[int]
    winning_moves: List[Move]
    winning_moves_total: Optional[int]
    drawing_moves: List[Move]
    components: List[Dict[str, Any]]
    def to_dict(self) -> Dict[str, Any]: ...

class Period(NamedTuple):
    preperiod: Optional[int]
    period: Optional[int]
    saltus: Optional[int]
    proved: bool
    checked_upto: int

class SVG(str):
    def _repr_svg_(self) -> str: ...

class Table:
    game: str
    kind: str
    period: Optional[Period]
    @property
    def values(self) -> List[Any]: ...
    @property
    def array(self) -> Any: ...
    def __len__(self) -> int: ...
    def __getitem__(self, n: int) -> Any: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def plot(self, width: int = 900, height: int = 560) -> SVG: ...
    def _repr_html_(self) -> str: ...

def solve(
    game: Union[str, Game],
    *position: Position,
    misere: bool = False,
    every: bool = False,
    limit: int = 100,
    progress: bool = False,
    outcome: bool = False,
    moves: bool = True,
) -> Result: ...
def table(
    game: Union[str, Game],
    upto: Union[int, str, None] = None,
    period: bool = False,
    progress: bool = False,
    naive: bool = False,
) -> Table: ...
def check(
    game: Union[str, Game],
    formula: Union[str, Callable[..., Any]],
    upto: Union[int, str, None] = None,
    start: int = 0,
    outcome: bool = False,
) -> Optional[Tuple[Any, Any, Any]]: ...
def quotient(
    game: Union[str, Game],
    upto: int = 300,
    max_order: int = 2048,
    max_states: int = 2097152,
    max_candidate: int = 1048576,
) -> Dict[str, Any]: ...
def guess(
    game: Union[str, Game],
    upto: Union[int, str, None] = None,
    p_positions: bool = False,
    max_size: int = 7,
    progress: bool = False,
) -> Dict[str, Any]: ...
def games() -> List[Dict[str, Any]]: ...
def cache(
    path: Union[str, "os.PathLike[str]"], import_: bool = False
) -> AbstractContextManager[None]: ...
def set_max_positions(n: int) -> None: ...
def explain(
    game: str,
    *position: Union[int, str],
    misere: bool = False,
    every: bool = False,
    depth: Optional[int] = None,
) -> Dict[str, Any]: ...
def tree_svg(explanation: Dict[str, Any]) -> SVG: ...
def census(
    family: str,
    upto: int = 65536,
    db: Union[str, "os.PathLike[str]"] = "grundy-census.sqlite",
    client: Any = None,
    jobs: Optional[int] = None,
    misere: Optional[int] = None,
    guess: bool = False,
    game_time: Optional[float] = None,
    game_memory: Optional[int] = None,
    retry: bool = False,
    progress: bool = False,
) -> Dict[str, Any]: ...
def census_rows(
    db: Union[str, "os.PathLike[str]"],
    query: str = "all",
    family: Optional[str] = None,
) -> List[Dict[str, Any]]: ...
