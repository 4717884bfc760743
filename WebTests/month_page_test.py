#!/usr/bin/env python3
"""The month page in a real browser: headless Chromium from Debian's packages, driven by Selenium.

    python3 WebTests/month_page_test.py [--binary PATH] [--screenshots DIR] [--keep]

On a fresh data directory holding a few entries made by `hannun add`, it starts `hannun serve`
on a free loopback port and, at a 360x740 phone viewport with touch, opens the month of today,
swipes (real touch events through the DevTools protocol) and presses the arrow keys between
months, taps a day, adds an entry through the form (amount `3만5천`), checks the day cell and the
totals change, sees a wrong amount refused with nothing written, then runs `hannun add` for the
open month and sees the new entry and totals appear without a reload (a marker set on `window`
survives). It then checks the phone's ergonomics (every tap target at least 44x44, the add button
on the first screen, the 만/천 buttons, category suggestions, a visible keyboard focus on day
cells, 12-digit totals without sideways scrolling), the manifest and service worker, two entries
added offline (DevTools network emulation) and saved exactly once when back online, and the
server stopped between typing and submitting (the month opens from the phone's copy, the entry
waits and is saved once after the restart), and pairs the phone with the code `hannun serve`
prints on every address. A desktop-width window then opens a month in English;
axe-core 4.12 (the axe.min.js axe-playwright-python ships) finds no WCAG 2.1 AA violation at 360x740 and 1280x800, in
both languages, light and dark; the desktop layout puts the forms beside a wide grid. Both pages are saved as PNG
(the phone one 360 pixels wide) in DIR (default: a temporary folder, printed at the end).
Then every household feature: with a recurring rule and a budget made in the terminal, the phone
(Korean) confirms the due item, sees the over-budget warning right after a save, sets a mood,
opens the report and year charts, sets a budget, searches and opens an entry, renames a category,
lists the rules and downloads the CSV; the desktop (English) sees the report and budgets, adds a
weekly rule whose Saturdays appear planned next month, and opens the year (report-phone.png,
budgets-phone.png, month-household-phone.png and report-desktop.png are saved too). Last, each
in Korean on the phone and in English on the desktop: a CSV uploaded on the import page, its
preview (nothing written, 44 px targets, no axe-core violation; import-phone.png) and its
confirmation (each row saved once); a due item skipped and another changed this time only; the /moods report;
then every page at 360x740, in both languages, with no amount, heading or option broken over two lines;
`--screenshots docs` refreshes the README's pictures. The page must not scroll sideways and the
browser's console must stay free of errors (a Content-Security-Policy violation is one).

Needs chromium, chromium-driver and a Korean font (apt-get install -y chromium chromium-driver
fonts-nanum; without the font Hangul is drawn as empty boxes, so it is checked) and the pinned
Selenium of WebTests/requirements.txt (pip install -r WebTests/requirements.txt); `.ci/run`
installs them when missing. --binary defaults to the debug build (`swift build` first). Prints
one line a check and ends with `N passed, N failed`; exits 1 when a check fails.
"""

import argparse
import calendar
import datetime
import importlib.util
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
# The data directory's time zone: the server's "today" and the test's must be the same day.
TIME_ZONE = "Asia/Seoul"


class CheckFailed(Exception):
    """A check that did not hold; its message says what was expected and what was seen."""


# MARK: - Months and amounts


def shifted(month, by):
    """The (year, month) `by` months after `month`."""
    index = month[0] * 12 + month[1] - 1 + by
    return index // 12, index % 12 + 1


def iso_month(month):
    return f"{month[0]:04d}-{month[1]:02d}"


def iso_day(month, day):
    return f"{iso_month(month)}-{day:02d}"


def digits(text):
    """The digits of an amount as the page shows it (`₩3,200,000`, `3,200,000원`, `-4,500`)."""
    sign = "-" if re.search(r"[-−]\s*[₩$]?\s*\d", text or "") else ""
    return sign + re.sub(r"\D", "", text or "")


def magnitude(text):
    """The digits of a day cell's amount, whose sign only repeats its colour (`-12,000`)."""
    return digits(text).lstrip("-")


def png_size(path):
    with open(path, "rb") as f:
        header = f.read(24)
    if header[:8] != b"\x89PNG\r\n\x1a\n":
        raise CheckFailed(f"{path} is not a PNG")
    return struct.unpack(">II", header[16:24])


# MARK: - The server


class Server:
    """`hannun serve` on a free loopback port over a data directory of its own."""

    def __init__(self, binary, data, log_path, port=None, token_file=None):
        self.binary, self.data = binary, data
        if port is None:
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
        self.port = port
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(log_path, "a")
        # With a token file it listens on every address, where phones sign in (or pair).
        listen = ["--listen", f"0.0.0.0:{self.port}", "--token-file", token_file] \
            if token_file else ["--listen", f"127.0.0.1:{self.port}"]
        self.log_path = log_path
        self.process = subprocess.Popen(
            [binary, "serve", *listen, "--data", data, "--locale", "ko"],
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            if self.process.poll() is not None:
                raise CheckFailed(f"hannun serve exited with status {self.process.returncode}"
                                  f" before answering; its output:\n{read(log_path)}")
            try:
                with urllib.request.urlopen(self.base + "/", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, socket.timeout):
                pass
            if time.monotonic() > deadline:
                raise CheckFailed(f"hannun serve did not answer GET / within 30 s on {self.base}")
            time.sleep(0.2)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()[-4000:]
    except OSError:
        return ""


def hannun(binary, data, *arguments):
    """Runs `hannun ARGUMENTS --data DATA` as another process would, and returns its output."""
    result = subprocess.run([binary, *arguments, "--data", data], capture_output=True, text=True,
                            stdin=subprocess.DEVNULL)
    if result.returncode != 0:
        raise CheckFailed(f"hannun {' '.join(arguments)} exited with status {result.returncode}:"
                          f" {result.stderr.strip()}")
    return result.stdout.strip()


# MARK: - The browser


def browser(mobile):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--lang=ko-KR", "--force-color-profile=srgb",
                     "--font-render-hinting=none"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": "ko-KR,ko,en"})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if mobile:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {**PHONE, "pixelRatio": 1.0, "touch": True, "mobile": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 "
                         "(KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36"})
    else:
        options.add_argument(f"--window-size={DESKTOP['width']},{DESKTOP['height']}")
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(20)
    if not mobile:
        # The window's outer size includes no browser frame when headless, but be exact.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            **DESKTOP, "deviceScaleFactor": 1, "mobile": False})
    return driver


def state(driver):
    """What the page says it shows, for waiting and for failure messages."""
    return driver.execute_script(
        "const b = document.body; return b ? {month: b.dataset.month, selected: b.dataset.selected,"
        " lang: b.dataset.lang, url: location.href} : {url: location.href};")


def wait_for(driver, what, condition, timeout=10):
    """Polls `condition()` until it is true; fails with `what` and the page's state."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            if condition():
                return
        except Exception as error:  # the page may be between two documents
            last_error = error
        time.sleep(0.1)
    detail = f" (last error: {last_error})" if last_error else ""
    raise CheckFailed(f"waited {timeout} s for {what}; the page shows {state(driver)}{detail}")


def text(driver, selector):
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : null;",
        selector)


def totals(driver):
    return {name: digits(text(driver, f"#{name}")) for name in ("income", "expense", "balance")}


def cell(driver, day):
    """The day cell's classes and the digits of its income and expense."""
    return driver.execute_script("""
        const td = document.querySelector(`#grid td.day[data-day="${arguments[0]}"]`);
        if (!td) return null;
        const amount = s => { const e = td.querySelector(s); return e ? e.textContent.trim() : ''; };
        return {classes: [...td.classList], in: amount('.in'), out: amount('.out')};""", day)


def visible_point(driver, selector, fraction_x=0.5):
    """Scrolls the element into view and returns a point inside it, in viewport pixels."""
    rect = driver.execute_script("""
        const e = document.querySelector(arguments[0]);
        if (!e) return null;
        e.scrollIntoView({block: 'center', inline: 'nearest'});
        const r = e.getBoundingClientRect();
        return {left: r.left, top: r.top, width: r.width, height: r.height,
                viewport: window.innerHeight};""", selector)
    if rect is None:
        raise CheckFailed(f"the page has no {selector}; it shows {state(driver)}")
    top = max(rect["top"], 0)
    bottom = min(rect["top"] + rect["height"], rect["viewport"])
    return rect["left"] + rect["width"] * fraction_x, (top + bottom) / 2


