"""Sweeps on a Dask cluster: `pnp simulate --cluster tcp://HOST:8786` (a running scheduler) or
`--cluster local:N` (a cluster of N worker processes on this machine, started and stopped here).

Dask rather than Ray: it is pure Python and installs in seconds (`pip install 'siege-pnp[cluster]'`),
a worker is one `dask worker` command on any machine that can reach the scheduler (or `dask ssh`
over a list of hosts), and a local cluster starts in about a second, light enough for the test
suite on a 2-core machine; Ray brings a large binary runtime and object store that this work
(small picklable tasks, small records) does not need.

The work unit is the local pool's: `simulate.play_games` over a batch of `GameTask`s, each game
seeded from the base seed and its index only, so a cluster returns exactly the records the pool
does (`run_tasks` sorts them back into task order).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from ..errors import UsageError
from .simulate import GameTask, play_games

MAX_LOCAL_WORKERS = 64


def parse(address: str) -> tuple[str, int]:
    """`local:N` to ("local", N); anything else is a scheduler address ("tcp://host:8786")."""
    text = address.strip()
    if text.startswith("local:"):
        count = text[len("local:"):]
        if not count.isdigit() or not 1 <= int(count) <= MAX_LOCAL_WORKERS:
            raise UsageError(f"--cluster {address!r}: local:N takes 1 to {MAX_LOCAL_WORKERS} workers")
        return "local", int(count)
    if not text or "://" not in text:
        raise UsageError(f"--cluster {address!r}: give a scheduler address such as tcp://host:8786, or local:N")
    return text, 0


def _client(address: str):
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise UsageError("--cluster needs Dask: pip install 'siege-pnp[cluster]' (dask[distributed])") from None
    where, workers = parse(address)
    if where == "local":
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=50)
        return Client(cluster), cluster
    try:
        return Client(where, timeout=30), None
    except OSError as exc:
        raise UsageError(f"--cluster {address!r}: cannot reach the scheduler: {exc}") from None


@contextmanager
def dask_mapper(address: str, batch: int = 0) -> Iterator[Callable]:
    """A `mapper(play_game, tasks)` for `run_tasks` that plays the tasks on the Dask cluster at
    `address`, in batches of `batch` games (0: about 4 batches per worker and at most 50 games);
    the local cluster it starts is closed on leaving."""
    client, cluster = _client(address)
    try:
        def mapper(_fn, tasks: Sequence[GameTask]):
            from dask.distributed import as_completed
            workers = max(1, len(client.scheduler_info().get("workers", {})))
            size = batch or max(1, min(50, len(tasks) // (4 * workers) or 1))
            chunks = [list(tasks[i:i + size]) for i in range(0, len(tasks), size)]
            futures = client.map(play_games, chunks, pure=False)
            for future in as_completed(futures):
                yield from future.result()
        yield mapper
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
