"""grundy: decide impartial combinatorial games from Python.

Who wins, the Grundy value (nimber), every winning move, tables of values and their periods,
misère quotients, closed-form formulas for the values;
for the games grundy knows (``grundy.games()``) and for games written in Python
(``grundy.Game``). The answers come from the same Rust library as the ``grundy`` command, and
``to_dict()`` is exactly the command's ``--json``.

>>> import grundy
>>> r = grundy.solve("nim", 3, 4, 5)
>>> r.outcome, r.value
('N', 2)
>>> r.winning_moves[0].description
'take 2 from heap 1: 3 -> 1'
>>> grundy.table("0.77", upto=12).values
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
"""

from __future__ import annotations

import contextlib
import functools
import html
import json
import os
import shlex
import sys
import threading
import warnings
from typing import (
    Any,
    Callable,
    Dict,
    Iterable,
    Iterator,
    List,
    NamedTuple,
    Optional,
    Tuple,
    Union,
)

from . import _grundy
from ._grundy import ComputeError, GameError, Sum, cuts, repeat, splits

__all__ = [
    "ComputeError",
    "Game",
    "GameError",
    "Move",
    "Period",
    "Result",
    "SVG",
    "Sum",
    "Table",
    "cache",
    "census",
    "census_rows",
    "check",
    "explain",
    "games",
    "guess",
    "quotient",
    "set_max_positions",
    "solve",
    "cuts",
    "repeat",
    "splits",
    "table",
    "tree_svg",
]

Position = Union[int, str, Tuple[Any, ...], Sum]


class Game:
    """A game defined in Python, solved by grundy's engine (memo, sums, loopy play, misère).

    ``moves(p)`` returns the options of position ``p``: an iterable of positions, where a position
    is an int, a string or a tuple (nested) of these, an option that leaves independent pieces is
    ``grundy.Sum(a, b)``, and a ``range`` stands for every integer in it (the fastest form), as
    ``grundy.splits(m)`` stands for every ``Sum(a, m - a)`` and ``grundy.cuts(w, h)`` for every cut
    of a ``w`` x ``h`` sheet in two (grundy iterates these itself: no Python object per option).
    A ``range`` (step 1) may also stand in one slot of an option, once per option: ``(x,
    range(a, b))`` is every ``(x, k)``, ``grundy.Sum(range(a, b), y)`` every ``Sum(k, y)`` (a
    script's ``[x, a..b]``, kept as two numbers); ``grundy.repeat(x, n)`` is ``n`` copies of the
    part ``x`` (``grundy.Sum(grundy.repeat(x, n), y)``), valued as ``G(x)`` for odd ``n``, else 0,
    whatever ``n``. The
    optional functions are those of a game script (the book's "Game scripts" chapter):
    ``components(p)`` (the parts ``p`` is the sum of), ``canonical(p)`` (one representative of
    positions equal under symmetry), ``show(p)`` and ``describe(p, q)`` (how positions and moves
    are said). Each function is called once per position.

    Give the functions as arguments, or subclass ``Game`` and define them as methods:

    >>> half = grundy.Game(lambda n: range(n - n // 2, n), name="half")
    >>> grundy.solve(half, 10).value
    5
    >>> class Kayles(grundy.Game):
    ...     def moves(self, n):
    ...         return [grundy.Sum(a, n - k - a) for k in (1, 2) for a in range(n - k + 1)]
    >>> grundy.table(Kayles(), upto=8).values
    [0, 1, 2, 3, 1, 4, 3, 2, 1]
    >>> kayles = grundy.Game(lambda n: [grundy.splits(n - 1), grundy.splits(n - 2)])
    >>> grundy.table(kayles, upto=8).values
    [0, 1, 2, 3, 1, 4, 3, 2, 1]
    >>> paper = grundy.Game(lambda p: grundy.cuts(*p))
    >>> grundy.solve(paper, (2, 3)).value
    1
    >>> wythoff = grundy.Game(lambda p: [(range(p[0]), p[1]), (p[0], range(p[1]))]
    ...     + [(p[0] - k, p[1] - k) for k in range(1, min(p) + 1)])
    >>> grundy.solve(wythoff, (1, 2)).outcome
    'P'

    Other keyword arguments are parameters, passed to every function as keyword arguments (a
    script's ``script:FILE?k=3``), so one function serves every test case:

    >>> sub = grundy.Game(lambda n, k: [n - t for t in range(1, k + 1) if t <= n], k=3)
    >>> grundy.table(sub, upto=8).values
    [0, 1, 2, 3, 0, 1, 2, 3, 0]
    """

    def __init__(
        self,
        moves: Optional[Callable[[Any], Iterable[Any]]] = None,
        components: Optional[Callable[[Any], Iterable[Any]]] = None,
        canonical: Optional[Callable[[Any], Any]] = None,
        show: Optional[Callable[[Any], str]] = None,
        describe: Optional[Callable[[Any, Any], str]] = None,
        name: Optional[str] = None,
        **params: Any,
    ) -> None:
        def method(f: Any, attr: str) -> Any:
            if f is not None:
                if not callable(f):
                    raise ValueError(f"{attr} must be callable, not {type(f).__name__}")
            else:
                own = getattr(type(self), attr, None)
                f = getattr(self, attr) if own is not None else None
            if f is not None and params:
                f = functools.partial(f, **params)
            return f

        moves = method(moves, "moves")
        if moves is None:
            raise ValueError("a Game needs moves(p): give moves=... or define a method moves")
        self.params = params
        self.name = name or getattr(getattr(moves, "func", moves), "__name__", None) or type(self).__name__
        if self.name == "<lambda>":
            self.name = type(self).__name__.lower() if type(self) is not Game else "python"
        if self.name == "moves":
            self.name = type(self).__name__
        self._native = _grundy.NativeGame(
            self.name,
            moves,
            method(components, "components"),
            method(canonical, "canonical"),
            method(show, "show"),
            method(describe, "describe"),
        )

    def __repr__(self) -> str:
        return f"<grundy.Game {self.name}>"


