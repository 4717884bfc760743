#!/usr/bin/env bash
# Whole-process speed of the CLI on a 1,000-entry and a 1,000,000-entry ledger, side by side:
# `hannun month --json` at both sizes, and cold `add`, `edit --amount`, `edit --date` (a move to
# another month and year) and `delete` at a million (`add` at a thousand too), each timed against
# `month --json` at a million in the same hyperfine run; peak memory of each; and the one-time
# index build of a ledger that has none (its first write). Medians and the ratios of issue 6's
# goals are printed, and the markdown tables written to a file under ${TMPDIR:-/tmp}.
#
#   Scripts/bench-cli.sh [--runs 30] [--warmup 3] [--binary PATH] [--keep]
#
# Needs hyperfine (apt-get install -y hyperfine), GNU time at /usr/bin/time (apt-get install -y
# time) and python3. Builds the release `hannun` unless --binary is given. The ledgers are
# generated once under ${HANNUN_BENCH_DIR:-${TMPDIR:-/tmp}/hannun-cli-bench} (entries spread
# evenly over the 100 years before 2025-11, random ids, the file format LedgerFixture writes;
# about 200 MB for a million) and copied for each run, so the runs do not disturb each other and
# the generated ledgers are never written to. Each copy's index is built by one add and delete
# before anything is timed: what is timed is the steady state. Every timed write is a real write
# in a new process, and the ledger keeps its size: the prepare step of each run undoes the
# previous one (deletes the added entry, moves the entry back, sets the other amount, adds the
# entry to delete). The page cache is warm: "cold" means a new process, not a cold disk.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

runs=30
warmup=3
binary=""
keep=false
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    --keep) keep=true; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

for tool in hyperfine python3; do
  command -v "$tool" >/dev/null || { echo "bench-cli: $tool is missing (apt-get install -y $tool)" >&2; exit 1; }
done
/usr/bin/time -f %M true >/dev/null 2>&1 || { echo "bench-cli: GNU time is missing (apt-get install -y time)" >&2; exit 1; }

if [ -z "$binary" ]; then
  swift build -c release --product hannun >/dev/null
  binary="$(swift build -c release --show-bin-path)/hannun"
fi
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
export LANG=en_US.UTF-8 TZ=Asia/Seoul

base="${HANNUN_BENCH_DIR:-${TMPDIR:-/tmp}/hannun-cli-bench}"
mkdir -p "$base"
work=$(mktemp -d "$base/run.XXXXXX")
if [ "$keep" = false ]; then trap 'rm -rf "$work"' EXIT; fi
out="$work/results"
mkdir -p "$out"
month=2025-11

# --- Ledgers ---------------------------------------------------------------------------------
# generate N DIR: the ledger Scripts/generate-ledger.py writes (N entries over the 1,200 months
# before and including 2025-11, LedgerFixture's layout).
generate() {
  python3 Scripts/generate-ledger.py "$1" "$2"
}

for size in 1000 1000000; do
  if [ ! -e "$base/gen-$size/complete" ]; then
    echo "generating a $size-entry ledger in $base/gen-$size"
    rm -rf "$base/gen-$size"
    generate "$size" "$base/gen-$size"
    touch "$base/gen-$size/complete"
  fi
done

# copy SIZE NAME: a copy of the generated ledger, without an index; its first write (an add,
# then the entry deleted again) builds the index, and that write's seconds and peak KiB are
# appended to $out/index-build-SIZE.
copy() {
  local data="$work/$2"
  cp -a "$base/gen-$1" "$data"
  rm -rf "$data/ledger/index"
  local id
  id=$(/usr/bin/time -a -o "$out/index-build-$1" -f "%e %M" \
    "$binary" add --expense 4500 --category warm --date "$month-15" --data "$data")
  "$binary" delete "$id" --data "$data" >/dev/null
  echo "$data"
}

echo "copying the ledgers and building each copy's index (its first write)"
m1k=$(copy 1000 month-1k)
m1m=$(copy 1000000 month-1m)
add1k=$(copy 1000 add-1k)
add=$(copy 1000000 add)
amount=$(copy 1000000 amount)
move=$(copy 1000000 move)
del=$(copy 1000000 delete)

# The entry the edits change: the first of 1975-11, in the middle of the century.
read -r target target_date < <(python3 - "$amount/ledger/1975/1975-11.json" <<'PY'
import json, sys
record = json.load(open(sys.argv[1]))["transactions"][0]
print(record["id"], record["date"])
PY
)

