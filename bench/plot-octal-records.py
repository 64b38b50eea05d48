#!/usr/bin/env python3
"""Plots part 3 of bench/octal-records.sh (Grundy's game by powers of two) as an SVG: seconds and
peak megabytes of `grundy table` and of the engine alone against k (heaps up to 2^k), both on a
log scale, so that linear growth is a straight line of slope one doubling a step.

    python3 bench/plot-octal-records.py bench/results-octal-2026-11-26.txt > bench/octal-records.svg

Rows may come from several runs (later rows for the same k win); extrapolated rows are not read.
Rows of bench/octal-run-summary.py (`run k n | seconds rssKB`: one long run, the time at which it
passed 2^k) may be in the same files, or in a second file:

    python3 bench/plot-octal-records.py bench/results-octal-2026-11-26b.txt > bench/octal-records.svg
"""
import math
import re
import sys

ROW = re.compile(
    r"^\s*(\d+)\s+(\d+) \|\s+([\d.]+)\s+(\d+)\s+([\d.]+) \|\s+([\d.]+)\s+([\d.]+)\s+(\d+)"
)


RUN = re.compile(r"^run\s+(\d+)\s+(\d+) \|\s+([\d.]+)\s+(\d+)")


def read(paths):
    rows = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = ROW.match(line)
                if m:
                    k = int(m.group(1))
                    rows.setdefault(k, {}).update({
                        "cli s": float(m.group(3)),
                        "cli MB": int(m.group(4)) / 1024,
                        "engine s": float(m.group(6)),
                        "engine MB": int(m.group(8)) / 2**20,
                    })
                m = RUN.match(line)
                if m:
                    rows.setdefault(int(m.group(1)), {}).update({
                        "run s": float(m.group(3)),
                        "run MB": int(m.group(4)) / 1024,
                    })
    return dict(sorted(rows.items()))


def main():
    rows = read(sys.argv[1:])
    if not rows:
        sys.exit("no rows of part 3 found")
    w, h, pad = 720, 420, 60
    ks = list(rows)
    series = [
        ("cli s", "#1f77b4", "grundy table, seconds"),
        ("engine s", "#6baed6", "engine alone, seconds"),
        ("cli MB", "#d62728", "grundy table, peak MB"),
        ("engine MB", "#fc9272", "engine alone, peak MB above start"),
        ("run s", "#08306b", "one run to 2^32, seconds when 2^k was passed"),
        ("run MB", "#67000d", "one run to 2^32, resident MB then"),
    ]
    values = [r[key] for r in rows.values() for key, _, _ in series if r.get(key, 0) > 0]
    lo, hi = math.log2(min(values)), math.log2(max(values))
    k0, k1 = min(ks), max(max(ks), min(ks) + 1)

    def x(k):
        return pad + (k - k0) / (k1 - k0) * (w - 2 * pad)

    def y(v):
        return h - pad - (math.log2(v) - lo) / max(hi - lo, 1) * (h - 2 * pad)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
        f'<text x="{pad}" y="24" font-size="15">Grundy\'s game: time and memory to 2^k heaps (log scale)</text>',
        f'<line x1="{pad}" y1="{h - pad}" x2="{w - pad}" y2="{h - pad}" stroke="black"/>',
        f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{h - pad}" stroke="black"/>',
    ]
    for k in ks:
        out.append(f'<text x="{x(k) - 8:.0f}" y="{h - pad + 18}">2^{k}</text>')
    for e in range(math.floor(lo), math.ceil(hi) + 1):
        out.append(f'<text x="8" y="{y(2 ** e) + 4:.0f}">{2 ** e:g}</text>')
    for i, (key, colour, label) in enumerate(series):
        pts = [(x(k), y(r[key])) for k, r in rows.items() if r.get(key, 0) > 0]
        if not pts:
            continue
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in pts)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{pad + 10}" y="{pad + 16 * i}" fill="{colour}">{label}</text>')
    out.append("</svg>")
    print("\n".join(out))


if __name__ == "__main__":
    main()