class Move:
    """A winning (or drawing) move: its words, the component it is played in (0-based), the move
    as data (``move``, e.g. ``{"kind": "heap", "heap": 0, "from": 3, "take": 2, ...}``), the
    position it leaves (``None`` past the CLI's size limit for whole positions), and every field
    of the CLI's JSON (``fields``; e.g. ``component_moves`` under Every-SG)."""

    def __init__(self, fields: Dict[str, Any]) -> None:
        self.fields = fields
        self.description: str = fields["description"]
        self.component: Optional[int] = fields.get("component")
        self.move: Optional[Dict[str, Any]] = fields.get("move")
        self.position: Any = fields.get("position")

    def __repr__(self) -> str:
        return f"<Move {self.description}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and other.fields == self.fields


class Result:
    """The verdict on a position: ``outcome`` (``'P'``, ``'N'`` or ``'D'``), ``value`` (the
    normal-play Grundy value, ``None`` when infinite or not computed), ``winning_moves``,
    ``drawing_moves``, ``winning_moves_total``, ``convention``; ``to_dict()`` is the CLI's JSON."""

    def __init__(self, line: str) -> None:
        self._json = line
        d = json.loads(line)
        self.game: str = d["game"]
        self.position: Any = d["position"]
        self.convention: str = d["convention"]
        self.outcome: str = d["outcome"]
        self.value: Optional[int] = d["grundy"]
        self.winning_moves: List[Move] = [Move(m) for m in d["winning_moves"]]
        # None when the moves were not looked for, or are too many to count.
        self.winning_moves_total: Optional[int] = d["winning_moves_total"]
        self.drawing_moves: List[Move] = [Move(m) for m in d.get("drawing_moves", [])]
        self.components: List[Dict[str, Any]] = d["components"]

    def to_dict(self) -> Dict[str, Any]:
        """The verdict as ``grundy solve --json`` prints it (a fresh dict each time)."""
        return json.loads(self._json)

    def __repr__(self) -> str:
        return (
            f"<grundy.Result {self.game} {json.dumps(self.position)}: {self.outcome}, "
            f"value {self.value}, {self.winning_moves_total} winning move(s)>"
        )


def _check_limit(limit: int) -> None:
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        raise ValueError(f"limit must be a natural number, not {limit!r}")


