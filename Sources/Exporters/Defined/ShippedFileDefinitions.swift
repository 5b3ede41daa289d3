// swift-format-ignore-file: data.
/// The file exporter definitions that ship with criteria, compiled in so they work from any folder.
///
/// `exporters/testrail-cases.yml` holds the same text for users to copy (a test checks).
enum ShippedFileDefinitions {
  static let files: [(name: String, text: String)] = [
    (
      name: "exporters/testrail-cases.yml",
      text: #"""
      # Test cases for TestRail's CSV import: one case per check and platform, the component as the section.
      # Shipped with criteria as a file exporter definition (kind: file); copy and edit it to make your own.
      # On import, map the columns to TestRail's fields (Title, Section, Preconditions, Steps, Expected Result,
      # References). Every value is escaped for CSV (quoted where needed, formulas guarded).
      name: testrail-cases
      kind: file
      summary: Test cases for TestRail's CSV import (one per check and platform; map the columns on import).
      extension: csv
      escape: csv
      options:
        type:
          default: Accessibility
          description: the value of the Type column
      template: |
        Title,Section,Type,Preconditions,Steps,Expected Result,References
        {{#rows}}
        {{check}} ({{platform}}),{{component}},{{type}},{{test}} on {{platform}},{{check}},{{expected}},{{wcag}}
        {{/rows}}

      """#
    )
  ]
}
