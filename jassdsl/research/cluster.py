"""Beyond one machine: the batches of a simulation on a Dask distributed cluster.

The runs of games are the very runs `jassdsl.research.jobs` hands to worker processes: each
carries its games' numbers and seeds, drawn in the parent from the run's seed, so where a
run is played changes nothing. The results are taken back in the order of the runs, so
the report (and the records) are those of `--jobs 1`. Each Dask worker compiles the rule
file once (a variant name, or a path that every worker can read).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.errors import JassError
from jassdsl.registry import load_rules


class ClusterError(JassError):
    """The cluster cannot be reached or used."""


CONNECT_TIMEOUT = "10s"  # how long to wait for the scheduler
Spec = tuple[str, dict[str, int | str] | None]  # variant and options


@cache
def rules_on_worker(variant: str, options: tuple[tuple[str, int | str], ...]) -> CompiledRules:
    return load_rules(variant, dict(options) or None)


Run = Callable[[CompiledRules, Any, Callable[[], bool]], Any]  # `simulate.play_run`


def play_batch(spec: Spec, task: Any, run: Run) -> Any:
    """One run of games on a worker: `run` (`simulate.play_run`, handed in by the
    simulation, which this module serves and does not import) on the worker's compiled
    rules."""
    variant, options = spec
    rules = rules_on_worker(variant, tuple(sorted((options or {}).items())))
    return run(rules, task, lambda: False)


def connect(address: str) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("a run on a cluster needs Dask: pip install 'jassdsl[research]'"
                           ) from None
    try:
        return Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as e:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {e}") from None


def run_on_cluster(cluster: Any, spec: Spec, tasks: Sequence[Any],
                   done: Callable[[Any], None], run: Run) -> None:
    """Play every run of games on the cluster (a scheduler's address, or a
    `distributed.Client`) with ``run`` and call ``done`` with their results in the order
    of the runs."""
    client = connect(cluster) if isinstance(cluster, str) else cluster
    futures = client.map(play_batch, [spec] * len(tasks), list(tasks), [run] * len(tasks),
                         pure=False)
    try:
        for future in futures:  # in order: the report of one process
            done(future.result())
            future.release()
    finally:
        client.cancel(futures)
        if client is not cluster:
            client.close()
