#!/usr/bin/env bash
# Scripts/stress-ledger.sh — the storage guarantees of issue 6 at scale, against the built binary.
#
#   Scripts/stress-ledger.sh [--kills 200] [--writers 4] [--adds 500] [--races 10] [--web 25]
#                      [--power-cuts 20] [--binary PATH] [--seed N] [--no-build] [--keep]
#
# (a) Concurrency: ten times, six `hannun add` started at once on a new data directory must all
#     be stored, each once (the first write of a ledger races hardest). Then WRITERS processes
#     each run ADDS `hannun add` one after another, all at once, on a fresh data directory. Each writer logs the ids it was given (exit 0 and an id printed).
#     Every acknowledged id must be stored exactly once, every add acknowledged, and the ledger
#     must hold exactly WRITERS x ADDS entries.
# (b) Kills: KILLS writers killed mid-way. Most are adds, amount edits, moves (to another month or
#     another year) and deletes sent SIGKILL after a random delay (0-40 ms, or up to 1.2 times
#     what an add takes on this machine when that is longer); every third one is a move killed by
#     `strace -e inject=SYSCALL:signal=KILL:when=N` at the N-th rename, unlink, fsync, write,
#     mkdir, chmod or open (of a ledger path). Every entry carries a unique category,
#     so even an add killed before it printed its id is found. After each kill a reader runs
#     (`day --json`), then every ledger file must parse (python3 json.load; staged files under
#     pending/ aside), no id may be stored twice or in two months, and every entry must be in its
#     old or its new state: an acknowledged change in its new state, an unacknowledged one in
#     either. Every 20 kills and at the end a plain add must succeed, after which nothing a killed
#     writer left may remain (pending/ files, .NAME.RANDOM.tmp files, journal.json; two stale
#     .tmp files are planted at the start), and each month's totals (`month --json`) must equal
#     the sum of its entries.
# (c) Damaged files: a FIFO in place of a month file must make `month`/`day` fail promptly
#     (within 10 s) naming it, while an add to a month two years away works; a ledger whose
#     meta.json is missing, or not JSON, must make `day`, `month` and `add` exit 1 naming
#     meta.json with the data directory unchanged byte for byte.
# (d) Races of check-then-write commands (issue 19), RACES trials of each, each on a fresh ledger:
#     three `import` of the same 300-row statement started at once must add its rows once; a
#     `category rename` racing three writers adding entries of the old category must leave every
#     entry under one of the two names, rename exactly as many as it says, and take the budget
#     and the recurring rule with it; eight `budget set` of different categories at once must
#     all succeed and all be kept; three `confirm --all` of a weekly rule's ~570 due occurrences
#     at once must post each occurrence once. --races 0 leaves (d) out.
# (e) The web: `hannun serve` on a loopback port of a fresh ledger; 4 browsers (python3, with
#     cookies and each page's CSRF token, as a browser keeps them) post WEB entries each to
#     /entries while 2 CLI writers add WEB entries each, and a client holds 200 idle connections
#     open and asks for the month page meanwhile (it must answer within 5 s, three times). Every
#     acknowledged entry (303 from the web, an id from the CLI) must be stored exactly once,
#     nothing unacknowledged stored, and each month's totals equal its entries. --web 0 leaves it out.
# (f) A stopped lock holder: an add stopped by strace (SIGSTOP at its first rename, holding the
#     lock); `add` and `month` must then exit 1 within 10 s naming its pid; after SIGCONT it
#     must finish (exit 0) and the ledger be whole. Needs strace.
# (g) Power cuts: POWER_CUTS writers (adds, and moves to another month) on a ledger kept on an
#     ext4 image mounted through a loop device, killed by strace at the N-th call of one kind of
#     file operation (or let finish); at that moment the image file is copied without a sync, so
#     the copy holds what had reached the "disk" and not what sat unflushed in ext4's page cache.
#     On the copy, mounted (ext4 replays its journal): the checks of (b) — acknowledged changes
#     kept, killed ones old or new, no id twice, files parse — except that index/ files may be
#     empty (derived, not flushed by design); then a plain add must succeed, leave nothing
#     behind, and the month totals must equal the entries. Needs root, mkfs.ext4 and strace;
#     left out with a warning otherwise. --power-cuts 0 leaves it out.
#
# Prints a summary; exits 1 when any check failed (anything lost, stored twice, unreadable,
# left behind, hung or accepted that should not be), 2 on bad usage.
#
# Without --binary it builds the release binary (`hannun` and `hannun-serve`) and
# uses .build/release/hannun; with --no-build it uses .build/release/hannun or, failing that,
# .build/debug/hannun as they are. Needs python3; strace for the kill points (without it they are
# replaced by random-moment kills, with a warning). Work files go to a temporary directory, removed
# at the end unless --keep.
set -uo pipefail
cd "$(dirname "$0")/.."

kills=200
writers=4
adds=500
races=10
web=25
power_cuts=20
binary=""
seed=20251103
build=1
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --kills) kills="$2"; shift 2 ;;
    --writers) writers="$2"; shift 2 ;;
    --adds) adds="$2"; shift 2 ;;
    --races) races="$2"; shift 2 ;;
    --web) web="$2"; shift 2 ;;
    --power-cuts) power_cuts="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
for number in "$kills" "$writers" "$adds" "$races" "$web" "$power_cuts" "$seed"; do
  case "$number" in ''|*[!0-9]*) echo "not a number: $number" >&2; exit 2 ;; esac
done

if [ -z "$binary" ]; then
  if [ "$build" -eq 1 ]; then
    echo "building the release binary"
    { swift build -c release --product hannun && swift build -c release --product hannun-serve; } >/dev/null || { echo "build failed" >&2; exit 2; }
    binary=.build/release/hannun
  elif [ -x .build/release/hannun ]; then
    binary=.build/release/hannun
  else
    binary=.build/debug/hannun
  fi
fi
[ -x "$binary" ] || { echo "no hannun binary at $binary" >&2; exit 2; }
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
command -v python3 >/dev/null || { echo "python3 is needed for the JSON checks" >&2; exit 2; }
have_strace=0
if command -v strace >/dev/null; then
  # (The braces keep bash from reporting the kill it expects.)
  { strace -f -o /dev/null -e inject=openat:signal=KILL:when=1 /bin/true 2>"${TMPDIR:-/tmp}/.torture-strace.$$"; } 2>/dev/null
  if [ $? -eq 137 ]; then
    have_strace=1
  else
    echo "warning: strace cannot inject faults here (ptrace refused?): $(head -c 200 "${TMPDIR:-/tmp}/.torture-strace.$$"); random kills only" >&2
  fi
  rm -f "${TMPDIR:-/tmp}/.torture-strace.$$"
