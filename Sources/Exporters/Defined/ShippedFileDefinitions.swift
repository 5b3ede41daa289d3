// swift-format-ignore-file: data.

/// The file exporter definitions that ship with criteria, compiled in so they work from any folder.
///
/// `exporters/testrail-cases.yml`, `exporters/xray-tests.yml` and `exporters/zephyr-scale-cases.yml` hold
/// the same text for users to copy (a test checks).
enum ShippedFileDefinitions {
  static let files: [(name: String, text: String)] = [
    (
      name: "exporters/testrail-cases.yml",
      text: #"""
      # Test cases for TestRail's CSV import: one case per check and platform, the component as the section.
      # Shipped with criteria as a file exporter definition (kind: file); copy and edit it to make your own.
      # On import, map the columns to TestRail's fields (Title, Section, Preconditions, Steps, Expected Result,
      # References). Every value is escaped for CSV (quoted where needed, formulas guarded), so each field holds
      # one value: case_title and step are the check with its platform, and the test with its check.
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
        {{case_title}},{{component}},{{type}},{{platform}},{{step}},{{expected}},{{wcag}}
        {{/rows}}

      """#
    ),
    (
      name: "exporters/xray-tests.yml",
      text: #"""
      # Manual tests for Xray's Test Case Importer (CSV): one test per component, one step per check and platform.
      # Shipped with criteria as a file exporter definition (kind: file); copy and edit it to make your own.
      # Xray groups the lines that share a Test ID into one test; on import, map Test ID, Summary, Test Type,
      # Action, Data and Expected Result to Xray's fields. Every value is escaped for CSV, one value a field.
      name: xray-tests
      kind: file
      summary: Manual tests for Xray's Test Case Importer (CSV; a test per component, a step per check and platform).
      extension: csv
      escape: csv
      options:
        test_type:
          default: Manual
          description: the Test Type of every test (it must exist in the Xray project)
      template: |
        Test ID,Summary,Test Type,Action,Data,Expected Result
        {{#rows}}
        {{component_id}},{{component}},{{test_type}},{{step}},{{platform}},{{expected}}
        {{/rows}}

      """#
    ),
    (
      name: "exporters/zephyr-scale-cases.yml",
      text: #"""
      # Test cases for Zephyr Scale's test-case import (CSV): one test case per component and platform, one
      # Step-by-Step row per check. Shipped with criteria as a file exporter definition (kind: file); copy and
      # edit it to make your own. The columns are the ones Zephyr Scale's own test-case CSV uses (map them to the
      # same-named fields on import): a case's fields sit on its first row and are empty on the rows of its
      # further steps, which is how the import puts several rows into one case. Every value is escaped for CSV,
      # one value a field.
      name: zephyr-scale-cases
      kind: file
      summary: Test cases for Zephyr Scale's CSV import (a case per component and platform, a step per check).
      extension: csv
      escape: csv
      options:
        status:
          default: Draft
          description: the Status of every case (it must exist in the Zephyr Scale project)
        priority:
          default: Normal
          description: the Priority of every case (it must exist in the Zephyr Scale project)
        labels:
          default: accessibility
          description: the Labels of every case
      template: |
        Name,Objective,Precondition,Folder,Status,Priority,Labels,Test Script (Step-by-Step) - Step,Test Script (Step-by-Step) - Test Data,Test Script (Step-by-Step) - Expected Result
        {{#cases}}
        {{#steps}}
        {{#first}}{{name}},{{objective}},{{precondition}},{{component}},{{status}},{{priority}},{{labels}}{{/first}}{{^first}},,,,,,{{/first}},{{step}},,{{expected}}
        {{/steps}}
        {{/cases}}

      """#
    ),
  ]
}
