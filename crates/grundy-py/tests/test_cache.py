"""`with grundy.cache(FILE):`, the command's `--cache FILE`: the same file format, read and
written by both, refused in one clear exception when damaged, saved however the block ends."""

import os
import random

import pytest

import grundy
from test_grundy import cli


def half_script(tag):
    """Take at most half, saying on stderr when the heap 3000 is expanded (a run that reads its
    value from the cache never does). `tag` makes the script's text, so its identity in a cache
    file and its line in this process, the test's own: a line this process already holds is
    never read from a file."""
    return (
        "script:{fn moves(n) { if n == 3000 { print(\"asked 3000\"); } range(n - n / 2, n) } "
        f"// {tag}}}"
    )


def half(n):
    """`G(n)` of take-at-most-half: `G(2m) = m`, `G(2m + 1) = G(m)`."""
    while n % 2 == 1:
        n //= 2
    return n // 2


def test_a_cache_round_trip_gives_the_same_values_and_the_command_reads_it(tmp_path, capfd):
    spec = half_script(f"round trip {os.getpid()}")
    path = tmp_path / "half.cache"
    with grundy.cache(path):
        first = grundy.table(spec, upto=5000).values
    assert first == [half(n) for n in range(5001)]
    assert "asked 3000" in capfd.readouterr().err
    assert path.exists()
    # The command reads the file Python wrote: the heap 3000 is not expanded again.
    run = cli("--cache", str(path), "table", "--json", spec, "--upto", "5000")
    assert run.returncode == 0, run.stderr
    assert "asked 3000" not in run.stderr
    assert [int(v) for v in __import__("json").loads(run.stdout)["values"]] == first
    # A longer run extends the line from the file and keeps it.
    with grundy.cache(str(path)):
        assert grundy.solve(spec, 9001, moves=False).value == half(9001)
    run = cli("--cache", str(path), "solve", "--json", "--no-moves", spec, "9000")
    assert run.returncode == 0 and "asked 3000" not in run.stderr, run.stderr


def test_python_reads_a_file_the_command_wrote(tmp_path, capfd):
    spec = half_script(f"written by the command {os.getpid()}")
    path = tmp_path / "cli.cache"
    run = cli("--cache", str(path), "table", "--no-values", spec, "--upto", "6000")
    assert run.returncode == 0 and "asked 3000" in run.stderr, run.stderr
    capfd.readouterr()
    with grundy.cache(path):
        values = grundy.table(spec, upto=6000).values
    assert "asked 3000" not in capfd.readouterr().err
    assert values == [half(n) for n in range(6001)]


