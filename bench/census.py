"""The census of all two- and three-digit octal codes to 2^16 heaps, on this machine and on a
Dask LocalCluster of two workers, with their rows compared (bar times and versions).

    pip install ./crates/grundy-py "dask[distributed]" && python3 bench/census.py [UPTO]

Prints, for each family and each way: the games, solved (period proved), open, failed and
duplicates, and the time; then the cluster's time over this machine's (same run), and whether
the rows are the same.
"""

import os
import sys
import tempfile
import time

import grundy


def rows(db):
    out = grundy.census_rows(db)
    for r in out:
        r.pop("seconds")
        r.pop("version")
    return out


def main():
    upto = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 16
    from distributed import Client, LocalCluster

    work = tempfile.mkdtemp(prefix="grundy-census-bench-")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(
        cluster
    ) as client:
        for family in ["0.??", "0.???"]:
            times = {}
            for way in ["local", "cluster"]:
                db = os.path.join(work, f"{way}-{family.count('?')}.sqlite")
                started = time.monotonic()
                s = grundy.census(family, upto=upto, db=db, client=client if way == "cluster" else None, jobs=2)
                times[way] = time.monotonic() - started
                c = s["counts"]
                print(
                    f"{family:6} {way:8} {c['games']:4} games: {c['solved']:4} solved, {c['open']:4} open, "
                    f"{c['failed']} failed, {c['duplicates']} duplicates; {times[way]:7.2f} s",
                    flush=True,
                )
            same = rows(os.path.join(work, f"local-{family.count('?')}.sqlite")) == rows(
                os.path.join(work, f"cluster-{family.count('?')}.sqlite")
            )
            print(f"{family:6} cluster/local {times['cluster'] / times['local']:.2f}x; rows identical: {same}", flush=True)


if __name__ == "__main__":
    main()
