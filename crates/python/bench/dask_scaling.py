"""Throughput of scoresheet.dask.validate on a LocalCluster of 1, then 2,
worker processes (one thread each), beside scoresheet.validate(jobs=1), over
the files given (default: ../shared/corpus/strict). Every report is read.

    target/py-venv/bin/python crates/python/bench/dask_scaling.py [--chunk MiB] [PATH...]
"""

import argparse
import os
import pathlib
import time

import scoresheet
import scoresheet.dask


def size(paths):
    total = 0
    for p in paths:
        p = pathlib.Path(p)
        files = [p] if p.is_file() else [f for f in p.rglob("*") if f.is_file()]
        total += sum(f.stat().st_size for f in files if f.name.endswith(".pgn"))
    return total


def timed(run):
    start = time.perf_counter()
    n = sum(1 for _ in run())
    return time.perf_counter() - start, n


def main():
    root = pathlib.Path(__file__).resolve().parents[3]
    parser = argparse.ArgumentParser()
    parser.add_argument("--chunk", type=int, default=8, help="range size in MiB")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("paths", nargs="*", default=[str(root.parent / "shared/corpus/strict")])
    args = parser.parse_args()
    from distributed import Client, LocalCluster

    mb = size(args.paths) / 1e6
    best, n = min(timed(lambda: scoresheet.validate(args.paths, jobs=1)) for _ in range(args.runs))
    print(f"{mb:.1f} MB, {n - 1} games")
    print("| run | wall s | MB/s |\n| --- | ---: | ---: |")
    print(f"| scoresheet.validate(jobs=1) | {best:.2f} | {mb / best:.1f} |")
    for workers in (1, 2):
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        with Client(cluster) as client:
            chunk = args.chunk << 20
            list(scoresheet.dask.validate(args.paths, client, chunk_size=chunk))  # warm-up
            t, _ = min(
                timed(lambda: scoresheet.dask.validate(args.paths, client, chunk_size=chunk))
                for _ in range(args.runs)
            )
        cluster.close()
        print(f"| scoresheet.dask.validate, {workers} worker(s) | {t:.2f} | {mb / t:.1f} |")


if __name__ == "__main__":
    os.environ.setdefault("SCORESHEET_NO_PROGRESS", "1")
    main()
