#!/usr/bin/env python3
"""The REPL's latencies as a terminal sees them, through a pseudo-terminal (issue 22, item 5).

    repl-latency.py --hannun .build/release/hannun --data DIR [--pages 60] [--writes 30]
                    [--month 2025-06] [--columns 80] [--rows 24]

Starts `hannun --data DIR` in an 80x24 pty (LANG=ko_KR.UTF-8, TERM=xterm-256color), waits for
its first screen, types `go MONTH` and then measures:

- PageDown to the redrawn screen: from writing the key (ESC [6~) to the last byte of the redraw,
  the prompt of the next month included, after which the output stays quiet for 30 ms: first
  PAGES PageDowns one after another (each to a month not shown yet), then PAGES keys PageUp and
  PageDown in turn between two months already read.
- another window's write to the redrawn screen: `hannun add` runs as a second process (no key is
  sent to the REPL); the time from that process's exit to the last byte of the redrawn screen
  (from its clearing on, up to a 30 ms pause; negative when the screen was redrawn before the
  writer's process had ended), from its start (which includes the write itself), and from its
  exit to the prompt drawn again under the screen.
- how often the idle REPL wakes: its threads' voluntary context switches over 2 s at the prompt
  (Linux only, from /proc).

Prints the medians (and p10/p90) in milliseconds. DIR's ledger is written to by the second part
(one expense a write, category `latency`): use a copy.
"""
import argparse, fcntl, os, pty, re, select, signal, statistics, struct, subprocess, sys, termios
import time

QUIET = 0.030


def spawn(hannun, data, columns, rows):
    pid, master = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = {"LANG": "ko_KR.UTF-8", "TERM": "xterm-256color", "HOME": os.environ.get("HOME", "/"),
               "PATH": "/usr/bin:/bin", "TZ": "Asia/Seoul", "NO_COLOR": "1"}
        os.execve(hannun, [hannun, "--data", data], env)
    return pid, master


