#!/usr/bin/env python3
"""Times cold writes against a `month` view, and `report`/`year`, at a million entries, for one
or more `hannun` binaries in the same interleaved rounds (issue 22 item 4):

    Scripts/bench-writes.py [--runs 30] [--warmup 3] NAME=HANNUN [NAME=HANNUN …]

Each HANNUN (a release `hannun`, e.g. one built before a change and copied aside, and the one
after) gets its own `cp -a` copy of the generated million-entry ledger
($HANNUN_BENCH_DIR/gen-1000000, made with Scripts/generate-ledger.py when missing), its index
built by a first add and delete. Each round runs, for every binary, in turn (the order reversed
every other round, as Scripts/bench-interleaved.py does): `month 2025-10 --json`, `report
--from 1925-12 --to 2025-11 --json` (the whole century), `year 2024 --json`, a cold `add` (the entries it added removed, untimed, before it),
`edit ID --amount` (set to another amount, untimed, before it), a move of that entry to another
month and year (`edit ID --date`, moved back untimed before it), a move to the next month of the
same year (`move in year`: one year folder to flush instead of two), and `delete` of an entry
added untimed before it. It prints each command's median wall time and median CPU time (user +
system of the child), each write as a ratio to the same binary's `month`, the mean CPU time
(which holds the writes that commit the whole index, one in 16 or so, that the median leaves
out), and the load average before and after.

Beside them it runs two floor programs it builds itself (swiftc -O, Glibc only, in
$HANNUN_BENCH_DIR/floors): `files-edit` makes only the file operations of a cold edit (read its
month file, write the new one in `pending/`, flush it, rename it over the month, flush the
year's folder) and `files-move` only those of a move to another year as Hannun's journal makes
them (read both months, write and flush both new files and `pending/`, write, flush and rename
the journal, rename both months, flush both year folders, remove the journal and flush
`ledger/`), on copies of the same two month files. They show how much of a write the file
system's own work is on this machine, next to a `month` view.
"""
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time