def solve(
    game: Union[str, Game],
    *position: Position,
    misere: bool = False,
    every: bool = False,
    limit: int = 100,
    progress: bool = False,
    outcome: bool = False,
    moves: bool = True,
) -> Result:
    """Who wins ``game`` at ``position``, its Grundy value and its winning moves.

    ``game`` is a spec as on the command line, with the position in it or after it
    (``solve("nim 3 4 + bash:3 7")``, ``solve("nim", 3, 4, 5)``), or a ``grundy.Game`` with its
    position (several positions are their sum). ``misere=True``: whoever moves last loses;
    ``every=True``: Every-SG. At most ``limit`` winning moves are listed (all are counted).
    ``outcome=True`` (``grundy solve --outcome``): who wins alone; a lone game that is not a sum is
    decided by a search that stops at the first winning move it proves, so ``value`` and
    ``winning_moves_total`` are ``None`` and ``winning_moves`` holds that one move; sums, loopy
    games and games a theorem decides are valued (without their moves), as is a position of a
    ``grundy.Game`` whose value an earlier call has computed. With ``misere=True`` a
    theorem decides where one applies, else a search of the whole sum that stops at the first
    winning move (``value`` ``None``).
    ``moves=False`` (``grundy solve --no-moves``): the outcome and value without looking for the
    winning moves (``winning_moves_total`` is ``None``); with ``every=True`` the Every-SG outcome
    and step counts alone (``--every --no-moves``), the same dict as the command's ``--json``.

    >>> grundy.solve("nim 3 4 + bash:3 7").value
    4
    >>> grundy.solve("nim", 1, 1, 1, misere=True).outcome
    'P'
    """
    if misere and every:
        raise ValueError("misere and every are two conventions: give one")
    if outcome and every:
        raise ValueError("outcome=True asks who wins under normal or misère play: not with every")
    if not isinstance(moves, bool):
        raise ValueError(f"moves must be True or False, not {moves!r}")
    if not moves and misere:
        raise ValueError("moves=False is for normal play and every=True, not misere")
    if not moves and outcome:
        raise ValueError("outcome=True already skips the list of moves: give one of them")
    _check_limit(limit)
    convention = "misere" if misere else "every" if every else "normal"
    if isinstance(game, Game):
        return Result(
            game._native.solve(list(position), convention, limit, progress, outcome, moves)
        )
    if not isinstance(game, str):
        raise ValueError(f"game must be a spec (a string) or a grundy.Game, not {type(game).__name__}")
    return Result(_grundy.solve_words(_words(game, position), convention, limit, outcome, moves))


def _words(game: str, position: Tuple[Any, ...]) -> List[str]:
    """The command-line words of a spec and its position (``"nim 3 4"``, or ``"nim", 3, 4``)."""
    words = shlex.split(game) if not position else [game]
    for p in position:
        if isinstance(p, bool) or not isinstance(p, (int, str)):
            raise ValueError(
                f"a position word must be an int or a string, not {type(p).__name__} ({p!r})"
            )
        words.append(str(p))
    if not words:
        raise ValueError("give a game, e.g. solve('nim', 3, 4, 5)")
    return words


def explain(
    game: str,
    *position: Union[int, str],
    misere: bool = False,
    every: bool = False,
    depth: Optional[int] = None,
) -> Dict[str, Any]:
    """The working behind the answer, as ``grundy explain --json`` prints it: for one game, its
    options with their values (``parts[0]["options"]``: ``shown``, ``values``, ``mex``); for a
    sum, each part's ``value`` and ``reason``, the values in binary and their XOR (``xor``), and
    the winning moves found from the XOR's highest bit (``winning_moves``); ``lines`` is the
    working in sentences. ``misere=True`` says which rule decides misère play (``rule``: ``sj``,
    ``quotient`` or ``search``) and how; ``every=True`` gives Every-SG's step counts
    (``steps``). ``depth=K`` (1 to 4, normal play) adds the game tree to K moves (``tree``: each
    position with its ``value``, ``outcome`` and ``children``); ``grundy.tree_svg(e)`` draws it.
    A loopy game's value raises ``grundy.GameError``.

    >>> e = grundy.explain("nim", 3, 4, 5)
    >>> e["xor"]["binary"], e["xor"]["total_binary"]
    (['011', '100', '101'], '010')
    >>> e["winning_moves"][0]["move"]
    'take 2 from heap 1: 3 -> 1'
    >>> grundy.explain("0.77 10")["parts"][0]["options"]["mex"]
    2
    >>> grundy.explain("nim", 1, 1, 1, misere=True)["rule"], grundy.explain("nim 1 1 1", misere=True)["outcome"]
    ('sj', 'P')
    """
    if not isinstance(game, str):
        raise ValueError(f"game must be a spec (a string), not {type(game).__name__}")
    if misere and every:
        raise ValueError("misere and every are two conventions: give one")
    convention = "misere" if misere else "every" if every else "normal"
    if depth is not None and (not isinstance(depth, int) or isinstance(depth, bool)):
        raise ValueError(f"depth must be an integer, not {depth!r}")
    return json.loads(_grundy.explain_words(_words(game, position), convention, depth))


def tree_svg(explanation: Dict[str, Any]) -> "SVG":
    """The game tree of an explanation made with ``depth=K`` as an SVG picture (shown in a
    notebook), the P-positions filled, as ``grundy explain --depth K --svg FILE`` draws it.

    >>> grundy.tree_svg(grundy.explain("nim 1 2", depth=1)).startswith("<svg")
    True
    """
    return SVG(_grundy.tree_svg(json.dumps(explanation)))