class Screen:
    """The REPL's output, read as it comes, with the time of each chunk."""

    def __init__(self, master):
        self.master = master
        self.text = b""
        # (time, end offset) of every chunk read.
        self.chunks = []

    def read(self, timeout):
        """Reads what arrives within `timeout` seconds; returns the time of the last chunk."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return None
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            raise SystemExit("hannun ended:\n" + self.text[-2000:].decode("utf-8", "replace"))
        now = time.perf_counter()
        self.text += chunk
        self.chunks.append((now, len(self.text)))
        return now

    def screen_drawn(self, since):
        """When the last redraw after offset `since` ended: the chunk that cleared the screen
        and those that followed it with no gap of QUIET, up to the last of them."""
        clear = self.text.rfind(b"\x1b[2J", since)
        if clear < 0:
            return None
        drawn = None
        for at, end in self.chunks:
            if end <= clear:
                continue
            if drawn is not None and at - drawn >= QUIET:
                break
            drawn = at
        return drawn

    def until(self, pattern, timeout=60.0):
        """Reads until `pattern` appears in what arrived since the call, then until quiet.
        Returns the time of the last byte."""
        start = len(self.text)
        deadline = time.perf_counter() + timeout
        last = None
        while not re.search(pattern, self.text[start:]):
            if time.perf_counter() > deadline:
                raise SystemExit("timed out waiting for %r; the output ended:\n%s" % (
                    pattern, self.text[-2000:].decode("utf-8", "replace")))
            got = self.read(0.5)
            last = got or last
        return self.quiet(last)

    def quiet(self, last):
        """Reads until nothing arrives for QUIET seconds; returns the time of the last chunk."""
        while True:
            got = self.read(QUIET)
            if got is None:
                return last
            last = got

    def drain(self):
        self.quiet(None)


def next_month(month, step):
    year, number = int(month[:4]), int(month[5:7]) + step
    year, number = year + (number - 1) // 12, (number - 1) % 12 + 1
    return "%04d-%02d" % (year, number)


def percentiles(values):
    values = sorted(values)
    pick = lambda q: values[min(len(values) - 1, int(q * len(values)))]
    return "p10 %.2f  p50 %.2f  p90 %.2f ms (n=%d)" % (
        pick(0.1) * 1000, statistics.median(values) * 1000, pick(0.9) * 1000, len(values))


def voluntary_switches(pid):
    total = 0
    for task in os.listdir("/proc/%d/task" % pid):
        with open("/proc/%d/task/%s/status" % (pid, task)) as status:
            for line in status:
                if line.startswith("voluntary_ctxt_switches:"):
                    total += int(line.split()[1])
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hannun", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--month", default="2025-06")
    parser.add_argument("--pages", type=int, default=60)
    parser.add_argument("--writes", type=int, default=30)
    parser.add_argument("--columns", type=int, default=80)
    parser.add_argument("--rows", type=int, default=24)
    options = parser.parse_args()
    hannun = os.path.abspath(options.hannun)

    started = time.perf_counter()
    pid, master = spawn(hannun, options.data, options.columns, options.rows)
    screen = Screen(master)
    opened = screen.until(rb"\d{4}-\d{2}> ")
    print("first screen after %.1f ms" % ((opened - started) * 1000))
    month = options.month
    os.write(master, ("go %s\r" % month).encode())
    screen.until(re.escape(("%s> " % month).encode()))
    screen.drain()

    onward, back_and_forth = [], []
    shown = month
    for page in range(2 * options.pages):
        # First PageDown after PageDown, each to a month not shown yet; then PageUp and PageDown
        # in turn, between two months already read.
        step = 1 if page < options.pages or page % 2 == 0 else -1
        key = b"\x1b[6~" if step == 1 else b"\x1b[5~"
        shown = next_month(shown, step)
        sent = time.perf_counter()
        os.write(master, key)
        drawn = screen.until(re.escape(("%s> " % shown).encode()), timeout=30)
        (onward if page < options.pages else back_and_forth).append(drawn - sent)
    print("PageDown to the redrawn screen, month after month: " + percentiles(onward))
    print("PageUp/PageDown to the redrawn screen, two months in turn: "
          + percentiles(back_and_forth))

    if sys.platform.startswith("linux"):
        time.sleep(0.5)
        before = voluntary_switches(pid)
        time.sleep(2)
        print("idle at the prompt: %d voluntary context switches in 2 s"
              % (voluntary_switches(pid) - before))

    after_exit, after_start, prompt_after_exit = [], [], []
    day = shown + "-15"
    prompt = re.escape(("%s> " % shown).encode())
    for write in range(options.writes):
        screen.drain()
        mark = len(screen.text)
        last = None
        start = time.perf_counter()
        writer = subprocess.Popen(
            [hannun, "add", "--expense", str(1000 + write), "--category", "latency",
             "--date", day, "--data", options.data],
            stdout=subprocess.DEVNULL, env={"LANG": "ko_KR.UTF-8", "TZ": "Asia/Seoul"})
        # The REPL's output is read while the writer runs: a redraw may begin before it exits.
        while writer.poll() is None:
            last = screen.read(0.001) or last
        exited = time.perf_counter()
        if writer.returncode != 0:
            raise SystemExit("hannun add failed")
        deadline = exited + 10
        while not re.search(prompt, screen.text[mark:]):
            if time.perf_counter() > deadline:
                raise SystemExit("the write was not drawn within 10 s")
            last = screen.read(0.5) or last
        prompted = screen.quiet(last)
        drawn = screen.screen_drawn(mark) or prompted
        after_exit.append(drawn - exited)
        after_start.append(drawn - start)
        prompt_after_exit.append(prompted - exited)
    print("another window's write to the redrawn screen, from `add` ending: "
          + percentiles(after_exit))
    print("another window's write to the redrawn screen, from `add` starting: "
          + percentiles(after_start))
    print("another window's write to the prompt back under it, from `add` ending: "
          + percentiles(prompt_after_exit))

    os.write(master, b"quit\r")
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


if __name__ == "__main__":
    main()
