#!/usr/bin/env python3
"""The month page in a real browser: headless Chromium from Debian's packages, driven by Selenium.

    python3 WebTests/month_page_test.py [--binary PATH] [--screenshots DIR] [--keep]

On a fresh data directory holding a few entries made by `hannun add`, it starts `hannun serve`
on a free loopback port and, at a 360x740 phone viewport with touch, opens the month of today,
swipes (real touch events through the DevTools protocol) and presses the arrow keys between
months, taps a day, adds an entry through the form (amount `3만5천`), checks the day cell and the
totals change, sees a wrong amount refused with nothing written, then runs `hannun add` for the
open month and sees the new entry and totals appear without a reload (a marker set on `window`
survives). A desktop-width window then opens a month in English. Both pages are saved as PNG
(the phone one 360 pixels wide) in DIR (default: a temporary folder, printed at the end).
Then every household feature: with a recurring rule and a budget made in the terminal, the phone
(Korean) confirms the due item, sees the over-budget warning right after a save, sets a mood,
opens the report and year charts, sets a budget, searches and opens an entry, renames a category,
lists the rules and downloads the CSV; the desktop (English) sees the report and budgets, adds a
weekly rule whose Saturdays appear planned next month, and opens the year (report-phone.png,
budgets-phone.png, month-household-phone.png and report-desktop.png are saved too);
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

    def __init__(self, binary, data, log_path):
        self.binary, self.data = binary, data
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(log_path, "w")
        self.process = subprocess.Popen(
            [binary, "serve", "--listen", f"127.0.0.1:{self.port}", "--data", data],
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

    household(run, binary, data, shots, phone, desktop, this, following)


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
        open_page(phone, "/", '#due li[data-rule="r1"]')
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


if __name__ == "__main__":
    main()
