#!/usr/bin/env python3
"""Times `find` with each kind of filter and a year read without an index, for two hannun binaries
side by side, interleaved (run 1 of each, then run 2 of each in the other order, …), so that the
load of a shared machine falls on both alike. Prints, for each command and binary, the median
wall time, the median CPU time (user + system, which the load moves much less) and the largest
peak memory.

    Scripts/bench-search.py BEFORE AFTER LEDGER UNINDEXED [ROUNDS]

LEDGER is an indexed copy of a generated ledger (Scripts/generate-ledger.py 1000000 DIR, then one
write, such as an add and a delete, to build its index and its postings; a search by category
reads only that category's lines when the index has them); UNINDEXED is a copy without
`ledger/index/`, which stays without one, since a reader never records the index it builds.
"""
import os
import statistics
import subprocess
import sys
import time

QUERIES = [
    ("find --category 식비 --min 30000 --max 100000 --json",
     ["find", "--category", "식비", "--min", "30000", "--max", "100000", "--json"]),
    ("find --category groceries --json", ["find", "--category", "groceries", "--json"]),
    ("find --category 주거 --kind expense --json",
     ["find", "--category", "주거", "--kind", "expense", "--json"]),
    ("find 점심 --category 식비 --json", ["find", "점심", "--category", "식비", "--json"]),
    ("find --kind income --json", ["find", "--kind", "income", "--json"]),
    ("find --min 1000000 --json", ["find", "--min", "1000000", "--json"]),
    ("find --from 2020-01-01 --to 2020-12-31 --json",
     ["find", "--from", "2020-01-01", "--to", "2020-12-31", "--json"]),
    ("find 월세 --json", ["find", "월세", "--json"]),
    ("find (a word in no entry) --json", ["find", "zzzq", "--json"]),
]


def run(binary, arguments):
    """Runs one command; returns its wall seconds, CPU seconds and peak memory in MiB."""
    start = time.perf_counter()
    process = subprocess.Popen([binary] + arguments, stdout=subprocess.DEVNULL)
    _, _, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main(arguments):
    if len(arguments) < 4:
        sys.exit(__doc__)
    before, after, ledger, unindexed = arguments[:4]
    rounds = int(arguments[4]) if len(arguments) > 4 else 5
    commands = [(name, query + ["--data", ledger]) for name, query in QUERIES]
    commands.append(("report --year 2024 --json without an index (reads the year's files)",
                     ["report", "--year", "2024", "--json", "--data", unindexed]))
    binaries = [("before", before), ("after", after)]
    for name, command in commands:
        results = {label: [] for label, _ in binaries}
        for label, binary in binaries:
            run(binary, command)  # warm-up
        for number in range(rounds):
            for label, binary in binaries if number % 2 == 0 else binaries[::-1]:
                results[label].append(run(binary, command))
        parts = [name]
        for label, _ in binaries:
            runs = results[label]
            parts.append("%s %.0f ms wall, %.0f ms CPU, %.0f MiB" % (
                label, statistics.median(r[0] for r in runs) * 1000,
                statistics.median(r[1] for r in runs) * 1000, max(r[2] for r in runs)))
        print(" | ".join(parts), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