else
  echo "warning: strace is missing (apt-get install -y strace); random kills only" >&2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/hannun-stress.XXXXXX")
if [ "$keep" -eq 0 ]; then trap 'rm -rf "$work"' EXIT; else echo "work files: $work"; fi
export LANG=en_US.UTF-8 TZ=Asia/Seoul
unset HANNUN_DATA
RANDOM=$seed
failures=0
fail() { local text="$*"; echo "  FAIL: ${text//$'\n'/ | }"; failures=$((failures + 1)); }
echo "hannun: $binary ($("$binary" --version 2>/dev/null || echo 'no --version'))"
echo "seed $seed"

# ---------------------------------------------------------------------------------------------
# The JSON checks (python3).
py="$work/torture.py"
cat >"$py" <<'PY'
import json, os, re, subprocess, sys

MONTH_FILE = re.compile(r"\d{4}/\d{4}-\d{2}\.json")


def ledger_files(data, strict, index=True):
    """Reads every file under ledger/: (records by month file, problems, leftovers).

    With index=False the files of index/ need not parse: they are derived data, not flushed, so
    after a power cut one may be empty (Hannun checks their signatures and rebuilds)."""
    ledger = os.path.join(data, "ledger")
    months, problems, leftovers = {}, [], []
    for root, _, names in os.walk(ledger):
        for name in names:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, ledger)
            if not os.path.isfile(path) or os.path.islink(path):
                continue  # never open a FIFO
            pending = rel.startswith("pending" + os.sep)
            if pending or rel == "journal.json" or (name.startswith(".") and name.endswith(".tmp")):
                leftovers.append(rel)
            if not name.endswith(".json") or (pending and not strict):
                continue
            if not index and rel.startswith("index" + os.sep):
                continue
            try:
                with open(path, encoding="utf-8") as f:
                    doc = json.load(f)
            except Exception as error:  # noqa: BLE001 - any failure to parse is the finding
                problems.append(f"{rel} does not parse: {error}")
                continue
            if MONTH_FILE.fullmatch(rel):
                if not isinstance(doc, dict) or not isinstance(doc.get("transactions"), list):
                    problems.append(f"{rel} has no transactions list")
                    continue
                months[rel] = doc["transactions"]
    return months, problems, leftovers


def hannun(binary, data, *arguments):
    result = subprocess.run([binary, *arguments, "--data", data], capture_output=True,
                            text=True, timeout=60)
    return result


def check_totals(binary, data, months, problems):
    for rel, records in sorted(months.items()):
        month = rel[5:12]
        result = hannun(binary, data, "month", month, "--json")
        if result.returncode != 0:
            problems.append(f"month {month} failed: {result.stderr.strip()}")
            continue
        shown = json.loads(result.stdout)
        income = sum(r["amountMinor"] for r in records if r.get("kind") == "income")
        expense = sum(r["amountMinor"] for r in records if r.get("kind") != "income")
        if shown["income"] != income or shown["expense"] != expense:
            problems.append(f"month {month} shows {shown['income']}/{shown['expense']}, "
                            f"its file holds {income}/{expense}")


def state_of(record):
    return {"id": record["id"], "date": record["date"], "amount": record["amountMinor"]}


def same(observed, allowed):
    if observed is None or allowed is None:
        return observed is None and allowed is None
    return all(allowed.get(key) in (None, observed[key]) for key in ("id", "date", "amount"))


def verify(argv):
    """verify STATE DATA BINARY [--strict] [--totals] OP...

    OP: none | add TAG DATE AMOUNT STATUS ID | move TAG DATE STATUS | amount TAG AMOUNT STATUS
        | delete TAG STATUS          (STATUS 0: the command exited 0, so the change is acknowledged)
    """
    state_path, data, binary = argv[:3]
    flags = [a for a in argv[3:] if a.startswith("--")]
    op = [a for a in argv[3:] if not a.startswith("--")]
    strict, totals = "--strict" in flags, "--totals" in flags
    power_cut = "--power-cut" in flags
    with open(state_path) as f:
        state = json.load(f)  # tag -> {"id","date","amount"} or None (deleted / never stored)
    allowed = {tag: [entry] for tag, entry in state.items()}
    kind, problems = op[0], []
    if kind == "add":
        tag, date, amount, status, printed = op[1], op[2], int(op[3]), op[4], (op[5:] or [""])[0]
        new = {"id": printed or None, "date": date, "amount": amount}
        allowed[tag] = [new] if status == "0" else [None, new]
        if status == "0" and not printed:
            problems.append(f"add {tag} exited 0 without printing an id")
    elif kind in ("move", "amount", "delete"):
        tag, status = op[1], op[-1]
        old = state[tag]
        if kind == "move":
            new = dict(old, date=op[2])
        elif kind == "amount":
            new = dict(old, amount=int(op[2]))
        else:
            new = None
        allowed[tag] = [new] if status == "0" else [old, new]
    # A reader first: it must answer, and it finishes or forgets an interrupted write. It reads
    # the days the change may have touched (every day of a big ledger would take too long).
    reads = {e["date"] for e in (allowed.get(op[1], []) if kind != "none" else []) if e}
    reads = reads or {"2025-11-03"}
    shown_by_date = {}
    for date in sorted(reads):
        result = hannun(binary, data, "day", date, "--json")
        if result.returncode != 0:
            problems.append(f"day {date} failed (exit {result.returncode}): {result.stderr.strip()}")
            continue
        shown_by_date[date] = sorted(t["id"] for t in json.loads(result.stdout)["transactions"])
    months, file_problems, leftovers = ledger_files(data, strict, index=not power_cut)
    problems += file_problems
    if strict and leftovers:
        problems.append(f"left after a completed write: {sorted(leftovers)}")
    by_tag, places = {}, {}
    for rel, records in months.items():
        for record in records:
            places.setdefault(record.get("id"), []).append(rel)
            by_tag.setdefault(record.get("category"), []).append(record)
    for id_, where in places.items():
        if len(where) != 1:
            problems.append(f"{id_} is stored {len(where)} times: {where}")
    new_state = {}
    for tag, options in allowed.items():
        records = by_tag.pop(tag, [])
        if len(records) > 1:
            problems.append(f"{tag} is stored {len(records)} times: {[state_of(r) for r in records]}")
            continue
        observed = state_of(records[0]) if records else None
        if observed and observed["date"][:7] != next(
                (rel[5:12] for rel, rs in months.items() if records[0] in rs), ""):
            problems.append(f"{tag} is stored in the wrong month file: {observed}")
        if not any(same(observed, option) for option in options):
            problems.append(f"{tag} is {observed or 'not stored'}; expected one of {options}")
        new_state[tag] = observed
    for tag, records in by_tag.items():
        problems.append(f"entries nobody wrote: {tag}: {[state_of(r) for r in records]}")
    for date, ids in shown_by_date.items():
        stored = sorted(r["id"] for rs in months.values() for r in rs if r.get("date") == date)
        if ids != stored:
            problems.append(f"day {date} shows {ids}, the files hold {stored}")
    if totals:
        check_totals(binary, data, months, problems)
    with open(state_path, "w") as f:
        json.dump(new_state, f)
    for problem in problems:
        print(f"  FAIL: {problem}")
    sys.exit(1 if problems else 0)


