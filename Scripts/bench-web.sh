#!/usr/bin/env bash
# How fast `hannun serve` serves the month page of a 1,000-entry and a 1,000,000-entry ledger,
# side by side: wrk with 50 concurrent clients on loopback (and one client alone, for the cost of
# a single request), the median, p99 and requests a second of each, and the server's CPU time
# a request and peak memory. The goal: with 50 clients at a million entries, the month page within
# 20 ms at the median and 100 ms at p99, also when every request asks for a month not drawn
# since the last change.
#
#   Scripts/bench-web.sh [--duration 20] [--connections 50] [--threads 2] [--binary PATH] [--keep]
#                        [--sizes "1000 1000000"]
#
# Needs wrk (apt-get install -y wrk), curl and python3. Builds the release `hannun` unless
# --binary is given. The ledgers are the ones Scripts/bench-cli.sh times, made by
# Scripts/generate-ledger.py and cached under ${HANNUN_BENCH_DIR:-${TMPDIR:-/tmp}/hannun-cli-bench}
# (a million entries over the 100 years before 2025-11, 833 a month); each is copied, and the
# copy's index built by one add and delete (the steady state of a ledger in use), before its
# server starts. The page asked for is the newest month with a day selected,
# /month/2025-11?day=2025-11-15 (833 entries in the month, 28 on the day), in Korean; the server
# keeps drawn pages until the ledger changes, so a third run asks for another of the 1,200
# months each time (a wrk Lua script), which the server must read and draw: the cost of a page
# nobody has looked at since the last change. Each run is preceded by a 3-second warm-up. wrk and
# the server share the machine's cores, as a phone's requests would not: on 2 cores the figures
# are an upper bound. The clients are as many devices: `hannun serve` keeps at most 32
# connections per client address, so each of wrk's connections comes from its own loopback
# address (127.1.0.1, 127.1.0.2, …; a small LD_PRELOAD library, built here with cc, binds each
# socket before it connects). The table is printed and written to a file under ${TMPDIR:-/tmp}.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

duration=20
connections=50
threads=2
binary=""
keep=false
sizes="1000 1000000"
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    --keep) keep=true; shift ;;
    --sizes) sizes="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

for tool in wrk curl python3 cc; do
  command -v "$tool" >/dev/null || { echo "bench-web: $tool is missing (apt-get install -y $tool)" >&2; exit 1; }
done

if [ -z "$binary" ]; then
  swift build -c release --product hannun >/dev/null && swift build -c release --product hannun-serve >/dev/null
  binary="$(swift build -c release --show-bin-path)/hannun"
fi
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
export LANG=en_US.UTF-8 TZ=Asia/Seoul

base="${HANNUN_BENCH_DIR:-${TMPDIR:-/tmp}/hannun-cli-bench}"
mkdir -p "$base"
work=$(mktemp -d "$base/web.XXXXXX")
server=""
cleanup() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
    kill "$server"
    wait "$server" 2>/dev/null || true
  fi
  if [ "$keep" = false ]; then rm -rf "$work"; fi
}
trap cleanup EXIT
month=2025-11
page="/month/$month?day=$month-15"

# Each new connection of wrk from the next of $connections loopback addresses, as that many
# phones would come from their own.
cat >"$work/clients.c" <<'C'
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/socket.h>

static atomic_uint next_client;

int connect(int fd, const struct sockaddr *address, socklen_t length) {
  static int (*real)(int, const struct sockaddr *, socklen_t);
  if (!real) real = (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "connect");
  if (address->sa_family == AF_INET &&
      ntohl(((const struct sockaddr_in *)address)->sin_addr.s_addr) >> 24 == 127) {
    const char *count = getenv("BENCH_CLIENT_ADDRESSES");
    unsigned clients = count && atoi(count) > 0 ? (unsigned)atoi(count) : 1;
    unsigned n = atomic_fetch_add(&next_client, 1) % clients;
    struct sockaddr_in from = {0};
    from.sin_family = AF_INET;
    from.sin_addr.s_addr = htonl(0x7f010000u | (n / 250) << 8 | (n % 250 + 1));
    bind(fd, (const struct sockaddr *)&from, sizeof from);
  }
  return real(fd, address, length);
}
C
cc -O2 -shared -fPIC -o "$work/clients.so" "$work/clients.c" -ldl

