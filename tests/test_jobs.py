"""`jobs.run_in_processes`: results in task order, the first error in order, a dead worker."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable

import pytest

from jassdsl.core.errors import JassError
from jassdsl.research.jobs import WorkerError, run_in_processes


def setup(base: int) -> int:
    return base


def slow_first(base: int, task: int, stopped: Callable[[], bool]) -> tuple[int, int]:
    """Early tasks take longest, so the workers finish them out of order."""
    time.sleep(0.02 * max(0, 4 - task))
    return task, base + task * task


def failing(base: int, task: int, stopped: Callable[[], bool]) -> int:
    if task in (3, 6):
        time.sleep(0.1 if task == 3 else 0)  # task 6 fails first; task 3 comes first
        raise JassError(f"task {task} failed")
    return task


def dying(base: int, task: int, stopped: Callable[[], bool]) -> int:
    if task == 2:
        os._exit(3)
    return task


def test_results_come_back_in_task_order() -> None:
    got: list[tuple[int, int]] = []
    run_in_processes(setup, (100,), slow_first, list(range(8)), 3, got.append)
    assert got == [(t, 100 + t * t) for t in range(8)]


def test_the_first_error_in_task_order_is_raised() -> None:
    got: list[int] = []
    with pytest.raises(JassError, match="task 3 failed"):
        run_in_processes(setup, (0,), failing, list(range(8)), 2, got.append)
    assert got == [0, 1, 2]


def test_a_worker_that_dies_is_one_error() -> None:
    with pytest.raises(WorkerError, match="a worker process ended unexpectedly"):
        run_in_processes(setup, (0,), dying, list(range(6)), 2, lambda r: None)


def broken_setup(base: int) -> int:
    raise JassError(f"cannot set up {base}")


def test_a_setup_that_fails_is_raised_as_it_is(capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(JassError, match="cannot set up 7"):
        run_in_processes(broken_setup, (7,), slow_first, list(range(4)), 2, lambda r: None)
    assert "Traceback" not in capfd.readouterr().err  # no logged initializer traceback


def test_ctrl_c_while_the_workers_start_comes_after_it() -> None:
    from jassdsl.research.jobs import _ctrl_c_deferred

    reached = []
    # the default handler, even where pytest was started with Ctrl-C ignored (a shell's
    # background job): the deferred Ctrl-C is delivered to the handler it found
    outer = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt), _ctrl_c_deferred():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # the handler runs here and only takes note
            reached.append(1)
    finally:
        signal.signal(signal.SIGINT, outer)
    assert reached == [1]
