"""Checks the HTML audit report in real headless Chromium, the way a keyboard and screen reader user meets it.

usage: report_browser.py REPORT.html FILLED.xlsx|.csv SCREENSHOT_DIR  ->  JSON on stdout:
  axe: the axe-core version; violations: {view: [rule ids]} for the default view and after each filter;
  reached: the filter controls Tab reached; filters: [{control, value, shown, expected}] where shown is what the
  page says it shows and expected is counted from the audit file itself (openpyxl / csv); summary: {word:
  [shown, counted]}; noscript: the rows readable with JavaScript off.
Filters are operated with the keyboard only: Tab to reach, ArrowDown to pick in a select, Space for the
checkbox, Enter on the button.
"""
import csv
import json
import pathlib
import re
import sys

import axe_playwright_python
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.keys import Keys
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import WebDriverWait

page, audit, shots = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
shots.mkdir(parents=True, exist_ok=True)
STATUSES = ["Pass", "Fail", "Not applicable", "Not tested", "Cannot tell"]

# The audit's rows, read without criteria.
if audit.endswith(".csv"):
    with open(audit, newline="", encoding="utf-8-sig") as handle:
        table = list(csv.reader(handle))
else:
    import openpyxl
    sheet = openpyxl.load_workbook(audit)["Checklist"]
    table = [["" if v is None else str(v) for v in row] for row in sheet.iter_rows(values_only=True)]
header, body = table[0], table[1:]
col = {name: header.index(name) for name in header}


def canonical(word):
    for status in STATUSES:
        if word.strip().lower() == status.lower():
            return status
    return "Not tested" if not word.strip() else word


rows = [{"Platform": r[col["Platform"]], "Result": canonical(r[col["Result"]]), "Severity": r[col["Severity"]].strip(),
         "Component": r[col["Component"]]} for r in body]


def expected(control, value, only=False):
    key = {"f-platform": "Platform", "f-result": "Result", "f-severity": "Severity", "f-component": "Component"}[control]
    return sum(1 for r in rows if (not value or r[key] == value) and (not only or r["Result"] == "Fail"))


axe_source = pathlib.Path(axe_playwright_python.__file__).with_name("axe.min.js").read_text()


def browser(script=True):
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1400"):
        options.add_argument(flag)
    if not script:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(120)
    return driver


def axe(driver):
    driver.execute_script(axe_source)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a','wcag2aa','wcag21a','wcag21aa','wcag22aa']}})"
        ".then(r => done({version: r.testEngine.version, ids: r.violations.map(v => v.id + ': ' + v.nodes.slice(0,2).map(n => n.target.join(' ')).join(', '))}))"
        ".catch(e => done({version: null, ids: ['axe failed: ' + e]}));")
    return result


def shown_now(driver):
    text = driver.find_element("id", "shown").text
    match = re.search(r"Showing (\d+) of (\d+)", text)
    return int(match.group(1)) if match else -1


def shown(driver, expected, timeout=10):
    """What the live region says once the page has applied the filter: waits (at most `timeout` seconds,
    polling) for the count the test expects, never for a fixed time, and returns the last count read, so
    a page that never gets there still fails the test with what it showed."""
    try:
        WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: shown_now(d) == expected)
    except TimeoutException:
        pass
    return shown_now(driver)


def visible(driver):
    """How many component-table rows a reader can see: what the filters did, not what the status says."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#components tbody tr')).filter(r => r.offsetParent !== null).length;")


def tab_to(driver, element_id, from_top=True, limit=80):
    """Presses Tab until the element has focus; from the top of a freshly loaded page unless told otherwise."""
    if from_top:
        driver.refresh()
        driver.find_element("tag name", "body").send_keys(Keys.TAB)
    else:
        driver.switch_to.active_element.send_keys(Keys.TAB)
    for _ in range(limit):
        if driver.switch_to.active_element.get_attribute("id") == element_id:
            return True
        driver.switch_to.active_element.send_keys(Keys.TAB)
    return False


out = {"violations": {}, "reached": [], "filters": [], "summary": {}}
driver = browser()
try:
    driver.get(pathlib.Path(page).resolve().as_uri())
    first = axe(driver)
    out["axe"] = first["version"]
    out["violations"]["default"] = first["ids"]
    driver.save_screenshot(str(shots / "report.png"))
    for word in STATUSES + ["all"]:
        cell = driver.find_elements("css selector", f'td[data-count="{word}"]')
        counted = len(rows) if word == "all" else sum(1 for r in rows if r["Result"] == word)
        out["summary"][word] = [int(cell[0].text) if cell else -1, counted]
    for control in ("f-platform", "f-result", "f-severity", "f-component"):
        if not tab_to(driver, control):
            continue
        out["reached"].append(control)
        select = driver.switch_to.active_element
        values = [o.get_attribute("value") for o in select.find_elements("tag name", "option")]
        # Every severity (one has two spaces inside), the first two of the other menus.
        for value in values[1:] if control == "f-severity" else values[1:3]:
            select.send_keys(Keys.ARROW_DOWN)
            picked = driver.execute_script(f"return document.getElementById('{control}').value;")
            want = expected(control, picked)
            out["filters"].append({"control": control, "value": picked, "shown": shown(driver, want), "visible": visible(driver), "expected": want})
            out["violations"][f"{control}={picked}"] = axe(driver)["ids"]
        if tab_to(driver, "f-reset", from_top=False):
            driver.switch_to.active_element.send_keys(Keys.ENTER)
            out["filters"].append({"control": "reset", "value": "", "shown": shown(driver, len(rows)), "visible": visible(driver), "expected": len(rows)})
    if tab_to(driver, "f-only"):
        out["reached"].append("f-only")
        driver.switch_to.active_element.send_keys(Keys.SPACE)
        want = expected("f-result", "", only=True)
        out["filters"].append({"control": "f-only", "value": "on", "shown": shown(driver, want), "visible": visible(driver), "expected": want})
        out["violations"]["only-failures"] = axe(driver)["ids"]
        driver.save_screenshot(str(shots / "report-only-failures.png"))
        out["reached"].append("f-reset" if tab_to(driver, "f-reset", from_top=False) else "no reset")
finally:
    driver.quit()

plain = browser(script=False)
try:
    plain.get(pathlib.Path(page).resolve().as_uri())
    out["noscript"] = plain.execute_script(
        "return Array.from(document.querySelectorAll('#components tbody tr')).filter(r => r.offsetParent !== null).length;")
    out["noscriptFiltersHidden"] = plain.execute_script("return document.getElementById('filters').hidden;")
finally:
    plain.quit()
print(json.dumps(out))