def pick(argv):
    """pick STATE R: "TAG ID DATE AMOUNT" of a stored entry whose id is known, chosen by R."""
    with open(argv[0]) as f:
        state = json.load(f)
    stored = sorted((tag, e) for tag, e in state.items() if e and e.get("id"))
    if stored:
        tag, e = stored[int(argv[1]) % len(stored)]
        print(tag, e["id"], e["date"], e["amount"])


def concurrent(argv):
    """concurrent DATA ACKNOWLEDGED EXPECTED BINARY"""
    data, acknowledged, expected, binary = argv[0], argv[1], int(argv[2]), argv[3]
    months, problems, leftovers = ledger_files(data, True)
    ids = [line.strip() for line in open(acknowledged) if line.strip()]
    places = {}
    for rel, records in months.items():
        for record in records:
            places.setdefault(record["id"], []).append(rel)
    missing = [i for i in ids if i not in places]
    twice = {i: w for i, w in places.items() if len(w) != 1}
    stored = sum(len(r) for r in months.values())
    print(f"  {len(ids)} acknowledged, {stored} stored, {len(missing)} acknowledged but missing, "
          f"{len(twice)} stored twice, {len(set(ids))} distinct ids acknowledged")
    if missing:
        problems.append(f"lost: {missing[:10]}{' ...' if len(missing) > 10 else ''}")
    if twice:
        problems.append(f"stored twice: {dict(list(twice.items())[:10])}")
    if len(set(ids)) != len(ids):
        problems.append("an id was handed out twice")
    if len(ids) != expected:
        problems.append(f"{expected - len(ids)} of {expected} adds were not acknowledged")
    if stored != expected:
        problems.append(f"{stored} entries stored, {expected} expected")
    if leftovers:
        problems.append(f"left behind: {sorted(leftovers)[:10]}")
    check_totals(binary, data, months, problems)
    for problem in problems:
        print(f"  FAIL: {problem}")
    sys.exit(1 if problems else 0)


{"verify": verify, "pick": pick, "concurrent": concurrent}[sys.argv[1]](sys.argv[2:])
PY

# Runs hannun with a deadline; exit status 124 means it hung.
run() { timeout -k 5 60 "$binary" "$@"; }

# ---------------------------------------------------------------------------------------------
echo
echo "(a) first writes: 10 times, 6 adds started at once on a new data directory"
lost_first=0
for trial in $(seq 1 10); do
  data="$work/first-$trial"
  : >"$work/first-ack"
  for i in 1 2 3 4 5 6; do
    ( out=$(run add --expense "1$i" --category "c$i" --date 2025-11-03 --currency KRW --data "$data" 2>>"$work/first-err") &&
        [ -n "$out" ] && echo "$out" >>"$work/first-ack" ) &
  done
  wait
  python3 "$py" concurrent "$data" "$work/first-ack" 6 "$binary" >"$work/first-out" ||
    { lost_first=$((lost_first + 1)); sed "s/^/  trial $trial:/" "$work/first-out"; }
done
if [ "$lost_first" -eq 0 ]; then echo "  ok: every trial stored all 6 entries, each once"; else
  fail "$lost_first of 10 trials lost or refused a first write"; fi

echo
echo "(a) $writers writers x $adds adds at once on a new data directory"
data="$work/a"
# The first add of each writer names the currency, so whichever comes first creates a KRW ledger.
start=$SECONDS
for w in $(seq 1 "$writers"); do
  (
    for i in $(seq 1 "$adds"); do
      month=$(( (i % 12) + 1 ))
      day=$(( (i % 28) + 1 ))
      if out=$(run add --expense "$((w * 100000 + i))" --category "w$w-$i" --currency KRW \
        --date "$(printf '2025-%02d-%02d' "$month" "$day")" --data "$data" 2>>"$work/a-err-$w"); then
        [ -n "$out" ] && echo "$out" >>"$work/a-ack-$w"
      fi
    done
  ) &
done
wait
elapsed=$((SECONDS - start))
cat "$work"/a-ack-* >"$work/a-ack" 2>/dev/null || : >"$work/a-ack"
error_lines=$(cat "$work"/a-err-* 2>/dev/null | wc -l)
echo "  ${elapsed}s; $error_lines error lines$( [ "$error_lines" -gt 0 ] && echo ", first: $(cat "$work"/a-err-* | head -n 1)")"
if python3 "$py" concurrent "$data" "$work/a-ack" $((writers * adds)) "$binary"; then
  echo "  ok"
else
  failures=$((failures + 1))
fi
concurrent_summary="$((10 - lost_first)) of 10 first-write trials whole, $(wc -l <"$work/a-ack") of $((writers * adds)) adds acknowledged"

# ---------------------------------------------------------------------------------------------
echo
echo "(b) $kills kills: random moments, and kill points of moves (strace: $([ $have_strace -eq 1 ] && echo yes || echo no))"
data="$work/b"
state="$work/b-state.json"
echo '{}' >"$state"
months=(2025-01 2025-02 2025-06 2025-11 2025-12 2026-01 2026-03 2027-06)
operations=(rename unlink fsync write mkdir chmod open)
declare -A calls=(
  [rename]="?rename,?renameat,?renameat2" [unlink]="?unlink,?unlinkat,?rmdir"
  [fsync]="?fsync,?fdatasync" [write]="?write,?pwrite64,?writev,?pwritev,?pwritev2"
  [mkdir]="?mkdir,?mkdirat" [chmod]="?chmod,?fchmodat" [open]="?open,?openat,?openat2"
)
declare -A most=([rename]=10 [unlink]=5 [fsync]=24 [write]=14 [mkdir]=2 [chmod]=2 [open]=24)
random_date() { printf '%s-%02d' "${months[$((RANDOM % ${#months[@]}))]}" $(( (RANDOM % 28) + 1 )); }
tag=0
random_kills=0; random_killed=0; injected=0; injected_killed=0; kill_failures=0

