"""grundy.census: a family into a SQLite file on this machine's threads, and the same census on a
Dask LocalCluster of two workers giving the same rows (bar timings and versions)."""

import os

import pytest

import grundy


def _rows(db):
    rows = grundy.census_rows(db)
    for r in rows:
        # What differs between two runs of the same census: the clock and who ran it.
        r.pop("seconds")
        r.pop("version")
    return rows


def test_a_local_census_is_kept_and_resumed(tmp_path):
    db = tmp_path / "c.sqlite"
    s = grundy.census("0.?7", upto=4096, db=db, jobs=2)
    assert s["counts"]["games"] == 8
    assert s["counts"]["solved"] + s["counts"]["open"] == 8
    assert s["computed"] == 8
    again = grundy.census("0.?7", upto=4096, db=db)
    assert again["computed"] == 0
    kayles = [r for r in grundy.census_rows(db, "solved") if r["spec"] == "0.77"]
    assert kayles[0]["preperiod"] == 71 and kayles[0]["period"] == 12
    assert kayles[0]["proof"] == "proved"
    assert grundy.census_rows(db, "solved", family="another") == []


def test_census_errors_say_what(tmp_path):
    with pytest.raises(grundy.GameError, match="column 3"):
        grundy.census("0.[3", db=tmp_path / "c.sqlite")
    with pytest.raises(grundy.GameError, match="no such census database"):
        grundy.census_rows(tmp_path / "missing.sqlite")
    grundy.census("0.7", upto=10, db=tmp_path / "c.sqlite")
    with pytest.raises(ValueError, match="unsolved"):
        grundy.census_rows(tmp_path / "c.sqlite", "nope")
    with pytest.raises(ValueError):
        grundy.census("0.7", upto=10, db=tmp_path / "c.sqlite", jobs=0)


def test_a_dask_cluster_writes_the_rows_one_machine_writes(tmp_path):
    distributed = pytest.importorskip("distributed")
    family = tmp_path / "family.txt"
    # Codes solved and open, a duplicate, and a spec that names no game.
    family.write_text("0.??\nsub:{1..4}^2\nno-such-game\n")
    spec = f"list:{family}"
    here = grundy.census(spec, upto=8192, db=tmp_path / "one.sqlite", jobs=2)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        there = grundy.census(spec, upto=8192, db=tmp_path / "two.sqlite", client=client)
    assert there["counts"] == here["counts"]
    assert here["counts"]["games"] == 64 + 4 + 6 + 1
    assert here["counts"]["failed"] == 1
    assert here["counts"]["duplicates"] > 0
    assert there["computed"] == here["computed"]
    assert _rows(tmp_path / "two.sqlite") == _rows(tmp_path / "one.sqlite")
