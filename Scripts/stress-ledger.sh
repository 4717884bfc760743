#!/usr/bin/env bash
# The storage guarantees at scale: concurrent writers, writers killed at random moments and at
# each file operation of a move, and damaged files. Exits non-zero when anything acknowledged is
# lost, stored twice, or left unreadable.
#
#   Scripts/stress-ledger.sh [--writers 4] [--adds 500] [--kills 200] [--binary PATH]
#
# Needs python3 (JSON checks) and strace (kill points; skipped with a warning when missing).
# Builds .build/release/hannun unless --binary is given.
set -euo pipefail
cd "$(dirname "$0")/.."

writers=4
adds=500
kills=200
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --writers) writers="$2"; shift 2 ;;
    --adds) adds="$2"; shift 2 ;;
    --kills) kills="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if [ -z "$binary" ]; then
  swift build -c release --product hannun >/dev/null
  binary=.build/release/hannun
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LANG=en_US.UTF-8 TZ=Asia/Seoul
failures=0

# Every acknowledged id (one per line in $2) is stored exactly once, every ledger file parses,
# and no id is in two month files.
check() {
  python3 - "$1" "$2" <<'PY'
import json, os, re, sys
data, acknowledged = sys.argv[1], sys.argv[2]
ledger = os.path.join(data, "ledger")
where = {}
for root, _, files in os.walk(ledger):
    rel_root = os.path.relpath(root, ledger)
    if rel_root.startswith("pending"):
        continue
    for name in files:
        if not name.endswith(".json"):
            continue
        path = os.path.join(root, name)
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)  # raises on a file that does not parse
        rel = os.path.relpath(path, ledger)
        if re.fullmatch(r"\d{4}/\d{4}-\d{2}\.json", rel):
            for record in doc["transactions"]:
                where.setdefault(record["id"], []).append(rel)
twice = {i: w for i, w in where.items() if len(w) != 1}
ids = [l.strip() for l in open(acknowledged) if l.strip()]
missing = [i for i in ids if i not in where]
print(f"  {len(ids)} acknowledged, {len(where)} stored, {len(missing)} missing, {len(twice)} stored twice")
sys.exit(1 if missing or twice else 0)
PY
}

# --- 1. Concurrent writers on a new ledger -------------------------------------------------------
echo "1. $writers writers x $adds adds at once on a new data directory"
data="$work/concurrent"
for w in $(seq 1 "$writers"); do
  (
    for i in $(seq 1 "$adds"); do
      day=$(( (i % 28) + 1 ))
      "$binary" add --expense "$((w * 1000 + i))" --category "w$w" --date "$(printf '2025-%02d-%02d' $(( (i % 12) + 1 )) "$day")" --currency KRW --data "$data" >>"$work/ack-$w" 2>>"$work/err-$w" || true
    done
  ) &
done
wait
cat "$work"/ack-* >"$work/ack-concurrent"
acknowledged=$(wc -l <"$work/ack-concurrent")
errors=$(cat "$work"/err-* | wc -l)
echo "  $acknowledged adds acknowledged, $errors error lines"
check "$data" "$work/ack-concurrent" || failures=$((failures + 1))
[ "$acknowledged" -eq $((writers * adds)) ] || { echo "  FAIL: not every add was acknowledged"; failures=$((failures + 1)); }

# --- 2. Kills ------------------------------------------------------------------------------------
echo "2. $kills kills: random moments, and each file operation of a move"
data="$work/kills"
ack="$work/ack-kills"
: >"$ack"
"$binary" add --expense 1 --category seed --date 2025-01-01 --currency KRW --data "$data" >>"$ack"
have_strace=1
command -v strace >/dev/null || { have_strace=0; echo "  warning: strace missing; random kills only"; }
syscalls=(rename unlink fsync mkdir write)
for k in $(seq 1 "$kills"); do
  if [ $((k % 2)) -eq 0 ] && [ "$have_strace" -eq 1 ]; then
    # A move (or a move back) killed at the n-th call of one file operation.
    id=$(head -n 1 "$ack")
    syscall=${syscalls[$(( (k / 2) % ${#syscalls[@]} ))]}
    when=$(( (k / 10) % 20 + 1 ))
    target=$([ $((k % 4)) -eq 0 ] && echo 2026-03-15 || echo 2025-01-01)
    { strace -f -o /dev/null -e "inject=$syscall:signal=KILL:when=$when" \
      "$binary" edit "$id" --date "$target" --data "$data" >/dev/null 2>&1 || true; } 2>/dev/null
  else
    # An add killed after a random delay; its id counts only if it finished first.
    out="$work/add-$k"
    "$binary" add --expense "$k" --category kill --date "2025-$(printf '%02d' $(( (k % 12) + 1 )))-10" --data "$data" >"$out" 2>/dev/null &
    pid=$!
    sleep "0.0$(( RANDOM % 5 ))$(( RANDOM % 10 ))"
    kill -9 "$pid" 2>/dev/null || true
    if { wait "$pid"; } 2>/dev/null; then cat "$out" >>"$ack"; fi
  fi
  if [ $((k % 50)) -eq 0 ]; then
    "$binary" day 2025-01-01 --json --data "$data" >/dev/null
    check "$data" "$ack" || failures=$((failures + 1))
  fi
done
"$binary" add --expense 1 --category after --date 2025-12-31 --data "$data" >>"$ack"
check "$data" "$ack" || failures=$((failures + 1))
leftovers=$(find "$data/ledger" -name '*.tmp' -o -path '*/pending/*' -type f -o -name journal.json | wc -l)
echo "  $leftovers leftover files after the next write"
[ "$leftovers" -eq 0 ] || failures=$((failures + 1))

# --- 3. Damaged files ----------------------------------------------------------------------------
echo "3. a FIFO in place of a month file, and a missing meta.json"
data="$work/damage"
"$binary" add --expense 12000 --category x --date 2025-11-03 --currency KRW --data "$data" >/dev/null
mkfifo "$data/ledger/2025/2025-10.json"
if timeout 10 "$binary" month 2025-11 --data "$data" >/dev/null 2>"$work/fifo-err"; then
  echo "  FAIL: month with a FIFO in its window succeeded"; failures=$((failures + 1))
elif [ $? -eq 124 ]; then
  echo "  FAIL: month hung on the FIFO"; failures=$((failures + 1))
else
  echo "  month refused: $(head -c 160 "$work/fifo-err")"
fi
timeout 10 "$binary" add --expense 5 --category y --date 2027-01-01 --data "$data" >/dev/null ||
  { echo "  FAIL: a write to another month did not work"; failures=$((failures + 1)); }
rm "$data/ledger/2025/2025-10.json" "$data/ledger/meta.json"
if "$binary" day 2025-11-03 --data "$data" >/dev/null 2>"$work/meta-err"; then
  echo "  FAIL: a ledger without meta.json was read"; failures=$((failures + 1))
else
  echo "  missing meta.json refused: $(head -c 160 "$work/meta-err")"
fi

if [ "$failures" -eq 0 ]; then echo "OK: nothing lost"; else echo "FAILED: $failures checks"; fi
exit "$failures"