class Period(NamedTuple):
    """The period of a table: ``G(n + period) = G(n) + saltus`` for ``n >= preperiod``, proved or
    checked up to ``checked_upto`` (``None`` fields: no period found)."""

    preperiod: Optional[int]
    period: Optional[int]
    saltus: Optional[int]
    proved: bool
    checked_upto: int


class SVG(str):
    """An SVG document (a ``str``) that a notebook shows as a picture."""

    def _repr_svg_(self) -> str:
        return str(self)


class Table:
    """A game's values over its natural shape, as ``grundy table --json`` gives them:

    - ``kind``: ``"heaps"`` (a heap game, ``G(0..=upto)``), ``"line"`` (positions ``0..=N`` of
      one number, valued one by one, or a ``grundy.Game``), ``"grid"`` (two numbers: ``rows[b][a]``),
      ``"board"`` (a token's cell: ``rows[y][x]``, with ``outcomes``) or ``"vertices"`` (a graph:
      one row per vertex);
    - ``values`` (a list: a line's values; a grid's or board's rows; a graph's value per vertex),
      ``array`` (a NumPy array over a heap table's own buffer, no copy), ``period`` (when asked
      for), ``to_dict()`` (the CLI's ``table --json``); a notebook shows the grid
      (``_repr_html_``)."""

    def __init__(
        self,
        game: str,
        raw: Optional[bytes],
        values: Optional[List[Any]],
        period: Optional[Period],
        kind: str = "heaps",
        report: Optional[Dict[str, Any]] = None,
    ) -> None:
        self.game = game
        self.kind = kind
        self._raw = raw
        self._values = values
        self._report = report
        self.period = period

    @property
    def values(self) -> List[Any]:
        """A line's ``G(0..=upto)`` (``None`` where the game has no such position, ``'inf(...)'``
        strings for loopy positions); a grid's or board's rows; a graph's value per vertex."""
        if self._values is None:
            if self._raw is not None:
                self._values = memoryview(self._raw).cast("Q").tolist()
            elif self.kind == "vertices":
                assert self._report is not None
                self._values = [row["value"] for row in self._report["table"]]
            elif self.kind in ("grid", "board"):
                assert self._report is not None
                self._values = self._report["rows"]
            else:
                assert self._report is not None
                self._values = self._report["values"]
        return self._values

    @property
    def array(self) -> Any:
        """The values as a NumPy array: a heap table's read-only ``uint64`` view over its own
        buffer (no copy); any other table's values copied into a new array."""
        import numpy

        if self._raw is None:
            return numpy.array(self.values)
        return numpy.frombuffer(self._raw, dtype="<u8")

    def __len__(self) -> int:
        return len(self._raw) // 8 if self._raw is not None else len(self.values)

    def __getitem__(self, n: int) -> Any:
        return self.values[n]

    def to_dict(self) -> Dict[str, Any]:
        """The table as ``grundy table --json`` prints it."""
        if self._report is not None:
            return dict(self._report)
        d: Dict[str, Any] = {"game": self.game, "values": self.values}
        if self.period is not None:
            d["period"] = self.period._asdict()
        return d

    def __repr__(self) -> str:
        head = ", ".join(str(v) for v in self.values[:20])
        more = ", …" if len(self) > 20 else ""
        return f"<grundy.Table {self.game}: [{head}{more}]>"

    def plot(self, width: int = 900, height: int = 560) -> "SVG":
        """The picture ``grundy plot`` draws of a line's values (G(n) against n, the period
        marked), as SVG text; a notebook shows it inline."""
        if self.kind not in ("heaps", "line"):
            raise ValueError(f"plot draws a line of values; this table is a {self.kind}")
        values = [v if isinstance(v, int) else None for v in self.values]
        found = tuple(self.period) if self.period is not None else None
        return SVG(_grundy.plot_line(self.game, values, found, width, height))

    def _repr_html_(self) -> str:
        """A line as ``grundy table`` prints it (rows of ten, the row's first heap size on the
        left); a grid or board a row per ``y``; a graph a row per vertex."""
        if self.kind in ("grid", "board"):
            rows = self.values[:100]
            body = "".join(
                f"<tr><th>{y}</th>{''.join(f'<td>{html.escape(str(v))}</td>' for v in row)}</tr>"
                for y, row in enumerate(rows)
            )
            return f"<p><b>{html.escape(self.game)}</b></p><table>{body}</table>"
        shown = self.values[:1000]
        rows_html = []
        for start in range(0, len(shown), 10):
            cells = "".join(f"<td>{html.escape(str(v))}</td>" for v in shown[start : start + 10])
            rows_html.append(f"<tr><th>{start}</th>{cells}</tr>")
        more = f"<p>… {len(self) - 1000} more</p>" if len(self) > 1000 else ""
        period = f"<p>{html.escape(str(self.period))}</p>" if self.period else ""
        head = "".join(f"<th>+{i}</th>" for i in range(10))
        return (
            f"<p><b>{html.escape(self.game)}</b></p><table><tr><th></th>{head}</tr>"
            f"{''.join(rows_html)}</table>{more}{period}"
        )


