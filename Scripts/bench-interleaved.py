#!/usr/bin/env python3
"""Times whole commands side by side, interleaved: run 1 of each, then run 2 of each (in the
other order), and so on, so that the machine's load drifting during a run (this machine is shared)
falls on every command alike. hyperfine runs all of one command, then all of the next, which on a
busy machine can move a ratio by 20%.

    Scripts/bench-interleaved.py [--runs 60] [--warmup 5] NAME='COMMAND …' [NAME='COMMAND …' …]
    Scripts/bench-interleaved.py --issue-table [--runs 20] [--warmup 3] [--binary PATH]
    Scripts/bench-interleaved.py --startup-table [--runs 40] [--warmup 5] [--binary PATH]
                                 [--static-binary PATH] [--before PATH]
    Scripts/bench-interleaved.py --repl-start [--runs 30] [--warmup 3] NAME=HANNUN [NAME=HANNUN …]

Each COMMAND is split like a shell would split it (no pipes or redirections). `{alt:A|B}` in a
command is A on its even runs and B on its odd runs, so that a write can go back and forth
(`edit ID --amount {alt:4500|5000}`, `edit ID --date {alt:2025-11-20|1975-11-03}`) and every
run is a real write that leaves the ledger as it found it every second run. A command written
`PREPARE ::: COMMAND` runs PREPARE, untimed, before each timed run, and `{prepared}` in COMMAND
is what PREPARE printed (`hannun add … ::: hannun delete {prepared} …` times a delete of the
entry just added). Prints each command's median wall time and median CPU time (user + system,
from the kernel's accounting of the child: steadier than the wall time on a shared machine), each
with its ratio to the first command's, and the load average before and after.

`--issue-table` measures every ratio of issue 22's table it can, in one interleaved run: it
builds the floor programs itself (a Swift + Foundation hello and a hello without Foundation,
`swiftc -O` like the release build), generates realistic ledgers once with
Scripts/generate-ledger.py (a thousand and a million entries, under $HANNUN_BENCH_DIR, default
/tmp/hannun-cli-bench; about 200 MB for a million) and times on copies of them: `--version`,
every one-shot read at both sizes, `find` with each kind of filter, `report --year` on a fresh
`cp -a` copy, the first command on a ledger without its index, and cold writes at a million;
then the peak memory of each (the largest of three runs). It prints medians and the ratios the
issue asks for. The release `hannun` is built unless --binary is given.

`--startup-table` measures issue 22's first item only, on the same floors and ledgers: the
hellos (and one importing FoundationEssentials alone, as `hannun` links it), `hannun --version`, and `month`, `week`, `day`, `report`, `year`, `budget`, `due` and
`categories` (`--json`) at a thousand and a million entries. For each it prints the median wall
time and the median CPU time (user + system, from the kernel's accounting of the child), each
as a ratio to the Swift + Foundation hello: on a shared machine the wall time also holds the
time a run waited for a core, which the CPU time does not. With `--static-binary PATH` (a
release `hannun` built with `swift build -c release --static-swift-stdlib`, which links the Swift
runtime and Foundation statically) the same rows of that binary and of hellos built the same way
(`swiftc -O -static-stdlib`) run in the same interleaved rounds, in a second table against the
static hello. With `--before PATH` (a release `hannun` of an earlier commit) its `--version` and
reads run in the same rounds too, each with its ratio to the same dynamic hello and the ratio of
each CPU median to the before binary's, so that a change is measured under the same load. The
load average before and after the rounds is printed.

`--repl-start` times the REPL's start at a million entries, as a terminal sees it: each HANNUN
(a `hannun` executable, `hannun-repl` beside it) runs with no subcommand in an 80×24 pty on its
own indexed copy of the generated 1M ledger, and the time from the spawn to the first prompt
(`YYYY-MM> `) drawn is taken; then Ctrl-D ends it. It prints each one's median time to the prompt
and median CPU time of the whole run (start, first screen and exit), each as a ratio to the first
HANNUN's, so that a before and an after binary are compared in the same rounds.

Example (ledgers as Scripts/bench-cli.sh generates them under $HANNUN_BENCH_DIR):

    B=${HANNUN_BENCH_DIR:-/tmp/hannun-cli-bench}
    Scripts/bench-interleaved.py \\
      "month 1M=.build/release/hannun month 2025-11 --json --data $B/gen-1000000" \\
      "month 1k=.build/release/hannun month 2025-11 --json --data $B/gen-1000"
"""
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time


