"""The Python package against plain Python, and against the `grundy` command.

    pip install ./crates/grundy-py && cargo build --release && python3 bench/python.py

Each line is one task timed both ways in the same run (best of three), and their ratio:
grundy's time over the baseline's (below 1: grundy is faster).

1. Take-at-most-half to n = 5000 and paper cutting up to 30 x 30: a `grundy.Game` against the
   same rules as a plain `functools.lru_cache` brute force (options listed one by one, and as the
   engine's ranges, `grundy.splits` and `grundy.cuts`).
2. Three take-at-most-half heaps: grundy values each heap once and XORs; the plain brute force
   searches the sum as one game (the positions are triples).
3. `grundy.table("0.6", upto=10**6)` against `grundy table 0.6 --upto 1000000 --json`.
"""

import functools
import os
import subprocess
import sys
import time
from pathlib import Path

import grundy

ROOT = Path(__file__).resolve().parents[1]
CLI = os.environ.get("GRUNDY_BIN", str(ROOT / "target" / "release" / "grundy"))


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def best(f, times=3):
    out = []
    for _ in range(times):
        start = time.perf_counter()
        f()
        out.append(time.perf_counter() - start)
    return min(out)


def line(task, ours, theirs, baseline):
    print(f"{task:<46} grundy {ours:8.3f} s   {baseline} {theirs:8.3f} s   ratio {ours / theirs:7.3f}")


# --- 1. one game ---------------------------------------------------------------------------


def half_brute(n):
    @functools.lru_cache(maxsize=None)
    def g(m):
        return mex({g(m - k) for k in range(1, m // 2 + 1)})

    return [g(m) for m in range(n + 1)]


def half_grundy(n, ranged):
    if ranged:
        game = grundy.Game(lambda m: range(m - m // 2, m))
    else:
        game = grundy.Game(lambda m: [m - k for k in range(1, m // 2 + 1)])
    return grundy.table(game, upto=n).values


def paper_brute(w, h):
    @functools.lru_cache(maxsize=None)
    def g(a, b):
        if a > b:
            return g(b, a)
        seen = {g(x, b) ^ g(a - x, b) for x in range(1, a // 2 + 1)}
        seen |= {g(a, y) ^ g(a, b - y) for y in range(1, b // 2 + 1)}
        return mex(seen)

    return g(w, h)


def sheet(w, h):
    return (w, h) if w <= h else (h, w)


class Paper(grundy.Game):
    """Cut a sheet along a grid line into two; a 1 x 1 sheet cannot be cut. Sheets are kept as
    (short side, long side), as the brute force does: a `canonical` function would cost a call
    per part of every option."""

    def moves(self, p):
        w, h = p
        out = [grundy.Sum(sheet(x, h), sheet(w - x, h)) for x in range(1, w // 2 + 1)]
        return out + [grundy.Sum(sheet(w, y), sheet(w, h - y)) for y in range(1, h // 2 + 1)]


def paper_grundy(w, h, native=False):
    game = grundy.Game(lambda p: grundy.cuts(*p)) if native else Paper()
    # Every sheet up to w x h is reached from w x h; the table of values is then the memo's.
    return grundy.solve(game, (w, h)).value


# --- 2. a sum ------------------------------------------------------------------------------


def triple_brute(a, b, c):
    sys.setrecursionlimit(100000)

    @functools.lru_cache(maxsize=None)
    def g(p):
        opts = set()
        for i, n in enumerate(p):
            for k in range(1, n // 2 + 1):
                q = list(p)
                q[i] = n - k
                opts.add(g(tuple(sorted(q))))
        return mex(opts)

    return g(tuple(sorted((a, b, c))))


def triple_grundy(a, b, c):
    half = grundy.Game(lambda m: range(m - m // 2, m))
    return grundy.solve(half, a, b, c).value


# --- 3. a big table ------------------------------------------------------------------------


def main():
    n = 5000
    assert half_grundy(n, True) == half_brute(n) == half_grundy(n, False)
    line("take-at-most-half to 5000 (range)", best(lambda: half_grundy(n, True)), best(lambda: half_brute(n)), "lru_cache")
    line("take-at-most-half to 5000 (list of options)", best(lambda: half_grundy(n, False)), best(lambda: half_brute(n)), "lru_cache")

    assert paper_grundy(30, 30) == paper_brute(30, 30)
    line("paper cutting to 30 x 30 (Sum options)", best(lambda: paper_grundy(30, 30)), best(lambda: paper_brute(30, 30)), "lru_cache")
    assert paper_grundy(30, 30, True) == paper_brute(30, 30)
    line("paper cutting to 30 x 30 (grundy.cuts)", best(lambda: paper_grundy(30, 30, True)), best(lambda: paper_brute(30, 30)), "lru_cache")

    heaps = (60, 70, 80)
    assert triple_grundy(*heaps) == triple_brute(*heaps)
    line(f"sum of three half heaps {heaps}", best(lambda: triple_grundy(*heaps)), best(lambda: triple_brute(*heaps), 1), "lru_cache")

    if Path(CLI).exists():
        def cli():
            subprocess.run([CLI, "table", "0.6", "--upto", "1000000", "--json"], check=True, stdout=subprocess.DEVNULL)

        def ours():
            grundy.table("0.6", upto=10**6).values

        line("table 0.6 to 10^6 (values as a list)", best(ours), best(cli), "CLI")
        line("table 0.6 to 10^6 (NumPy view)", best(lambda: grundy.table("0.6", upto=10**6).array), best(cli), "CLI")
    else:
        print(f"no {CLI}: cargo build --release (or set GRUNDY_BIN) to time the table against it")


if __name__ == "__main__":
    main()
