"""Checks an OpenACR YAML file the way OpenACR's own tools would.

usage: check_openacr.py REPORT.yaml SCHEMA.json CATALOG.yaml  ->  prints "ok" or the problems, one per line
The schema (jsonschema), then the catalogue: the catalog id, every chapter and `num` where the catalogue puts
it, component names and adherence levels the catalogue defines, `num` written as a string, integer version.
"""
import json
import sys

import jsonschema
import yaml

report_path, schema_path, catalog_path = sys.argv[1:4]
text = open(report_path, encoding="utf-8").read()
report = yaml.safe_load(text)
schema = json.load(open(schema_path, encoding="utf-8"))
catalog = yaml.safe_load(open(catalog_path, encoding="utf-8"))
problems = []
try:
    jsonschema.validate(report, schema)
except jsonschema.ValidationError as error:
    problems.append(f"schema: {error.message} at {list(error.absolute_path)}")
if not isinstance(report.get("version"), int):
    problems.append("version is not an integer")
if report.get("catalog") != catalog_path.split("/")[-1].removesuffix(".yaml"):
    problems.append(f"catalog is {report.get('catalog')!r}")
chapters = {c["id"]: {str(x["id"]) for x in c.get("criteria", [])} for c in catalog["chapters"]}
components = {c["id"] for c in catalog["components"]}
terms = {t["id"] for t in catalog["terms"]}
seen = 0
for chapter_id, chapter in (report.get("chapters") or {}).items():
    if chapter_id not in chapters:
        problems.append(f"unknown chapter {chapter_id}")
        continue
    for criterion in chapter.get("criteria", []):
        num = criterion.get("num")
        seen += 1
        if not isinstance(num, str):
            problems.append(f"num {num!r} is not a string")
        if str(num) not in chapters[chapter_id]:
            problems.append(f"{num} is not in {chapter_id}")
        for component in criterion.get("components", []):
            if component.get("name") not in components:
                problems.append(f"{num}: unknown component {component.get('name')!r}")
            level = (component.get("adherence") or {}).get("level")
            if level not in terms:
                problems.append(f"{num}: unknown level {level!r}")
# OpenACR's schema: a chapter's `disabled` is "whether this chapter's criteria is not going to be provided
# in the ACR", so a disabled chapter lists none and its criteria are not expected.
disabled = {cid for cid, c in (report.get("chapters") or {}).items() if c.get("disabled") is True}
for cid in disabled:
    if (report["chapters"][cid] or {}).get("criteria"):
        problems.append(f"{cid} is disabled but lists criteria")
expected = sum(len(v) for cid, v in chapters.items() if cid not in disabled)
if seen != expected:
    problems.append(f"{seen} criteria, the catalogue has {expected}")
print("\n".join(problems) if problems else "ok")
