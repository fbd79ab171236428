"""Many games in one run (issue 29): ``pnp simulate GAME --games N --jobs J | --cluster ADDRESS``
gives the same games, logs and summary whichever executor plays them."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from rules_check.many import GameFailed, Task, batch_size, executor, game_seed, play_all, play_batch


def _tasks(game: str, players: tuple[str, ...], n: int, seed: int = 7, policy: str = "random") -> list[Task]:
    return [Task(k, game, None, players, game_seed(seed, k), policy) for k in range(n)]


def test_a_games_seed_depends_on_the_runs_seed_and_its_number_only():
    assert game_seed(7, 3) == game_seed(7, 3)
    seeds = {game_seed(7, k) for k in range(1000)}
    assert len(seeds) == 1000  # no two games of a run alike
    assert game_seed(8, 3) != game_seed(7, 3)
    # fixed for good: a run written down today plays the same games tomorrow, on any machine
    assert [game_seed(1, k) for k in range(3)] == [278816494, 186557866, 1338088062]


@pytest.mark.parametrize("game, players, n", [("relics", ("Ana",), 12), ("kartomantik", ("Ana", "Ben"), 6),
                                              ("visions", ("Ana", "Ben"), 6), ("so-long-my-world", ("Ana", "Ben"), 3)])
def test_two_processes_play_the_same_games_as_one(game, players, n):
    tasks = _tasks(game, players, n)
    with executor(1) as pool:
        one = play_all(tasks, pool)
    with executor(2) as pool:
        two = play_all(tasks, pool, batch_size(len(tasks), 2))
    assert two == one
    assert [p.index for p in one] == list(range(n)) and [p.seed for p in one] == [t.seed for t in tasks]
    assert all(p.entries > 0 and set(p.scores) == set(players) for p in one)


def test_batches_do_not_change_the_games():
    tasks = _tasks("relics", ("Ana",), 12)
    with executor(1) as pool:
        assert play_all(tasks, pool, 1) == play_all(tasks, pool, 5) == play_all(tasks, pool, 12)


def test_a_game_that_fails_in_a_worker_fails_the_run():
    with executor(2) as pool, pytest.raises(KeyError):
        play_all([Task(0, "no-such-game", None, ("Ana",), 1)], pool)


@pytest.mark.slow
def test_a_local_dask_cluster_plays_the_same_games_as_one_process():
    import distributed

    tasks = _tasks("relics", ("Ana",), 40) + _tasks("kartomantik", ("Ana", "Ben"), 6)
    with executor(1) as pool:
        one = play_all(tasks, pool)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        with executor(cluster=cluster.scheduler_address) as pool:
            assert play_all(tasks, pool, batch_size(len(tasks), 2)) == one


def test_a_game_the_engine_cannot_play_is_named_with_its_seed(monkeypatch):
    """An endless game (a card's script) in a worker: the run stops with the game's number and
    seed, as a message any worker can send back (it pickles whatever the error's class)."""
    import pickle

    from rules_check import many
    from rules_check.core.simulate import EndlessGame

    def endless(task):
        raise EndlessGame("relics: the game did not end within 20,000 actions")

    monkeypatch.setattr(many, "play_one", endless)
    with pytest.raises(GameFailed) as caught:
        play_batch([Task(4, "relics", None, ("Ana",), 99)])
    message = "game 5 of the run (pnp simulate relics --seed 99): relics: the game did not end within 20,000 actions"
    assert str(caught.value) == message and caught.value.exit_code == 2
    again = pickle.loads(pickle.dumps(caught.value))
    assert str(again) == message and again.exit_code == 2


# --- through the command -----------------------------------------------------------------------


def simulate(*args: str):
    r = CliRunner().invoke(app, ["simulate", *args])
    return r.exit_code, r.output


def test_the_summary_is_the_same_whatever_the_jobs():
    code, one = simulate("relics", "--games", "24", "--seed", "3", "--format", "json")
    assert code == 0, one
    assert simulate("relics", "--games", "24", "--seed", "3", "--format", "json", "--jobs", "2") == (0, one)
    summary = json.loads(one)
    assert summary["games"] == 24 and summary["seed"] == 3 and summary["players"] == ["Ana"]
    assert summary["undecided"] + sum(summary["wins"].values()) == 24  # solo: a game is won or lost
    code, text = simulate("relics", "--games", "24", "--seed", "3")
    assert code == 0 and text.splitlines()[0] == "relics: 24 games of 1 player, --policy random, --seed 3"
    assert text.splitlines()[1] == f"  Ana: {summary['wins']['Ana']} wins, mean score {summary['mean_scores']['Ana']:.2f}"


def test_each_games_log_is_written_legal_and_plays_again_alone(tmp_path):
    out = tmp_path / "logs"
    code, text = simulate("kartomantik", "--games", "3", "--seed", "11", "--players", "2", "--out", str(out),
                          "--jobs", "2")
    assert code == 0, text
    logs = sorted(out.iterdir())
    assert [p.name for p in logs] == ["kartomantik-1.yaml", "kartomantik-2.yaml", "kartomantik-3.yaml"]
    for k, path in enumerate(logs):
        first, body = path.read_text().split("\n", 1)
        seed = game_seed(11, k)
        assert first == (f"# simulated by pnp simulate kartomantik --players 2 --seed {seed} "
                         f"(game {k + 1} of pnp simulate kartomantik --games 3 --seed 11)")
        code, alone = simulate("kartomantik", "--players", "2", "--seed", str(seed))
        assert code == 0 and alone.split("\n", 1)[1] == body  # the same game, played alone
        r = CliRunner().invoke(app, ["check", "log", str(path)])
        assert r.exit_code == 0 and "legal, complete" in r.output, r.output


@pytest.mark.parametrize("args, said", [
    (["--games", "4", "--jobs", "2", "--cluster", "tcp://127.0.0.1:1"], "pnp: --jobs and --cluster: give one"),
    pytest.param(["--games", "4", "--cluster", "tcp://127.0.0.1:1"],  # waits the 10 s a scheduler is given
                 "pnp: --cluster tcp://127.0.0.1:1: cannot reach the scheduler", marks=pytest.mark.slow),
    (["--games", "0"], "--games"),
    (["--games", "2", "--jobs", "0"], "--jobs"),
])
def test_what_a_run_cannot_do_is_said(args, said):
    code, output = simulate("relics", *args)
    assert code == 2 and said in output and "Traceback" not in output, output


def test_an_out_that_is_a_file_is_refused_with_games(tmp_path):
    (tmp_path / "log.yaml").write_text("mine")
    code, output = simulate("relics", "--games", "2", "--out", str(tmp_path / "log.yaml"))
    assert code == 2 and "is a file; with --games, --out names the folder" in output
    assert (tmp_path / "log.yaml").read_text() == "mine"


@pytest.mark.slow
def test_the_command_on_a_local_dask_cluster_gives_the_same_summary():
    import distributed

    code, one = simulate("relics", "--games", "30", "--seed", "5", "--format", "json")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        assert simulate("relics", "--games", "30", "--seed", "5", "--format", "json",
                        "--cluster", cluster.scheduler_address) == (0, one)