# Deletes the entries `add` made (category benchadd) on 2025-11-15: the prepare step of the
# timed adds, so that each timed add writes to a ledger of the same size.
cat >"$work/drop-adds.py" <<'PY'
import json, subprocess, sys
binary, data = sys.argv[1], sys.argv[2]
doc = json.load(open(f"{data}/ledger/2025/2025-11.json"))
for record in doc["transactions"]:
    if record["category"] == "benchadd":
        subprocess.run([binary, "delete", record["id"], "--data", data],
                       stdout=subprocess.DEVNULL, check=True)
PY

count_entries() {
  python3 - "$1" <<'PY'
import glob, re, sys
print(sum(len(re.findall(rb'"id"\s*:', open(p, "rb").read()))
          for p in glob.glob(f"{sys.argv[1]}/ledger/[0-9][0-9][0-9][0-9]/*.json")))
PY
}

# --- Timing ----------------------------------------------------------------------------------
hf() { hyperfine -N --warmup "$warmup" --runs "$runs" --style basic "$@"; }
month_1m="$binary month $month --json --data $m1m"
id_file="$work/delete-id"

echo; echo "== month --json, 1k vs 1M"
hf --export-json "$out/month.json" --export-markdown "$out/month.md" \
  -n "month --json, 1k" "$binary month $month --json --data $m1k" \
  -n "month --json, 1M" "$month_1m"

echo; echo "== add at 1k and 1M (prepare: delete the entry the previous run added)"
hf --export-json "$out/add.json" --export-markdown "$out/add.md" \
  --prepare true --prepare "python3 $work/drop-adds.py $binary $add1k" \
  --prepare "python3 $work/drop-adds.py $binary $add" \
  -n "month --json, 1M" "$month_1m" \
  -n "add, 1k" "$binary add --expense 4500 --category benchadd --date $month-15 --data $add1k" \
  -n "add, 1M" "$binary add --expense 4500 --category benchadd --date $month-15 --data $add"
python3 "$work/drop-adds.py" "$binary" "$add1k"
python3 "$work/drop-adds.py" "$binary" "$add"

echo; echo "== edit --amount at 1M (prepare: set the other amount)"
hf --export-json "$out/amount.json" --export-markdown "$out/amount.md" \
  --prepare true --prepare "$binary edit $target --amount 1111 --data $amount" \
  -n "month --json, 1M" "$month_1m" \
  -n "edit --amount, 1M" "$binary edit $target --amount 2222 --data $amount"

echo; echo "== edit --date at 1M: $target moves $target_date -> 2000-06-15 (prepare: move it back)"
hf --export-json "$out/move.json" --export-markdown "$out/move.md" \
  --prepare true --prepare "$binary edit $target --date $target_date --data $move" \
  -n "month --json, 1M" "$month_1m" \
  -n "edit --date (move), 1M" "$binary edit $target --date 2000-06-15 --data $move"
"$binary" edit "$target" --date "$target_date" --data "$move" >/dev/null

# A delete needs the id the prepare step's add printed, so it is started through `sh` (`read` is
# a builtin and `exec` replaces the shell); the cost of that wrapper is measured on its own.
echo; echo "== delete at 1M (prepare: add the entry to delete), through sh"
hf --export-json "$out/delete.json" --export-markdown "$out/delete.md" \
  --prepare true \
  --prepare "sh -c '\"\$0\" add --expense 4500 --category benchdel --date $month-15 --data \"\$1\" >\"\$2\"' $binary $del $id_file" \
  -n "month --json, 1M" "$month_1m" \
  -n "delete (through sh), 1M" "sh -c 'read -r id <\"\$2\"; exec \"\$0\" delete \"\$id\" --data \"\$1\"' $binary $del $id_file"
echo; echo "== the sh wrapper alone (hannun --version, directly and through sh)"
hf --export-json "$out/sh.json" --export-markdown "$out/sh.md" \
  -n "version" "$binary --version" \
  -n "version (through sh)" "sh -c 'read -r id <\"\$1\"; exec \"\$0\" --version' $binary $id_file"

# --- Peak memory -----------------------------------------------------------------------------
# The largest maximum resident size (KiB) of 5 runs of each command.
peak() {
  local name="$1" most=0 kib
  shift
  for _ in 1 2 3 4 5; do
    if [ -n "${PEAK_PREPARE:-}" ]; then eval "$PEAK_PREPARE" >/dev/null; fi
    kib=$( { /usr/bin/time -f %M "$@" >/dev/null; } 2>&1 | tail -1)
    [ "$kib" -gt "$most" ] && most=$kib
  done
  echo "$name $most" >>"$out/peak"
}
peak "month-1k" "$binary" month $month --json --data "$m1k"
peak "month-1M" "$binary" month $month --json --data "$m1m"
PEAK_PREPARE="python3 $work/drop-adds.py $binary $add" \
  peak "add-1M" "$binary" add --expense 4500 --category benchadd --date $month-15 --data "$add"
