"""Opens an HTML file in real headless Chromium (Selenium + Debian's chromium-driver), runs axe-core 4.x in
the page, and writes a screenshot.

usage: browser_check.py PAGE.html SCREENSHOT.png  ->  JSON {"axe": version, "violations": [...], "tabStops": n,
"links": n, "title": ...}. axe.min.js comes from the axe-playwright-python package (installed with --no-deps).
"""
import json
import os
import pathlib
import sys

import axe_playwright_python
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.keys import Keys

page, screenshot = sys.argv[1], sys.argv[2]
axe_source = pathlib.Path(axe_playwright_python.__file__).with_name("axe.min.js").read_text()
options = Options()
options.binary_location = "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1600"):
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_script_timeout(60)
try:
    driver.get(pathlib.Path(page).resolve().as_uri())
    driver.execute_script(axe_source)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a','wcag2aa','wcag21a','wcag21aa','wcag22aa']}})"
        ".then(r => done({version: r.testEngine.version, violations: r.violations.map(v => ({id: v.id, impact: v.impact,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))}))"
        ".catch(e => done({error: String(e)}));")
    driver.save_screenshot(screenshot)
    # Keyboard: Tab through the page and count distinct focused elements.
    driver.execute_script("document.querySelectorAll('*').forEach((e, i) => e.setAttribute('data-tab-id', i));")
    seen = set()
    for _ in range(400):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        active = driver.execute_script(
            "const e = document.activeElement; return e === document.body ? null : e.getAttribute('data-tab-id');")
        if active is None or active in seen:
            break
        seen.add(active)
    links = driver.execute_script("return document.querySelectorAll('a[href]').length;")
    overflow = driver.execute_script("return document.documentElement.scrollWidth > document.documentElement.clientWidth;")
    print(json.dumps({"axe": result.get("version"), "error": result.get("error"), "violations": result.get("violations", []),
                      "tabStops": len(seen), "links": links, "title": driver.title,
                      "horizontalScroll": overflow}))
finally:
    driver.quit()
