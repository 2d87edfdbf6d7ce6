"""Spread runs of work over worker processes, and hand the results back in order.

Each worker sets up once (a simulation loads its rule file once) and then takes runs of
work. The results come back in the order of the runs, whatever order the workers finish
in, so the caller sees the same sequence as from one process. Workers ignore Ctrl-C: the
parent is interrupted, tells the workers to stop after their current item, waits for them
and re-raises, so no process is left behind and no worker prints a traceback. An error in
a worker is re-raised in the parent (a dead worker as a `JassError` of one line).
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any, TypeVar

from jassdsl.core.errors import JassError

C = TypeVar("C")  # what a worker sets up once
T = TypeVar("T")  # one run of work
R = TypeVar("R")  # its result

Stopped = Callable[[], bool]

_context: Any = None  # in a worker: what setup returned
_stop: Any = None  # in a worker: the parent's stop event
_failed: Exception | None = None  # in a worker: why setup failed (raised with each task)


class WorkerError(JassError):
    """A worker process ended without finishing its work."""


def _setup(setup: Callable[..., Any], args: tuple[Any, ...], stop: Any) -> None:
    global _context, _stop, _failed
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _stop = stop
    try:
        _context = setup(*args)
    except Exception as e:  # an initializer that raises breaks the pool and logs a traceback
        _failed = e


def _work(work: Callable[[Any, Any, Stopped], Any], task: Any) -> Any:
    if _failed is not None:
        raise _failed
    return work(_context, task, _stop.is_set)


@contextmanager
def _ctrl_c_deferred() -> Iterator[None]:
    """Hold Ctrl-C back while the workers are forked, then deliver it.

    A worker forked now inherits this handler, which only takes note, until its setup
    ignores Ctrl-C; so no worker can be interrupted before it is ready (and print a
    traceback). Signals are handled in the main thread only; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    before = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if caught and callable(before):
        before(signal.SIGINT, None)  # the default handler raises KeyboardInterrupt


def run_in_processes(setup: Callable[..., C], args: tuple[Any, ...],
                     work: Callable[[C, T, Stopped], R], tasks: Sequence[T], jobs: int,
                     done: Callable[[R], None]) -> None:
    """Run ``work(setup(*args), task, stopped)`` for every task in ``jobs`` processes and
    call ``done`` with the results in task order (an error is raised when its turn
    comes). ``setup`` and ``work`` must be functions at the top of a module (they are sent
    to the workers by name)."""
    ctx = multiprocessing.get_context()
    stop = ctx.Event()
    pool = ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_setup,
                               initargs=(setup, args, stop))
    try:
        queued: dict[int, Future[R]] = {}
        for i, task in enumerate(tasks):
            if i == 0:
                with _ctrl_c_deferred():  # the first task starts the workers (fork)
                    queued[i] = pool.submit(_work, work, task)
            else:
                queued[i] = pool.submit(_work, work, task)
        index = {f: i for i, f in queued.items()}
        pending = set(queued.values())
        ready: set[int] = set()
        following = 0  # the next task whose result (or error) goes on
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            ready.update(index.pop(f) for f in finished)
            while following in ready:  # in task order, so the first error is the same
                done(queued.pop(following).result())  # as in one process
                following += 1
    except BrokenProcessPool as e:
        raise WorkerError(f"a worker process ended unexpectedly ({e})") from None
    finally:
        stop.set()  # after an error or Ctrl-C: the busy workers stop after their item
        pool.shutdown(wait=True, cancel_futures=True)