def _check_upto(upto: int) -> None:
    if not isinstance(upto, int) or isinstance(upto, bool) or upto < 0:
        raise ValueError(f"upto must be a natural number, not {upto!r}")


def _range_text(upto: Union[int, str, None]) -> Optional[str]:
    """``upto`` as the command line's ``--upto``: ``N`` or ``"XxY"``."""
    if upto is None:
        return None
    if isinstance(upto, str):
        return upto
    _check_upto(upto)
    return str(upto)


def table(
    game: Union[str, Game],
    upto: Union[int, str, None] = None,
    period: bool = False,
    progress: bool = False,
    naive: bool = False,
) -> Table:
    """The values of any game of ``grundy.games()`` over its natural shape, as ``grundy table``
    computes them: a heap game's ``G(0..=upto)`` (``"0.77"``, ``"sub:1,3,4"``, ``"lasker"``), a
    two-number game's grid (``"wythoff"``, ``upto="10x10"``), a board's cells
    (``"hyper-knights"``), a graph's vertices (``"graph:1-2,2-3"``), a game script's positions;
    or a ``grundy.Game`` on the positions ``0..=upto``. ``upto`` is ``N`` or ``"XxY"``; without
    it, the command's defaults (a heap game then needs ``period=True``).

    ``period=True`` also finds the period (proved by the periodicity theorem where it applies): for
    heap games and game scripts; ``naive=True`` (every option of every heap) is for heap games.
    Other games refuse them with ``ValueError``, as the command refuses ``--period`` and
    ``--method naive``.
    ``progress=True`` shows how far it got; Ctrl-C stops it with ``KeyboardInterrupt``.

    >>> grundy.table("0.77", upto=1000, period=True).period
    Period(preperiod=71, period=12, saltus=0, proved=True, checked_upto=1000)
    >>> grundy.table("wythoff", upto="2x2").values
    [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    """
    text = _range_text(upto)
    if isinstance(game, Game):
        if text is None or not text.isdigit():
            raise ValueError(f"a grundy.Game's table needs upto=N, not {upto!r}")
        values = json.loads(game._native.values(list(range(int(text) + 1)), progress))
        return Table(game.name, None, values, None, kind="line")
    if not isinstance(game, str):
        raise ValueError(f"game must be a spec (a string) or a grundy.Game, not {type(game).__name__}")
    kind, name, payload, found = _grundy.table(game, text, period, naive, progress)
    if kind == "heaps":
        return Table(name, payload, None, Period(*found) if found is not None else None)
    report = json.loads(payload)
    seen = report.get("period")
    return Table(
        name,
        None,
        None,
        Period(**seen) if seen is not None else None,
        kind=kind,
        report=report,
    )


def check(
    game: Union[str, Game],
    formula: Union[str, Callable[..., Any]],
    upto: Union[int, str, None] = None,
    start: int = 0,
    outcome: bool = False,
) -> Optional[Tuple[Any, Any, Any]]:
    """Checks a conjectured formula for a game's values, as ``grundy check`` does: ``None``
    when it holds, else the first counterexample ``(position, formula's value, true value)``.

    ``formula`` is a formula in the command's ``--formula`` language (``"n % 3"``,
    ``"a ^ b"``, ``"if(n % 2 == 0, n / 2, G(n / 2))"``) or a Python function: ``f(n)`` on a
    line (a heap game, a graph's vertices ``n = 1..``, a ``grundy.Game``), ``f(a, b)`` or
    ``f(x, y)`` on a grid or board (``upto="XxY"``), the position then the pair. ``upto``
    (``N`` or ``"XxY"``) defaults to the command's (100, or 15x15). Positions are checked in
    the command's order: ``n`` increasing; on a grid by increasing ``x + y``, then ``x``.
    Those whose numbers are all at least ``start`` are checked (``--from``), and positions the
    game does not have are skipped. ``outcome=True`` (``--outcome``): the formula says whether
    a position is a P-position (``True`` or ``False``), and the true value is whether it is.

    >>> grundy.check("0.77", "n % 3", upto=100)
    (3, 0, 3)
    >>> grundy.check("0.77", lambda n: n % 3, upto=100)
    (3, 0, 3)
    >>> grundy.check("bash:3", lambda n: n % 4) is None
    True
    >>> grundy.check("wythoff", lambda a, b: a ^ b, upto="3x3")
    ((1, 1), 0, 2)
    >>> grundy.check("wythoff", "a == b", upto="6x6", outcome=True)
    ((1, 1), True, False)
    """
    if not (isinstance(formula, str) or callable(formula)):
        raise ValueError(
            "formula must be a formula (a string, as the command line's) or callable: a "
            "function of n, or of x and y"
        )
    _check_upto(start)
    if not isinstance(outcome, bool):
        raise ValueError(f"outcome must be True or False, not {outcome!r}")
    text = _range_text(upto)
    if isinstance(game, Game):
        found, note = game._native.check(formula, text, start, outcome)
    elif isinstance(game, str):
        found, note = _grundy.check_spec(game, formula, text, start, outcome)
    else:
        raise ValueError(f"game must be a spec (a string) or a grundy.Game, not {type(game).__name__}")
    if note is not None:
        warnings.warn(note, SyntaxWarning, stacklevel=2)
    return found


