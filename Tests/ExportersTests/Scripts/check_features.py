"""Parses .feature files with the official Cucumber Gherkin parser and prints a summary as JSON."""
import json
import sys

from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner

report = {}
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as handle:
        document = Parser().parse(TokenScanner(handle.read()))
    feature = document["feature"]
    scenarios = [child["scenario"] for child in feature["children"] if "scenario" in child]
    report[path.rsplit("/", 1)[-1]] = {
        "name": feature["name"],
        "tags": [tag["name"] for tag in feature["tags"]],
        "scenarios": [
            {
                "name": s["name"],
                "tags": [tag["name"] for tag in s["tags"]],
                "keywords": [step["keyword"].strip() for step in s["steps"]],
            }
            for s in scenarios
        ],
    }
print(json.dumps(report))