python3 "$work/drop-adds.py" "$binary" "$add"
PEAK_PREPARE="$binary edit $target --amount 1111 --data $amount" \
  peak "edit-amount-1M" "$binary" edit "$target" --amount 2222 --data "$amount"
PEAK_PREPARE="$binary edit $target --date $target_date --data $move" \
  peak "edit-move-1M" "$binary" edit "$target" --date 2000-06-15 --data "$move"
"$binary" edit "$target" --date "$target_date" --data "$move" >/dev/null
for _ in 1 2 3 4 5; do
  id=$("$binary" add --expense 4500 --category benchdel --date $month-15 --data "$del")
  /usr/bin/time -a -o "$out/delete-peak" -f %M "$binary" delete "$id" --data "$del" >/dev/null
done
echo "delete-1M $(sort -n "$out/delete-peak" | tail -1)" >>"$out/peak"

# Every write was undone: the ledgers kept their size.
for data in "$add1k" "$add" "$amount" "$move" "$del"; do
  entries=$(count_entries "$data")
  expected=1000000
  [ "$data" = "$add1k" ] && expected=1000
  [ "$entries" = "$expected" ] || { echo "bench-cli: $data holds $entries entries, not $expected" >&2; exit 1; }
done

# --- Summary ---------------------------------------------------------------------------------
report="${TMPDIR:-/tmp}/hannun-bench-cli-$(date +%Y%m%dT%H%M%S).md"
{
  echo "# hannun whole-process timings ($(uname -n), $(nproc) cores, $runs runs, $warmup warmups)"
  echo
  for name in month add amount move delete sh; do cat "$out/$name.md"; echo; done
} >"$report"

python3 - "$out" "$runs" >>"$report" <<'PY'
import json, statistics, sys
out, runs = sys.argv[1], sys.argv[2]
def medians(name):
    return {r["command"]: r["median"] * 1000 for r in json.load(open(f"{out}/{name}.json"))["results"]}
month = medians("month")
m1k, m1m = month["month --json, 1k"], month["month --json, 1M"]
sh = medians("sh")
wrapper = sh["version (through sh)"] - sh["version"]
peak = dict(line.split() for line in open(f"{out}/peak"))
mib = lambda key: int(peak[key]) / 1024
def build(size):
    rows = [line.split() for line in open(f"{out}/index-build-{size}") if line.strip()]
    return ", ".join(f"{float(s):.1f} s / {int(k) / 1024:.0f} MiB" for s, k in rows)
print("## Summary (medians)")
print()
print(f"- `month --json`: 1k {m1k:.1f} ms, 1M {m1m:.1f} ms: **{m1m / m1k:.2f}x** (goal <= 1.2x)"
      f"; peak {mib('month-1k'):.1f} / {mib('month-1M'):.1f} MiB")
rows = [("add", "add, 1M", "add-1M"), ("amount", "edit --amount, 1M", "edit-amount-1M"),
        ("move", "edit --date (move), 1M", "edit-move-1M"),
        ("delete", "delete (through sh), 1M", "delete-1M")]
for name, command, key in rows:
    times = medians(name)
    write, reference = times[command], times["month --json, 1M"]
    if name == "add":
        print(f"- `add, 1k`: {times['add, 1k']:.1f} ms; at 1M {write / times['add, 1k']:.2f}x that")
    line = (f"- `{command}`: {write:.1f} ms = **{write / reference:.2f}x** `month --json` at 1M "
            f"of the same run ({reference:.1f} ms), {write / m1m:.2f}x the first run's "
            f"{m1m:.1f} ms (goal <= 1.5x); peak {mib(key):.1f} MiB (goal <= 64 MiB)")
    if name == "delete":
        line += (f"; without the sh wrapper ({wrapper:.1f} ms): {write - wrapper:.1f} ms = "
                 f"{(write - wrapper) / reference:.2f}x")
    print(line)
print(f"- first write of a ledger without an index (builds it): 1k {build(1000)}; 1M {build(1000000)}")
PY
cat "$report" | sed -n '/## Summary/,$p'
echo
echo "markdown tables and summary: $report"
if [ "$keep" = true ]; then echo "ledgers and raw results kept in $work"; fi