def quotient(
    game: Union[str, Game],
    upto: int = 300,
    max_order: int = 2048,
    max_states: int = 1 << 21,
    max_candidate: int = 1 << 20,
) -> Dict[str, Any]:
    """The misère quotient of a heap game (``"0.75"``, ``"sub:1,2,5"``, a game script on
    heaps) or of a ``grundy.Game`` whose positions are heaps (ints; an option an int or a
    ``grundy.Sum`` of ints), as ``grundy quotient --json`` prints it: ``order``, ``elements``,
    ``p_portion``, ``generators``, ``relations``, ``pretending`` (the element of heaps
    ``0..=last``), ``period``, ``last``, ``status`` (``"proved"`` for every heap, ``"upto"``,
    ``"refuted"``, …) and ``reason``. Each heap size is proved before it is kept; Ctrl-C stops
    it with ``KeyboardInterrupt``. The caps are the command's ``--max-order``, ``--max-states``
    and ``--max-candidate``.

    >>> q = grundy.quotient("0.75")
    >>> q["order"], q["p_portion"], q["status"]
    (8, ['a', 'b2'], 'proved')
    """
    _check_upto(upto)
    caps = (max_order, max_states, max_candidate)
    for name, value in zip(("max_order", "max_states", "max_candidate"), caps):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{name} must be a positive integer, not {value!r}")
    if isinstance(game, Game):
        return json.loads(game._native.quotient(upto, *caps))
    if not isinstance(game, str):
        raise ValueError(f"game must be a spec (a string) or a grundy.Game, not {type(game).__name__}")
    return json.loads(_grundy.quotient_json(game, upto, *caps))


def guess(
    game: Union[str, Game],
    upto: Union[int, str, None] = None,
    p_positions: bool = False,
    max_size: int = 7,
    progress: bool = False,
) -> Dict[str, Any]:
    """A closed-form formula for a game's Grundy values (or its P-positions), as
    ``grundy guess --json`` reports it: ``formula`` (in ``check --formula`` syntax), ``found``,
    ``family``, ``size``, ``basis`` (``"proved"``, with its ``theorem``, or ``"checked"`` up to
    ``checked_upto``), ``target`` (``"values"`` or ``"p-positions"``), ``variables``, ``upto``,
    ``fitted_upto``, ``cpp`` and ``python`` (the formula as functions), ``near`` (candidates
    that fit the first values but fail further on: ``formula``, ``fails_at``, ``expected``,
    ``actual``) and ``note``.

    ``game`` is a spec (``"0.77"``, ``"lasker"``, ``"wythoff"``, ``"script:half.rhai"``, any
    game of ``grundy.games()`` whose positions are one or two numbers, or a board) or a
    ``grundy.Game`` (valued on the positions ``0..=N``, or on the pairs ``(x, y)`` for
    ``upto="XxY"``). ``upto``: the table searched, ``N`` or ``"XxY"``, fitted on its first part
    and validated on all of it. Without it a spec's table starts at 4095 (64x64 for two-number
    games) and grows as ``grundy guess``'s does; a ``grundy.Game``'s is ``0..=4095``.
    ``p_positions=True`` looks for a formula of the P-positions (also tried on its own when the
    values have none). ``max_size`` (1 to 9): the largest expression enumerated, in nodes.
    Ctrl-C stops a Python game's values with ``KeyboardInterrupt``; elsewhere it is raised when
    the current step (the values, the search) ends.

    >>> g = grundy.guess("nim")
    >>> g["formula"], g["basis"]
    ('n', 'proved')
    >>> half = grundy.Game(lambda n: range(n - n // 2, n))
    >>> grundy.guess(half, upto=300)["formula"]
    'if(n % 2 == 1, G(n / 2), n / 2)'
    """
    if upto is not None:
        if isinstance(upto, bool) or not isinstance(upto, (int, str)):
            raise ValueError(f"upto must be a natural number or 'XxY', not {upto!r}")
        if isinstance(upto, int):
            _check_upto(upto)
            upto = str(upto)
    if not isinstance(max_size, int) or isinstance(max_size, bool) or not 1 <= max_size <= 9:
        raise ValueError(f"max_size must be 1 to 9 (nodes), not {max_size!r}")
    if isinstance(game, Game):
        return json.loads(game._native.guess(upto, bool(p_positions), max_size, progress))
    if not isinstance(game, str):
        raise ValueError(f"game must be a spec (a string) or a grundy.Game, not {type(game).__name__}")
    return json.loads(_grundy.guess_json(game, upto, bool(p_positions), max_size, progress))


