"""`grundy.solve(..., moves=False)`: the command's `solve --no-moves` (normal play) and
`solve --every --no-moves` (Every-SG outcome and step counts alone), checked against the command's
JSON and against a plain Every-SG search written here."""

import functools
import random

import pytest

import grundy
from test_grundy import cli_json


def every_steps(options, start):
    """The Every-SG step count of `start` by its definition (Winning Ways ch. 9, not Smith's
    remoteness): 0 at the end; else one more than the greatest even count of an option (the
    winner of a component wants it to last), or, with none even, than the least (the loser
    wants it over). The player to move wins iff the greatest count of the components is odd."""

    @functools.lru_cache(maxsize=None)
    def r(p):
        seen = [r(q) for q in options(p)]
        if not seen:
            return 0
        even = [s for s in seen if s % 2 == 0]
        return 1 + (max(even) if even else min(seen))

    return r(start)


def heap_options(subtraction):
    """The options of a tuple of heaps under a subtraction set: one heap made smaller."""

    def options(heaps):
        for i, h in enumerate(heaps):
            for t in subtraction:
                if t <= h:
                    yield tuple(sorted(heaps[:i] + (h - t,) + heaps[i + 1 :]))

    return options


def test_every_without_moves_is_the_command_s_json():
    rng = random.Random(24)
    for _ in range(12):
        game = rng.choice(["nim", "0.77", "sub:1,3,4", "bash:3", "lasker"])
        heaps = [str(rng.randrange(0, 14)) for _ in range(rng.randrange(1, 4))]
        for every in (True, False):
            flags = ["--every"] if every else []
            want = cli_json("solve", "--json", "--no-moves", *flags, game, *heaps)
            assert grundy.solve(game, *heaps, every=every, moves=False).to_dict() == want
            assert grundy.solve(f"{game} {' '.join(heaps)}", every=every, moves=False).to_dict() == want
    # A sum of two games, each a component.
    want = cli_json("solve", "--json", "--every", "--no-moves", "nim", "3", "4", "+", "0.77", "5", "6")
    assert grundy.solve("nim 3 4 + 0.77 5 6", every=True, moves=False).to_dict() == want


def test_every_without_moves_agrees_with_the_plain_search_and_the_full_solve():
    rng = random.Random(2024)
    for _ in range(25):
        subtraction = sorted(rng.sample(range(1, 7), rng.randrange(1, 4)))
        heaps = tuple(sorted(rng.randrange(0, 16) for _ in range(rng.randrange(1, 4))))
        g = grundy.Game(lambda n, s=subtraction: [n - t for t in s if t <= n], name="sub")
        alone = grundy.solve(g, *heaps, every=True, moves=False)
        steps = every_steps(heap_options(subtraction), heaps)
        ((component,),) = [alone.components]
        assert component["steps"] == steps, (subtraction, heaps)
        assert alone.outcome == ("N" if steps % 2 else "P"), (subtraction, heaps)
        assert alone.winning_moves == [] and alone.winning_moves_total is None
        full = grundy.solve(g, *heaps, every=True)
        assert (alone.outcome, alone.value, alone.components) == (
            full.outcome,
            full.value,
            full.components,
        )
        # The registry's game of the same rules, through the command.
        spec = "sub:" + ",".join(map(str, subtraction))
        cli = cli_json("solve", "--json", "--every", "--no-moves", spec, *map(str, heaps))
        assert (cli["outcome"], cli["grundy"], cli["components"][0]["steps"]) == (
            alone.outcome,
            alone.value,
            steps,
        )


def test_normal_play_without_moves_keeps_the_value():
    g = grundy.Game(lambda n: range(n - n // 2, n), name="half")
    for n in range(0, 40, 3):
        full = grundy.solve(g, n)
        alone = grundy.solve(g, n, moves=False)
        assert (alone.outcome, alone.value) == (full.outcome, full.value)
        assert alone.winning_moves == [] and alone.winning_moves_total is None


def test_moves_false_is_refused_where_the_command_refuses_no_moves():
    with pytest.raises(ValueError, match="misere"):
        grundy.solve("nim 1 2", misere=True, moves=False)
    with pytest.raises(ValueError, match="outcome"):
        grundy.solve("nim 1 2", outcome=True, moves=False)
    with pytest.raises(ValueError, match="moves must be"):
        grundy.solve("nim 1 2", moves=0)
    g = grundy.Game(lambda n: range(n))
    with pytest.raises(ValueError, match="misere"):
        grundy.solve(g, 3, misere=True, moves=False)
    # The native half refuses them too, for a caller that skips the checks above.
    with pytest.raises(ValueError, match="misere"):
        g._native.solve([3], "misere", 100, False, False, False)