def test_a_damaged_cache_raises_game_error_naming_the_file(tmp_path):
    spec = half_script(f"damaged {os.getpid()}")
    path = tmp_path / "damaged.cache"
    with grundy.cache(path):
        grundy.table(spec, upto=4000)
    good = path.read_bytes()
    rng = random.Random(64)
    damaged = [good[: len(good) // 2], good + b"\0", b"", os.urandom(300), b"grundy-script-cache 1\n"]
    for _ in range(10):
        flipped = bytearray(good)
        flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(8)
        damaged.append(bytes(flipped))
    for bad in damaged:
        path.write_bytes(bad)
        with pytest.raises(grundy.GameError, match="delete it to start again") as e:
            with grundy.cache(path):
                pytest.fail("the block runs with a damaged cache")
        assert str(path) in str(e.value)
        # Nothing is left open: the next cache works.
        with grundy.cache(tmp_path / "fresh.cache"):
            pass
    # The command refuses the same bytes in the same words.
    run = cli("--cache", str(path), "table", "--no-values", spec, "--upto", "10")
    assert run.returncode == 2 and "delete it to start again" in run.stderr


def test_the_cache_is_written_when_the_block_raises(tmp_path, capfd):
    spec = half_script(f"raised {os.getpid()}")
    path = tmp_path / "raised.cache"
    with pytest.raises(ZeroDivisionError):
        with grundy.cache(path):
            grundy.table(spec, upto=3500)
            1 / 0
    assert path.exists()
    capfd.readouterr()
    run = cli("--cache", str(path), "table", "--no-values", spec, "--upto", "3500")
    assert run.returncode == 0 and "asked 3000" not in run.stderr, run.stderr


def sources(path):
    """The sources a cache file names, from its header (`game ID WIDTH LENGTH SOURCE`)."""
    lines = path.read_bytes().split(b"\n")
    count = int(lines[1].split()[1])
    return [line.split(b" ", 4)[4].decode() for line in lines[2 : 2 + count]]


def test_one_cache_at_a_time_and_a_python_game_is_not_kept(tmp_path):
    path = tmp_path / "one.cache"
    spec = half_script(f"one at a time {os.getpid()}")
    with grundy.cache(path):
        with pytest.raises(ValueError, match="already in use"):
            with grundy.cache(tmp_path / "two.cache"):
                pass
        # A grundy.Game has no script text to be found by: its values are not kept.
        g = grundy.Game(lambda n: range(n - n // 2, n), name="pyhalf")
        assert grundy.table(g, upto=100).values == [half(n) for n in range(101)]
        grundy.table(spec, upto=100)
    assert not (tmp_path / "two.cache").exists()
    kept = sources(path)
    # The session's script lines (this one's, the earlier tests'), no Python game's.
    assert "inline script" in kept and not any("python" in s for s in kept), kept
    with grundy.cache(tmp_path / "two.cache"):
        pass


def test_a_line_made_before_the_file_was_opened_is_written_once(tmp_path, capfd):
    # The session made the line before the block: it never took the file's values of its game,
    # and the file is written with one of the two (the longer), never both.
    spec = half_script(f"made before {os.getpid()}")
    grundy.table(spec, upto=2000)
    path = tmp_path / "before.cache"
    run = cli("--cache", str(path), "table", "--no-values", spec, "--upto", "6000")
    assert run.returncode == 0, run.stderr
    with grundy.cache(path):
        grundy.table(spec, upto=100)
    run = cli("--cache", str(path), "table", "--no-values", spec, "--upto", "6000")
    assert run.returncode == 0 and "asked 3000" not in run.stderr, run.stderr
    # Now the session's line is the longer one.
    with grundy.cache(path):
        assert grundy.table(spec, upto=8000).values[7999] == half(7999)
    run = cli("--cache", str(path), "solve", "--json", "--no-moves", spec, "8000")
    assert run.returncode == 0 and "asked 3000" not in run.stderr, run.stderr
    assert sources(path).count("inline script") == len(sources(path))


def test_changing_the_search_cap_inside_a_cache_block_keeps_the_file(tmp_path, capfd):
    # The cap makes the session again; the values computed before go to the file first, and
    # the new session writes it when the block ends.
    spec = half_script(f"cap changed {os.getpid()}")
    path = tmp_path / "capped.cache"
    try:
        with grundy.cache(path):
            grundy.table(spec, upto=4000)
            grundy.set_max_positions(1_000_000)
            assert grundy.table(spec, upto=3500).values == [half(n) for n in range(3501)]
    finally:
        grundy.set_max_positions(2_000_000)
    capfd.readouterr()
    run = cli("--cache", str(path), "table", "--no-values", spec, "--upto", "4000")
    assert run.returncode == 0, run.stderr
    assert "asked 3000" not in run.stderr


def test_another_users_cache_is_refused_then_imported(tmp_path, capfd):
    """A file sealed with another user's key (the command run with another config directory)
    is refused, naming `import_=True`; imported, its values are all computed again before they
    are used, and the answers are the truth."""
    import subprocess

    from test_grundy import cli_path

    spec = half_script(f"another user {os.getpid()}")
    path = tmp_path / "theirs.cache"
    exe = cli_path()
    if exe is None:
        pytest.skip("no grundy binary (set GRUNDY_BIN)")
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "someone-else"))
    run = subprocess.run(
        [exe, "--cache", str(path), "table", "--no-values", spec, "--upto", "4000"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    with pytest.raises(grundy.GameError, match="import_=True") as e:
        with grundy.cache(path):
            pytest.fail("the block runs with another user's cache")
    assert "not sealed with this user's key" in str(e.value)
    capfd.readouterr()
    with grundy.cache(path, import_=True):
        assert grundy.table(spec, upto=4000).values == [half(n) for n in range(4001)]
    # Every value was computed again from the script: the heap 3000 was expanded.
    assert "asked 3000" in capfd.readouterr().err