# A plain add that must succeed, then the strict checks: no leftovers, month totals.
next_write() {
  tag=$((tag + 1))
  local date out status
  date=$(random_date)
  out=$(run add --income "$((900000 + tag))" --category "t$tag" --currency KRW --date "$date" \
    --data "$data" 2>"$work/b-err")
  status=$?
  [ $status -eq 0 ] || fail "the next write after a kill failed (exit $status): $(head -c 300 "$work/b-err")"
  python3 "$py" verify "$state" "$data" "$binary" --strict --totals \
    add "t$tag" "$date" "$((900000 + tag))" "$status" "$out" || kill_failures=$((kill_failures + 1))
}

# How long an add takes here, so that the random delays cover a whole run, the commit included.
started=$(date +%s%N)
for i in 1 2 3 4 5; do run add --expense 1 --category calibrate --currency KRW --date 2025-11-01 --data "$work/calibrate" >/dev/null; done
add_ms=$(( ($(date +%s%N) - started) / 5000000 ))
longest=$(( add_ms * 6 / 5 )); [ "$longest" -lt 40 ] && longest=40
echo "  an add takes about $add_ms ms here: random delays of 0-$longest ms"
next_write
# Stale temporary files, as a writer killed by an older Hannun (or another tool) left them.
mkdir -p "$data/ledger/2025"
printf '{"schemaVersion":1,"month":"2025-11","transactions":[]}' >"$data/ledger/2025/.2025-11.json.deadbeef.tmp"
printf '{"schemaVersion":1,' >"$data/ledger/.meta.json.feedface.tmp"
for k in $(seq 1 "$kills"); do
  read -r ptag pid_ pdate pamount < <(python3 "$py" pick "$state" "$RANDOM") || true
  if [ "$have_strace" -eq 1 ] && [ $((k % 3)) -eq 0 ] && [ -n "${ptag:-}" ]; then
    # A move killed at the N-th call of one kind of file operation.
    operation=${operations[$((RANDOM % ${#operations[@]}))]}
    when=$(( (RANDOM % most[$operation]) + 1 ))
    target=$(random_date)
    [ "${target:0:7}" = "${pdate:0:7}" ] && target="2027-06-$(printf '%02d' $(( (RANDOM % 28) + 1 )))"
    scope=()
    if [ "$operation" = open ]; then
      while IFS= read -r path; do scope+=(-P "$path"); done < <(find "$data" -not -path '*/pending/*')
      scope+=(-P "$data/ledger/${target:0:4}" -P "$data/ledger/${target:0:4}/${target:0:7}.json")
      scope+=(-P "$data/ledger/journal.json")
    fi
    {
      timeout -k 5 60 strace -f -o /dev/null "${scope[@]}" \
        -e "inject=${calls[$operation]}:signal=KILL:when=$when" \
        "$binary" edit "$pid_" --date "$target" --data "$data" >/dev/null 2>"$work/b-err"
    } 2>/dev/null
    status=$?
    injected=$((injected + 1))
    [ $status -eq 137 ] && injected_killed=$((injected_killed + 1))
    [ $status -eq 124 ] && fail "kill point $operation #$when: hung"
    [ $status -ne 0 ] && [ $status -ne 137 ] && [ $status -ne 124 ] &&
      fail "kill point $operation #$when: exit $status: $(head -c 300 "$work/b-err")"
    op=(move "$ptag" "$target" "$status")
  else
    # An add, amount edit, move or delete, SIGKILLed after a random delay.
    choice=$((RANDOM % 10))
    [ -z "${ptag:-}" ] && choice=0
    case $choice in
      0|1|2|3|4)
        tag=$((tag + 1)); date=$(random_date)
        "$binary" add --expense "$((k * 10 + 1))" --category "t$tag" --currency KRW --date "$date" \
          --data "$data" >"$work/b-out" 2>"$work/b-err" &
        op=(add "t$tag" "$date" "$((k * 10 + 1))") ;;
      5|6|7)
        target=$(random_date)
        "$binary" edit "$pid_" --date "$target" --data "$data" >"$work/b-out" 2>"$work/b-err" &
        op=(move "$ptag" "$target") ;;
      8)
        "$binary" edit "$pid_" --amount "$((pamount + 7))" --data "$data" >"$work/b-out" 2>"$work/b-err" &
        op=(amount "$ptag" "$((pamount + 7))") ;;
      *)
        "$binary" delete "$pid_" --data "$data" >"$work/b-out" 2>"$work/b-err" &
        op=(delete "$ptag") ;;
    esac
    pid=$!
    delay=$((RANDOM % (longest + 1)))
    sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    status=$?
    random_kills=$((random_kills + 1))
    [ $status -eq 137 ] && random_killed=$((random_killed + 1))
    [ $status -ne 0 ] && [ $status -ne 137 ] &&
      fail "${op[*]}: exit $status: $(head -c 300 "$work/b-err")"
    op+=("$status")
    [ "${op[0]}" = add ] && op+=("$(tr -d '\n' <"$work/b-out")")
  fi
  if ! python3 "$py" verify "$state" "$data" "$binary" "${op[@]}"; then
    kill_failures=$((kill_failures + 1))
    echo "    after kill $k: ${op[*]}"
  fi
  if [ $((k % 20)) -eq 0 ]; then
    next_write
    echo "  $k kills: $random_killed of $random_kills random kills landed, $injected_killed of $injected kill points; $kill_failures failed checks"
  fi
done
next_write
stored=$(python3 -c 'import json,sys; print(sum(1 for e in json.load(open(sys.argv[1])).values() if e))' "$state")
echo "  $random_killed of $random_kills random kills landed before the command finished; $injected_killed of $injected kill points killed a move; $stored entries stored at the end; $kill_failures failed checks"
failures=$((failures + kill_failures))
kills_summary="$((random_killed + injected_killed)) of $kills writers killed mid-way, $kill_failures failed checks"

# ---------------------------------------------------------------------------------------------
echo
echo "(c) damaged files"
failures_before_c=$failures
data="$work/c"
fingerprint() { (cd "$1" && find . -printf '%p %y %m\n' | sort && find . -type f -exec sha256sum {} + | sort); }
run add --expense 12000 --category x --date 2025-11-03 --currency KRW --data "$data" >/dev/null ||
  fail "the first add failed"
fifo="$data/ledger/2025/2025-10.json"
mkfifo "$fifo"
# Everything that shows or writes October (the week of 2025-11-01 reaches into it); a one-shot
# month beside it reads only its own month and works (checked below).
for arguments in "month 2025-10" "month 2025-10 --json" "week 2025-11-01 --json" \
  "day 2025-10-03 --json" "add --expense 1 --category x --date 2025-10-04"; do
  # shellcheck disable=SC2086
  timeout -k 2 10 "$binary" $arguments --data "$data" >/dev/null 2>"$work/c-err"
  status=$?
  if [ $status -eq 124 ] || [ $status -eq 137 ]; then
    fail "$arguments hangs on the FIFO"
  elif [ $status -eq 0 ]; then
    fail "$arguments succeeded with a FIFO in a month it shows or writes"
  elif ! grep -qF "$fifo" "$work/c-err"; then
    fail "$arguments (exit $status) does not name the FIFO: $(head -c 200 "$work/c-err")"
  else
    echo "  $arguments refused (exit $status): $(head -c 140 "$work/c-err")"
  fi
done
for month in 2025-11 2025-09; do
  if timeout -k 2 10 "$binary" month "$month" --json --data "$data" >/dev/null 2>"$work/c-err"; then
    echo "  month $month beside it works"
  else
    fail "month $month beside the FIFO failed or hung: $(head -c 200 "$work/c-err")"
  fi
done
if timeout -k 2 10 "$binary" add --income 5 --category y --date 2027-10-02 --data "$data" >/dev/null 2>"$work/c-err"; then
  echo "  an add two years away works"
else
  fail "an add two years away from the FIFO failed or hung: $(head -c 200 "$work/c-err")"
fi
rm -f "$fifo"
meta="$data/ledger/meta.json"
for damage in missing "not JSON"; do
  if [ "$damage" = missing ]; then rm -f "$meta"; else printf 'KRW, I think\n' >"$meta"; fi
  before=$(fingerprint "$data")
  for arguments in "day 2025-11-03 --json" "month 2025-11" "add --expense 1 --category x --date 2025-11-04" \
    "add --expense 1 --category x --date 2027-01-04 --currency USD"; do
    # shellcheck disable=SC2086
    timeout -k 2 10 "$binary" $arguments --data "$data" >"$work/c-out" 2>"$work/c-err"
    status=$?
    if [ $status -ne 1 ]; then
      fail "meta.json $damage: $arguments exit $status (expected 1): $(head -c 200 "$work/c-out")"
    elif ! grep -qF meta.json "$work/c-err"; then
      fail "meta.json $damage: $arguments does not name meta.json: $(head -c 200 "$work/c-err")"
    fi
    [ "$(fingerprint "$data")" = "$before" ] || fail "meta.json $damage: $arguments changed the data directory"
  done
  echo "  meta.json $damage: checked day, month, add"
done

# ---------------------------------------------------------------------------------------------
echo
echo "(d) races: $races trials each of imports, renames, budgets and confirmations"
failures_before_d=$failures
# Entries stored (every record of every month file), and how many have category $2.
count_entries() {
  python3 - "$1" "${2:-}" <<'PYCOUNT'
import glob, json, os, sys
total = named = 0
for path in glob.glob(os.path.join(sys.argv[1], "ledger", "[0-9]*", "*.json")):
    with open(path, encoding="utf-8") as f:
        for record in json.load(f)["transactions"]:
            total += 1
            named += record.get("category") == sys.argv[2]
print(total, named)
PYCOUNT
}
statement="$work/d-statement.csv"
printf '날짜,금액,메모\n' >"$statement"
for row in $(seq 1 300); do
  printf '2025-%02d-%02d,-%d,row %d\n' $((row % 12 + 1)) $((row % 28 + 1)) $((row * 10)) "$row" >>"$statement"
done
printf '날짜,금액,메모\n2024-01-01,-1,seed\n' >"$work/d-seed.csv"
race_failures=0
for trial in $(seq 1 "$races"); do
  before_trial=$failures
  # Imports: three of the same statement at once.
  data="$work/d-import-$trial"
  "$binary" import "$work/d-seed.csv" --data "$data" --currency KRW >/dev/null 2>&1
  pids=()
  for runner in 1 2 3; do
    "$binary" import "$statement" --data "$data" >"$work/d-import-$runner.out" 2>&1 &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || fail "import trial $trial: an import failed"; done
  read -r total _ < <(count_entries "$data")
  [ "$total" = 301 ] || fail "import trial $trial: $total entries stored, expected 301 (each row once)"

  # A rename racing three writers that add entries of the old category.
  data="$work/d-rename-$trial"
  "$binary" budget set 500000 --category old --from 2025-01 --data "$data" --currency KRW >/dev/null 2>&1
  "$binary" recurring add --monthly 10 30000 --category old --from 2025-01-01 --data "$data" >/dev/null 2>&1
  for day in $(seq 1 60); do
    printf '%s\n' "$day"
  done | xargs -P 4 -I{} "$binary" add --expense {}00 --category old --date 2025-03-01 --data "$data" >/dev/null 2>&1
  pids=()
  for runner in 1 2 3; do
    ( for add in $(seq 1 15); do
        "$binary" add --expense "$runner$add" --category old --date "2025-0$runner-1$((add % 9))" --data "$data" >/dev/null 2>&1
      done ) &
    pids+=($!)
  done
  sleep 0.$((RANDOM % 5))
  "$binary" category rename old new --json --data "$data" >"$work/d-rename.out" 2>"$work/d-rename.err"
  renamed_status=$?
  for pid in "${pids[@]}"; do wait "$pid"; done
  if [ $renamed_status -ne 0 ]; then
    fail "rename trial $trial: exit $renamed_status: $(head -c 200 "$work/d-rename.err")"
  else
    said=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["count"])' "$work/d-rename.out")
    read -r total renamed < <(count_entries "$data" new)
    read -r _ left < <(count_entries "$data" old)
    [ "$total" = $((renamed + left)) ] || fail "rename trial $trial: $total entries, $renamed new + $left old"
    [ "$said" = "$renamed" ] || fail "rename trial $trial: said $said renamed, $renamed stored under the new name"
    grep -q '"old"' "$data/ledger/budgets.json" && fail "rename trial $trial: the budget stayed behind"
    grep -q '"old"' "$data/ledger/recurring.json" && fail "rename trial $trial: the rule stayed behind"
  fi

  # Eight budgets of different categories at once.
  data="$work/d-budget-$trial"
  "$binary" add --expense 1 --category x --date 2025-11-01 --data "$data" --currency KRW >/dev/null 2>&1
  pids=()
  for category in a b c d e f g h; do
    "$binary" budget set 1000 --category "$category" --from 2025-11 --data "$data" >/dev/null 2>"$work/d-budget-$category.err" &
    pids+=($!)
  done
  refused=0
  for pid in "${pids[@]}"; do wait "$pid" || refused=$((refused + 1)); done
  [ $refused -eq 0 ] || fail "budget trial $trial: $refused of 8 budget set refused: $(cat "$work"/d-budget-*.err | head -c 200)"
  kept=$("$binary" budget 2025-11 --json --data "$data" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["categories"]))')
  [ "$kept" = 8 ] || fail "budget trial $trial: $kept of 8 budgets kept"

  # Three confirm --all of the same due occurrences at once.
  data="$work/d-confirm-$trial"
  "$binary" recurring add --weekly mon 1000 --category w --from 2015-01-05 --data "$data" --currency KRW >/dev/null 2>&1
  due=$("$binary" due --json --data "$data" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d.get("due", d.get("occurrences", []))))' 2>/dev/null || echo "?")
  pids=()
  for runner in 1 2 3; do
    "$binary" confirm --all --data "$data" >/dev/null 2>&1 &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || fail "confirm trial $trial: a confirm --all failed"; done
  read -r total _ < <(count_entries "$data")
  left=$("$binary" due --json --data "$data" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d.get("due", d.get("occurrences", []))))' 2>/dev/null || echo "?")
  [ "$total" = "$due" ] || fail "confirm trial $trial: $total entries for $due due occurrences"
  [ "$left" = 0 ] || fail "confirm trial $trial: $left occurrences still due"
  [ $failures -eq $before_trial ] || race_failures=$((race_failures + 1))