def main(arguments):
    runs, warmup, binaries = 30, 3, []
    while arguments:
        argument = arguments.pop(0)
        if argument in ("--runs", "--warmup") and arguments:
            value = int(arguments.pop(0))
            runs, warmup = (value, warmup) if argument == "--runs" else (runs, value)
        elif "=" in argument:
            name, binary = argument.split("=", 1)
            binaries.append((name, os.path.abspath(binary)))
        else:
            sys.exit(__doc__)
    if not binaries:
        sys.exit(__doc__)
    os.environ.setdefault("LANG", "en_US.UTF-8")
    os.environ["TZ"] = "Asia/Seoul"
    base = os.environ.get("HANNUN_BENCH_DIR", "/tmp/hannun-cli-bench")
    source = os.path.join(base, "gen-1000000")
    if not os.path.exists(os.path.join(source, "ledger", "meta.json")):
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        subprocess.run([sys.executable, os.path.join(root, "Scripts", "generate-ledger.py"),
                        "1000000", source], check=True)
    work = tempfile.mkdtemp(prefix="writes-", dir=base)
    with open(os.path.join(source, "ledger", "1975", "1975-11.json")) as f:
        target = json.loads(f.read())["transactions"][0]
    commands = []
    for name, binary in binaries:
        data = os.path.join(work, name)
        subprocess.run(["cp", "-a", source, data], check=True)
        hannun = lambda *words, binary=binary, data=data: [binary, *words, "--data", data]
        added = subprocess.run(hannun("add", "--expense", "4500", "--category", "warm", "--date",
                                      "2025-11-15"), check=True, capture_output=True, text=True)
        subprocess.run(hannun("delete", added.stdout.strip()), check=True,
                       stdout=subprocess.DEVNULL)
        adding = hannun("add", "--expense", "4500", "--category", "benchadd", "--date",
                        "2025-11-15")
        drop = [sys.executable, "-c",
                "import json, subprocess, sys\n"
                "binary, data = sys.argv[1], sys.argv[2]\n"
                "doc = json.load(open(f'{data}/ledger/2025/2025-11.json'))\n"
                "for record in doc['transactions']:\n"
                "    if record['category'] == 'benchadd':\n"
                "        subprocess.run([binary, 'delete', record['id'], '--data', data],\n"
                "                       stdout=subprocess.DEVNULL, check=True)\n",
                binary, data]
        commands += [
            (f"{name} month", None, hannun("month", "2025-10", "--json")),
            (f"{name} report", None, hannun("report", "--from", "1925-12", "--to", "2025-11",
                                            "--json")),
            (f"{name} year", None, hannun("year", "2024", "--json")),
            (f"{name} add", drop, adding),
            (f"{name} edit --amount", hannun("edit", target["id"], "--amount", "1111"),
             hannun("edit", target["id"], "--amount", "2222")),
            (f"{name} move", hannun("edit", target["id"], "--date", target["date"]),
             hannun("edit", target["id"], "--date", "2000-06-15")),
            (f"{name} move in year", hannun("edit", target["id"], "--date", target["date"]),
             hannun("edit", target["id"], "--date", "1975-12-15")),
            (f"{name} delete", adding, hannun("delete", "{prepared}")),
        ]
    commands += file_floors(base, work, source)
    load_before = os.getloadavg()
    walls = {name: [] for name, _, _ in commands}
    cpus = {name: [] for name, _, _ in commands}
    for round_number in range(warmup + runs):
        order = commands if round_number % 2 == 0 else list(reversed(commands))
        for name, prepare, words in order:
            prepared = ""
            if prepare:
                prepared = subprocess.run(prepare, check=True, capture_output=True,
                                          text=True).stdout.strip()
            words = [word.replace("{prepared}", prepared) for word in words]
            with tempfile.TemporaryFile() as said:
                started = time.perf_counter()
                child = subprocess.Popen(words, stdout=subprocess.DEVNULL, stderr=said)
                _, status, usage = os.wait4(child.pid, 0)
                elapsed = (time.perf_counter() - started) * 1000
                if status != 0:
                    said.seek(0)
                    sys.exit(f"failed: {shlex.join(words)}\n"
                             + said.read().decode(errors="replace"))
            if round_number >= warmup:
                walls[name].append(elapsed)
                cpus[name].append((usage.ru_utime + usage.ru_stime) * 1000)
    load_after = os.getloadavg()
    subprocess.run(["rm", "-rf", work], check=True)
    print(f"{runs} interleaved rounds after {warmup} warm-ups; load average "
          f"{load_before[0]:.1f} before, {load_after[0]:.1f} after; medians:")
    print("| command | wall | CPU | wall ÷ month | CPU ÷ month | mean CPU ÷ mean month |")
    print("|---|---|---|---|---|---|")
    for name, _ in binaries:
        month_wall = statistics.median(walls[f"{name} month"])
        month_cpu = statistics.median(cpus[f"{name} month"])
        month_mean = statistics.mean(cpus[f"{name} month"])
        for command in ("month", "report", "year", "add", "edit --amount", "move", "move in year",
                        "delete"):
            wall = statistics.median(walls[f"{name} {command}"])
            cpu = statistics.median(cpus[f"{name} {command}"])
            mean = statistics.mean(cpus[f"{name} {command}"])
            print(f"| {name} `{command}` | {wall:.1f} ms | {cpu:.1f} ms | "
                  f"{wall / month_wall:.2f}x | {cpu / month_cpu:.2f}x | "
                  f"{mean / month_mean:.2f}x |")
    print("| floor | wall | CPU | CPU − empty process | | |")
    empty = statistics.median(cpus["floor: empty process"])
    for name in ("floor: empty process", "floor: files-edit", "floor: files-move"):
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        print(f"| {name} | {wall:.1f} ms | {cpu:.2f} ms | {cpu - empty:.2f} ms | | |")


