#!/usr/bin/env python3
"""Verify bench/guess/suite.tsv: each published formula against the engine's values, and the
engine's values against a plain mex search written here from the rules (where the game has one).

    python3 bench/guess/verify.py [NAME...]        (GRUNDY=path/to/grundy, default target/release/grundy)

Formulas are evaluated by formula.py (the new syntax: ^ is XOR, ** power, popcount, G(...), ...),
so this works before `grundy check` understands that syntax. One-number games are compared on
0..=min(upto, 5000) (at least 2000 where the table allows), two-number games on their upto grid.
"""
import json
import os
import subprocess
import sys
from functools import lru_cache

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from formula import Formula  # noqa: E402

GRUNDY = os.environ.get("GRUNDY", os.path.join(ROOT, "target/release/grundy"))
sys.setrecursionlimit(100000)


def mex(s):
    m = 0
    while m in s:
        m += 1
    return m


def line(opts_values, n_max):
    """G(0..=n_max) where opts_values(n, g) lists the option values given g[0..n)."""
    g = []
    for n in range(n_max + 1):
        g.append(mex(set(opts_values(n, g))))
    return g


def octal(code, n_max):
    whole, _, digits = code.partition(".")
    ds = {k + 1: int(c, 16) for k, c in enumerate(digits)}
    ds[0] = int(whole)

    def opts(n, g):
        for k, d in ds.items():
            r = n - k
            if r < 0:
                continue
            if d & 1 and r == 0 and k > 0:
                yield 0
            if d & 2 and r > 0 and (k > 0 or r < n):
                if k > 0:
                    yield g[r]
            if d & 4 and r >= 2:
                for a in range(1, r // 2 + 1):
                    yield g[a] ^ g[r - a]
    return line(opts, n_max)


def brute_line(game, n_max):
    """Plain mex values of a one-number game, or None if this file has no rules for it."""
    if game == "nim":
        return line(lambda n, g: g[:n], n_max)
    if game.startswith("bash:"):
        k = int(game[5:])
        return line(lambda n, g: [g[n - t] for t in range(1, k + 1) if t <= n], n_max)
    if game == "sub:pow2":
        return line(lambda n, g: [g[n - (1 << e)] for e in range(0, 64) if (1 << e) <= n], n_max)
    if game.startswith("sub:"):
        s = [int(v) for v in game[4:].split(",")]
        return line(lambda n, g: [g[n - t] for t in s if t <= n], n_max)
    if game[0].isdigit() and "." in game:
        return octal(game, n_max)
    if game == "lasker":
        return line(lambda n, g: g[:n] + [g[a] ^ g[n - a] for a in range(1, n)], n_max)
    if game == "split":
        return line(lambda n, g: [g[i] ^ g[j] for i in range(n) for j in range(n)], min(n_max, 300))
    if game == "grundys-game":
        return line(lambda n, g: [g[a] ^ g[n - a] for a in range(1, (n + 1) // 2)], n_max)
    if game == "twins":
        return line(lambda n, g: g[:n], n_max)
    if game == "ruler":  # coins from 1; G(0) stands for "no coin" (unused)
        def opts(n, g):
            if n == 0:
                return []
            out, acc = [0], 0
            for i in range(n - 1, 0, -1):
                acc ^= g[i]
                out.append(acc)
            return out
        g = line(opts, min(n_max, 1200))
        return [None] + g[1:]
    if game == "mock-turtles":
        def opts(n, g):
            if n == 0:
                return []
            out = [0] + [g[i] for i in range(1, n)]
            out += [g[i] ^ g[j] for i in range(1, n) for j in range(i + 1, n)]
            return out
        g = line(opts, min(n_max, 300))
        return [None] + g[1:]
    if game.startswith("multiplication:"):
        big = int(game.split(":")[1])
        @lru_cache(None)
        def val(p):
            return 0 if p >= big else mex({val(p * k) for k in range(2, 10)})
        return [None] + [val(p) for p in range(1, n_max + 1)]
    if game.startswith("public-sale:"):
        m, k = (int(v) for v in game.split(":")[1].split(","))
        @lru_cache(None)
        def val(p):
            return 0 if p >= m else mex({val(p + t) for t in range(1, k + 1)})
        return [val(p) for p in range(n_max, -1, -1)][::-1]
    if game in ("fibonacci-nim",) or game.startswith("dynamic:"):
        k = 2 if game == "fibonacci-nim" else int(game.split(":")[1])
        n_max = min(n_max, 150)
        @lru_cache(None)
        def val(n, cap):  # heap n, the next take at most cap
            return mex({val(n - t, min(k * t, n - t)) for t in range(1, min(cap, n) + 1)})
        return [mex({val(n - t, min(k * t, n - t)) for t in range(1, n)}) for n in range(n_max + 1)]
    if game.startswith("script:"):
        name = os.path.basename(game[7:]).removesuffix(".rhai")
        rules = {
            "half": lambda n: range(n - n // 2, n),
            "third": lambda n: range(n - n // 3, n),
            "at-least-half": lambda n: range(0, n // 2 + 1) if n else [],
            "divisor": lambda n: [n - d for d in range(1, n) if n % d == 0],
            "even-take": lambda n: range(n - 2, -1, -2),
            "subtract-square": lambda n: [n - k * k for k in range(1, n + 1) if k * k <= n],
            "take-at-least-3": lambda n: range(0, n - 2),
        }
        if name not in rules:
            return None
        moves = rules[name]
        return line(lambda n, g: [g[m] for m in moves(n)], min(n_max, 3000))
    return None


def brute_grid(game, mx, my):
    """Plain mex values rows[y][x] of a two-number game, or None."""
    if game == "wythoff":
        def moves(a, b):
            return [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)] + \
                   [(a - k, b - k) for k in range(1, min(a, b) + 1)]
    elif game == "euclid":
        def moves(a, b):
            if a == 0 or b == 0:
                return []
            if a <= b:
                return [(a, b - k * a) for k in range(1, b // a + 1)]
            return [(a - k * b, b) for k in range(1, a // b + 1)]
    elif game.startswith("movers:"):
        vecs = [tuple(int(c) for c in v.split(",")) for v in game[7:].split("/")]
        def moves(x, y):
            return [(x + dx, y + dy) for dx, dy in vecs if x + dx >= 0 and y + dy >= 0]
    elif game.startswith("script:"):
        name = os.path.basename(game[7:]).removesuffix(".rhai")
        table = {
            "nim2": lambda x, y: [(i, y) for i in range(x)] + [(x, j) for j in range(y)],
            "bash2": lambda x, y: [(x - k, y) for k in (1, 2, 3) if x >= k] + [(x, y - k) for k in (1, 2, 3) if y >= k],
            "sub12-pair": lambda x, y: [(x - k, y) for k in (1, 2) if x >= k] + [(x, y - k) for k in (1, 2) if y >= k],
            "staircase2": lambda x, y: [(x - k, y) for k in range(1, x + 1)] + [(x + k, y - k) for k in range(1, y + 1)],
        }
        if name not in table:
            return None
        moves = table[name]
    else:
        return None

    @lru_cache(None)
    def val(a, b):
        return mex({val(*p) for p in moves(a, b)})
    return [[val(x, y) for x in range(mx + 1)] for y in range(my + 1)]


def engine(game, upto):
    out = subprocess.run([GRUNDY, "table", game, "--upto", upto, "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "exit %d" % out.returncode)
    return json.loads(out.stdout)


def main():
    only = set(sys.argv[1:])
    rows = []
    with open(os.path.join(HERE, "suite.tsv")) as f:
        header = f.readline().rstrip("\n").split("\t")
        for ln in f:
            if ln.strip():
                rows.append(dict(zip(header, ln.rstrip("\n").split("\t"))))
    bad = 0
    for r in rows:
        if only and r["name"] not in only:
            continue
        name, game, kind, upto, text = r["name"], r["game"], r["kind"], r["upto"], r["formula"]
        two = "x" in upto
        if two:
            rng = upto
        else:
            rng = str(min(int(upto), 5000))
        try:
            data = engine(game, rng)
        except Exception as e:  # noqa: BLE001
            print(f"{name:20} ENGINE ERROR {e}")
            bad += 1
            continue
        if two:
            grid = data["rows"]
            cells = [((("x", "y") if game.startswith(("script:", "movers:")) else ("a", "b")), (x, y), v)
                     for y, row in enumerate(grid) for x, v in enumerate(row)]
        else:
            cells = [(("n",), (n,), v) for n, v in enumerate(data["values"])]
        # the formula against the engine
        fverdict = "-"
        if kind != "none":
            f = Formula(text)
            fverdict = "ok"
            for names, at, v in cells:
                if v is None:
                    continue
                env = dict(zip(names, at))
                try:
                    got = f(env)
                except Exception as e:  # noqa: BLE001
                    fverdict = f"ERROR at {env}: {e}"
                    break
                want = (v == 0) if kind == "p" else v
                if (bool(got) if kind == "p" else got) != want or (kind == "values" and isinstance(got, bool)):
                    fverdict = f"FAIL at {env}: formula {got}, engine {v}"
                    break
        # the engine against a plain mex search
        if two:
            mx, my = (int(v) for v in upto.split("x"))
            bgrid = brute_grid(game, mx, my)
            bverdict = "-"
            if bgrid is not None:
                bverdict = f"ok ({mx}x{my})"
                for y in range(my + 1):
                    for x in range(mx + 1):
                        if bgrid[y][x] != grid[y][x]:
                            bverdict = f"FAIL at {x},{y}: mex {bgrid[y][x]}, engine {grid[y][x]}"
                            break
                    if bverdict.startswith("FAIL"):
                        break
        else:
            vals = data["values"]
            b = brute_line(game, len(vals) - 1)
            bverdict = "-"
            if b is not None:
                bverdict = f"ok (0..={len(b) - 1})"
                for n, (u, v) in enumerate(zip(b, vals)):
                    if u is not None and u != v:
                        bverdict = f"FAIL at {n}: mex {u}, engine {v}"
                        break
        rng_txt = rng if two else f"0..={len(data['values']) - 1}"
        print(f"{name:20} {kind:6} range {rng_txt:10} formula: {fverdict:30} plain mex: {bverdict}")
        if "FAIL" in fverdict or "ERROR" in fverdict or "FAIL" in bverdict:
            bad += 1
    print(f"{bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
