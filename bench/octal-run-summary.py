#!/usr/bin/env python3
"""The rows of a bench/octal-run.sh run: for each power of two 2^k the run passed, the seconds at
which it had computed 2^k values (between two progress lines, linearly) and the resident memory
then (the sampler's reading nearest after), in the form bench/plot-octal-records.py reads:

    run  k          n |  seconds     rss KB

    python3 bench/octal-run-summary.py DIR
"""
import re
import sys
from pathlib import Path

PROGRESS = re.compile(r"grundy: (\d+)/(\d+) values \((\d+) s\)")
MEM = re.compile(r"^(\d\d):(\d\d):(\d\d) .*VmRSS:\s*(\d+) kB")


def seconds(h, m, s):
    return int(h) * 3600 + int(m) * 60 + int(s)


def main():
    d = Path(sys.argv[1])
    start_line = (d / "start").read_text().splitlines()[-1]
    start = seconds(*start_line.split(":"))
    points = [(0, 0)]
    for line in (d / "progress").read_text().splitlines():
        m = PROGRESS.search(line)
        if m:
            points.append((int(m.group(3)), int(m.group(1))))
    mem = []
    if (d / "mem").exists():
        for line in (d / "mem").read_text().splitlines():
            m = MEM.match(line)
            if m:
                t = seconds(*m.group(1, 2, 3)) - start
                mem.append((t + 86400 if t < 0 else t, int(m.group(4))))
    print(f"# {d}: {len(points) - 1} progress lines, {len(mem)} memory samples")
    print(f"{'run':3} {'k':>2} {'n':>10} | {'seconds':>8} {'rss KB':>10}")
    for k in range(20, 33):
        want = 1 << k
        for (t0, d0), (t1, d1) in zip(points, points[1:]):
            if d0 < want <= d1:
                t = t0 + (t1 - t0) * (want - d0) / (d1 - d0)
                if t < 120:
                    # Progress lines 30 s apart (and memory samples) do not time it.
                    print(f"#   {k:2} {want - 1:10} | passed in the first two minutes")
                    break
                after = [kb for (tm, kb) in mem if tm >= t]
                kb = after[0] if after else 0
                print(f"run {k:2} {want - 1:10} | {t:8.1f} {kb:10}")
                break
    time = d / "time"
    if time.exists():
        for line in time.read_text().splitlines():
            if "Elapsed" in line or "Maximum resident" in line or "Exit status" in line:
                print("#", line.strip())


if __name__ == "__main__":
    main()