def games() -> List[Dict[str, Any]]:
    """Every game grundy knows, as ``grundy games --json`` lists them: name, aliases, syntax,
    rules, example."""
    keys = ("name", "aliases", "syntax", "rules", "example")
    return [dict(zip(keys, e)) for e in _grundy.games()]


_cache_lock = threading.Lock()
_cache_open: Optional[str] = None


@contextlib.contextmanager
def cache(path: Union[str, "os.PathLike[str]"], import_: bool = False) -> Iterator[None]:
    """The command line's ``--cache FILE`` for a block: each game script's line of heap values
    (a ``"script:FILE"`` spec given to ``solve``, ``table``, ``guess``…) is read from ``path``
    when it is first needed and the file is written back when the block ends, by an exception
    or Ctrl-C too (through a temporary file renamed over it: a stopped write leaves the old
    file). The file is the command's, so the two share it. A game is found in it by its
    script's text and parameters; its last 64 values are computed again before they are used.
    A file that does not verify (header, sizes, MAC) raises ``GameError`` naming it: delete it
    to start again. The file is sealed with a key of the user's (made on first use in the
    config directory, ``~/.config/grundy/key``, shared with the command line); a file not
    sealed with it (another user's or machine's, an older grundy's, or edited) raises
    ``GameError`` too, unless ``import_=True``: then each game's values are all computed again
    before any is used, and the file written back is sealed. A ``grundy.Game`` has no script text, so its values are not
    kept. One cache at a time.

    >>> with grundy.cache("half.cache"):  # doctest: +SKIP
    ...     grundy.table("script:examples/games/half.rhai", upto=10**6)[10**6]
    500000
    """
    global _cache_open
    path = os.fspath(path)
    if not isinstance(path, str):
        path = os.fsdecode(path)
    with _cache_lock:
        if _cache_open is not None:
            raise ValueError(f"a cache file is already in use ({_cache_open}): one at a time")
        _grundy.open_cache(path, import_)
        _cache_open = path
    try:
        yield
    except BaseException:
        # The block's exception is the one raised; a file that cannot be written is said too.
        try:
            _close_cache()
        except ComputeError as e:
            warnings.warn(str(e), RuntimeWarning, stacklevel=3)
        raise
    _close_cache()


def _close_cache() -> None:
    global _cache_open
    with _cache_lock:
        _cache_open = None
        _grundy.close_cache()