def touch(driver, kind, x=None, y=None):
    points = [] if x is None else [{"x": round(x), "y": round(y), "id": 1}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def swipe(driver, selector, leftwards):
    """A finger dragged across 70 % of the element's width in about 200 ms."""
    start_x, y = visible_point(driver, selector, 0.85 if leftwards else 0.15)
    end_x, _ = visible_point(driver, selector, 0.15 if leftwards else 0.85)
    touch(driver, "touchStart", start_x, y)
    for step in range(1, 9):
        time.sleep(0.02)
        touch(driver, "touchMove", start_x + (end_x - start_x) * step / 8, y + step)
    touch(driver, "touchEnd")


def tap(driver, selector):
    x, y = visible_point(driver, selector)
    touch(driver, "touchStart", x, y)
    time.sleep(0.05)
    touch(driver, "touchEnd")


def press(driver, key):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver.execute_script("document.activeElement && document.activeElement.blur();")
    ActionChains(driver).send_keys(getattr(Keys, key)).perform()


def console_errors(driver, expected=()):
    """The console's errors but the `expected` ones (a form the test meant to be refused
    answers 422, which Chromium logs). The page names its icon, so even the browser's own
    /favicon.ico request would be an error here."""
    def foreseen(message):
        return any(part in message for part in expected)
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and not foreseen(entry["message"])]


def no_sideways_scrolling(driver, width):
    scroll = driver.execute_script("return document.documentElement.scrollWidth;")
    if scroll > width:
        raise CheckFailed(f"the page is {scroll} px wide at a {width} px viewport: it scrolls sideways")


def screenshot(driver, path, width):
    """The whole page, `width` CSS pixels wide at one device pixel each, as a PNG."""
    import base64

    height = driver.execute_script(
        "return Math.ceil(document.documentElement.scrollHeight);")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    with open(path, "wb") as f:
        f.write(base64.b64decode(shot["data"]))
    size = png_size(path)
    if size[0] != width:
        raise CheckFailed(f"{path} is {size[0]} px wide, not {width}")
    return size


# MARK: - The test


class Run:
    def __init__(self):
        self.passed, self.failed = 0, 0
        self.server = None

    def check(self, name, body):
        """Runs one check; a failed check ends the run, since the next ones build on it."""
        try:
            body()
        except CheckFailed as error:
            self.failed += 1
            print(f"FAIL - {name}: {error}", flush=True)
            raise
        except Exception as error:
            self.failed += 1
            print(f"FAIL - {name}: {type(error).__name__}: {error}", flush=True)
            raise CheckFailed(str(error)) from error
        self.passed += 1
        print(f"ok - {name}", flush=True)


# axe-core's rules for WCAG 2.1 A and AA, every one of them, as a list of "rule: first nodes".
AXE_RUN = """
    const done = arguments[arguments.length - 1];
    axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})
      .then(r => done(r.violations.map(v => v.id + ': ' + v.nodes.map(
            n => n.target.join(' ')).slice(0, 4).join(', '))))
      .catch(e => done(['axe failed: ' + e]));"""

AXE_VERSION = "4.12"


def axe_source():
    """axe-core's script, from the axe.min.js that axe-playwright-python ships (installed without
    Playwright, which the test does not use: see WebTests/axe-requirements.txt)."""
    import importlib.util

    spec = importlib.util.find_spec("axe_playwright_python")  # found, not imported
    if spec is None or not spec.submodule_search_locations:
        raise CheckFailed("axe-playwright-python is missing: "
                          "pip install --no-deps -r WebTests/axe-requirements.txt")
    script = os.path.join(spec.submodule_search_locations[0], "axe.min.js")
    with open(script, encoding="utf8") as f:
        source = f.read()
    if f"axe v{AXE_VERSION}." not in source[:200]:
        raise CheckFailed(f"{script} is not axe-core {AXE_VERSION}: {source[:40]!r}")
    return source


def default_binary():
    path = subprocess.run(["swift", "build", "--show-bin-path"], capture_output=True, text=True,
                          check=True).stdout.strip()
    return os.path.join(path, "hannun")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", help="the hannun to serve (default: the debug build)")
    parser.add_argument("--screenshots", help="folder for month-phone.png and month-desktop.png")
    parser.add_argument("--keep", action="store_true", help="keep the data directory and logs")
    arguments = parser.parse_args()

    for program in (CHROMIUM, CHROMEDRIVER):
        if not os.access(program, os.X_OK):
            sys.exit(f"month_page_test: {program} is missing (apt-get install -y chromium "
                     "chromium-driver)")
    korean = subprocess.run(["fc-list", ":lang=ko", "family"], capture_output=True, text=True)
    if not korean.stdout.strip():
        sys.exit("month_page_test: no Korean font is installed (apt-get install -y fonts-nanum)")
    if importlib.util.find_spec("selenium") is None:
        sys.exit("month_page_test: Selenium is missing (pip install -r WebTests/requirements.txt)")
    os.environ["SE_OFFLINE"] = "true"  # never let Selenium Manager fetch a driver
    os.environ["TZ"] = TIME_ZONE
    time.tzset()
    binary = os.path.abspath(arguments.binary or default_binary())
    work = tempfile.mkdtemp(prefix="hannun-webtest-")
    data = os.path.join(work, "data")
    shots = os.path.abspath(arguments.screenshots or os.path.join(work, "screenshots"))
    os.makedirs(shots, exist_ok=True)
    run, drivers = Run(), []
    try:
        scenario(run, binary, data, work, shots, drivers)
    except CheckFailed:
        server_log = read(os.path.join(work, "serve.log"))
        if server_log:
            print(f"hannun serve's output (its last 4,000 characters):\n{server_log}", flush=True)
    finally:
        for driver in drivers:
            driver.quit()
        if run.server:
            run.server.stop()
    if arguments.keep or run.failed:
        print(f"data, logs and screenshots kept in {work}")
    else:
        shutil.rmtree(data, ignore_errors=True)
        print(f"screenshots in {shots}")
    print(f"{run.passed} passed, {run.failed} failed")
    sys.exit(1 if run.failed else 0)