for size in $sizes; do
  if [ ! -e "$base/gen-$size/complete" ]; then
    echo "generating a $size-entry ledger in $base/gen-$size"
    rm -rf "$base/gen-$size"
    python3 Scripts/generate-ledger.py "$size" "$base/gen-$size"
    touch "$base/gen-$size/complete"
  fi
done

# A free loopback port: the kernel picks one, the probe lets it go.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# cpu_ms PID: the process's user and system time so far, in milliseconds.
cpu_ms() {
  python3 - "$1" <<'PY'
import os, sys
fields = open(f"/proc/{sys.argv[1]}/stat").read().rsplit(")", 1)[1].split()
print((int(fields[11]) + int(fields[12])) * 1000 // os.sysconf("SC_CLK_TCK"))
PY
}

# Every request another of the ledger's 1,200 months (each thread 600 apart, stepping by 7):
# a month comes back only after 1,200 requests, so no page or month is ever served from the
# server's memory; each is read from its file and drawn.
cat >"$work/months.lua" <<'LUA'
local threads = 0
function setup(thread)
  thread:set("offset", threads * 600)
  threads = threads + 1
end
function init(args)
  counter = offset
end
function request()
  counter = counter + 1
  local total = 2025 * 12 + 10 - (counter * 7 % 1200)
  local month = string.format("%04d-%02d", math.floor(total / 12), total % 12 + 1)
  return wrk.format("GET", "/month/" .. month .. "?day=" .. month .. "-15")
end
LUA

# run_wrk LABEL CONNECTIONS THREADS URL [LUA]: after a warm-up, wrk's report to $work/LABEL.wrk
# and the server's CPU milliseconds during it to $work/LABEL.cpu; fails on any failed request.
run_wrk() {
  local label="$1" clients="$2" wrk_threads="$3" url="$4" before script=()
  if [ $# -gt 4 ]; then script=(-s "$5"); fi
  export LD_PRELOAD="$work/clients.so" BENCH_CLIENT_ADDRESSES="$clients"
  wrk -t"$wrk_threads" -c"$clients" -d3s "${script[@]}" -H 'Accept-Language: ko-KR,ko;q=0.9' \
    "$url" >/dev/null
  before=$(cpu_ms "$server")
  wrk -t"$wrk_threads" -c"$clients" -d"${duration}s" --latency --timeout 10s "${script[@]}" \
    -H 'Accept-Language: ko-KR,ko;q=0.9' "$url" >"$work/$label.wrk"
  unset LD_PRELOAD BENCH_CLIENT_ADDRESSES
  echo $(($(cpu_ms "$server") - before)) >"$work/$label.cpu"
  if grep -E "Non-2xx|Socket errors" "$work/$label.wrk"; then
    echo "bench-web: $label had failed requests:" >&2
    cat "$work/$label.wrk" >&2
    exit 1
  fi
}

results="$work/results"
: >"$results"
for size in $sizes; do
  data="$work/ledger-$size"
  echo "copying the $size-entry ledger and building its index (one add and delete)"
  cp -a "$base/gen-$size" "$data"
  rm -rf "$data/ledger/index"
  id=$("$binary" add --expense 4500 --category warm --date "$month-15" --data "$data")
  "$binary" delete "$id" --data "$data" >/dev/null

  port=$(free_port)
  url="http://127.0.0.1:$port$page"
  "$binary" serve --listen "127.0.0.1:$port" --data "$data" >"$work/serve-$size.log" 2>&1 &
  server=$!
  for _ in $(seq 150); do
    curl -sf -o /dev/null "$url" && break
    kill -0 "$server" 2>/dev/null || { echo "bench-web: hannun serve exited:" >&2; cat "$work/serve-$size.log" >&2; exit 1; }
    sleep 0.2
  done
  curl -sf -H 'Accept-Language: ko-KR' "$url" >"$work/page-$size.html" \
    || { echo "bench-web: GET $page failed:" >&2; cat "$work/serve-$size.log" >&2; exit 1; }
  grep -q "data-month=\"$month\"" "$work/page-$size.html" \
    || { echo "bench-web: GET $page is not the month page of $month" >&2; exit 1; }
  bytes=$(wc -c <"$work/page-$size.html")

  echo "== $size entries: $connections clients, $threads wrk threads, ${duration} s: GET $page ($bytes bytes)"
  run_wrk "many-$size" "$connections" "$threads" "$url"
  cat "$work/many-$size.wrk"
  echo "== $size entries: one client, ${duration} s"
  run_wrk "one-$size" 1 1 "$url"
  cat "$work/one-$size.wrk"
  echo "== $size entries: $connections clients, every request another month (nothing cached)"
  run_wrk "cold-$size" "$connections" "$threads" "$url" "$work/months.lua"
  cat "$work/cold-$size.wrk"
  peak=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
  echo "$size $bytes $(cat "$work/many-$size.cpu") $peak" >>"$results"
done

report="${TMPDIR:-/tmp}/hannun-bench-web-$(date +%Y%m%dT%H%M%S).md"
python3 - "$work" "$connections" "$duration" "$page" >"$report" <<'PY'
import re, sys
work, connections, duration, page = sys.argv[1:]
def ms(value):
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
def parse(label):
    text = open(f"{work}/{label}.wrk").read()
    get = lambda pattern: re.search(pattern, text, re.M).group(1)
    return {"p50": ms(get(r"^\s+50%\s+(\S+)")), "p99": ms(get(r"^\s+99%\s+(\S+)")),
            "rps": float(get(r"^Requests/sec:\s+([\d.]+)")),
            "requests": int(get(r"^\s+(\d+) requests in"))}
rows = {}
for line in open(f"{work}/results"):
    size, size_bytes, cpu, peak = line.split()
    many, one, cold = parse(f"many-{size}"), parse(f"one-{size}"), parse(f"cold-{size}")
    cold_cpu = int(open(f"{work}/cold-{size}.cpu").read()) / cold["requests"]
    rows[size] = (int(size_bytes), int(cpu) / many["requests"], int(peak) / 1024, many, one,
                  cold, cold_cpu)
name = {"1000": "1,000 entries", "1000000": "1,000,000 entries"}
print(f"GET {page} (Korean), wrk --latency, {duration} s a run after a 3 s warm-up, loopback")
print()
print("| `hannun serve`, month page | " + " | ".join(name[s] for s in rows) + " |")
print("| --- | " + " | ".join("---" for _ in rows) + " |")
def row(label, cell):
    print(f"| {label} | " + " | ".join(cell(*rows[s]) for s in rows) + " |")
row(f"{connections} clients: median / p99", lambda b, c, p, m, o, k, kc: f"{m['p50']:.2f} / {m['p99']:.2f} ms")
row(f"{connections} clients: requests a second", lambda b, c, p, m, o, k, kc: f"{m['rps']:,.0f}")
row("one client: median / p99", lambda b, c, p, m, o, k, kc: f"{o['p50']:.2f} / {o['p99']:.2f} ms")
row("one client: requests a second", lambda b, c, p, m, o, k, kc: f"{o['rps']:,.0f}")
row(f"server CPU time a request ({connections} clients)", lambda b, c, p, m, o, k, kc: f"{c:.2f} ms")
row(f"{connections} clients, every request another month (nothing cached): median / p99",
    lambda b, c, p, m, o, k, kc: f"{k['p50']:.2f} / {k['p99']:.2f} ms")
row("… requests a second / server CPU time a request",
    lambda b, c, p, m, o, k, kc: f"{k['rps']:,.0f} / {kc:.2f} ms")
row("server peak memory", lambda b, c, p, m, o, k, kc: f"{p:.0f} MiB")
row("page size", lambda b, c, p, m, o, k, kc: f"{b / 1024:.1f} KiB")
million = rows.get("1000000")
print()
for label, run in (("the same page", million[3]), ("another month every request", million[5])) if million else ():
    met = run["p50"] <= 20 and run["p99"] <= 100
    print(f"Goal at a million with {connections} clients, {label}: median ≤ 20 ms and p99 ≤ 100 ms: "
          f"{run['p50']:.2f} / {run['p99']:.2f} ms, {'met' if met else 'MISSED'}.")
PY
echo
cat "$report"
echo
echo "table: $report"
if [ "$keep" = true ]; then echo "ledgers, pages, logs and wrk reports kept in $work"; fi
