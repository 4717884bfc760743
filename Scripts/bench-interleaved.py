#!/usr/bin/env python3
"""Times whole commands side by side, interleaved: run 1 of each, then run 2 of each (in the
other order), and so on, so that the machine's load drifting during a run (this machine is shared)
falls on every command alike. hyperfine runs all of one command, then all of the next, which on a
busy machine can move a ratio by 20%.

    Scripts/bench-interleaved.py [--runs 60] [--warmup 5] NAME='COMMAND …' [NAME='COMMAND …' …]

Each COMMAND is split like a shell would split it (no pipes or redirections). `{alt:A|B}` in a
command is A on its even runs and B on its odd runs, so that a write can go back and forth
(`edit ID --amount {alt:4500|5000}`, `edit ID --date {alt:2025-11-20|1975-11-03}`) and every
run is a real write that leaves the ledger as it found it every second run. A command written
`PREPARE ::: COMMAND` runs PREPARE, untimed, before each timed run, and `{prepared}` in COMMAND
is what PREPARE printed (`hannun add … ::: hannun delete {prepared} …` times a delete of the
entry just added). Prints each command's median and the ratio of each median to the first
command's.

Example (ledgers as Scripts/bench-cli.sh generates them under $HANNUN_BENCH_DIR):

    B=${HANNUN_BENCH_DIR:-/tmp/hannun-cli-bench}
    Scripts/bench-interleaved.py \\
      "month 1M=.build/release/hannun month 2025-11 --json --data $B/gen-1000000" \\
      "month 1k=.build/release/hannun month 2025-11 --json --data $B/gen-1000"
"""
import os
import re
import shlex
import statistics
import subprocess
import sys
import time


def main(arguments):
    runs, warmup, commands = 60, 5, []
    while arguments:
        argument = arguments.pop(0)
        if argument in ("--runs", "--warmup") and arguments:
            value = int(arguments.pop(0))
            if argument == "--runs":
                runs = value
            else:
                warmup = value
        elif "=" in argument:
            name, command = argument.split("=", 1)
            prepare, _, timed = command.rpartition(" ::: ")
            commands.append((name, (shlex.split(prepare), shlex.split(timed))))
        else:
            sys.exit(__doc__)
    if not commands:
        sys.exit(__doc__)
    environment = dict(os.environ, LANG=os.environ.get("LANG", "en_US.UTF-8"))

    def run(command, index):
        prepare, words = command
        prepared = ""
        if prepare:
            done = subprocess.run(prepare, capture_output=True, env=environment)
            if done.returncode != 0:
                sys.exit(f"failed ({done.returncode}): {shlex.join(prepare)}\n"
                         + done.stderr.decode(errors="replace"))
            prepared = done.stdout.decode().strip()
        chosen = [re.sub(r"\{alt:([^|}]*)\|([^}]*)\}",
                         lambda match: match.group(1 + index % 2), word)
                  .replace("{prepared}", prepared) for word in words]
        started = time.perf_counter()
        done = subprocess.run(chosen, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              env=environment)
        elapsed = (time.perf_counter() - started) * 1000
        if done.returncode != 0:
            sys.exit(f"failed ({done.returncode}): {shlex.join(chosen)}\n"
                     + done.stderr.decode(errors="replace"))
        return elapsed

    times = {name: [] for name, _ in commands}
    counts = {name: 0 for name, _ in commands}
    for round_number in range(warmup + runs):
        order = commands if round_number % 2 == 0 else list(reversed(commands))
        for name, words in order:
            elapsed = run(words, counts[name])
            counts[name] += 1
            if round_number >= warmup:
                times[name].append(elapsed)
    first = statistics.median(times[commands[0][0]])
    print(f"{runs} interleaved runs after {warmup} warm-ups; medians:")
    for name, _ in commands:
        median = statistics.median(times[name])
        print(f"  {name}: {median:.1f} ms = {median / first:.2f}x {commands[0][0]}")


if __name__ == "__main__":
    main(sys.argv[1:])