def set_max_positions(n: int) -> None:
    """The most positions a search stores (the CLI's ``--max-positions``, default 2 000 000).

    Values computed before are computed again after it; an open ``grundy.cache`` file keeps
    those of game scripts (it is written, then read again)."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ValueError(f"the search cap must be a positive integer, not {n!r}")
    _grundy.set_max_positions(n)


def _census_task(
    spec: str,
    upto: int,
    misere: Optional[int],
    guess: bool,
    game_time: Optional[float],
    game_memory: Optional[int],
    checkpoints: Optional[str],
) -> str:
    """One game's row of a census, as a Dask task runs it on a worker (the GIL released while
    it computes): the row's JSON, the same on every machine."""
    return _grundy.census_row(spec, upto, misere, guess, game_time, game_memory, checkpoints)


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
) -> Dict[str, Any]:
    """A census of a family of games into a SQLite file, as ``grundy census FAMILY`` runs it:
    every game of ``family`` (``"0.???"``, ``"sub:{1..8}^3"``, ``"bash:1..50"``,
    ``"script:F?k=1..20"``, ``"list:FILE"``) tabulated until its period is proved or to
    ``upto``, a row a game in ``db`` (the book's census page gives the schema). Finished rows are
    skipped, open ones pushed further when ``upto`` is larger; ``retry=True`` computes failed
    games again. ``misere=N`` adds the misère quotient of heaps up to N, ``guess=True`` a closed
    form; ``game_time`` (seconds) and ``game_memory`` (bytes) cap one game.

    Without ``client`` the games are computed on this machine's threads (``jobs``, default one
    per core). With a Dask ``distributed.Client``, each game is a task on the cluster (the GIL
    released while it computes) and this process is the database's one writer: the rows are
    those one machine writes. Returns the summary: ``counts`` (``games``, ``solved``, ``open``,
    ``failed``, ``duplicates``, ``pending``), ``computed`` (games computed by this call),
    ``interrupted`` and ``seconds``.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "census.sqlite")
    >>> s = grundy.census("0.?7", upto=4096, db=path)
    >>> s["counts"]["games"], s["counts"]["solved"], s["computed"]
    (8, 6, 8)
    >>> grundy.census("0.?7", upto=4096, db=path)["computed"]
    0
    """
    _check_upto(upto)
    db = os.fspath(db)
    if jobs is not None and (not isinstance(jobs, int) or jobs < 1):
        raise ValueError(f"jobs must be a positive integer, not {jobs!r}")
    if client is None:
        if jobs is None:
            jobs = os.cpu_count() or 1
        return json.loads(
            _grundy.census_local(
                family, upto, db, jobs, misere, guess, game_time, game_memory, retry, progress
            )
        )
    return _census_on(client, family, upto, db, misere, guess, game_time, game_memory, retry, progress)


def _census_on(
    client: Any,
    family: str,
    upto: int,
    db: str,
    misere: Optional[int],
    guess: bool,
    game_time: Optional[float],
    game_memory: Optional[int],
    retry: bool,
    progress: bool,
) -> Dict[str, Any]:
    """``census`` on a Dask cluster: claims here, rows computed there, written here."""
    import time

    from distributed import as_completed

    started = time.monotonic()
    games = _grundy.census_games(family)
    named = [(g, *_grundy.census_canonical(g)) for g in games]
    canonical = {g: c for g, ok, c in named}
    store = _grundy.CensusStore(db)
    store.add(family, named, upto)
    owner = _grundy.census_owner()
    claimed = [g for g in store.work(family, upto, retry) if store.claim(g, owner, upto, retry)]
    checkpoints = os.path.abspath(db) + ".checkpoints"
    futures = client.map(
        _census_task,
        claimed,
        upto=upto,
        misere=misere,
        guess=guess,
        game_time=game_time,
        game_memory=game_memory,
        checkpoints=checkpoints,
        pure=False,
    )
    spec_of = {f.key: g for f, g in zip(futures, claimed)}
    written = set()
    interrupted = False
    try:
        for future in as_completed(futures):
            spec = spec_of[future.key]
            try:
                row = future.result()
            except Exception as e:  # the task's own error, or a worker lost: the game failed
                error = f"{type(e).__name__}: {e}"
                row = _grundy.census_failed_row(spec, canonical.get(spec, spec), upto, error)
            store.write(row)
            written.add(spec)
            if progress:
                sys.stderr.write(f"\rcensus: {len(written)}/{len(claimed)} games computed")
                sys.stderr.flush()
    except KeyboardInterrupt:
        interrupted = True
        client.cancel(futures)
        for spec in claimed:
            if spec not in written:
                store.release(spec)
        raise
    finally:
        if progress:
            sys.stderr.write("\n")
    return {
        "family": family,
        "db": db,
        "upto": upto,
        "counts": json.loads(store.counts(family)),
        "computed": len(written),
        "interrupted": interrupted,
        "seconds": time.monotonic() - started,
    }


def census_rows(
    db: Union[str, "os.PathLike[str]"],
    query: str = "all",
    family: Optional[str] = None,
) -> List[Dict[str, Any]]:
    """The rows of a census file that a question asks for (``grundy census --query``): ``"all"``,
    ``"solved"``, ``"unsolved"``, ``"periodic"``, ``"arithmetic"``, ``"failed"``, ``"pending"``,
    ``"duplicates"``; of ``family`` alone when given. Each row is a dict of the schema's
    columns (``spec``, ``status``, ``preperiod``, ``period``, ``saltus``, ``proof``, …).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "census.sqlite")
    >>> _ = grundy.census("0.?7", upto=4096, db=path)
    >>> [(r["spec"], r["preperiod"], r["period"]) for r in grundy.census_rows(path, "solved")][:3]
    [('0.07', 53, 34), ('0.17', 33, 34), ('0.27', 1, 4)]
    """
    db = os.fspath(db)
    if not os.path.exists(db):
        raise GameError(f"{db}: no such census database")
    return json.loads(_grundy.CensusStore(db).query(query, family))
