"""Reads a PDF the way a person holding the printout would, and reports what matters.

For each page: its first and last lines of text (pdftotext -layout) and how many pairs of words
overlap on the page (pdftotext -bbox): printed text that runs into other text is unreadable.
Usage: print_check.py FILE.pdf  ->  JSON on stdout.
"""
import json
import re
import subprocess
import sys
from xml.etree import ElementTree

pdf = sys.argv[1]
info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info)
width, height = float(size.group(1)), float(size.group(2))

layout = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True, check=True).stdout
pages = []
for text in layout.split("\f"):
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if lines:
        pages.append({"first": lines[0], "last": lines[-1], "overlaps": 0, "words": 0})

bbox = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True, text=True, check=True).stdout
bbox = re.sub(r"<!DOCTYPE[^>]*>", "", bbox)
root = ElementTree.fromstring(bbox)
ns = {"x": "http://www.w3.org/1999/xhtml"}
examples = []
for index, page in enumerate(root.iter("{http://www.w3.org/1999/xhtml}page")):
    boxes = []
    for word in page.iter("{http://www.w3.org/1999/xhtml}word"):
        boxes.append((float(word.get("xMin")), float(word.get("yMin")),
                      float(word.get("xMax")), float(word.get("yMax")), word.text or ""))
    boxes.sort()
    overlaps = 0
    # Sweep over x: only words whose x ranges meet can overlap.
    for i, (x0, y0, x1, y1, text) in enumerate(boxes):
        for (a0, b0, a1, b1, other) in boxes[i + 1:]:
            if a0 >= x1 - 0.5:
                break
            shared_x = min(x1, a1) - max(x0, a0)
            shared_y = min(y1, b1) - max(y0, b0)
            if shared_x > 0.5 and shared_y > 0.25 * min(y1 - y0, b1 - b0):
                overlaps += 1
                if len(examples) < 5:
                    examples.append(f"page {index + 1}: '{text}' over '{other}'")
    if index < len(pages):
        pages[index]["overlaps"] = overlaps
        pages[index]["words"] = len(boxes)

print(json.dumps({"width": width, "height": height, "pages": pages, "examples": examples}))