done
races_summary="$((races - race_failures)) of $races race trials whole"

# ---------------------------------------------------------------------------------------------
web_summary="left out (--web 0)"
if [ "$web" -gt 0 ]; then
echo
echo "(e) the web: 4 browsers post $web entries each through \`hannun serve\` while 2 CLI writers add $web each, 200 idle connections open"
failures_before_e=$failures
data="$work/e"
run add --expense 100 --category seed --date 2025-11-01 --currency KRW --data "$data" >/dev/null 2>&1 ||
  fail "web: the first add failed"
"$binary" serve --listen 127.0.0.1:0 --data "$data" >"$work/e-serve.out" 2>"$work/e-serve.err" &
serve_pid=$!
address=""
for _ in $(seq 1 200); do
  address=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$work/e-serve.out" | head -n 1)
  [ -n "$address" ] && break
  sleep 0.05
done
if [ -z "$address" ]; then
  fail "web: serve printed no address: $(head -c 300 "$work/e-serve.err")"
else
  cat >"$work/e-web.py" <<'PYWEB'
import http.client, re, socket, sys, threading, time, urllib.parse

mode, port = sys.argv[1], int(sys.argv[2])


def browser(name, count, ack):
    """Gets the month page as a browser does (cookies, the form's csrf), then posts entries."""
    cookies, token = {}, None

    def request(method, path, body=None):
        nonlocal token
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in sorted(cookies.items()))}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        for field, value in response.getheaders():
            if field.lower() == "set-cookie":
                pair = value.split(";", 1)[0].split("=", 1)
                if len(pair) == 2:
                    cookies[pair[0].strip()] = pair[1]
        found = re.search(r'name="csrf" value="([^"]*)"', text)
        if found:
            token = found.group(1)
        connection.close()
        return response.status, text

    request("GET", "/month/2025-11")
    for i in range(1, count + 1):
        category = f"web-{name}-{i}"
        form = {"csrf": token or "", "kind": "expense", "amount": str(1000 + i),
                "category": category, "memo": "stress", "date": f"2025-11-{i % 28 + 1:02d}",
                "month": "2025-11"}
        try:
            status, text = request("POST", "/entries", urllib.parse.urlencode(form))
        except Exception as error:  # noqa: BLE001 - a failed request is unacknowledged
            print(f"{category} error {error}", file=sys.stderr)
            continue
        if status == 303:
            ack.append(category)
        else:
            print(f"{category} status {status}: {re.sub(r'<[^>]*>', ' ', text)[:200]}", file=sys.stderr)
            request("GET", "/month/2025-11")