def scenario(run, binary, data, work, shots, drivers):
    today = datetime.date.today()
    this = (today.year, today.month)
    following, after = shifted(this, 1), shifted(this, 2)
    os.environ.pop("HANNUN_DATA", None)

    # A fresh ledger in won: salary and lunch this month, a coffee next month.
    def seed():
        hannun(binary, data, "add", "--income", "3200000", "--category", "월급", "--memo", "월급날",
               "--date", iso_day(this, 10), "--currency", "KRW")
        hannun(binary, data, "add", "--expense", "12000", "--category", "식비", "--memo", "점심",
               "--date", iso_day(this, 3))
        hannun(binary, data, "add", "--expense", "4500", "--category", "카페", "--memo", "라떼",
               "--date", iso_day(following, 5))
    run.check("a fresh ledger in won with three entries made by hannun add", seed)

    def serve():
        run.server = Server(binary, data, os.path.join(work, "serve.log"))
    run.check("hannun serve answers GET / on a free loopback port", serve)

    def start_phone():
        drivers.append(browser(mobile=True))
    run.check("headless Chromium starts as a 360x740 phone with touch", start_phone)
    phone = drivers[-1]

    def open_month():
        phone.get(run.server.base + "/")
        wait_for(phone, f"the month {iso_month(this)}",
                 lambda: state(phone).get("month") == iso_month(this))
        screen = phone.execute_script("return [innerWidth, navigator.maxTouchPoints];")
        if screen[0] != PHONE["width"] or screen[1] < 1:
            raise CheckFailed(f"the phone is {screen[0]} px wide with {screen[1]} touch points")
        page = state(phone)
        if page.get("lang") != "ko":
            raise CheckFailed(f"Accept-Language ko-KR gave data-lang={page.get('lang')!r}")
        if not text(phone, "h1#title"):
            raise CheckFailed("h1#title is empty")
        today_cell = cell(phone, today.isoformat())
        if not today_cell or "today" not in today_cell["classes"]:
            raise CheckFailed(f"today's cell ({today.isoformat()}) is not marked today: {today_cell}")
        if totals(phone) != {"income": "3200000", "expense": "12000", "balance": "3188000"}:
            raise CheckFailed(f"totals {totals(phone)}, expected income 3200000, expense 12000,"
                              " balance 3188000")
        lunch = cell(phone, iso_day(this, 3))
        if magnitude(lunch["out"]) != "12000" or lunch["in"]:
            raise CheckFailed(f"the 3rd's cell shows {lunch}, expected an expense of 12000 only")
        first = datetime.date(this[0], this[1], 1)
        sunday = first + datetime.timedelta(days=(6 - first.weekday()) % 7)
        saturday = first + datetime.timedelta(days=(5 - first.weekday()) % 7)
        for day, role in ((sunday, "sun"), (saturday, "sat")):
            if role not in cell(phone, day.isoformat())["classes"]:
                raise CheckFailed(f"{day.isoformat()} lacks the class {role}")
        no_sideways_scrolling(phone, PHONE["width"])
    run.check(f"the phone (360x740, touch) opens {iso_month(this)} in Korean: today, totals, "
              "day cells, no sideways scrolling", open_month)

    def month_is(month):
        return lambda: state(phone).get("month") == iso_month(month)

    def swipes():
        swipe(phone, "#grid", leftwards=True)
        wait_for(phone, f"a left swipe to show {iso_month(following)}", month_is(following))
        swipe(phone, "#grid", leftwards=False)
        wait_for(phone, f"a right swipe to show {iso_month(this)} again", month_is(this))
    run.check("a swipe left on the grid shows the next month, a swipe right the month before",
              swipes)

    def keys():
        press(phone, "ARROW_RIGHT")
        wait_for(phone, f"→ to show {iso_month(following)}", month_is(following))
        press(phone, "ARROW_RIGHT")
        wait_for(phone, f"→ to show {iso_month(after)}", month_is(after))
        press(phone, "ARROW_LEFT")
        wait_for(phone, f"← to show {iso_month(following)}", month_is(following))
    run.check("→ and ← move a month forward and back", keys)

    chosen = iso_day(following, 12)

    def tap_day():
        coffee = cell(phone, iso_day(following, 5))
        if magnitude(coffee["out"]) != "4500":
            raise CheckFailed(f"the coffee's day shows {coffee}, expected an expense of 4500")
        tap(phone, f'#grid td.day[data-day="{chosen}"] a')
        wait_for(phone, f"{chosen} to be selected", lambda: state(phone).get("selected") == chosen
                 and "selected" in cell(phone, chosen)["classes"])
        if totals(phone) != {"income": "0", "expense": "4500", "balance": "-4500"}:
            raise CheckFailed(f"{iso_month(following)} totals {totals(phone)}, expected 0 / 4500 /"
                              " -4500")
    run.check(f"tapping {chosen} selects it", tap_day)

    def fill(form, name, value):
        phone.execute_script("""
            const field = arguments[0].elements[arguments[1]];
            field.value = arguments[2];
            field.dispatchEvent(new Event('input', {bubbles: true}));""", form, name, value)

    def add_form():
        from selenium.webdriver.common.by import By

        form = phone.find_element(By.CSS_SELECTOR, "form#add")
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", form)
        form.find_element(By.CSS_SELECTOR, 'input[name="kind"][value="expense"]').click()
        amount = form.find_element(By.CSS_SELECTOR, '[name="amount"]')
        amount.clear()
        amount.send_keys("3만5천")
        category = form.find_element(By.CSS_SELECTOR, '[name="category"]')
        category.clear()
        category.send_keys("간식")
        memo = form.find_element(By.CSS_SELECTOR, '[name="memo"]')
        memo.clear()
        memo.send_keys("붕어빵 <b>두</b> 봉지")
        date = form.find_element(By.CSS_SELECTOR, '[name="date"]')
        if date.get_attribute("value") != chosen:
            fill(form, "date", chosen)
        if not form.find_element(By.CSS_SELECTOR, '[name="csrf"]').get_attribute("value"):
            raise CheckFailed("the add form's csrf field is empty")
        form.find_element(By.CSS_SELECTOR, 'button[type="submit"], input[type="submit"]').click()
        wait_for(phone, "the new entry on the selected day", lambda: "붕어빵" in
                 (text(phone, "#entries") or "") and state(phone).get("selected") == chosen)
        day = cell(phone, chosen)
        if magnitude(day["out"]) != "35000":
            raise CheckFailed(f"{chosen}'s cell shows {day}, expected an expense of 35000")
        if totals(phone) != {"income": "0", "expense": "39500", "balance": "-39500"}:
            raise CheckFailed(f"totals {totals(phone)}, expected 0 / 39500 / -39500")
        escaped = phone.execute_script(
            "return [...document.querySelectorAll('#entries b')].length;")
        if escaped or "<b>두</b>" not in text(phone, "#entries"):
            raise CheckFailed("the memo's <b> was not shown as text")
        if phone.find_elements(By.CSS_SELECTOR, "#entries li.entry a.edit") == []:
            raise CheckFailed("the entries have no a.edit link")
    run.check("the add form takes 3만5천: the day cell shows 35,000 and the totals change", add_form)

    def refused():
        from selenium.webdriver.common.by import By

        before = totals(phone)
        form = phone.find_element(By.CSS_SELECTOR, "form#add")
        amount = form.find_element(By.CSS_SELECTOR, '[name="amount"]')
        amount.clear()
        amount.send_keys("삼만 원쯤")
        form.find_element(By.CSS_SELECTOR, '[name="category"]').send_keys("x")
        if form.find_element(By.CSS_SELECTOR, '[name="date"]').get_attribute("value") == "":
            fill(form, "date", chosen)
        form.find_element(By.CSS_SELECTOR, 'button[type="submit"], input[type="submit"]').click()
        wait_for(phone, "an error in .error[role=alert]", lambda: (text(
            phone, '.error[role="alert"]') or "") != "")
        if totals(phone) != before:
            raise CheckFailed(f"a refused amount changed the totals: {before} -> {totals(phone)}")
        entries = hannun(binary, data, "day", chosen, "--json")
        if entries.count('"id"') != 1:
            raise CheckFailed(f"after the refused amount, {chosen} holds: {entries}")
    run.check("a wrong amount is refused with a message and nothing written", refused)

    def live():
        phone.get(f"{run.server.base}/month/{iso_month(following)}?day={chosen}")
        wait_for(phone, f"{chosen} selected", lambda: state(phone).get("selected") == chosen)
        phone.execute_script("window.hannunMarker = 'no reload';")
        time.sleep(0.5)  # the page's event stream connects
        hannun(binary, data, "add", "--income", "50000", "--category", "용돈",
               "--memo", "터미널에서", "--date", chosen)
        wait_for(phone, "the entry hannun add made to appear", lambda: "터미널에서" in
                 (text(phone, "#entries") or ""), timeout=15)
        wait_for(phone, "the totals to follow", lambda: totals(phone) == {
            "income": "50000", "expense": "39500", "balance": "10500"})
        day = cell(phone, chosen)
        if magnitude(day["in"]) != "50000" or magnitude(day["out"]) != "35000":
            raise CheckFailed(f"{chosen}'s cell shows {day}, expected 50000 in and 35000 out")
        if phone.execute_script("return window.hannunMarker;") != "no reload":
            raise CheckFailed("the page was reloaded: the marker set on window is gone")
    run.check("an entry added by hannun add appears without a reload", live)

    def tap_targets():
        phone.get(f"{run.server.base}/month/{iso_month(following)}?day={chosen}")
        wait_for(phone, f"{chosen} selected", lambda: state(phone).get("selected") == chosen)
        small = phone.execute_script("""
            const seen = [];
            for (const element of document.querySelectorAll(
                'a[href], button, input:not([type=hidden]):not([type=radio]), label:has(> input[type=radio])')) {
              const box = element.getBoundingClientRect();
              if (box.width === 0 && box.height === 0) continue;
              if (box.width < 44 || box.height < 44)
                seen.push((element.id || element.className || element.tagName) + ' '
                          + Math.round(box.width) + 'x' + Math.round(box.height));
            }
            return seen;""")
        if small:
            raise CheckFailed("tap targets under 44x44 CSS px: " + ", ".join(small))
        fab = phone.execute_script("""
            scrollTo(0, 0);
            const box = document.querySelector('#jump-add').getBoundingClientRect();
            return [box.top, box.bottom, innerHeight];""")
        if not (0 <= fab[0] and fab[1] <= fab[2]):
            raise CheckFailed(f"the add button is not on the first screen: {fab}")
        tap(phone, "#jump-add")
        wait_for(phone, "the amount field focused", lambda: phone.execute_script(
            "return document.activeElement && document.activeElement.id;") == "add-amount")
    run.check("every tap target is at least 44x44 CSS px; the add button is on the first screen "
              "and focuses the amount", tap_targets)

    def amount_and_categories():
        from selenium.webdriver.common.by import By

        amount = phone.find_element(By.ID, "add-amount")
        if amount.get_attribute("inputmode") != "text":
            raise CheckFailed(f"the amount's inputmode is {amount.get_attribute('inputmode')!r}")
        amount.clear()
        amount.send_keys("3")
        phone.find_element(By.CSS_SELECTOR, 'button[data-append="만"]').click()
        amount.send_keys("5")
        phone.find_element(By.CSS_SELECTOR, 'button[data-append="천"]').click()
        if amount.get_attribute("value") != "3만5천":
            raise CheckFailed(f"the amount reads {amount.get_attribute('value')!r}")
        wait_for(phone, "the ledger's categories as suggestions", lambda: {"식비", "간식"} <= set(
            phone.execute_script("return [...document.querySelectorAll('#categories option')]"
                                 ".map(o => o.value);")))
    run.check("the amount takes 3, 만, 5, 천 from its quick buttons; the categories are suggested",
              amount_and_categories)

    def keyboard_focus():
        from selenium.webdriver.common.keys import Keys

        first = iso_day(following, 1)
        phone.execute_script(f"document.querySelector('#grid td[data-day=\"{first}\"] a').focus();")
        phone.switch_to.active_element.send_keys(Keys.TAB)
        focus = phone.execute_script("""
            const a = document.activeElement, style = getComputedStyle(a);
            return [a.closest('td') && a.closest('td').dataset.day, style.outlineStyle,
                    parseFloat(style.outlineWidth)];""")
        if focus[0] != iso_day(following, 2) or focus[1] == "none" or focus[2] < 2:
            raise CheckFailed(f"keyboard focus on a day cell is not visible: {focus}")
    run.check("keyboard focus on a day cell is drawn (a 3 px outline)", keyboard_focus)

    def wide_totals():
        big = iso_day(after, 7)
        hannun(binary, data, "add", "--income", "999999999999", "--category", "복권",
               "--date", big)
        hannun(binary, data, "add", "--expense", "888888888888", "--category", "집",
               "--date", big)
        phone.get(f"{run.server.base}/month/{iso_month(after)}?day={big}")
        wait_for(phone, "the month with 12-digit totals", lambda: state(phone).get("month")
                 == iso_month(after))
        no_sideways_scrolling(phone, PHONE["width"])
        phone.get(f"{run.server.base}/month/{iso_month(following)}?day={chosen}")
        wait_for(phone, f"{chosen} selected", lambda: state(phone).get("selected") == chosen)
    run.check("12-digit totals do not scroll the phone page sideways", wide_totals)

    def phone_picture():
        path = os.path.join(shots, "month-phone.png")
        size = screenshot(phone, path, PHONE["width"])
        print(f"  {path}: {size[0]}x{size[1]}")
        errors = console_errors(phone, expected=["/entries#add - Failed to load resource: the server "
                                                 "responded with a status of 422"])
        if errors:
            raise CheckFailed("the browser's console has errors:\n  " + "\n  ".join(errors))
    run.check("a 360-pixel-wide screenshot of the phone page; no errors in the console",
              phone_picture)

    offline_day = iso_day(following, 20)

    def add_typed(amount, category, memo):
        from selenium.webdriver.common.by import By

        form = phone.find_element(By.CSS_SELECTOR, "form#add")
        for name, value in (("amount", amount), ("category", category), ("memo", memo),
                            ("date", offline_day)):
            fill(form, name, value)
        form.find_element(By.CSS_SELECTOR, 'button[type="submit"]').click()

    def waiting_count():
        return phone.execute_script(
            "return JSON.parse(localStorage.getItem('hannun-waiting') || '[]').length;")

    def saved_memos():
        return hannun(binary, data, "day", offline_day, "--json")

    def installable():
        page = f"{run.server.base}/month/{iso_month(following)}?day={offline_day}"
        phone.get(page)
        wait_for(phone, "the service worker to control the page", lambda: phone.execute_script(
            "return navigator.serviceWorker.ready.then(function () { return true; }) && "
            "!!navigator.serviceWorker.controller;") or (phone.get(page) and False), timeout=15)
        manifest = phone.execute_script(
            "return document.querySelector('link[rel=manifest]').href;")
        with urllib.request.urlopen(manifest, timeout=5) as response:
            body = response.read().decode()
        if '"display":"standalone"' not in body or '"start_url":"/"' not in body:
            raise CheckFailed(f"the manifest is {body}")
    run.check("the page links a web app manifest (standalone, start /) and a service worker "
              "controls it", installable)

    def offline_two():
        phone.set_network_conditions(offline=True, latency=0, download_throughput=-1,
                                     upload_throughput=-1)
        wait_for(phone, "navigator.onLine to be false",
                 lambda: phone.execute_script("return navigator.onLine;") is False)
        add_typed("7천", "간식", "오프라인 하나")
        wait_for(phone, "one entry waiting", lambda: waiting_count() == 1
                 and "1건" in (text(phone, "#waiting") or ""))
        add_typed("1만2천", "간식", "오프라인 둘")
        wait_for(phone, "two entries waiting", lambda: waiting_count() == 2
                 and "2건" in (text(phone, "#waiting") or ""))
        if "오프라인" in saved_memos():
            raise CheckFailed("an entry typed offline was saved while offline")
        phone.set_network_conditions(offline=False, latency=0, download_throughput=-1,
                                     upload_throughput=-1)
        wait_for(phone, "both entries sent and shown", lambda: waiting_count() == 0
                 and "오프라인 둘" in (text(phone, "#entries") or ""), timeout=25)
        memos = saved_memos()
        for memo in ("오프라인 하나", "오프라인 둘"):
            if memos.count(memo) != 1:
                raise CheckFailed(f"{memo!r} is saved {memos.count(memo)} times: {memos}")
    run.check("offline (DevTools), two entries are kept on the phone as waiting (2건), then each "
              "saved exactly once when it is back online (hannun day --json)", offline_two)

    def offline_refused():
        phone.set_network_conditions(offline=True, latency=0, download_throughput=-1,
                                     upload_throughput=-1)
        wait_for(phone, "navigator.onLine to be false",
                 lambda: phone.execute_script("return navigator.onLine;") is False)
        add_typed("삼만 원쯤", "간식", "오프라인 거절")
        wait_for(phone, "one entry waiting", lambda: waiting_count() == 1)
        phone.set_network_conditions(offline=False, latency=0, download_throughput=-1,
                                     upload_throughput=-1)
        wait_for(phone, "the refusal shown", lambda: waiting_count() == 0 and "삼만 원쯤" in
                 (text(phone, '#waiting[role="alert"]') or ""), timeout=25)
        typed = phone.execute_script(
            "const f = document.getElementById('add');"
            "return [f.elements.amount.value, f.elements.memo.value];")
        if typed != ["삼만 원쯤", "오프라인 거절"]:
            raise CheckFailed(f"the refused entry is not back in the form: {typed}")
        if "오프라인 거절" in saved_memos():
            raise CheckFailed("the refused entry was saved")
    run.check("an entry typed offline that the server refuses comes back into the form with the "
              "reason, nothing saved", offline_refused)

    def restart_between():
        from selenium.webdriver.common.by import By

        page = f"{run.server.base}/month/{iso_month(following)}?day={offline_day}"
        phone.get(page)
        wait_for(phone, "the page", lambda: state(phone).get("selected") == offline_day)
        form = phone.find_element(By.CSS_SELECTOR, "form#add")
        for name, value in (("amount", "3천"), ("category", "간식"), ("memo", "재시작 사이"),
                            ("date", offline_day)):
            fill(form, name, value)
        port = run.server.port
        run.server.stop()
        form.find_element(By.CSS_SELECTOR, 'button[type="submit"]').click()
        wait_for(phone, "the entry kept while the server is down", lambda: waiting_count() == 1)
        # The months viewed open without the server, from the service worker's copy.
        phone.get(f"{run.server.base}/month/{iso_month(following)}?day={chosen}")
        wait_for(phone, "the kept month page", lambda: state(phone).get("month")
                 == iso_month(following) and phone.execute_script(
                     "return document.body.dataset.offline;") == "1")
        run.server = Server(binary, data, os.path.join(work, "serve.log"), port=port)
        wait_for(phone, "the waiting entry sent after the restart", lambda: waiting_count() == 0,
                 timeout=30)
        memos = saved_memos()
        if memos.count("재시작 사이") != 1:
            raise CheckFailed(f"the entry is saved {memos.count('재시작 사이')} times: {memos}")
    run.check("the server stops between typing and submitting: the entry is kept, the viewed "
              "month opens from the phone, and after the restart it is saved once",
              restart_between)

    def pairing():
        from selenium.webdriver.common.by import By

        token_file = os.path.join(work, "serve-token")
        with open(token_file, "w") as f:
            f.write(os.urandom(32).hex() + "\n")
        os.chmod(token_file, 0o600)
        home = Server(binary, data, os.path.join(work, "serve-home.log"), token_file=token_file)
        try:
            deadline = time.monotonic() + 10
            while "새 코드는 Enter" not in read(home.log_path) and time.monotonic() < deadline:
                time.sleep(0.1)
            printed = read(home.log_path)
            match = re.search(r"코드 ([0-9A-Z]{4}-[0-9A-Z]{4}) 를", printed)
            if not match or "0.0.0.0" in printed or "█" not in printed:
                raise CheckFailed(f"hannun serve printed no address, code and QR code:\n{printed}")
            phone.get(f"{home.base}/")
            wait_for(phone, "the sign-in page", lambda: "/signin" in phone.current_url)
            phone.get(f"{home.base}/pair?code={match.group(1).replace('-', '')}")
            phone.find_element(By.NAME, "name").send_keys("테스트 폰")
            phone.find_element(By.CSS_SELECTOR, "form#pair button[type=submit]").click()
            wait_for(phone, "the calendar after pairing", lambda: state(phone).get("month")
                     == iso_month(this))
            devices = hannun(binary, data, "serve", "--devices", "--token-file", token_file)
            if "테스트 폰" not in devices:
                raise CheckFailed(f"hannun serve --devices lists: {devices}")
            # The phone stays signed in across a restart of the server.
            home.stop()
            home = Server(binary, data, os.path.join(work, "serve-home2.log"), port=home.port,
                          token_file=token_file)
            phone.get(f"{home.base}/month/{iso_month(this)}")
            wait_for(phone, "the calendar after the restart", lambda: state(phone).get("month")
                     == iso_month(this) and "/signin" not in phone.current_url)
            # Revoked from the terminal, it is signed out at once, by the running server.
            line = next((line for line in devices.splitlines() if "테스트 폰" in line), "")
            device = re.search(r"\b([0-9a-f]{8})\b", line)
            if not device:
                raise CheckFailed(f"no device id in {line!r}")
            hannun(binary, data, "serve", "--devices", "--token-file", token_file, "--revoke",
                   device.group(1))
            phone.get(f"{home.base}/month/{iso_month(this)}")
            wait_for(phone, "the sign-in page after the revoke",
                     lambda: "/signin" in phone.current_url)
        finally:
            home.stop()
    run.check("off loopback hannun serve prints the computer's address, a QR code and a pairing "
              "code; the phone opens /pair with it and is signed in, listed by --devices, still "
              "signed in after a restart, and signed out at once by --revoke",
              pairing)

    def start_desktop():
        drivers.append(browser(mobile=False))
    run.check("headless Chromium starts as a 1280x900 desktop window", start_desktop)
    desktop = drivers[-1]

    def desktop_page():
        from selenium.webdriver.common.by import By

        desktop.get(f"{run.server.base}/month/{iso_month(following)}?lang=en")
        wait_for(desktop, "the month in English", lambda: state(desktop).get("lang") == "en"
                 and state(desktop).get("month") == iso_month(following))
        title = text(desktop, "h1#title")
        if calendar.month_name[following[1]] not in title or str(following[0]) not in title:
            raise CheckFailed(f"the English title is {title!r}")
        no_sideways_scrolling(desktop, DESKTOP["width"])
        desktop.find_element(By.CSS_SELECTOR, f'#grid td.day[data-day="{chosen}"] a').click()
        wait_for(desktop, f"a click to select {chosen}",
                 lambda: state(desktop).get("selected") == chosen)
        width = desktop.execute_script("return document.querySelector('#grid')"
                                       ".getBoundingClientRect().width;")
        if width < PHONE["width"]:
            raise CheckFailed(f"the grid is only {width} px wide on a {DESKTOP['width']} px window")
        path = os.path.join(shots, "month-desktop.png")
        size = screenshot(desktop, path, DESKTOP["width"])
        print(f"  {path}: {size[0]}x{size[1]}")
        errors = console_errors(desktop)
        if errors:
            raise CheckFailed("the browser's console has errors:\n  " + "\n  ".join(errors))
    run.check("a desktop window (1280x900) shows the month in English; a click selects a day",
              desktop_page)

    def accessibility():
        source = axe_source()
        found = []
        for driver, size in ((phone, "360x740"), (desktop, "1280x800")):
            if driver is desktop:
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
            for scheme in ("light", "dark"):
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                    "features": [{"name": "prefers-color-scheme", "value": scheme}]})
                for language in ("ko", "en"):
                    driver.get(f"{run.server.base}/month/{iso_month(following)}?day={chosen}"
                               f"&lang={language}")
                    wait_for(driver, "the page", lambda: state(driver).get("lang") == language)
                    driver.execute_script(source)
                    result = driver.execute_async_script(AXE_RUN)
                    found += [f"{size} {scheme} {language}: {v}" for v in result]
        desktop.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        version = phone.execute_script("return window.axe && axe.version;")
        print(f"  axe-core {version}")
        if found:
            raise CheckFailed("axe-core found WCAG 2.1 AA violations:\n  " + "\n  ".join(found))
    run.check("axe-core: no WCAG 2.1 AA violations at 360x740 and 1280x800, Korean and English, "
              "light and dark", accessibility)

    def desktop_width():
        desktop.get(f"{run.server.base}/month/{iso_month(following)}?day={chosen}&lang=en")
        wait_for(desktop, "the page", lambda: state(desktop).get("month") == iso_month(following))
        boxes = desktop.execute_script("""
            const g = document.querySelector('#grid').getBoundingClientRect();
            const f = document.querySelector('#forms').getBoundingClientRect();
            return [g.width, g.top, f.left, f.top, g.right];""")
        if boxes[0] < 700 or boxes[2] < boxes[4] or boxes[3] > boxes[1] + 200:
            raise CheckFailed(f"the desktop layout does not use its width (grid, forms): {boxes}")
    run.check("on a desktop the grid is wide and the forms stand beside it", desktop_width)

    household(run, binary, data, shots, phone, desktop, this, following)
    import_due_moods(run, binary, data, work, shots, phone, desktop, this)