def main(arguments):
    if "--issue-table" in arguments:
        return issue_table([a for a in arguments if a != "--issue-table"])
    if "--startup-table" in arguments:
        return startup_table([a for a in arguments if a != "--startup-table"])
    if "--repl-start" in arguments:
        return repl_start([a for a in arguments if a != "--repl-start"])
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
        # Standard error to a file, so that a chatty failure cannot fill a pipe and stall.
        with tempfile.TemporaryFile() as said:
            started = time.perf_counter()
            child = subprocess.Popen(chosen, stdout=subprocess.DEVNULL, stderr=said,
                                     env=environment)
            _, status, usage = os.wait4(child.pid, 0)
            elapsed = (time.perf_counter() - started) * 1000
            if status != 0:
                said.seek(0)
                sys.exit(f"failed ({os.waitstatus_to_exitcode(status)}): {shlex.join(chosen)}\n"
                         + said.read().decode(errors="replace"))
        return elapsed, (usage.ru_utime + usage.ru_stime) * 1000

    times = {name: [] for name, _ in commands}
    cpu_times = {name: [] for name, _ in commands}
    counts = {name: 0 for name, _ in commands}
    load_before = os.getloadavg()
    for round_number in range(warmup + runs):
        order = commands if round_number % 2 == 0 else list(reversed(commands))
        for name, words in order:
            elapsed, used = run(words, counts[name])
            counts[name] += 1
            if round_number >= warmup:
                times[name].append(elapsed)
                cpu_times[name].append(used)
    first = commands[0][0]
    wall_first, cpu_first = statistics.median(times[first]), statistics.median(cpu_times[first])
    print(f"{runs} interleaved runs after {warmup} warm-ups, {load_text(load_before)}; medians, "
          "wall and CPU (user + system):")
    for name, _ in commands:
        wall, used = statistics.median(times[name]), statistics.median(cpu_times[name])
        print(f"  {name}: {wall:.1f} ms = {wall / wall_first:.2f}x {first}; "
              f"CPU {used:.2f} ms = {used / cpu_first:.2f}x")


def load_text(before):
    """The load average (1 minute) when the runs started and now, as text."""
    return f"load average {before[0]:.1f} -> {os.getloadavg()[0]:.1f}"


