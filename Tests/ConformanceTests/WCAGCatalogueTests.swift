import Conformance
import Foundation
import TestSupport
import Testing

@Suite("the WCAG 2.2 catalogue")
struct WCAGCatalogueTests {
  @Test(
    "87 entries: 86 success criteria of WCAG 2.2 and 4.1.1 Parsing kept as obsolete; 32 A, 24 AA, 31 AAA"
  )
  func counts() {
    #expect(WCAG22.all.count == 87)
    #expect(Set(WCAG22.all.map(\.number)).count == 87)
    #expect(WCAG22.all.filter { !$0.obsolete }.count == 86)
    #expect(WCAG22.all.filter(\.obsolete).map(\.number) == ["4.1.1"])
    #expect(WCAG22.all.filter { $0.level == .a }.count == 32)
    #expect(WCAG22.all.filter { $0.level == .aa }.count == 24)
    #expect(WCAG22.all.filter { $0.level == .aaa }.count == 31)
    #expect(Set(WCAG22.all.map(\.guideline)) == Set(WCAG22.guidelines.keys))
    #expect(Set(WCAG22.all.map(\.principle)) == Set(WCAG22.principles.keys))
  }

  @Test("facts of single criteria, their Understanding pages and WCAG order")
  func facts() throws {
    let focus = try #require(WCAG22.criterion("2.4.7"))
    #expect(focus.title == "2.4.7 Focus Visible (Level AA)")
    #expect(
      focus.understanding
        == "https://www.w3.org/WAI/WCAG22/Understanding/focus-visible.html")
    #expect(
      WCAG22.criterion("1.4.3")?.understanding
        == "https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html")
    #expect(WCAG22.criterion("2.5.8")?.handle == "Target Size (Minimum)")
    #expect(WCAG22.criterion("2.5.8")?.level == .aa)
    #expect(
      WCAG22.criterion("3.3.8")?.handle == "Accessible Authentication (Minimum)"
    )
    #expect(WCAG22.criterion("1.4.14") == nil)
    #expect(WCAG22.all.map(\.number).prefix(3) == ["1.1.1", "1.2.1", "1.2.2"])
    let numbers = WCAG22.all.map(\.number)
    #expect(
      numbers.firstIndex(of: "1.4.4")! < numbers.firstIndex(of: "1.4.10")!)
  }

  /// The catalogue as a YAML file of the OpenACR project lists it: number, handle and level per chapter.
  func catalogue(_ name: String) throws -> [String: (
    handle: String, level: String
  )] {
    let file = SharedData.root.appendingPathComponent("schemas/openacr/\(name)")
      .path
    let script = """
      import json, sys, yaml
      d = yaml.safe_load(open(sys.argv[1]))
      out = {}
      for chapter in d["chapters"]:
          level = {"success_criteria_level_a": "A", "success_criteria_level_aa": "AA",
                   "success_criteria_level_aaa": "AAA"}.get(chapter["id"])
          if level is None:
              continue
          for c in chapter.get("criteria", []):
              out[str(c["id"])] = [c["handle"], level]
      print(json.dumps(out))
      """
    let run = try ProcessRunner.run("python3", ["-c", script, file])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        as? [String: [String]])
    return json.mapValues { (handle: $0[0], level: $0[1]) }
  }

  @Test(
    "matches OpenACR's WCAG 2.2 standard and VPAT 2.5's WCAG 2.2 catalogue, entry by entry",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)),
    arguments: ["wcag-2.2.yaml", "2.5-edition-wcag-2.2-en.yaml"])
  func againstOpenACR(file: String) throws {
    let theirs = try catalogue(file)
    #expect(theirs.count == 87, "\(file) lists \(theirs.count)")
    for criterion in WCAG22.all {
      let entry = theirs[criterion.number]
      #expect(
        entry?.handle == criterion.handle, "\(criterion.number) in \(file)")
      #expect(
        entry?.level == criterion.level.rawValue,
        "\(criterion.number) in \(file)")
    }
  }

  @Test(
    "the five conformance terms carry VPAT 2.5's labels and definitions, as the WCAG edition's catalogue gives them",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func termsAgainstOpenACR() throws {
    let file = SharedData.root.appendingPathComponent(
      "schemas/openacr/2.5-edition-wcag-2.2-en.yaml"
    ).path
    let script = """
      import json, sys, yaml
      d = yaml.safe_load(open(sys.argv[1]))
      print(json.dumps({t["id"]: [t["label"], " ".join(t["description"].split())] for t in d["terms"]}))
      """
    let run = try ProcessRunner.run("python3", ["-c", script, file])
    #expect(run.status == 0, "\(run.stderr)")
    let terms = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        as? [String: [String]])
    #expect(terms.count == ConformanceTerm.allCases.count)
    for term in ConformanceTerm.allCases {
      #expect(
        terms[term.rawValue] == [term.label, term.definition],
        "\(term.rawValue)")
    }
  }

  @Test(
    "the Revised Section 508 and EN 301 549 chapters match the 508 and International editions' catalogues, provision by provision",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)),
    arguments: [
      ("2.5-edition-wcag-2.2-508-en.yaml", "508"),
      ("2.5-edition-wcag-2.2-508-eu-en.yaml", "eu"),
    ])
  func provisionsAgainstOpenACR(file: String, standard: String) throws {
    let path = SharedData.root.appendingPathComponent("schemas/openacr/\(file)")
      .path
    let script = """
      import json, sys, yaml
      d = yaml.safe_load(open(sys.argv[1]))
      ids = next(s["chapters"] for s in d["standards"] if s["id"] == sys.argv[2])
      chapters = {c["id"]: c for c in d["chapters"]}
      def handle(x):
          # One catalogue entry repeats its number in its handle ("11.5.2.4 11.5.2.4 Assistive technology").
          h = x["handle"]
          return h[len(str(x["id"])) + 1:] if h.startswith(str(x["id"]) + " ") else h
      print(json.dumps([[i, chapters[i]["label"], [[str(x["id"]), handle(x)] for x in chapters[i].get("criteria") or []]]
                        for i in ids]))
      """
    let run = try ProcessRunner.run("python3", ["-c", script, path, standard])
    #expect(run.status == 0, "\(run.stderr)")
    let chapters = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[Any]])
    let ours = standard == "508" ? ProvisionStandard.section508 : .en301549
    #expect(chapters.count == ours.chapters.count)
    for (theirs, mine) in zip(chapters, ours.chapters) {
      #expect(theirs[0] as? String == mine.id)
      #expect(theirs[1] as? String == mine.label)
      let provisions = theirs[2] as? [[String]] ?? []
      #expect(
        provisions == mine.provisions.map { [$0.id, $0.handle] }, "\(mine.id)")
    }
  }
}