def household(run, binary, data, shots, phone, desktop, this, following):
    """Every household feature on the phone in Korean and on the desktop in English: the due
    list with confirm, the budget warning after a save, the mood of a day, the report and year
    pages with their SVG charts, budgets, search and open, categories and rename, recurring
    rules, export and redo."""
    from selenium.webdriver.common.by import By

    first = iso_day(this, 1)

    def seed():
        hannun(binary, data, "recurring", "add", "50000", "--monthly", "1", "--category", "통신",
               "--memo", "<i>폰</i>", "--from", first)
        hannun(binary, data, "budget", "set", "40000", "--category", "식비")
    run.check("a rule due on the 1st and a 식비 budget of 40,000 made in the terminal", seed)

    def open_page(driver, path, selector):
        driver.get(run.server.base + path)
        wait_for(driver, f"{selector} on {path}", lambda: driver.find_elements(
            By.CSS_SELECTOR, selector) != [])

    def submit(form):
        # The button itself is pressed (a live update may move the layout under a pointer).
        button = form.find_element(By.CSS_SELECTOR, 'button[type="submit"]')
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'});"
                             " arguments[0].click();", button)

    def confirm_due():
        console_errors(phone)  # what the earlier checks expected (a restart, offline) is not ours
        open_page(phone, "/?lang=ko", '#due li[data-rule="r1"]')
        item = text(phone, '#due li[data-rule="r1"]')
        if "통신" not in item or "<i>폰</i>" not in item or "~ 예정" not in item:
            raise CheckFailed(f"the due item reads {item!r}")
        # Found and pressed in one step: a live update may replace <main> (the due list) at any
        # moment after the terminal's writes.
        phone.execute_script(
            "document.querySelector('#due li[data-rule=\"r1\"] form.confirm button').click();")
        wait_for(phone, "the confirmation's notice", lambda: "확정했습니다" in (
            text(phone, "#forms .notice") or ""))
        if "50000" not in hannun(binary, data, "day", first, "--json"):
            raise CheckFailed(f"{first} has no entry of 50,000 after the confirmation")
        if phone.find_elements(By.CSS_SELECTOR, "#due"):
            raise CheckFailed("the due list still shows after the only due item was confirmed")
        no_sideways_scrolling(phone, PHONE["width"])
    run.check("the phone shows the due rent-like item and 확정 posts it once", confirm_due)

    def budget_warning():
        form = phone.find_element(By.CSS_SELECTOR, "form#add")
        for name, value in (("amount", "3만5천"), ("category", "식비"), ("memo", "장보기")):
            field = form.find_element(By.CSS_SELECTOR, f'[name="{name}"]')
            field.clear()
            field.send_keys(value)
        submit(form)
        wait_for(phone, "the over-budget warning", lambda: "넘었습니다" in (
            text(phone, '.error[role="alert"]') or ""))
        warning = text(phone, '.error[role="alert"]')
        if "식비" not in warning or "7,000" not in warning:
            raise CheckFailed(f"the warning reads {warning!r}, expected 식비 over by 7,000")
        if "남음" not in (text(phone, "#budget") or "") and "초과" not in (text(phone, "#budget") or ""):
            raise CheckFailed(f"the month's budget reads {text(phone, '#budget')!r}")
        path = os.path.join(shots, "month-household-phone.png")
        print(f"  {path}: {screenshot(phone, path, PHONE['width'])}")
    run.check("a save that takes 식비 over its budget warns right after it", budget_warning)

    def mood():
        form = phone.find_element(By.CSS_SELECTOR, "form#mood")
        radio = form.find_element(By.CSS_SELECTOR, 'input[value="joy"]')
        phone.execute_script("arguments[0].click();", radio)
        if not radio.is_selected():
            raise CheckFailed("the joy radio is not checked after a click")
        submit(form)
        try:
            wait_for(phone, "the day's mood in its heading", lambda: "😊" in (
                text(phone, "#day-summary") or ""))
        except CheckFailed as error:
            stored = hannun(binary, data, "day", first, "--json")
            raise CheckFailed(f"{error}; the page's day summary reads "
                              f"{text(phone, '#day-summary')!r}; the ledger has {stored}")
        open_page(phone, f"/month/{iso_month(this)}?mode=emotion", "#grid")
        if not phone.find_elements(By.CSS_SELECTOR, "#grid td .mood"):
            raise CheckFailed("the emotion mode shows no mood in the grid")
        open_page(phone, f"/month/{iso_month(this)}?mode=amounts", "#grid")
    run.check("a mood chosen on the page shows in the day heading and the emotion mode", mood)

    def report():
        open_page(phone, "/report", "svg.chart")
        shares = text(phone, "#shares-expense")
        if "식비" not in shares or "통신" not in shares:
            raise CheckFailed(f"the expense shares read {shares!r}")
        no_sideways_scrolling(phone, PHONE["width"])
        path = os.path.join(shots, "report-phone.png")
        print(f"  {path}: {screenshot(phone, path, PHONE['width'])}")
        open_page(phone, f"/year?year={this[0]}", "#months svg.chart")
        no_sideways_scrolling(phone, PHONE["width"])
    run.check("the report and the year view draw their SVG charts with figures in text", report)

    def budgets():
        open_page(phone, "/budgets", "form#set-budget")
        form = phone.find_element(By.CSS_SELECTOR, "form#set-budget")
        form.find_element(By.CSS_SELECTOR, '[name="amount"]').send_keys("100만")
        submit(form)
        wait_for(phone, "the whole month's budget row", lambda: phone.find_elements(
            By.CSS_SELECTOR, '#budgets tr[data-scope="전체"]') != [])
        row = text(phone, '#budgets tr[data-scope="식비"]') or ""
        if "초과" not in row:
            raise CheckFailed(f"the 식비 row reads {row!r}, expected it over")
        no_sideways_scrolling(phone, PHONE["width"])
        path = os.path.join(shots, "budgets-phone.png")
        print(f"  {path}: {screenshot(phone, path, PHONE['width'])}")
    run.check("the budgets page sets a whole-month budget and shows 식비 over", budgets)

    def budgets_narrow():
        # Each cell's lines are the distinct tops of its text's client rects: an amount or a
        # column heading on more than one line was broken inside it ("₩97,00 0", "예 산").
        lines = """
            return [...document.querySelectorAll(arguments[0])].map(cell => {
              const range = document.createRange();
              range.selectNodeContents(cell);
              const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                .map(r => Math.round(r.top)));
              return [cell.textContent.trim(), tops.size];
            });"""
        broken = []
        for language in ("en", "ko"):
            open_page(phone, f"/budgets?lang={language}", '#budgets tr[data-scope]')
            if phone.execute_script("return document.documentElement.lang;") != language:
                raise CheckFailed(f"/budgets?lang={language} is not in that language")
            cells = phone.execute_script(lines, "#budgets tbody td:not(:last-child), "
                                                "#budgets thead th")
            names = phone.execute_script(lines, "#budgets tbody th")
            if len(cells) < 8 or len(names) < 2:
                raise CheckFailed(f"the {language} budgets table has too few cells: {cells}")
            broken += [f"{language}: {text!r} on {count} lines" for text, count in cells
                       if count > 1]
            broken += [f"{language}: {text!r} on {count} lines" for text, count in names
                       if count > len(text.split())]
            no_sideways_scrolling(phone, PHONE["width"])
        if broken:
            raise CheckFailed("at 360 px the budgets table breaks inside amounts or headings:\n  "
                              + "\n  ".join(broken))
    run.check("at 360x740 each budget amount and heading stays on one line, in English and "
              "Korean, and the page does not scroll sideways", budgets_narrow)

    def budget_change_remove():
        import json

        open_page(phone, "/budgets", "form#set-budget")
        form = phone.find_element(By.CSS_SELECTOR, "form#set-budget")
        form.find_element(By.CSS_SELECTOR, '[name="category"]').send_keys("식비")
        form.find_element(By.CSS_SELECTOR, '[name="amount"]').send_keys("50만")
        submit(form)
        wait_for(phone, "the changed 식비 budget", lambda: "500,000" in (
            text(phone, '#budgets tr[data-scope="식비"]') or ""))
        phone.execute_script(
            "document.querySelector('#budgets tr[data-scope=\"식비\"] form.remove button')"
            ".click();")
        wait_for(phone, "the 식비 row gone", lambda: phone.find_elements(
            By.CSS_SELECTOR, '#budgets tr[data-scope="식비"]') == [])
        shown = json.loads(hannun(binary, data, "budget", "--json"))
        if "식비" in json.dumps(shown, ensure_ascii=False):
            raise CheckFailed(f"hannun budget still shows 식비: {shown}")
    run.check("the budgets page changes 식비's budget to 50만 and removes it (hannun budget agrees)",
              budget_change_remove)

    def search_and_open():
        open_page(phone, "/search?q=" + urllib.request.quote("점심"), "#results")
        if "점심" not in (text(phone, "#results") or ""):
            raise CheckFailed(f"the results read {text(phone, '#results')!r}")
        link = phone.find_element(By.CSS_SELECTOR, "#results a.edit")
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", link)
        link.click()
        wait_for(phone, "the edit form of the entry found", lambda: phone.find_elements(
            By.CSS_SELECTOR, "form#edit") != [])
    run.check("search finds 점심 and opens it in the edit form", search_and_open)

    def lunch():
        import json

        found = json.loads(hannun(binary, data, "find", "점심", "--json"))["transactions"]
        if len(found) != 1:
            raise CheckFailed(f"find 점심 gives {found}")
        return found[0]

    def conflict_keeps_typing():
        entry = lunch()
        form = phone.find_element(By.CSS_SELECTOR, "form#edit")
        for name, typed in (("amount", "1만3천"), ("memo", "점심 회식")):
            field = form.find_element(By.CSS_SELECTOR, f'[name="{name}"]')
            field.clear()
            field.send_keys(typed)
        # The terminal changes the same entry first.
        hannun(binary, data, "edit", entry["id"], "--amount", "15000")
        submit(form)
        wait_for(phone, "the conflict's message", lambda: "먼저 바꿨습니다" in (
            text(phone, 'form#edit .error[role="alert"]') or ""))
        message = text(phone, 'form#edit .error[role="alert"]')
        for expected in ("15,000", "식비", "점심"):
            if expected not in message:
                raise CheckFailed(f"the conflict's message lacks {expected!r}: {message!r}")
        if entry["id"] in message:
            raise CheckFailed(f"the conflict's message shows the internal id: {message!r}")
        kept = phone.execute_script(
            "const f = document.querySelector('form#edit');"
            " return [f.amount.value, f.memo.value, f.category.value];")
        if kept != ["1만3천", "점심 회식", entry["category"]]:
            raise CheckFailed(f"the form came back as {kept}, not as typed")
        now = lunch()
        if (now["amount"], now["memo"]) != (15000, "점심"):
            raise CheckFailed(f"the refused save wrote: {now}")
        # Saving again replaces the other change knowingly, once.
        submit(phone.find_element(By.CSS_SELECTOR, "form#edit"))
        wait_for(phone, "the saved edit", lambda: (lunch()["amount"], lunch()["memo"]) == (
            13000, "점심 회식"))
        console_errors(phone)  # the refused save's 409 (Conflict) is the browser's expected log
    run.check("a conflict with a terminal edit: nothing saved, the message names the entry as it "
              "is now (no id), every field kept as typed; saving again saves it once",
              conflict_keeps_typing)

    def undo_redo():
        open_page(phone, "/?lang=ko", "form#undo")
        phone.execute_script("document.querySelector('form#undo button').click();")
        wait_for(phone, "the undone edit", lambda: lunch()["amount"] == 15000)
        open_page(phone, "/?lang=ko", "form#redo")
        phone.execute_script("document.querySelector('form#redo button').click();")
        wait_for(phone, "the redone edit", lambda: lunch()["amount"] == 13000)
        if lunch()["memo"] != "점심 회식":
            raise CheckFailed(f"after redo the entry is {lunch()}")
    run.check("undo on the phone takes the edit back (the terminal's 15,000) and redo does it "
              "again", undo_redo)

    def rename():
        open_page(phone, "/categories", 'tr[data-category="카페"]')
        form = phone.find_element(By.CSS_SELECTOR, 'tr[data-category="카페"] form.rename')
        field = form.find_element(By.CSS_SELECTOR, '[name="new"]')
        field.clear()
        field.send_keys("커피")
        submit(form)
        wait_for(phone, "the renamed category", lambda: phone.find_elements(
            By.CSS_SELECTOR, 'tr[data-category="커피"]') != [])
        if "커피" not in hannun(binary, data, "day", iso_day(following, 5), "--json"):
            raise CheckFailed("the coffee entry kept its old category")
    run.check("a category is renamed from the categories page", rename)

    def recurring_and_export():
        open_page(phone, "/recurring", "#rules")
        if "매월 1일" not in (text(phone, "#rules") or ""):
            raise CheckFailed(f"the rules read {text(phone, '#rules')!r}")
        csv = phone.execute_script(
            "return await (await fetch('/export/download?format=csv')).text();")
        if "통신" not in csv or "커피" not in csv:
            raise CheckFailed("the CSV download lacks the confirmed or renamed entries")
        errors = console_errors(phone)
        if errors:
            raise CheckFailed("the browser's console has errors:\n  " + "\n  ".join(errors))
    run.check("the recurring rules are listed and the CSV download has the ledger", recurring_and_export)

    def merge_and_downloads():
        import json

        open_page(phone, "/categories?lang=ko", 'tr[data-category="간식"]')
        form = phone.find_element(By.CSS_SELECTOR, 'tr[data-category="간식"] form.rename')
        field = form.find_element(By.CSS_SELECTOR, '[name="new"]')
        field.clear()
        field.send_keys("커피")  # a name in use: the two merge
        submit(form)
        wait_for(phone, "간식 merged into 커피", lambda: phone.find_elements(
            By.CSS_SELECTOR, 'tr[data-category="간식"]') == [])
        listed = hannun(binary, data, "categories", "--all", "--json")
        if "간식" in listed or "커피" not in listed:
            raise CheckFailed(f"after the merge hannun categories lists: {listed}")
        journal = phone.execute_script(
            "return await (await fetch('/export/download?format=journal')).text();")
        if "커피" not in journal or "점심 회식" not in journal:
            raise CheckFailed(f"the journal download lacks the ledger: {journal[:300]!r}")
        backup = json.loads(phone.execute_script(
            "return await (await fetch('/export/download?format=json')).text();"))
        memos = json.dumps(backup, ensure_ascii=False)
        if "점심 회식" not in memos or "간식" in memos:
            raise CheckFailed(f"the JSON download does not hold the ledger as it is: {memos[:300]}")
    run.check("a category renamed to a name in use merges into it; the journal and JSON downloads "
              "hold the ledger as it is", merge_and_downloads)

    def desktop_english():
        open_page(desktop, "/report?lang=en", "svg.chart")
        if "Expense by category" not in desktop.page_source:
            raise CheckFailed("the English report has no chart title")
        no_sideways_scrolling(desktop, DESKTOP["width"])
        path = os.path.join(shots, "report-desktop.png")
        print(f"  {path}: {screenshot(desktop, path, DESKTOP['width'])}")
        open_page(desktop, "/budgets", "#budgets")
        if "left" not in (text(desktop, "#budgets") or "") and "over" not in (
                text(desktop, "#budgets") or ""):
            raise CheckFailed(f"the English budgets read {text(desktop, '#budgets')!r}")
        open_page(desktop, "/recurring", "form#add-rule")
        form = desktop.find_element(By.CSS_SELECTOR, "form#add-rule")
        form.find_element(By.CSS_SELECTOR, 'input[name="schedule"][value="weekly"]').click()
        for name, value in (("when", "sat"), ("amount", "30000"), ("category", "market")):
            form.find_element(By.CSS_SELECTOR, f'[name="{name}"]').send_keys(value)
        form.find_element(By.CSS_SELECTOR, 'button[type="submit"]').click()
        wait_for(desktop, "the weekly rule in the list", lambda: "weekly on Saturday" in (
            text(desktop, "#rules") or ""))
        open_page(desktop, f"/month/{iso_month(following)}", "#grid")
        if not desktop.find_elements(By.CSS_SELECTOR, "#grid td .out.planned"):
            raise CheckFailed("next month shows no planned Saturday market in the grid")
        open_page(desktop, f"/year?year={this[0]}", "#months")
        if text(desktop, "h1#title") != str(this[0]):
            raise CheckFailed(f"the year's title is {text(desktop, 'h1#title')!r}")
        errors = console_errors(desktop)
        if errors:
            raise CheckFailed("the browser's console has errors:\n  " + "\n  ".join(errors))
    run.check("the desktop shows the report and budgets in English, adds a weekly rule that "
              "plans next month's Saturdays, and shows the year", desktop_english)


