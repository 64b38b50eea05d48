"""Ranges in one slot of an option and `grundy.repeat(x, n)` in games written in Python, against
the same games with every option spelled out (a loop, a sum of n explicit copies): the same
values, outcomes and winning moves under normal play, misère play and Every-SG, on random games
and positions (a fixed seed). A script's `[x, a..b]` and `repeat(x, n)` (crates/grundy-games
tests/script_ranges.rs) in Python spelling."""

import random

import pytest

import grundy
from test_grundy import cli_json


def random_choice(rng):
    """Which constructs a random game uses, and its small constants."""
    return {
        "heap_pairs": rng.random() < 0.5,
        "heap_repeat": rng.choice([None, 0, 1, 2, 3, 9]),
        "heap_sum_range": rng.random() < 0.5,
        "right": rng.choice([None, 1, 2, 3]),
        "left": rng.random() < 0.5,
        "nested": rng.random() < 0.5,
        "repeats_options": rng.random() < 0.5,
        "pair_repeat": rng.choice([None, 0, 1, 2, 9]),
    }


def game(c, fast):
    """The game of choice `c`: heaps (ints) and pairs (tuples), with ranges and repeats kept
    (`fast`) or spelled out. Every option is smaller (a heap `n` leads to pairs of sum below
    `n`, a pair `(a, b)` to heaps below `a`), so play ends."""

    def family(make, lo, hi):
        # `make(k)` for every k in lo..hi; `make(r)` with the range r when kept.
        return [make(range(lo, hi))] if fast else [make(k) for k in range(lo, hi)]

    def copies(x, r, rest):
        return grundy.Sum(grundy.repeat(x, r), rest) if fast else grundy.Sum(*([x] * r), rest)

    def moves(p):
        out = []
        if isinstance(p, int):
            n = p
            if c["heap_pairs"] and n >= 1:
                out += family(lambda k: ((n - 1) // 2, k), 0, n // 2)
            if c["heap_repeat"] is not None and n >= 1:
                out.append(copies(n - 1, c["heap_repeat"], n // 2))
            if c["heap_sum_range"] and n >= 2:
                out += family(lambda k: grundy.Sum(k, (n // 2 - 1, 1)), 0, n // 2)
            if n >= 1:
                out.append(n - 1)
            return out
        a, b = p
        if c["right"] is not None:
            out += family(lambda k: (a, k), b // (c["right"] + 1), b)
        if c["left"]:
            out += family(lambda k: (k, b), 0, a)
        if c["nested"] and a >= 1:
            out += family(lambda k: grundy.Sum((a - 1, k), (0, b)), 0, b)
        if c["repeats_options"] and b >= 1:
            # Listed twice: by a family and on their own (options are a set).
            out += [(a, 0)] + family(lambda k: (a, k), b // 2, b)
        if c["pair_repeat"] is not None and b >= 1:
            r = c["pair_repeat"]
            if fast:
                out.append(grundy.Sum(grundy.repeat((a, b - 1), r), range(0, a)))
            else:
                out += [grundy.Sum(*([(a, b - 1)] * r), k) for k in range(a)]
        return out

    return grundy.Game(moves, name="ranges")


def test_ranges_and_repeat_equal_the_options_spelled_out():
    rng = random.Random(1924)
    for _ in range(30):
        c = random_choice(rng)
        fast, plain = game(c, True), game(c, False)
        assert grundy.table(fast, upto=14).values == grundy.table(plain, upto=14).values, c
        positions = [rng.randrange(0, 12), (rng.randrange(0, 5), rng.randrange(0, 7))]
        positions.append(grundy.Sum(rng.randrange(0, 9), (rng.randrange(0, 4), rng.randrange(0, 5))))
        # Misère play and Every-SG search a sum move by move: copies multiply its positions, so
        # there the counts and positions are small.
        few = max(c["heap_repeat"] or 0, c["pair_repeat"] or 0) <= 2
        small = [rng.randrange(0, 7), (rng.randrange(0, 4), rng.randrange(0, 5))]
        for p in positions + small:
            conventions = [{}]
            if few and p in small:
                conventions += [{"misere": True}, {"every": True, "moves": False}]
            for convention in conventions:
                want = grundy.solve(plain, p, **convention).to_dict()
                got = grundy.solve(fast, p, **convention).to_dict()
                assert got == want, (c, p, convention)


def test_a_repeat_is_valued_by_parity_whatever_its_count():
    # Heaps of Nim: n copies of a heap are worth it for odd n, else 0, even past what a tuple holds.
    nim = grundy.Game(lambda n: range(n), name="nim")
    for n, x in [(0, 5), (1, 5), (2, 5), (9, 6), (10**12, 7), (10**12 + 1, 7), (2**63 - 1, 3)]:
        r = grundy.solve(nim, grundy.repeat(x, n), 1)
        assert r.value == (x if n % 2 else 0) ^ 1, (x, n)
    # As an option: a heap of n becomes 3 copies of n - 1 (worth G(n - 1)).
    triple = grundy.Game(lambda n: [grundy.repeat(n - 1, 3)] if n else [], name="triple")
    spelled = grundy.Game(lambda n: [grundy.Sum(n - 1, n - 1, n - 1)] if n else [], name="triple")
    assert grundy.table(triple, upto=12).values == grundy.table(spelled, upto=12).values
    for n in range(8):
        assert grundy.solve(triple, n).to_dict() == grundy.solve(spelled, n).to_dict()
    # A position with many copies reaches the game's functions as a repeat, not a long tuple.
    seen = []

    def describe(p, q):
        seen.append(q)
        return repr(q)

    big = grundy.Game(lambda n: [grundy.repeat(2, 10**9)] if n == 5 else range(n), describe=describe)
    assert grundy.solve(big, 5).winning_moves_total == 1
    assert grundy.Sum(grundy.repeat(2, 10**9)) in seen, seen


def test_a_python_wythoff_with_ranges_is_the_registry_s():
    wythoff = grundy.Game(
        lambda p: [(range(p[0]), p[1]), (p[0], range(p[1]))]
        + [(p[0] - k, p[1] - k) for k in range(1, min(p) + 1)],
        name="wythoff",
    )
    rows = grundy.table("wythoff", upto="7x7").values
    for y, row in enumerate(rows):
        for x, v in enumerate(row):
            assert grundy.solve(wythoff, (x, y), moves=False).value == v, (x, y)
    want = cli_json("solve", "--json", "--misere", "wythoff", "3", "5")
    got = grundy.solve(wythoff, (3, 5), misere=True).to_dict()
    assert (got["outcome"], got["grundy"]) == (want["outcome"], want["grundy"])


def test_bad_ranges_and_repeats_raise_value_errors_naming_the_position():
    cases = [
        (lambda n: [(range(n), range(n))], "two ranges"),
        (lambda n: [grundy.Sum(range(n), (1, range(n)))], "two ranges"),
        (lambda n: [(1, range(0, n, 2))], "step 1"),
        (lambda n: range(0, n, 2), "step 1"),
        (lambda n: [grundy.Sum(grundy.repeat((1, range(n)), 2), 0)], "inside repeat"),
    ]
    for moves, message in cases:
        g = grundy.Game(moves, name="bad")
        with pytest.raises(ValueError, match=message) as e:
            grundy.solve(g, 3)
        assert "python game bad: moves(3)" in str(e.value)
    for n in (-1, -(10**20)):
        with pytest.raises(ValueError, match="0 or more"):
            grundy.repeat(3, n)
    with pytest.raises(ValueError, match="at most 2\\^63"):
        grundy.repeat(3, 2**63)
    with pytest.raises(TypeError, match="an int"):
        grundy.repeat(3, 2.0)
    # A range is one slot of an option, not a position of its own.
    with pytest.raises(ValueError, match="where one position is expected"):
        grundy.solve(grundy.Game(lambda n: [], canonical=lambda p: (1, range(3))), 1)
    with pytest.raises(TypeError, match=r"range\(0, 3\) \(a range\), where a position"):
        grundy.solve(grundy.Game(lambda n: [], canonical=lambda p: range(3)), 1)


def test_an_empty_range_in_a_slot_is_no_option():
    g = grundy.Game(lambda p: [(p[0], range(p[1], p[1] - 3))] if isinstance(p, tuple) else [])
    assert grundy.solve(g, (1, 5)).value == 0
    assert grundy.repeat(1, 3) == grundy.repeat(1, 3) and hash(grundy.repeat(1, 3)) == hash(grundy.repeat(1, 3))
    assert repr(grundy.repeat((1, 2), 4)) == "repeat((1, 2), 4)"
