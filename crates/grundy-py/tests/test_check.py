"""grundy.check and `grundy check` make one walk (grundy_front::check::walk): on random small
formulas and games (a fixed seed) they name the same first counterexample, or both find none, or
both refuse, whether Python is given the formula's text or the same formula as a function."""

import json
import random
import warnings

import pytest

import grundy
from test_grundy import ROOT, cli

# Games of every shape: lines (heap games, a game valued position by position, a graph's
# vertices from 1, with a loop: infinite values), grids (two numbers, a board).
LINES = ["0.77", "sub:1,3,4", "bash:3", "lasker", "fibonacci-nim", "graph:1-2,2-3,3-1,3-4,4-5,2-5"]
GRIDS = ["wythoff", "hyper-knights"]


def small(rng, names):
    """A formula that is never negative where `%` and `/` apply: its text, and Python's."""
    v = rng.choice(names)
    k = rng.randint(1, 5)
    forms = [
        (f"{v} % {k}", f"{v} % {k}"),
        (f"{v} ^ {k}", f"{v} ^ {k}"),
        (f"{v} / {k}", f"{v} // {k}"),
        (f"{v} + {k - 2}", f"{v} + {k - 2}"),
        (f"({v} % {k}) ^ {rng.randint(0, 3)}", None),
        (f"{v}", f"{v}"),
    ]
    if len(names) == 2:
        a, b = names
        forms += [
            (f"{a} ^ {b}", f"{a} ^ {b}"),
            (f"({a} + {b}) % {k}", f"({a} + {b}) % {k}"),
            (f"min({a}, {b}) ^ {k % 3}", f"min({a}, {b}) ^ {k % 3}"),
            (f"({a} ^ {b}) / {k}", f"({a} ^ {b}) // {k}"),
        ]
    text, py = rng.choice(forms)
    return text, text if py is None else py


def formula(rng, names, outcome):
    text, py = small(rng, names)
    if outcome:
        k = rng.randint(0, 2)
        return f"({text}) == {k}", f"({py}) == {k}"
    return text, py


def cli_first(game, text, upto, start, outcome):
    """`grundy check --json`'s first counterexample as Python gives it, `None`, or ("refused", code)."""
    args = ["check", "--json", "--formula", text, "--from", str(start)]
    if upto is not None:
        args += ["--upto", upto]
    if outcome:
        args.append("--outcome")
    run = cli(*args, game)
    if run.returncode not in (0, 1) or not run.stdout:
        return ("refused", run.returncode)
    found = json.loads(run.stdout)["counterexample"]
    if found is None:
        return None
    # The variables, in order: `n`; `a`, `b`; `x`, `y`.
    names = sorted(k for k in found if k not in ("expected", "actual"))
    at = found[names[0]] if len(names) == 1 else tuple(found[n] for n in names)
    return (at, found["expected"], found["actual"])


def python_first(game, f, upto, start, outcome):
    try:
        with warnings.catch_warnings():
            # The note on `^` (XOR, once a power), which the CLI writes on stderr.
            warnings.simplefilter("ignore", SyntaxWarning)
            return grundy.check(game, f, upto=upto, start=start, outcome=outcome)
    except (ValueError, grundy.GameError):
        return ("refused", 2)


def test_python_and_the_cli_name_the_same_first_counterexample():
    rng = random.Random(42)
    seen = {"holds": 0, "fails": 0, "refused": 0}
    for case in range(90):
        game = rng.choice(LINES + GRIDS)
        outcome = rng.random() < 0.3
        if game in GRIDS:
            names = ["a", "b"] if game == "wythoff" else ["x", "y"]
            upto = f"{rng.randint(1, 6)}x{rng.randint(1, 6)}"
            start = rng.choice([0, 0, 0, 1, 2])
        else:
            names = ["n"]
            upto = None if game.startswith("graph") else str(rng.randint(5, 60))
            start = rng.choice([0, 0, 0, 1, 3, 7])
        text, py = formula(rng, names, outcome)
        # Now and then a formula that holds: the game's own values.
        if game == "bash:3" and not outcome and rng.random() < 0.5:
            text, py = "n % 4", "n % 4"
        want = cli_first(game, text, upto, start, outcome)
        function = eval(f"lambda {', '.join(names)}: {py}")
        said = f"{game} --formula '{text}' --upto {upto} --from {start} outcome={outcome}"
        assert python_first(game, text, upto, start, outcome) == want, said
        assert python_first(game, function, upto, start, outcome) == want, said
        seen["holds" if want is None else "refused" if want[0] == "refused" else "fails"] += 1
    # The cases drawn cover every verdict.
    assert all(seen.values()), seen


def test_a_formula_text_is_read_as_the_cli_reads_it():
    assert grundy.check("lasker", "if(n % 4 == 3, n + 1, if(n % 4 == 0 && n > 0, n - 1, n))") is None
    assert grundy.check("nim", "if(n == 0, 0, G(n - 1) + 1)", upto=500) is None
    with pytest.raises(ValueError, match="formula, column 1"):
        grundy.check("0.77", "m + 1")
    with pytest.raises(ValueError, match="formula at n = 4"):
        grundy.check("nim", "10 / (n - 4)", upto=10, start=4)
    with pytest.raises(ValueError, match="outcome=True"):
        grundy.check("nim", "n > 2", upto=10)
    with pytest.raises(ValueError, match="beyond upto"):
        grundy.check("nim", "n", upto=10, start=11)
    # `^` is XOR; where reading it as a power answers otherwise, a warning says so.
    with pytest.warns(SyntaxWarning, match="not a power"):
        grundy.check("nim", "n ^ 2 + n", upto=10)


def test_a_python_game_is_checked_by_the_same_walk():
    half = grundy.Game(lambda n: range(n - n // 2, n))
    assert grundy.check(half, "if(n % 2 == 1, G(n / 2), n / 2)", upto=300) is None
    assert grundy.check(half, lambda n: n // 2, upto=30) == (3, 1, 0)
    assert grundy.check(half, "n / 2", upto=30) == (3, 1, 0)
    assert grundy.check(half, "n / 2", upto=30, start=4) == (5, 2, 1)