def import_due_moods(run, binary, data, work, shots, phone, desktop, this):
    """Import, due skip and change, and the mood report, in Korean on the phone and in English
    on the desktop: a small CSV uploaded, previewed with nothing written, confirmed and its
    entries in `hannun day --json`; a due item skipped and another changed this time only; the
    /moods page with the mood set earlier."""
    from selenium.webdriver.common.by import By

    before = shifted(this, -1)

    def open_page(driver, path, selector):
        driver.get(run.server.base + path)
        wait_for(driver, f"{selector} on {path}", lambda: driver.find_elements(
            By.CSS_SELECTOR, selector) != [])

    def press_submit(driver, form):
        button = form.find_element(By.CSS_SELECTOR, 'button[type="submit"]')
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});"
                              " arguments[0].click();", button)

    def small_targets(driver):
        return driver.execute_script("""
            const seen = [];
            for (const element of document.querySelectorAll(
                'main a[href], main button, main input:not([type=hidden]):not([type=radio]),'
                + ' main label:has(> input[type=radio])')) {
              const box = element.getBoundingClientRect();
              if (box.width === 0 && box.height === 0) continue;
              if (box.width < 44 || box.height < 44)
                seen.push((element.id || element.className || element.tagName) + ' '
                          + Math.round(box.width) + 'x' + Math.round(box.height));
            }
            return seen;""")

    def axe_violations(driver):
        driver.execute_script(axe_source())
        return driver.execute_async_script(AXE_RUN)

    def phone_grade(driver, page):
        problems = [f"{page}: under 44x44 CSS px: {target}" for target in small_targets(driver)]
        problems += [f"{page}: axe-core: {violation}" for violation in axe_violations(driver)]
        if problems:
            raise CheckFailed("\n  ".join(problems))

    def upload(driver, name, rows, language, previewed, imported):
        path = os.path.join(work, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write("date,amount,category,memo\n" + "".join(
                f"{day},{amount},{category},{memo}\n" for day, amount, category, memo in rows))
        open_page(driver, f"/import?lang={language}", "form#import")
        phone_grade(driver, "the upload form")
        form = driver.find_element(By.CSS_SELECTOR, "form#import")
        form.find_element(By.CSS_SELECTOR, 'input[type="file"]').send_keys(path)
        press_submit(driver, form)
        wait_for(driver, "the import's preview", lambda: driver.find_elements(
            By.CSS_SELECTOR, "#import-preview") != [])
        summary = text(driver, "#import-summary") or ""
        if previewed not in summary:
            raise CheckFailed(f"the preview reads {summary!r}, expected {previewed!r}")
        phone_grade(driver, "the preview")
        if driver is phone:
            path = os.path.join(shots, "import-phone.png")
            print(f"  {path}: {screenshot(phone, path, PHONE['width'])}")
        day = rows[0][0]
        if rows[0][3] in hannun(binary, data, "day", day, "--json"):
            raise CheckFailed("the preview wrote the entries before the confirmation")
        press_submit(driver, driver.find_element(By.CSS_SELECTOR, "form#import-confirm"))
        wait_for(driver, "the import's notice on the month page", lambda: imported in (
            text(driver, "#forms .notice") or ""))
        for day, _, _, memo in rows:
            stored = hannun(binary, data, "day", day, "--json")
            if stored.count(memo) != 1:
                raise CheckFailed(f"{day} holds {stored.count(memo)} entries of {memo!r}")
        no_sideways_scrolling(driver, PHONE["width"] if driver is phone else DESKTOP["width"])

    def import_phone():
        console_errors(phone)
        upload(phone, "카드.csv",
               [(iso_day(this, 2), "-6500", "교통", "택시비"), (iso_day(this, 4), "-3000", "카페", "녹차")],
               "ko", "미리 보기: 2건을 더합니다", "내역 2건을 가져옴")
    run.check("the phone (Korean) uploads a CSV, sees the preview with nothing written, and the "
              "confirmation imports each row once; 44 px targets and no axe-core violation",
              import_phone)

    def import_desktop():
        upload(desktop, "card.csv", [(iso_day(this, 6), "-9900", "books", "novel")],
               "en", "would add 1 entry", "Imported 1 entry")
    run.check("the desktop (English) imports a CSV the same way", import_desktop)

    def seed_due():
        hannun(binary, data, "recurring", "add", "15000", "--monthly", "1", "--category", "구독",
               "--memo", "영상", "--from", iso_day(before, 1))
    run.check("a monthly rule from last month, so two of its items are due", seed_due)

    # The page redraws itself when the ledger changes (its event stream), so an element found
    # once may be gone a moment later: each question to the page is one script, read at once.
    def due_rule(driver, date):
        rule = driver.execute_script("""
            for (const item of document.querySelectorAll('#due li.planned'))
              if (item.dataset.date === arguments[0] && item.textContent.includes('구독'))
                return item.dataset.rule;
            return null;""", date)
        if rule is None:
            raise CheckFailed(f"no due 구독 item on {date}: {text(driver, '#due')!r}")
        return rule

    def skip_phone():
        open_page(phone, "/?lang=ko", "#due")
        rule = due_rule(phone, iso_day(before, 1))
        phone.execute_script(
            f"document.querySelector('#due li[data-rule=\"{rule}\"][data-date=\""
            f"{iso_day(before, 1)}\"] form.skip button').click();")
        wait_for(phone, "the skip's notice", lambda: "건너뛰었습니다" in (
            text(phone, "#forms .notice") or ""))
        dates = phone.execute_script(
            "return [...document.querySelectorAll(`#due li[data-rule=\"${arguments[0]}\"]`)]"
            ".map(item => item.dataset.date);", rule)
        if dates != [iso_day(this, 1)]:
            raise CheckFailed(f"after the skip the rule's due items are {dates}")
        if "영상" in hannun(binary, data, "day", iso_day(before, 1), "--json"):
            raise CheckFailed("the skipped item became an entry")
    run.check("the phone (Korean) skips last month's due item: it leaves the list, no entry",
              skip_phone)

    def change_desktop():
        open_page(desktop, "/?lang=en", "#due")
        rule = due_rule(desktop, iso_day(this, 1))
        desktop.execute_script(
            "document.querySelector(`#due li[data-rule=\"${arguments[0]}\"]"
            "[data-date=\"${arguments[1]}\"] a.change`).click();", rule, iso_day(this, 1))
        wait_for(desktop, "the change form", lambda: desktop.find_elements(
            By.CSS_SELECTOR, "form#change-occurrence") != [])
        form = desktop.find_element(By.CSS_SELECTOR, "form#change-occurrence")
        amount = form.find_element(By.CSS_SELECTOR, '[name="amount"]')
        amount.clear()
        amount.send_keys("17000")
        press_submit(desktop, form)
        wait_for(desktop, "the change's notice", lambda: "Changed this time only" in (
            text(desktop, "#forms .notice") or ""))
        changed = text(desktop, f'#due li[data-date="{iso_day(this, 1)}"]') or ""
        if "17,000" not in changed:
            raise CheckFailed(f"the changed item reads {changed!r}")
        errors = console_errors(desktop)
        if errors:
            raise CheckFailed("the browser's console has errors:\n  " + "\n  ".join(errors))
    run.check("the desktop (English) changes this month's due item this time only", change_desktop)

    def moods():
        open_page(phone, f"/moods?lang=ko&from={iso_month(this)}", "h1#title")
        if text(phone, "h1#title") != "기분별 지출" or "😊" not in (text(phone, "main") or ""):
            raise CheckFailed(f"the Korean mood report reads {text(phone, 'main')!r}")
        no_sideways_scrolling(phone, PHONE["width"])
        open_page(desktop, f"/moods?lang=en&from={iso_month(this)}", "h1#title")
        if text(desktop, "h1#title") != "Spending by mood" or "joy" not in (
                text(desktop, "main") or ""):
            raise CheckFailed(f"the English mood report reads {text(desktop, 'main')!r}")
        errors = console_errors(phone) + console_errors(desktop)
        if errors:
            raise CheckFailed("the browser's console has errors:\n  " + "\n  ".join(errors))
    run.check("the mood report (/moods) shows the day's joy in Korean and English", moods)

    # A word (an amount, a heading, a category, an option) is one run of text with no space;
    # drawn on two lines it was broken inside: "₩39,50" over "0", "Expens" over "e".
    broken_words = """
        const out = [];
        for (const element of document.querySelectorAll(
            'main td, main th, .totals dd, .totals dt, main label, main button, main legend')) {
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          while (walker.nextNode()) {
            const node = walker.currentNode;
            if (node.parentElement.closest('.visually-hidden')) continue;
            const words = /\\S+/g;
            let word;
            while ((word = words.exec(node.data))) {
              const range = document.createRange();
              range.setStart(node, word.index);
              range.setEnd(node, word.index + word[0].length);
              const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                .map(r => Math.round(r.top)));
              if (tops.size > 1) out.push(word[0]);
            }
          }
        }
        return out;"""

    def no_broken_words():
        pages = ["/month/" + iso_month(this), "/report", "/year", "/budgets", "/recurring",
                 "/search?q=%EC%A0%90%EC%8B%AC", "/categories", f"/moods?from={iso_month(this)}",
                 "/import", "/export"]
        found = []
        for language in ("ko", "en"):
            for path in pages:
                joined = f"{path}{'&' if '?' in path else '?'}lang={language}"
                open_page(phone, joined, "main")
                if phone.execute_script("return document.documentElement.lang;") != language:
                    raise CheckFailed(f"{joined} is not in that language")
                no_sideways_scrolling(phone, PHONE["width"])
                words = phone.execute_script(broken_words)
                if words:
                    found.append(f"{joined}: {words[:8]}")
        if found:
            raise CheckFailed("at 360 px these words are broken over two lines:\n  "
                              + "\n  ".join(found))
    run.check("at 360x740 no page breaks an amount, heading, option or button inside a word, and "
              "none scrolls sideways, in Korean and English", no_broken_words)


if __name__ == "__main__":
    main()
