// swift-format-ignore-file
// The benchmark, the fuzzer and the fake tracker's support opt out of the product modules' style rules.
import Conformance
import CriteriaModel
import Foundation

/// Deterministic synthetic audits: components of ten checks on iOS and Android (20 rows each),
/// with check and expectation texts of realistic length.
enum SyntheticAudit {
    static let checks: [(TestKind, String, String)] = [
        (.keyboard, "Tab, arrow keys or ctl+tab", "Focus visibly moves to the first interactive element"),
        (.keyboard, "Spacebar", "If Grabber is available, spacebar activates on iOS and Android and will either expand or minimize the sheet."),
        (.keyboard, "Enter", "Activates any interactive element in the sheet on iOS and Android"),
        (.gestures, "Swipe", "Focus moves to the first element (hidden or not), expresses its name, role, value & state"),
        (.gestures, "Doubletap", "Activates interactive elements"),
        (.screenReader, "Name", "Purpose is clear and matches any visible label"),
        (.screenReader, "Role", "Identifies itself as a button in iOS and \"double tap to activate\" in Android"),
        (.screenReader, "Group", "Visible label is grouped or associated with controls in a single swipe"),
        (.screenReader, "State", "Expresses its state (expanded/collapsed, disabled/dimmed)"),
        (.settings, "Text resize", "Text can resize up to 200% without losing information"),
    ]

    static func catalog(rows: Int) -> Catalog {
        let platforms: [Platform] = [.iOS, .android]
        let components = (0..<max(1, rows / 20)).map { index -> Component in
            let id = "native/controls/component-\(index)"
            let source = SourceLocation(file: "synthetic/component-\(index).md", line: 1)
            let criteria = checks.map { test, check, expectation in
                Criterion(id: StableID.criterion(component: id, test: test, check: check), test: test, check: check,
                          expectation: expectation, platforms: platforms, source: source)
            }
            return Component(id: id, title: "Component \(index)", family: .native, category: "controls",
                             criteria: criteria, source: source)
        }
        return Catalog(components: components)
    }

    /// The catalog with the built-in WCAG mapping applied, as a real audit has it (the WCAG column
    /// filled, the WCAG sheet written).
    static func mappedCatalog(rows: Int) -> Catalog {
        WCAGMapping(rules: .builtIn()).apply(to: catalog(rows: rows)).catalog
    }
}
