"""Tests of the Python package: every public function, errors, Ctrl-C, Python games against the
built-in rulesets of the same rules, and the answers against the `grundy` command's JSON."""

import doctest
import functools
import json
import os
import shlex
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

import grundy

ROOT = Path(__file__).resolve().parents[3]


def cli_path():
    """The `grundy` binary: $GRUNDY_BIN (CI sets it), else one built in the workspace."""
    given = os.environ.get("GRUNDY_BIN")
    if given:
        return given
    for profile in ("release", "debug"):
        p = ROOT / "target" / profile / "grundy"
        if p.exists():
            return str(p)
    return shutil.which("grundy")


def cli(*args):
    exe = cli_path()
    if exe is None:
        pytest.skip("no grundy binary (set GRUNDY_BIN)")
    return subprocess.run([exe, *args], capture_output=True, text=True, cwd=ROOT)


def cli_json(*args):
    done = cli(*args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def cli_error(*args):
    done = cli(*args)
    assert done.returncode != 0
    return done.stderr.strip().removeprefix("grundy: error: ")


# --- solve -----------------------------------------------------------------------------------


def test_solve_words_and_one_string_agree():
    a = grundy.solve("nim", 3, 4, 5)
    b = grundy.solve("nim 3 4 5")
    assert a.to_dict() == b.to_dict()
    assert (a.outcome, a.value, a.winning_moves_total) == ("N", 2, 1)
    move = a.winning_moves[0]
    assert move.description == "take 2 from heap 1: 3 -> 1"
    assert move.position == [1, 4, 5]
    assert move.component == 0
    assert move.move == {"kind": "heap", "heap": 0, "from": 3, "take": 2, "leaves": [1]}
    assert move.fields == {
        "description": move.description,
        "component": 0,
        "move": move.move,
        "position": [1, 4, 5],
    }
    assert "nim" in repr(a) and "take 2" in repr(move)


def test_a_sum_of_games():
    r = grundy.solve("nim 3 4 + bash:3 7")
    assert r.value == 4 and r.game == "nim + bash:3"
    assert [c["value"] for c in r.components] == [7, 3]


def test_misere_every_and_limit():
    assert grundy.solve("nim", 1, 1, 1, misere=True).outcome == "P"
    r = grundy.solve("nim", 2, 1, 1, misere=True)
    assert r.outcome == "N" and r.convention == "misere"
    e = grundy.solve("nim 3 + bash:3 7", every=True)
    assert e.convention == "every" and e.outcome == "N"
    assert e.winning_moves[0].fields["moves"][0] is not None
    few = grundy.solve("0.07", 10000000, limit=2)
    assert len(few.winning_moves) == 2 and few.winning_moves_total == 588236


@pytest.mark.parametrize("entry", grundy.games(), ids=lambda e: e["name"])
def test_to_dict_is_the_cli_json_for_every_registry_example(entry, monkeypatch):
    monkeypatch.chdir(ROOT)
    words = shlex.split(entry["example"])[2:]
    for convention in ([], ["--misere"]):
        done = cli("solve", "--json", *convention, *words)
        kw = {"misere": True} if convention else {}
        if done.returncode != 0:
            with pytest.raises((grundy.GameError, grundy.ComputeError)) as e:
                grundy.solve(words[0], *words[1:], **kw)
            assert str(e.value) in done.stderr
            continue
        assert grundy.solve(words[0], *words[1:], **kw).to_dict() == json.loads(done.stdout)


def test_errors_are_the_clis_messages():
    with pytest.raises(grundy.GameError) as e:
        grundy.solve("nosuch 3")
    assert str(e.value) == cli_error("solve", "nosuch", "3")
    with pytest.raises(grundy.GameError) as e:
        grundy.solve("nim", "x")
    assert str(e.value) == "argument 2 ('x'): a heap size must be a whole number"
    with pytest.raises(grundy.GameError):
        grundy.table("nosuch", upto=3)


def test_bad_arguments_are_value_errors():
    with pytest.raises(ValueError, match="two conventions"):
        grundy.solve("nim 1", misere=True, every=True)
    with pytest.raises(ValueError, match="limit"):
        grundy.solve("nim 1", limit=-1)
    with pytest.raises(ValueError, match="position word"):
        grundy.solve("nim", 1.5)
    with pytest.raises(ValueError, match="game must be"):
        grundy.solve(3)
    with pytest.raises(ValueError, match="give a game"):
        grundy.solve("")
    with pytest.raises(ValueError, match="upto"):
        grundy.table("0.77", upto=-1)
    with pytest.raises(ValueError, match="upto must be at most"):
        grundy.table("0.77", upto=2**40)
    with pytest.raises(ValueError, match="callable"):
        grundy.check("0.77", 3)
    with pytest.raises(ValueError, match="needs moves"):
        grundy.Game()
    with pytest.raises(ValueError, match="search cap"):
        grundy.set_max_positions(0)


def test_the_search_cap_is_a_compute_error():
    grundy.set_max_positions(100)
    try:
        with pytest.raises(grundy.ComputeError, match="search limit|its limit"):
            grundy.solve(grundy.Game(lambda n: range(n)), 5000, misere=True)
    finally:
        grundy.set_max_positions(2_000_000)


# --- explain ---------------------------------------------------------------------------------


def test_explain_is_the_cli_explain_for_every_example(monkeypatch):
    # The examples name files from the repository's root, as the CLI reads them there.
    monkeypatch.chdir(ROOT)
    explained = 0
    for g in grundy.games():
        words = g["example"].removeprefix("grundy solve ").split()
        for convention in ["normal", "misere", "every"]:
            flag = [] if convention == "normal" else [f"--{convention}"]
            done = cli("explain", "--json", *flag, *words)
            kw = {convention: True} if flag else {}
            if done.returncode != 0:
                with pytest.raises((grundy.GameError, grundy.ComputeError)):
                    grundy.explain(" ".join(words), **kw)
                continue
            assert grundy.explain(" ".join(words), **kw) == json.loads(done.stdout), words
            explained += 1
    assert explained > 30


def test_explain_draws_its_tree():
    e = grundy.explain("nim", 1, 2, depth=2)
    assert e == cli_json("explain", "--json", "nim", "1", "2", "--depth", "2")
    assert [c["position"] for c in e["tree"]["children"] if c["outcome"] == "P"] == ["nim 1 1"]
    assert grundy.tree_svg(e).count("<rect") == 9
    with pytest.raises(ValueError, match="depth"):
        grundy.explain("nim", 1, 2, depth=9)
    with pytest.raises(ValueError):
        grundy.explain("nim", 1, 2, depth=2, misere=True)


def test_explain_refuses_bad_input():
    with pytest.raises(grundy.GameError, match="argument 2"):
        grundy.explain("nim", "x")
    with pytest.raises(ValueError):
        grundy.explain(3)


# --- table, check, games ---------------------------------------------------------------------


def test_table_values_period_and_cli_json():
    t = grundy.table("0.77", upto=100, period=True)
    assert t.to_dict() == cli_json("table", "0.77", "--upto", "100", "--period", "--json")
    assert t.period.period is None and not t.period.proved
    proved = grundy.table("0.77", upto=1000, period=True).period
    assert (proved.preperiod, proved.period, proved.saltus, proved.proved) == (71, 12, 0, True)
    plain = grundy.table("0.6", upto=1000)
    assert plain.to_dict() == cli_json("table", "0.6", "--upto", "1000", "--json")
    assert plain.period is None and len(plain) == 1001 and plain[3] == plain.values[3]
    assert grundy.table("0.77", upto=50, naive=True).values == t.values[:51]
    # Past a proved period the values come from it.
    big = grundy.table("0.07", upto=200000)
    assert big.values[-1] == cli_json("table", "0.07", "--upto", "200000", "--json")["values"][-1]


def test_table_options_are_refused_as_the_command_line_refuses_them():
    """period=True and naive=True are taken by the games that take ``--period`` and
    ``--method naive`` (one rule, grundy_front::table_options), and refused by the others."""
    half = "script:" + str(ROOT / "examples/games/half.rhai")
    for game in ["0.77", "sub:1,3,4", "wythoff", "hyper-knights", "graph:1-2,2-3", half, "fibonacci-nim"]:
        for keyword, flags in [("period", ["--period"]), ("naive", ["--method", "naive"])]:
            run = cli("table", game, "--upto", "6", "--json", *flags)
            if run.returncode == 0:
                grundy.table(game, upto=6, **{keyword: True})
                continue
            assert run.returncode == 2, run.stderr
            with pytest.raises(ValueError, match=f"{keyword}=True is for"):
                grundy.table(game, upto=6, **{keyword: True})


def test_table_is_a_numpy_view_without_a_copy():
    np = pytest.importorskip("numpy")
    t = grundy.table("0.77", upto=1000)
    a = t.array
    assert a.dtype == np.uint64 and a.tolist() == t.values
    assert a.base is t._raw and not a.flags.writeable


def test_table_html_shows_the_grid():
    h = grundy.table("0.77", upto=25, period=True)._repr_html_()
    assert "<table>" in h and "<th>20</th>" in h and "Period(" in h


def test_progress_is_shown_when_asked(capsys):
    grundy.table("0.6", upto=400000, progress=True)
    assert "values" in capsys.readouterr().err
    grundy.table("0.6", upto=1000)
    assert capsys.readouterr().err == ""


def test_check():
    assert grundy.check("0.77", lambda n: n % 3, upto=100) == (3, 0, 3)
    assert grundy.check("bash:3", lambda n: n % 4, upto=500) is None
    assert grundy.check("0.77", lambda n: 0, upto=10, start=0) == (1, 0, 1)
    half = grundy.Game(lambda n: range(n - n // 2, n))
    assert grundy.check(half, lambda n: n // 2 if n % 2 == 0 else None, upto=20) == (1, None, 0)


def test_games_is_the_cli_list():
    assert grundy.games() == cli_json("games", "--json")


# --- games defined in Python -----------------------------------------------------------------


def sub134(n):
    return [n - k for k in (1, 3, 4) if n >= k]


def test_a_python_game_against_the_builtin_ruleset():
    g = grundy.Game(sub134, name="s")
    assert grundy.table(g, upto=200).values == grundy.table("sub:1,3,4", upto=200).values
    for n in range(40):
        mine, theirs = grundy.solve(g, n), grundy.solve("sub:1,3,4", n)
        assert (mine.outcome, mine.value) == (theirs.outcome, theirs.value)
        assert [m.position for m in mine.winning_moves] == [m.position for m in theirs.winning_moves]
    # Nim as a Python game: heaps are a sum, winning moves the same as Bouton's.
    nim = grundy.Game(lambda n: range(n), name="nim")
    for heaps in [(3, 4, 5), (1, 2, 3), (7, 9, 12, 1)]:
        mine, theirs = grundy.solve(nim, *heaps), grundy.solve("nim", *heaps)
        assert (mine.outcome, mine.value) == (theirs.outcome, theirs.value)
        assert sorted(sorted(m.position) for m in mine.winning_moves) == sorted(
            sorted(m.position) for m in theirs.winning_moves
        )
    # Kayles with Sum options against the octal game 0.77.
    kayles = grundy.Game(lambda n: [grundy.Sum(a, n - k - a) for k in (1, 2) for a in range(n - k + 1)])
    assert grundy.table(kayles, upto=80).values == grundy.table("0.77", upto=80).values
    for n in (5, 10, 17):
        assert grundy.solve(kayles, n).winning_moves_total == grundy.solve("0.77", n).winning_moves_total


def test_python_game_under_misere_and_every_matches_the_builtin():
    g = grundy.Game(sub134)
    for heaps in [(3, 5), (2, 7, 9)]:
        for kw in ({"misere": True}, {"every": True}):
            mine = grundy.solve(g, *heaps, **kw)
            theirs = grundy.solve(" + ".join(f"sub:1,3,4 {h}" for h in heaps), **kw)
            assert mine.outcome == theirs.outcome


def test_a_class_with_methods_and_the_optional_functions():
    class Paper(grundy.Game):
        """Cut a w x h sheet along a grid line; a 1 x 1 sheet cannot be cut."""

        def moves(self, p):
            w, h = p
            cuts = [grundy.Sum((a, h), (w - a, h)) for a in range(1, w)]
            return cuts + [grundy.Sum((w, b), (w, h - b)) for b in range(1, h)]

        def canonical(self, p):
            return tuple(sorted(p))

        def show(self, p):
            return f"{p[0]}x{p[1]}"

    paper = Paper()
    assert paper.name == "Paper"
    r = grundy.solve(paper, (2, 3))
    assert r.position == ["[2,3]"] or r.position is not None
    assert r.value == grundy.solve(paper, (3, 2)).value
    assert "2x" in r.winning_moves[0].description or r.outcome == "P"
    # The same rules as a Rhai script give the same values.
    script = "script:{fn moves(p) { cuts(p[0], p[1]) }}"
    for w in range(1, 6):
        for h in range(1, 6):
            assert grundy.solve(paper, (w, h)).value == grundy.solve(script, f"{w},{h}").value


def test_components_split_a_position():
    calls = []

    def moves(n):
        calls.append(n)
        return range(n)

    g = grundy.Game(moves, components=lambda p: list(p) if isinstance(p, tuple) else [p])
    assert grundy.solve(g, (3, 4, 5)).value == 3 ^ 4 ^ 5
    assert sorted(set(calls)) == sorted(calls), "each position expanded once"


def chomp(rows):
    """Chomp: a board as its rows' lengths, longest first; (0, 0) is never taken."""
    out = []
    for i, length in enumerate(rows):
        for c in range(length):
            if (i, c) != (0, 0):
                cut = tuple(min(r, c) if k >= i else r for k, r in enumerate(rows))
                out.append(tuple(r for r in cut if r > 0))
    return out


def test_outcome_only_search_agrees_with_the_full_solve():
    for board in [(1,), (2, 1), (3, 3), (4, 4, 4), (4, 3, 1), (5, 2, 2)]:
        # A game of its own for each board, and the search first: once a full solve has valued
        # a board (or a board it reaches), the game knows its value and answers with it.
        g = grundy.Game(chomp, name="chomp")
        fast = grundy.solve(g, board, outcome=True)
        full = grundy.solve(g, board)
        assert fast.outcome == full.outcome, board
        assert grundy.solve(g, board, outcome=True).value == full.value
        assert fast.value is None and fast.winning_moves_total is None
        assert fast.to_dict()["outcome_search"] is True
        if full.outcome == "N":
            # One move, the one that settled the search: it leaves a P-position.
            (move,) = fast.winning_moves
            (after,) = move.position  # the one position of the game, as a list
            assert grundy.solve(g, tuple(after)).outcome == "P"
        else:
            assert fast.winning_moves == []
    # A registry spec too; a sum keeps its value.
    assert grundy.solve("nim 3 4 5", outcome=True).value == 2
    assert grundy.solve("nim", 1, 2, 3, outcome=True).outcome == "P"
    with pytest.raises(ValueError):
        grundy.solve("nim 1 2", outcome=True, every=True)
    # Misère play: the search stops at its first winning move, which wins.
    r = grundy.solve(g, (3, 3, 2), outcome=True, misere=True)
    full = grundy.solve(g, (3, 3, 2), misere=True)
    assert r.outcome == full.outcome == "N" and r.value is None
    assert r.winning_moves_total is None
    (move,) = r.winning_moves
    assert move.description in [m.description for m in full.winning_moves]


def test_a_loopy_python_game_is_a_draw():
    r = grundy.solve(grundy.Game(lambda n: [1 - n]), 0)
    assert r.outcome == "D" and r.value is None


def test_an_exception_in_moves_propagates_with_its_traceback():
    def moves(n):
        if n == 3:
            raise ZeroDivisionError("no moves from three")
        return range(n)

    g = grundy.Game(moves)
    with pytest.raises(ZeroDivisionError, match="no moves from three") as e:
        grundy.solve(g, 10)
    assert any(tb.name == "moves" for tb in e.traceback)
    with pytest.raises(ZeroDivisionError):
        grundy.table(g, upto=10)
    assert grundy.solve(g, 2).value == 2, "the game works again after the exception"


def test_an_endless_iterator_stops_at_the_option_cap():
    # It once ran until a 2 GiB allocation aborted the interpreter.
    g = grundy.Game(lambda n: iter(int, 1), name="endless")
    with pytest.raises(ValueError, match="more than 1000000 options"):
        grundy.solve(g, 1)


def test_a_list_that_holds_itself_stops_at_the_nesting_cap():
    loop = []
    loop.append(loop)
    with pytest.raises(ValueError, match="nested more than 64"):
        grundy.solve(grundy.Game(lambda n: [loop]), 1)


def test_keyword_arguments_are_parameters_of_every_function():
    def take(n, k):
        return range(max(0, n - k), n)

    def show(n, k):
        return f"{n} (k={k})"

    for k in (1, 2, 3):
        g = grundy.Game(take, show=show, k=k)
        assert grundy.table(g, upto=12).values == [n % (k + 1) for n in range(13)]
        assert grundy.solve(g, k + 2).winning_moves[0].description.endswith(f"(k={k})")
    assert grundy.Game(take, k=2).name == "take"

    class Sub(grundy.Game):
        def moves(self, n, k):
            return range(max(0, n - k), n)

    assert grundy.solve(Sub(k=2), 7).value == 1


def test_a_bad_option_is_named():
    g = grundy.Game(lambda n: [1.5], name="floaty")
    with pytest.raises(TypeError, match=r"an option is 1.5 \(a float\)"):
        grundy.solve(g, 1)
    with pytest.raises(TypeError, match="iterable of options"):
        grundy.solve(grundy.Game(lambda n: 3), 1)
    with pytest.raises(ValueError, match="step 1"):
        grundy.solve(grundy.Game(lambda n: range(0, n, 2)), 4)
    with pytest.raises(grundy.GameError):
        grundy.solve(grundy.Game(lambda n: []), 1.5)
    with pytest.raises(ValueError, match="give a position"):
        grundy.solve(grundy.Game(lambda n: []))


def test_sum_objects():
    s = grundy.Sum(1, (2, 3))
    assert s.parts == (1, (2, 3)) and repr(s) == "Sum(1, (2, 3))"
    assert s == grundy.Sum(1, (2, 3)) and hash(s) == hash(grundy.Sum(1, (2, 3)))
    assert s != grundy.Sum(1)
    assert grundy.solve(grundy.Game(lambda n: range(n)), grundy.Sum(3, 4)).value == 7


def test_plot_is_the_svg_the_cli_draws(tmp_path):
    for spec, upto in [("0.77", 200), ("sub:1,3,4", 100)]:
        t = grundy.table(spec, upto=upto, period=True)
        svg = t.plot()
        assert isinstance(svg, str) and svg._repr_svg_() == svg and svg.startswith("<svg")
        out = tmp_path / "p.svg"
        done = cli("plot", spec, "--upto", str(upto), "-o", str(out))
        assert done.returncode == 0, done.stderr
        assert out.read_text() == svg
    assert 'width="400"' in grundy.table("0.77", upto=20).plot(400, 300)
    half = grundy.Game(lambda n: range(n - n // 2, n))
    assert grundy.table(half, upto=30).plot().startswith("<svg")
    with pytest.raises(ValueError, match="pixels"):
        grundy.table("0.77", upto=20).plot(10, 10)


def test_splits_and_cuts_are_the_options_they_stand_for():
    assert repr(grundy.splits(7)) == "splits(7, 0)" and grundy.splits(7, 2) == grundy.splits(7, 2)
    assert grundy.cuts(2, 3) == grundy.cuts(2, 3) != grundy.cuts(3, 2)
    assert hash(grundy.cuts(2, 3)) == hash(grundy.cuts(2, 3)) and grundy.cuts(2, 3).w == 2
    with pytest.raises(ValueError, match="must not be negative"):
        grundy.cuts(-1, 3)
    # Kayles by splits (each heap left by taking one or two, split in two) is the octal game 0.77.
    kayles = grundy.Game(lambda n: [grundy.splits(n - 1), grundy.splits(n - 2)])
    assert grundy.table(kayles, upto=120).values == grundy.table("0.77", upto=120).values
    # Splitting a heap into two non-empty heaps: `least` keeps each part at least 1.
    split = grundy.Game(lambda n: grundy.splits(n, 1))
    listed = grundy.Game(lambda n: [grundy.Sum(a, n - a) for a in range(1, n // 2 + 1)])
    assert grundy.table(split, upto=60).values == grundy.table(listed, upto=60).values
    # Paper cutting by `cuts` against a plain brute force of the same rules, every sheet to 9 x 9.
    @functools.lru_cache(maxsize=None)
    def paper(w, h):
        seen = {paper(a, h) ^ paper(w - a, h) for a in range(1, w)}
        seen |= {paper(w, b) ^ paper(w, h - b) for b in range(1, h)}
        return next(m for m in range(len(seen) + 1) if m not in seen)

    game = grundy.Game(lambda p: grundy.cuts(*p))
    for w in range(1, 10):
        for h in range(1, 10):
            r = grundy.solve(game, (w, h))
            assert r.value == paper(w, h), (w, h)
            # A move to a sum shows the position as the list of its parts.
            moves = {tuple(sorted(tuple(part) for part in m.position)) for m in r.winning_moves}
            want = {tuple(sorted([(a, h), (w - a, h)])) for a in range(1, w) if paper(a, h) == paper(w - a, h)}
            want |= {tuple(sorted([(w, b), (w, h - b)])) for b in range(1, h) if paper(w, b) == paper(w, h - b)}
            assert moves == want, (w, h)
            assert r.winning_moves_total == len(want)


def test_the_python_function_is_called_once_per_position():
    seen = []

    @functools.wraps(sub134)
    def moves(n):
        seen.append(n)
        return sub134(n)

    grundy.table(grundy.Game(moves), upto=300)
    assert sorted(seen) == list(range(301))


# --- Ctrl-C ----------------------------------------------------------------------------------


def interrupt_soon(delay=0.3):
    timer = threading.Timer(delay, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def test_ctrl_c_stops_a_long_table():
    timer = interrupt_soon()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        grundy.table("0.6", upto=200_000_000)
    timer.join()
    assert time.monotonic() - start < 30
    # The interpreter and the library carry on.
    assert grundy.table("0.77", upto=5).values == [0, 1, 2, 3, 1, 4]


def test_ctrl_c_stops_a_python_game():
    def moves(n):
        time.sleep(0.001)
        return range(n - n // 2, n)

    timer = interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        grundy.table(grundy.Game(moves), upto=1_000_000)
    timer.join()


# --- documentation ---------------------------------------------------------------------------


def test_docstrings():
    failed, tried = doctest.testmod(grundy, extraglobs={"grundy": grundy})
    assert tried > 5 and failed == 0


def test_book_examples():
    # The book's Python chapter, and the README's tour: their examples are doctests.
    for page, least in [("docs/src/reference/python.md", 20), ("README.md", 1)]:
        failed, tried = doctest.testfile(
            str(ROOT / page), module_relative=False, extraglobs={"grundy": grundy}
        )
        assert tried >= least and failed == 0, page


def test_stubs_and_marker_are_installed():
    here = Path(grundy.__file__).parent
    assert (here / "py.typed").exists() and (here / "__init__.pyi").exists()


def test_an_exception_in_describe_reaches_the_caller_and_only_once():
    calls = []

    def describe(p, q):
        calls.append((p, q))
        if len(calls) == 1:
            raise ValueError("boom in describe")
        return f"{p} to {q}"

    half = grundy.Game(lambda n: range(n - n // 2, n), describe=describe)
    with pytest.raises(ValueError, match="boom in describe"):
        grundy.solve(half, 10)
    # The next call is not spoiled by the exception already raised.
    assert grundy.solve(half, 10).winning_moves[0].description == "10 to 7"
    assert grundy.table(half, upto=7).values == [0, 0, 1, 0, 2, 1, 3, 0]


def test_a_table_past_the_machine_s_memory_raises_before_allocating():
    with pytest.raises(grundy.ComputeError, match="would need about"):
        grundy.table("0.77", upto=4_000_000_000)


# --- quotient --------------------------------------------------------------------------------


def test_quotient_is_the_clis_json():
    for spec in ("0.75", "0.53", "0.77"):
        assert grundy.quotient(spec) == cli_json("quotient", spec, "--json")
    assert grundy.quotient("nim", upto=7) == cli_json("quotient", "nim", "--upto", "7", "--json")


def test_quotient_of_a_python_game_on_heaps():
    # 0.75 written in Python: the same quotient as the code's, proved for the heaps computed.
    def moves(n):
        out = [0] if n in (1, 2) else []
        if n > 1:
            out.append(n - 1)
        for k in (1, 2):
            r = n - k
            out.extend(grundy.Sum(a, r - a) for a in range(1, r // 2 + 1))
        return out

    q = grundy.quotient(grundy.Game(moves), upto=30)
    code = grundy.quotient("0.75")
    assert q["status"] == "upto" and q["last"] == 30
    for key in ("order", "p_portion", "relations", "elements"):
        assert q[key] == code[key]


def test_quotient_errors():
    with pytest.raises(grundy.GameError, match="misère quotients are for heap games"):
        grundy.quotient("wythoff")
    with pytest.raises(grundy.GameError, match="not a heap or a sum of heaps"):
        grundy.quotient(grundy.Game(lambda n: ["x"] if n == 1 else []), upto=3)
    with pytest.raises(ValueError):
        grundy.quotient("0.75", upto=-1)
    with pytest.raises(ValueError):
        grundy.quotient("0.75", max_order=0)


# --- guess -----------------------------------------------------------------------------------


def without_game(report):
    return {k: v for k, v in report.items() if k != "game"}


def test_guess_nim_is_proved():
    g = grundy.guess("nim")
    assert g["found"] and g["formula"] == "n" and g["basis"] == "proved"
    assert g["target"] == "values" and g["variables"] == ["n"] and g["upto"] == 4095
    assert g["python"].startswith("def grundy_value(n):")


def test_guess_is_the_clis_json():
    g = grundy.guess("lasker")
    assert g["found"] and g["basis"] == "proved" and g["theorem"]
    assert g == cli_json("guess", "lasker", "--json")
    args = ("0.77", "--upto", "300", "--max-size", "5", "--json")
    assert grundy.guess("0.77", upto=300, max_size=5) == cli_json("guess", *args)


def test_guess_without_a_formula_reports_near_candidates():
    g = grundy.guess("0.007", upto=500)
    assert g["found"] is False and g["formula"] is None and g["upto"] == 500
    assert g["near"] and {"formula", "fails_at", "expected", "actual"} <= set(g["near"][0])


def test_guess_p_positions_of_a_two_number_game():
    g = grundy.guess("wythoff", p_positions=True)
    assert g["found"] and g["target"] == "p-positions"
    assert g["variables"] == ["a", "b"] and g["upto"] == [64, 64]
    assert g == cli_json("guess", "wythoff", "--p-positions", "--json")
    small = grundy.guess("wythoff", upto="30x30", p_positions=True)
    assert small["upto"] == [30, 30] and small["target"] == "p-positions"
    assert small == cli_json("guess", "wythoff", "--upto", "30x30", "--p-positions", "--json")


def test_guess_a_python_game_as_the_same_script():
    half = grundy.Game(lambda n: range(n - n // 2, n), name="half")
    g = grundy.guess(half, upto=300)
    assert g["found"] and "G(" in g["formula"] and g["game"] == "half"
    assert g["basis"] == "checked" and g["checked_upto"] == 300
    script = cli_json("guess", "script:examples/games/half.rhai", "--upto", "300", "--json")
    assert without_game(g) == without_game(script)


def test_guess_a_python_game_on_pairs():
    # examples/games/paper.rhai's rules: a sheet without paper has no cut.
    paper = grundy.Game(lambda p: grundy.cuts(*p) if min(p) > 0 else [])
    g = grundy.guess(paper, upto="12x12")
    assert g["found"] and g["variables"] == ["x", "y"] and g["upto"] == [12, 12]
    script = cli_json("guess", "script:examples/games/paper.rhai", "--upto", "12x12", "--json")
    assert without_game(g) == without_game(script)


def test_guess_errors():
    half = grundy.Game(lambda n: range(n - n // 2, n))
    for game in ("nim", "wythoff", half):
        for upto in (-1, "abc", "3y", "-4", 3.5, True, "5000x5000"):
            with pytest.raises(ValueError):
                grundy.guess(game, upto=upto)
    for max_size in (0, 10, "7"):
        with pytest.raises(ValueError):
            grundy.guess("nim", max_size=max_size)
    with pytest.raises(ValueError):
        grundy.guess(42)
    with pytest.raises(grundy.GameError, match="no-such-game"):
        grundy.guess("no-such-game")
    with pytest.raises(TypeError, match="an option is None"):
        grundy.guess(grundy.Game(lambda n: [None]), upto=3)


def test_guess_raises_what_moves_raised():
    def moves(n):
        if n == 7:
            raise ZeroDivisionError("boom at 7")
        return range(n)

    with pytest.raises(ZeroDivisionError, match="boom at 7"):
        grundy.guess(grundy.Game(moves), upto=20)


def test_ctrl_c_stops_guessing_a_python_game():
    def moves(n):
        time.sleep(0.001)
        return range(n - n // 2, n)

    timer = interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        grundy.guess(grundy.Game(moves), upto=1_000_000)
    timer.join()
    assert grundy.guess("nim", upto=50)["formula"] == "n"


def test_ctrl_c_stops_guessing_a_registry_game():
    # Each position valued on its own: stopped between two of them.
    timer = interrupt_soon()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        grundy.guess("wythoff", upto="1999x1999")
    timer.join()
    assert time.monotonic() - start < 30
    assert grundy.guess("wythoff", upto="8x8")["upto"] == [8, 8]


def test_every_registry_game_tabulates_as_the_command_line_does():
    """grundy.table of each game of the registry (its example's game) is `grundy table --json`,
    or both refuse it (a game whose positions are not numbers)."""
    for entry in grundy.games():
        word = entry["example"].split()[2]
        if word.startswith("script:"):
            word = "script:" + str(ROOT / word.split(":", 1)[1])
        if entry["name"] in ("chomp", "cram"):
            # Each cell is a search of its own: a small corner.
            upto = "3x3"
        else:
            upto = "6"
        run = cli("table", word, "--upto", upto, "--json")
        if run.returncode != 0:
            with pytest.raises((grundy.GameError, ValueError)):
                grundy.table(word, upto)
            continue
        assert grundy.table(word, upto).to_dict() == json.loads(run.stdout), word


def test_check_reads_every_shape():
    assert grundy.check("wythoff", lambda a, b: a ^ b, upto="3x3") == ((1, 1), 0, 2)
    board = grundy.table("hyper-knights", "3x3").values
    assert grundy.check("hyper-knights", lambda x, y: board[y][x], upto="3x3") is None
    # (0, 2) moves to (1, 0), which has no move: on the diagonal x + y = 2 it comes first, as in
    # `grundy check` (then (1, 1), then (2, 0)).
    assert grundy.check("hyper-knights", lambda x, y: 0, upto="3x3") == ((0, 2), 0, 1)
    # Vertex 2 of 1 -> 2 -> 3 has one move, to a P-position.
    assert grundy.check("graph:1-2,2-3", lambda n: (3 - n) % 2) is None
    assert grundy.check("graph:1-2,2-3", lambda n: 0) == (2, 0, 1)
    assert grundy.table("fibonacci-nim", upto=6).kind == "line"
    assert grundy.table("graph:1-2,2-3").values == [0, 1, 0]