if mode == "browsers":
    count, out = int(sys.argv[3]), sys.argv[4]
    ack, threads = [], []
    for name in "abcd":
        thread = threading.Thread(target=browser, args=(name, count, ack))
        thread.start()
        threads.append(thread)
    for thread in threads:
        thread.join()
    with open(out, "w") as f:
        f.write("".join(c + "\n" for c in ack))
elif mode == "idle":
    # 200 connections that send nothing, held until the file argv[3] exists; meanwhile the page
    # must answer (within 5 s), checked three times.
    sockets = []
    for _ in range(200):
        sockets.append(socket.create_connection(("127.0.0.1", port), timeout=10))
    answered = []
    for _ in range(3):
        started = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            connection.request("GET", "/month/2025-11")
            status = connection.getresponse().status
        except Exception as error:  # noqa: BLE001
            status = f"no answer ({error})"
        answered.append((status, round(time.monotonic() - started, 2)))
        time.sleep(0.5)
    print(" ".join(f"{s}/{t}s" for s, t in answered))
    bad = [a for a in answered if a[0] != 200]
    sys.exit(1 if bad else 0)
PYWEB
  port=${address#http://127.0.0.1:}; port=${port%/}
  python3 "$work/e-web.py" idle "$port" >"$work/e-idle.out" 2>&1 &
  idle_pid=$!
  python3 "$work/e-web.py" browsers "$port" "$web" "$work/e-web-ack" 2>"$work/e-web.err" &
  browsers_pid=$!
  : >"$work/e-cli-ack"
  cli_pids=()
  for w in 1 2; do
    ( for i in $(seq 1 "$web"); do
        out=$(run add --expense "$((w * 10000 + i))" --category "cli-$w-$i" --date "2025-11-$(printf '%02d' $(( (i % 28) + 1 )))" --data "$data" 2>>"$work/e-cli.err") &&
          [ -n "$out" ] && echo "cli-$w-$i" >>"$work/e-cli-ack"
      done ) &
    cli_pids+=($!)
  done
  wait "$browsers_pid"
  for pid in "${cli_pids[@]}"; do wait "$pid" 2>/dev/null; done
  if wait "$idle_pid"; then
    echo "  with 200 idle connections open the page answered: $(cat "$work/e-idle.out")"
  else
    fail "web: with 200 idle connections open the page did not answer: $(head -c 300 "$work/e-idle.out")"
  fi
  kill -0 "$serve_pid" 2>/dev/null || fail "web: the server stopped: $(head -c 300 "$work/e-serve.err")"
  web_ack=$(wc -l <"$work/e-web-ack" 2>/dev/null || echo 0)
  cli_ack=$(wc -l <"$work/e-cli-ack")
  [ -s "$work/e-web.err" ] && echo "  web refusals: $(wc -l <"$work/e-web.err"), first: $(head -n 1 "$work/e-web.err" | head -c 200)"
  [ -s "$work/e-cli.err" ] && echo "  CLI errors: $(wc -l <"$work/e-cli.err"), first: $(head -n 1 "$work/e-cli.err" | head -c 200)"
  python3 - "$data" "$work/e-web-ack" "$work/e-cli-ack" "$((4 * web))" "$((2 * web))" "$binary" "$py" <<'PYCHECK' || failures=$((failures + 1))
import sys
data, web_ack, cli_ack, web_sent, cli_sent, binary, py = sys.argv[1:8]
# The checks of torture.py, without its last line (which dispatches on argv).
source = open(py).read().rsplit("\n{", 1)[0]
torture = {}
exec(compile(source, py, "exec"), torture)
months, problems, leftovers = torture["ledger_files"](data, True)
by_category = {}
for records in months.values():
    for record in records:
        by_category.setdefault(record.get("category"), []).append(record)
acknowledged = [c.strip() for path in (web_ack, cli_ack) for c in open(path) if c.strip()]
web_count = sum(1 for c in acknowledged if c.startswith("web-"))
cli_count = len(acknowledged) - web_count
missing = [c for c in acknowledged if c not in by_category]
twice = {c: len(r) for c, r in by_category.items() if len(r) > 1}
unacknowledged = [c for c in by_category if c not in acknowledged and c != "seed"]
stored = sum(len(r) for r in months.values())
print(f"  web: {web_count} of {web_sent} posts answered 303, CLI: {cli_count} of {cli_sent} adds "
      f"acknowledged; {stored} entries stored, {len(missing)} acknowledged but missing, "
      f"{len(twice)} stored twice, {len(unacknowledged)} stored without an acknowledgement")
if missing:
    problems.append(f"lost: {missing[:10]}")
if twice:
    problems.append(f"stored twice: {dict(list(twice.items())[:10])}")
if unacknowledged:
    problems.append(f"stored but not acknowledged: {unacknowledged[:10]}")
if leftovers:
    problems.append(f"left behind: {sorted(leftovers)[:10]}")
torture["check_totals"](binary, data, months, problems)
for problem in problems:
    print(f"  FAIL: {problem}")
sys.exit(1 if problems else 0)
PYCHECK
  web_summary="$web_ack of $((4 * web)) web posts and $cli_ack of $((2 * web)) CLI adds acknowledged, $((failures - failures_before_e)) failed checks"
fi
kill "$serve_pid" 2>/dev/null; wait "$serve_pid" 2>/dev/null
fi

# ---------------------------------------------------------------------------------------------
stopped_summary="left out (no strace)"
if [ "$have_strace" -eq 1 ]; then
echo
echo "(f) a writer stopped (SIGSTOP) while it holds the lock"
failures_before_f=$failures
data="$work/f"
run add --expense 1000 --category x --date 2025-11-03 --currency KRW --data "$data" >/dev/null 2>&1 ||
  fail "stopped: the first add failed"
{ timeout -k 5 120 strace -f -o /dev/null -e 'inject=?rename,?renameat,?renameat2:signal=STOP:when=1' \
  "$binary" add --expense 2000 --category stopped --date 2025-11-04 --data "$data" \
  >"$work/f-writer.out" 2>"$work/f-writer.err"; } 2>/dev/null &
tracer=$!
holder=""
for _ in $(seq 1 300); do
  holder=$(grep -o '"pid":[0-9]*' "$data/ledger/lock-holder" 2>/dev/null | head -n 1 | cut -d: -f2)
  if [ -n "$holder" ] && [ -r "/proc/$holder/stat" ] &&
    sed 's/.*) //' "/proc/$holder/stat" | cut -c1 | grep -q '[tT]'; then break; fi
  holder=""
  sleep 0.05
done
stopped_parts=()
if [ -z "$holder" ]; then
  fail "stopped: the writer did not stop holding the lock"
else
  for arguments in "add --expense 3000 --category food --date 2025-11-05" "month 2025-11 --json"; do
    started=$(date +%s%N)
    # shellcheck disable=SC2086
    timeout -k 2 30 "$binary" $arguments --data "$data" >/dev/null 2>"$work/f-err"
    status=$?
    ms=$(( ($(date +%s%N) - started) / 1000000 ))
    stopped_parts+=("${arguments%% *} exit $status in $((ms / 1000)).$(printf '%03d' $((ms % 1000)))s")
    if [ $status -ne 1 ]; then
      fail "stopped: $arguments exit $status after ${ms} ms (expected 1): $(head -c 200 "$work/f-err")"
    elif ! grep -q "pid $holder" "$work/f-err"; then
      fail "stopped: $arguments does not name pid $holder: $(head -c 200 "$work/f-err")"
    elif [ $ms -gt 10000 ]; then
      fail "stopped: $arguments took ${ms} ms"
    fi
  done
  echo "  holder pid $holder: ${stopped_parts[*]}; $(head -c 160 "$work/f-err")"
  kill -CONT "$holder"
  for _ in $(seq 1 200); do kill -0 "$tracer" 2>/dev/null || break; sleep 0.05; done
  if kill -0 "$tracer" 2>/dev/null; then
    fail "stopped: the writer did not finish within 10 s of SIGCONT"
    kill -9 "$holder" 2>/dev/null
  fi
  wait "$tracer"
  status=$?
  [ $status -eq 0 ] || fail "stopped: after SIGCONT the writer exited $status: $(head -c 200 "$work/f-writer.err")"
  read -r total stopped_count < <(count_entries "$data" stopped)
  [ "$total" = 2 ] && [ "$stopped_count" = 1 ] ||
    fail "stopped: after SIGCONT $total entries ($stopped_count of the stopped writer's), expected 2 (1)"
  python3 - "$data" "$binary" "$py" <<'PYF' || fail "stopped: the ledger is not whole after SIGCONT"
import sys
data, binary, py = sys.argv[1:4]
source = open(py).read().rsplit("\n{", 1)[0]
torture = {}
exec(compile(source, py, "exec"), torture)
months, problems, leftovers = torture["ledger_files"](data, True)
ids = [r["id"] for rs in months.values() for r in rs]
if len(ids) != len(set(ids)):
    problems.append("an id is stored twice")
if leftovers:
    problems.append(f"left behind: {leftovers}")
torture["check_totals"](binary, data, months, problems)
for problem in problems:
    print(f"  FAIL: {problem}")
sys.exit(1 if problems else 0)
PYF
  echo "  after SIGCONT the writer exited $status; $total entries stored, the ledger whole"
fi
stopped_summary="${stopped_parts[*]:-not stopped}, $((failures - failures_before_f)) failed checks"
fi

# ---------------------------------------------------------------------------------------------
power_summary="left out (--power-cuts 0)"
if [ "$power_cuts" -gt 0 ]; then
echo
echo "(g) $power_cuts power cuts: a writer killed at a file operation, then only what reached the disk kept"
failures_before_g=$failures
# The ledger lives on a small ext4 image mounted through a loop device. A writer (an add, or a
# move of an entry to another month) is killed by strace at the N-th call of one kind of file
# operation, and at that moment the image file is copied: the copy holds what ext4 had sent to
# its "disk" (the loop device) — what was fsynced, and whatever the kernel happened to write back
# — and not what still sat dirty in ext4's page cache. Mounting the copy (ext4 replays its
# journal) is the machine after a power cut. There, a reader must answer; every acknowledged
# entry must be there in its acknowledged state, each once; the killed change in its old or its
# new state; every file must parse; and after one plain add nothing may be left behind and the
# month totals must equal the entries. The live ledger then goes on to the next cut. (The model
# keeps the loop device's order of writes and never tears a block: a kinder disk than some.)
# Needs root (losetup), mkfs.ext4 and strace; without them this part is left out, with a warning.
image="$work/g.img"; live="$work/g-live"; cut="$work/g-cut"
mkdir -p "$live" "$cut"
if [ "$have_strace" -ne 1 ] || ! truncate -s 64M "$image" || ! mkfs.ext4 -q -F "$image" 2>/dev/null ||
  ! mount -o loop "$image" "$live" 2>"$work/g-err"; then
  echo "  warning: cannot mount an ext4 image on a loop device here (root, mkfs.ext4, strace needed): $(head -c 200 "$work/g-err" 2>/dev/null); power cuts left out" >&2
  power_summary="left out (no loop device)"
else
  # Unmount both on any exit, before the work directory is removed.
  trap 'umount "$cut" 2>/dev/null; umount "$live" 2>/dev/null; [ "$keep" -eq 1 ] || rm -rf "$work"' EXIT
  data="$live/data"
  state="$work/g-state.json"
  echo '{}' >"$state"
  cut_failures=0; cuts_landed=0; cut_acknowledged=0
  date=$(random_date)
  out=$(run add --income 1 --category p0 --currency KRW --date "$date" --data "$data" 2>"$work/g-err")
  python3 "$py" verify "$state" "$data" "$binary" add p0 "$date" 1 $? "$out" >/dev/null ||
    fail "power cuts: the first add failed: $(head -c 200 "$work/g-err")"
  for k in $(seq 1 "$power_cuts"); do
    operation=${operations[$((RANDOM % ${#operations[@]}))]}
    when=$(( (RANDOM % most[$operation]) + 1 ))
    read -r ptag pid_ pdate pamount < <(python3 "$py" pick "$state" "$RANDOM") || true
    target=$(random_date)
    if [ $((k % 2)) -eq 0 ] && [ -n "${ptag:-}" ]; then
      [ "${target:0:7}" = "${pdate:0:7}" ] && target="2027-06-$(printf '%02d' $(( (RANDOM % 28) + 1 )))"
      command=(edit "$pid_" --date "$target")
      op=(move "$ptag" "$target")
    else
      command=(add --expense "$((k * 10 + 3))" --category "p$k" --date "$target")
      op=(add "p$k" "$target" "$((k * 10 + 3))")
    fi
    {
      timeout -k 5 60 strace -f -o /dev/null -e "inject=${calls[$operation]}:signal=KILL:when=$when" \
        "$binary" "${command[@]}" --data "$data" >"$work/g-out" 2>"$work/g-err"
    } 2>/dev/null
    status=$?
    # The power goes: the disk as it is now (no sync; the image's page cache is what the loop
    # device was given).
    cp --sparse=always "$image" "$work/g-cut.img"
    [ "$keep" -eq 1 ] && cp --sparse=always "$work/g-cut.img" "$work/g-cut-pristine.img"
    [ $status -eq 137 ] && cuts_landed=$((cuts_landed + 1))
    [ $status -eq 0 ] && cut_acknowledged=$((cut_acknowledged + 1))
    [ $status -ne 0 ] && [ $status -ne 137 ] &&
      fail "power cut $k: ${op[*]} at $operation #$when: exit $status: $(head -c 200 "$work/g-err")"
    op+=("$status")
    [ "${op[0]}" = add ] && op+=("$(tr -d '\n' <"$work/g-out")")
    if ! mount -o loop "$work/g-cut.img" "$cut" 2>"$work/g-err"; then
      fail "power cut $k: the image after the cut does not mount: $(head -c 200 "$work/g-err")"
    else
      cp "$state" "$work/g-cut-state.json"
      cut_ok=1
      python3 "$py" verify "$work/g-cut-state.json" "$cut/data" "$binary" --power-cut "${op[@]}" || cut_ok=0
      date=$(random_date)
      out=$(run add --income 2 --category "after-cut-$k" --date "$date" --data "$cut/data" 2>"$work/g-err")
      s=$?
      [ $s -eq 0 ] || echo "  FAIL: the first write after the cut failed (exit $s): $(head -c 300 "$work/g-err")"
      python3 "$py" verify "$work/g-cut-state.json" "$cut/data" "$binary" --strict --totals --power-cut \
        add "after-cut-$k" "$date" 2 "$s" "$out" || cut_ok=0
      [ $s -eq 0 ] || cut_ok=0
      if [ $cut_ok -eq 0 ]; then
        cut_failures=$((cut_failures + 1))
        echo "    after power cut $k: ${op[*]} killed at $operation #$when"
      fi
      umount "$cut"
      # With --keep, the image as the cut left it (before the checks' reader and write changed
      # it) is kept for a look: mount -o loop g-cut-K.img DIR.
      [ $cut_ok -eq 0 ] && [ "$keep" -eq 1 ] && cp --sparse=always "$work/g-cut-pristine.img" "$work/g-cut-$k.img"
    fi
    rm -f "$work/g-cut.img"
    # The live ledger goes on: a reader finishes or forgets the killed write.
    # (No power cut there: what a killed writer left in the page cache stays.) Once it fails,
    # the cuts after it would only repeat the finding, so they are not made.
    if ! python3 "$py" verify "$state" "$data" "$binary" "${op[@]}"; then
      fail "power cut $k: the live ledger (no cut) after ${op[*]} killed at $operation #$when"
      break
    fi
  done
  umount "$live"
  echo "  $cuts_landed of $power_cuts writers killed mid-way ($cut_acknowledged finished first); $cut_failures cuts left a ledger that failed a check"
  failures=$((failures + cut_failures))
  power_summary="$cuts_landed of $power_cuts writers cut mid-way, $cut_failures failed checks after the cut"
fi
fi

# ---------------------------------------------------------------------------------------------
echo
echo "summary: (a) $concurrent_summary; (b) $kills_summary; (c) FIFO and meta.json: $((failures_before_d - failures_before_c)) failed checks; (d) ${races_summary:-no races}; (e) web: $web_summary; (f) stopped lock holder: $stopped_summary; (g) power cuts: $power_summary"
if [ "$failures" -eq 0 ]; then
  echo "OK: nothing lost, nothing stored twice, nothing left behind"
  exit 0
fi
echo "FAILED: $failures checks"
exit 1