FLOOR_SOURCE = r"""
import Glibc

// The file operations of a cold write, alone: see Scripts/bench-writes.py.
let arguments = CommandLine.arguments
guard arguments.count == 3 else { exit(2) }
let ledger = arguments[1] + "/ledger"
let months = ["1975/1975-11.json", "2000/2000-06.json"].prefix(arguments[2] == "move" ? 2 : 1)
var buffers: [[UInt8]] = []
func check(_ result: Int32, _ what: String) {
  if result < 0 { perror(what); exit(1) }
}
for month in months {
  let descriptor = open(ledger + "/" + month, O_RDONLY | O_CLOEXEC)
  check(descriptor, month)
  var bytes = [UInt8](repeating: 0, count: 400_000)
  let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
  close(descriptor)
  bytes.removeSubrange(count...)
  bytes[100] ^= 1  // other contents than the file's
  buffers.append(bytes)
}
func flush(_ path: String, directory: Bool = false) {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC | (directory ? O_DIRECTORY : 0))
  check(descriptor, path)
  check(fsync(descriptor), path)
  close(descriptor)
}
typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
let syncFileRange = dlsym(nil, "sync_file_range").map { unsafeBitCast($0, to: SyncFileRange.self) }
func create(_ path: String, _ bytes: [UInt8]) {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
  check(descriptor, path)
  _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  _ = syncFileRange?(descriptor, 0, 0, 2)  // SYNC_FILE_RANGE_WRITE, as Hannun starts it
  close(descriptor)
}
let pending = months.indices.map { ledger + "/pending/\(getpid())-\($0).json" }
for (path, bytes) in zip(pending, buffers) { create(path, bytes) }
for path in pending { flush(path) }
if months.count == 1 {
  check(rename(pending[0], ledger + "/" + months[0]), "rename")
  flush(ledger + "/1975", directory: true)
} else {
  flush(ledger + "/pending", directory: true)
  let temporary = ledger + "/.journal.json.\(getpid()).tmp"
  create(temporary, Array(#"{"schemaVersion":1,"changes":[]}"#.utf8))
  flush(temporary)
  check(rename(temporary, ledger + "/journal.json"), "rename")
  flush(ledger, directory: true)
  for (path, month) in zip(pending, months) { check(rename(path, ledger + "/" + month), month) }
  flush(ledger + "/1975", directory: true)
  flush(ledger + "/2000", directory: true)
  check(unlink(ledger + "/journal.json"), "unlink")
  flush(ledger, directory: true)
}
"""


def file_floors(base, work, source):
    """The floor programs' commands: an empty process, and the file operations of an edit and of
    a move, each on its own copy of the two month files the writes change (in `work`)."""
    floors = os.path.join(base, "floors")
    os.makedirs(floors, exist_ok=True)
    program = os.path.join(floors, "files-write")
    empty = os.path.join(floors, "empty")
    for path, text in ((program, FLOOR_SOURCE), (empty, "")):
        if not os.path.exists(path):
            with open(path + ".swift", "w") as f:
                f.write(text)
            subprocess.run(["swiftc", "-O", path + ".swift", "-o", path], check=True)
    commands = [("floor: empty process", None, [empty])]
    for kind in ("edit", "move"):
        folder = os.path.join(work, f"floor-{kind}")
        for month in ("1975/1975-11.json", "2000/2000-06.json"):
            os.makedirs(os.path.join(folder, "ledger", os.path.dirname(month)), exist_ok=True)
            subprocess.run(["cp", os.path.join(source, "ledger", month),
                            os.path.join(folder, "ledger", month)], check=True)
        os.makedirs(os.path.join(folder, "ledger", "pending"), exist_ok=True)
        commands.append((f"floor: files-{kind}", None, [program, folder, kind]))
    return commands


if __name__ == "__main__":
    main(sys.argv[1:])