def peak_kib(words, prepare=None, times=3):
    """The largest maximum resident size (KiB) of `times` runs of `words` (os.wait4's rusage)."""
    most = 0
    for _ in range(times):
        if prepare:
            subprocess.run(prepare, stdout=subprocess.DEVNULL, check=True)
        child = subprocess.Popen(words, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        if status != 0:
            sys.exit(f"failed ({status}): {shlex.join(words)}")
        most = max(most, usage.ru_maxrss)
    return most


def timed_runs(commands, runs, warmup, cpu=None):
    """Interleaved runs of (name, prepare-or-None, words); each name's median wall time in ms.
    With a dictionary `cpu`, each name's median CPU time (user + system) in ms goes into it."""
    times = {name: [] for name, _, _ in commands}
    cpu_times = {name: [] for name, _, _ in commands}
    for round_number in range(warmup + runs):
        order = commands if round_number % 2 == 0 else list(reversed(commands))
        for name, prepare, words in order:
            if prepare:
                subprocess.run(prepare, stdout=subprocess.DEVNULL, check=True)
            # Standard error to a file, so that a chatty failure cannot fill a pipe and stall.
            with tempfile.TemporaryFile() as said:
                started = time.perf_counter()
                child = subprocess.Popen(words, stdout=subprocess.DEVNULL, stderr=said)
                _, status, usage = os.wait4(child.pid, 0)
                elapsed = (time.perf_counter() - started) * 1000
                if status != 0:
                    said.seek(0)
                    sys.exit(f"failed ({os.waitstatus_to_exitcode(status)}): "
                             f"{shlex.join(words)}\n" + said.read().decode(errors="replace"))
            if round_number >= warmup:
                times[name].append(elapsed)
                cpu_times[name].append((usage.ru_utime + usage.ru_stime) * 1000)
    if cpu is not None:
        cpu.update({name: statistics.median(values) for name, values in cpu_times.items()})
    return {name: statistics.median(values) for name, values in times.items()}


def bench_setup(arguments, runs, warmup):
    """Reads --runs, --warmup, --binary, --static-binary and --before; builds the release `hannun`
    (unless --binary), the floor programs (each linked dynamically, as the release is, and
    statically) and the generated ledgers; returns (runs, warmup, binary, base, floors, others):
    `others` holds the --static-binary and --before given, by name ("static", "before")."""
    binary, others = None, {}
    while arguments:
        argument = arguments.pop(0)
        if argument in ("--runs", "--warmup", "--binary", "--static-binary",
                        "--before") and arguments:
            value = arguments.pop(0)
            if argument == "--runs":
                runs = int(value)
            elif argument == "--warmup":
                warmup = int(value)
            elif argument == "--binary":
                binary = os.path.abspath(value)
            else:
                others[argument.split("-")[-1]] = os.path.abspath(value)
        else:
            sys.exit(__doc__)
    os.environ.setdefault("LANG", "en_US.UTF-8")
    os.environ["TZ"] = "Asia/Seoul"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if binary is None:
        release = ["swift", "build", "-c", "release"]
        subprocess.run(release + ["--product", "hannun"], cwd=root, check=True,
                       stdout=subprocess.DEVNULL)
        path = subprocess.run(release + ["--show-bin-path"], cwd=root, check=True,
                              capture_output=True, text=True).stdout.strip()
        binary = os.path.join(path, "hannun")
    base = os.environ.get("HANNUN_BENCH_DIR", "/tmp/hannun-cli-bench")
    os.makedirs(base, exist_ok=True)
    # The floor programs, built the way the release build builds (-O); the `-static` ones as a
    # release built with --static-swift-stdlib is, for --static-binary.
    floors = os.path.join(base, "floors")
    os.makedirs(floors, exist_ok=True)
    for name, source in (("hello-foundation", 'import Foundation\n'
                          'print(ProcessInfo.processInfo.arguments.count > 0 ? "hello" : "")\n'),
                         ("hello-essentials", 'import FoundationEssentials\n'
                          'print(ProcessInfo.processInfo.arguments.count > 0 ? "hello" : "")\n'),
                         ("hello-plain", 'print(CommandLine.arguments.count > 0 ? "hello" : "")\n')):
        for suffix, flags in (("", []), ("-static", ["-static-stdlib"])):
            program = os.path.join(floors, name + suffix)
            if not os.path.exists(program):
                with open(program + ".swift", "w") as f:
                    f.write(source)
                subprocess.run(["swiftc", "-O", *flags, program + ".swift", "-o", program],
                               check=True)
    for size in (1000, 1000000):
        ledger = os.path.join(base, f"gen-{size}")
        if not os.path.exists(os.path.join(ledger, "complete")):
            print(f"generating a {size}-entry ledger in {ledger}", flush=True)
            subprocess.run(["rm", "-rf", ledger], check=True)
            subprocess.run([sys.executable, os.path.join(root, "Scripts", "generate-ledger.py"),
                            str(size), ledger], check=True)
            open(os.path.join(ledger, "complete"), "w").close()
    return runs, warmup, binary, base, floors, others


def issue_table(arguments):
    runs, warmup, binary, base, floors, _ = bench_setup(arguments, 20, 3)
    work = os.path.join(base, f"issue-{os.getpid()}")
    os.makedirs(work)

    def copy(size, name, index=True):
        data = os.path.join(work, name)
        subprocess.run(["cp", "-a", os.path.join(base, f"gen-{size}"), data], check=True)
        subprocess.run(["rm", "-rf", os.path.join(data, "ledger", "index")], check=True)
        if index:  # the first write builds and records the index
            entry = subprocess.run([binary, "add", "--expense", "4500", "--category", "warm",
                                    "--date", "2025-11-15", "--data", data], check=True,
                                   capture_output=True, text=True).stdout.strip()
            subprocess.run([binary, "delete", entry, "--data", data], check=True,
                           stdout=subprocess.DEVNULL)
        return data

    print("copying the ledgers and building their indexes", flush=True)
    small, large, writes = copy(1000, "small"), copy(1000000, "large"), copy(1000000, "writes")
    fresh = os.path.join(work, "fresh")  # a cp -a copy of `large`, made again before each run
    unindexed = os.path.join(work, "unindexed")  # `large` without its index, made again
    hannun = lambda data, *words: [binary, *words, "--data", data]
    with open(os.path.join(large, "ledger", "1975", "1975-11.json")) as f:
        target = json.loads(f.read())["transactions"][0]
    finds = {
        "find --category 식비 --min 30000 --max 100000": ["find", "--category", "식비", "--min",
                                                          "30000", "--max", "100000"],
        "find --kind income": ["find", "--kind", "income"],
        "find --from 2020-01-01 --to 2020-12-31": ["find", "--from", "2020-01-01", "--to",
                                                   "2020-12-31"],
        "find --min 1000000": ["find", "--min", "1000000"],
        "find 월세 (text)": ["find", "월세"],
        "find (a rare word)": ["find", "zzzrare"],
    }
    reads = {
        "month": ["month", "2025-10"], "week": ["week", "2025-10-15"], "day": ["day", "2025-10-15"],
        "report": ["report"], "report --year 2024": ["report", "--year", "2024"],
        "year": ["year", "2024"], "budget": ["budget"], "due": ["due"], "categories": ["categories"],
    }
    commands = [("hello (Foundation)", None, [os.path.join(floors, "hello-foundation")]),
                ("hello (no Foundation)", None, [os.path.join(floors, "hello-plain")]),
                ("hannun --version", None, [binary, "--version"])]
    for name, words in reads.items():
        commands.append((f"{name} 1k", None, hannun(small, *words, "--json")))
        commands.append((f"{name} 1M", None, hannun(large, *words, "--json")))
    for name, words in finds.items():
        commands.append((f"{name} 1M", None, hannun(large, *words, "--json")))
    commands.append(("report --year 2024, cp -a copy 1M",
                     ["sh", "-c", f'rm -rf "{fresh}" && cp -a "{large}" "{fresh}"'],
                     hannun(fresh, "report", "--year", "2024", "--json")))
    commands.append(("report --year 2024, no index 1M",
                     ["sh", "-c", f'rm -rf "{unindexed}" && cp -a "{large}" "{unindexed}" && '
                                  f'rm -rf "{unindexed}/ledger/index"'],
                     hannun(unindexed, "report", "--year", "2024", "--json")))
    commands.append(("edit --amount 1M", hannun(writes, "edit", target["id"], "--amount", "1111"),
                     hannun(writes, "edit", target["id"], "--amount", "2222")))
    commands.append(("edit --date (move) 1M",
                     hannun(writes, "edit", target["id"], "--date", target["date"]),
                     hannun(writes, "edit", target["id"], "--date", "2000-06-15")))
    drop = os.path.join(work, "drop-adds.py")
    with open(drop, "w") as f:
        f.write("import json, subprocess, sys\n"
                "binary, data = sys.argv[1], sys.argv[2]\n"
                "doc = json.load(open(f'{data}/ledger/2025/2025-11.json'))\n"
                "for record in doc['transactions']:\n"
                "    if record['category'] in ('benchadd', 'benchdel'):\n"
                "        subprocess.run([binary, 'delete', record['id'], '--data', data],\n"
                "                       stdout=subprocess.DEVNULL, check=True)\n")
    commands.append(("add 1M", [sys.executable, drop, binary, writes],
                     hannun(writes, "add", "--expense", "4500", "--category", "benchadd",
                            "--date", "2025-11-15")))
    print(f"{runs} interleaved runs of {len(commands)} commands after {warmup} warm-ups",
          flush=True)
    medians = timed_runs(commands, runs, warmup)
    subprocess.run([sys.executable, drop, binary, writes], check=True)
    print("peak memory (largest of 3 runs)", flush=True)
    peaks = {}
    for name, words in finds.items():
        peaks[f"{name} 1M"] = peak_kib(hannun(large, *words, "--json"))
    peaks["month 1M"] = peak_kib(hannun(large, "month", "2025-10", "--json"))
    peaks["report --year 2024, cp -a copy 1M"] = peak_kib(
        hannun(fresh, "report", "--year", "2024", "--json"),
        ["sh", "-c", f'rm -rf "{fresh}" && cp -a "{large}" "{fresh}"'])
    peaks["report --year 2024, no index 1M"] = peak_kib(
        hannun(unindexed, "report", "--year", "2024", "--json"),
        ["sh", "-c", f'rm -rf "{unindexed}" && cp -a "{large}" "{unindexed}" && '
                     f'rm -rf "{unindexed}/ledger/index"'])
    peaks["first add without an index 1M"] = peak_kib(
        hannun(unindexed, "add", "--expense", "4500", "--category", "benchadd", "--date",
               "2025-11-15"),
        ["sh", "-c", f'rm -rf "{unindexed}" && cp -a "{large}" "{unindexed}" && '
                     f'rm -rf "{unindexed}/ledger/index"'], times=1)
    subprocess.run(["sh", "-c", f'rm -rf "{unindexed}" && cp -a "{large}" "{unindexed}" && '
                                f'rm -rf "{unindexed}/ledger/index"'], check=True)
    started = time.perf_counter()
    subprocess.run(hannun(unindexed, "add", "--expense", "4500", "--category", "benchadd",
                          "--date", "2025-11-15"), check=True, stdout=subprocess.DEVNULL)
    first_add = (time.perf_counter() - started) * 1000
    subprocess.run(["rm", "-rf", work], check=True)

    hello, month_1m = medians["hello (Foundation)"], medians["month 1M"]
    print()
    print("| measure | median | ratio | goal |")
    print("|---|---|---|---|")
    print(f"| hello, Swift + Foundation (the floor) | {hello:.1f} ms | 1 | |")
    print(f"| hello, no Foundation | {medians['hello (no Foundation)']:.1f} ms | "
          f"{medians['hello (no Foundation)'] / hello:.2f}x hello | |")
    print(f"| `hannun --version` | {medians['hannun --version']:.1f} ms | "
          f"{medians['hannun --version'] / hello:.2f}x hello | <= 1.3x |")
    for name in reads:
        small_ms, large_ms = medians[f"{name} 1k"], medians[f"{name} 1M"]
        print(f"| `{name} --json` 1k / 1M | {small_ms:.1f} / {large_ms:.1f} ms | "
              f"{large_ms / hello:.2f}x hello; 1M/1k {large_ms / small_ms:.2f}x | <= 1.5x hello"
              + ("; 1M/1k <= 1.2x |" if name == "month" else " |"))
    for name in finds:
        key = f"{name} 1M"
        print(f"| `{name} --json` 1M | {medians[key]:.1f} ms, {peaks[key] / 1024:.0f} MiB | "
              f"{medians[key] / hello:.2f}x hello | <= 150 ms, <= 64 MiB |")
    for key in ("report --year 2024, cp -a copy 1M", "report --year 2024, no index 1M"):
        print(f"| `{key}` | {medians[key]:.1f} ms, {peaks[key] / 1024:.0f} MiB | "
              f"{medians[key] / medians['report --year 2024 1M']:.2f}x on the indexed ledger | "
              "no cliff |")
    print(f"| first `add` without an index 1M (index built) | {first_add:.0f} ms (one run), "
          f"{peaks['first add without an index 1M'] / 1024:.0f} MiB | | <= 1 s, <= 64 MiB |")
    for key in ("add 1M", "edit --amount 1M", "edit --date (move) 1M"):
        print(f"| cold `{key}` | {medians[key]:.1f} ms | {medians[key] / month_1m:.2f}x month 1M |"
              " <= 1.2x |")


def startup_table(arguments):
    runs, warmup, binary, base, floors, others = bench_setup(arguments, 40, 5)
    static, before = others.get("static"), others.get("before")
    work = os.path.join(base, f"startup-{os.getpid()}")
    os.makedirs(work)
    ledgers = {}
    print("copying the ledgers and building their indexes", flush=True)
    for size, label in ((1000, "1k"), (1000000, "1M")):
        data = os.path.join(work, label)
        subprocess.run(["cp", "-a", os.path.join(base, f"gen-{size}"), data], check=True)
        subprocess.run(["rm", "-rf", os.path.join(data, "ledger", "index")], check=True)
        entry = subprocess.run([binary, "add", "--expense", "4500", "--category", "warm",
                                "--date", "2025-11-15", "--data", data], check=True,
                               capture_output=True, text=True).stdout.strip()
        subprocess.run([binary, "delete", entry, "--data", data], check=True,
                       stdout=subprocess.DEVNULL)
        ledgers[label] = data
    reads = {
        "month": ["month", "2025-10"], "week": ["week", "2025-10-15"], "day": ["day", "2025-10-15"],
        "report": ["report"], "year": ["year", "2024"], "budget": ["budget"], "due": ["due"],
        "categories": ["categories"],
    }
    # Each build beside the floor built the same way: dynamic, and with --static-binary static;
    # a --before binary beside the same dynamic hello.
    builds = ([("", binary, "")] + ([(" (static)", static, "-static")] if static else [])
              + ([(" (before)", before, "")] if before else []))
    commands = []
    for tag, program, suffix in builds:
        if tag != " (before)":
            commands += [(f"hello (Foundation){tag}", None,
                          [os.path.join(floors, "hello-foundation" + suffix)]),
                         (f"hello (FoundationEssentials only){tag}", None,
                          [os.path.join(floors, "hello-essentials" + suffix)]),
                         (f"hello (no Foundation){tag}", None,
                          [os.path.join(floors, "hello-plain" + suffix)])]
        commands.append((f"hannun --version{tag}", None, [program, "--version"]))
        for name, words in reads.items():
            for label, data in ledgers.items():
                commands.append((f"{name} {label}{tag}", None,
                                 [program, *words, "--json", "--data", data]))
    print(f"{runs} interleaved runs of {len(commands)} commands after {warmup} warm-ups",
          flush=True)
    cpu = {}
    load_before = os.getloadavg()
    wall = timed_runs(commands, runs, warmup, cpu)
    print(load_text(load_before))
    subprocess.run(["rm", "-rf", work], check=True)
    tags = [tag for tag, _, _ in builds]
    for tag in tags:
        floor = " (static)" if tag == " (static)" else ""
        hello, hello_cpu = wall[f"hello (Foundation){floor}"], cpu[f"hello (Foundation){floor}"]
        print()
        print({"": "dynamic build", " (static)": "static build",
               " (before)": "the --before build"}[tag]
              + ", ratios to the hello built the same way"
              + ("; the last column is CPU after / before" if tag == " (before)" else ""))
        print("| measure | median wall | ratio | median CPU | ratio | goal |"
              + (" after / before |" if tag == " (before)" else ""))
        print("|---|---|---|---|---|---|" + ("---|" if tag == " (before)" else ""))
        for name, _, _ in commands:
            if not name.endswith(tag) or (not tag and any(name.endswith(t) for t in tags if t)):
                continue
            base_name = name[: len(name) - len(tag)]
            goal = ("" if base_name.startswith("hello") else
                    "<= 1.3x" if base_name == "hannun --version" else
                    "<= 1.5x" if base_name.endswith("1M") else "")
            shown = base_name if base_name.startswith("hello") else f"`{base_name}`"
            compared = (f" {cpu[base_name] / cpu[name]:.2f}x |" if tag == " (before)" else "")
            print(f"| {shown} | {wall[name]:.1f} ms | {wall[name] / hello:.2f}x | "
                  f"{cpu[name]:.1f} ms | {cpu[name] / hello_cpu:.2f}x | {goal} |" + compared)


def repl_start(arguments):
    """`--repl-start`: each NAME=HANNUN's time to its first prompt in a pty, interleaved."""
    import fcntl
    import pty
    import select
    import struct
    import termios
    runs, warmup, binaries = 30, 3, []
    while arguments:
        argument = arguments.pop(0)
        if argument in ("--runs", "--warmup") and arguments:
            value = int(arguments.pop(0))
            runs, warmup = (value, warmup) if argument == "--runs" else (runs, value)
        elif "=" in argument:
            name, path = argument.split("=", 1)
            binaries.append((name, os.path.abspath(path)))
        else:
            sys.exit(__doc__)
    if not binaries:
        sys.exit(__doc__)
    base = os.environ.get("HANNUN_BENCH_DIR", "/tmp/hannun-cli-bench")
    ledger = os.path.join(base, "gen-1000000")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if not os.path.exists(os.path.join(ledger, "complete")):
        print(f"generating a 1000000-entry ledger in {ledger}", flush=True)
        subprocess.run(["rm", "-rf", ledger], check=True)
        subprocess.run([sys.executable, os.path.join(root, "Scripts", "generate-ledger.py"),
                        "1000000", ledger], check=True)
        open(os.path.join(ledger, "complete"), "w").close()
    work = os.path.join(base, f"repl-{os.getpid()}")
    os.makedirs(work)
    copies = {}
    print("copying the ledger and building its index for each binary", flush=True)
    for name, binary in binaries:
        data = os.path.join(work, str(len(copies)))
        subprocess.run(["cp", "-a", ledger, data], check=True)
        subprocess.run(["rm", "-rf", os.path.join(data, "ledger", "index")], check=True)
        entry = subprocess.run([binary, "add", "--expense", "4500", "--category", "warm",
                                "--date", "2025-11-15", "--data", data], check=True,
                               capture_output=True, text=True).stdout.strip()
        subprocess.run([binary, "delete", entry, "--data", data], check=True,
                       stdout=subprocess.DEVNULL)
        copies[name] = data
    environment = dict(os.environ, TERM="xterm-256color", LANG="en_US.UTF-8",
                       TZ="Asia/Seoul",
                       XDG_STATE_HOME=os.path.join(work, "state"))
    prompt = re.compile(rb"\d{4}-\d{2}> ")

    def once(binary, data):
        controller, terminal = pty.openpty()
        fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        started = time.perf_counter()
        child = subprocess.Popen([binary, "--data", data], stdin=terminal, stdout=terminal,
                                 stderr=terminal, env=environment, start_new_session=True)
        os.close(terminal)
        seen, shown = b"", None
        while shown is None:
            ready, _, _ = select.select([controller], [], [], 30)
            if not ready:
                child.kill()
                sys.exit(f"no prompt from {binary} in 30 s:\n{seen.decode(errors='replace')}")
            try:
                chunk = os.read(controller, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                sys.exit(f"{binary} ended before its prompt:\n{seen.decode(errors='replace')}")
            seen += chunk
            if prompt.search(seen):
                shown = (time.perf_counter() - started) * 1000
        os.write(controller, b"\x04")
        while True:  # drain until the child closes the terminal
            ready, _, _ = select.select([controller], [], [], 10)
            try:
                if not ready or not os.read(controller, 65536):
                    break
            except OSError:
                break
        _, status, usage = os.wait4(child.pid, 0)
        os.close(controller)
        if status != 0:
            sys.exit(f"{binary} exited {os.waitstatus_to_exitcode(status)}")
        return shown, (usage.ru_utime + usage.ru_stime) * 1000

    shown = {name: [] for name, _ in binaries}
    cpu = {name: [] for name, _ in binaries}
    for round_number in range(warmup + runs):
        order = binaries if round_number % 2 == 0 else list(reversed(binaries))
        for name, binary in order:
            wall, used = once(binary, copies[name])
            if round_number >= warmup:
                shown[name].append(wall)
                cpu[name].append(used)
    subprocess.run(["rm", "-rf", work], check=True)
    first = binaries[0][0]
    first_wall, first_cpu = statistics.median(shown[first]), statistics.median(cpu[first])
    print(f"{runs} interleaved runs after {warmup} warm-ups; medians at 1M in an 80x24 pty:")
    print("| binary | to the first prompt | ratio | CPU, whole run | ratio |")
    print("|---|---|---|---|---|")
    for name, _ in binaries:
        wall, used = statistics.median(shown[name]), statistics.median(cpu[name])
        print(f"| {name} | {wall:.1f} ms | {wall / first_wall:.2f}x | {used:.1f} ms | "
              f"{used / first_cpu:.2f}x |")


if __name__ == "__main__":
    main(sys.argv[1:])
