/// The built-in Markdown checklist template; `templates/checklist.md.mustache` is the same text for users to copy.
enum DefaultTemplates {
  static let checklist = #"""
    {{% CONTENT_TYPE: TEXT }}
    {{! The Markdown checklist. Copy this file, edit it, and point an output's `template` option at the copy.
        Values: title, date, components[] { id, title, family, category, summary, reference, hasReference,
        platforms[] { name, count, tests[] { label, kind, items[] { id, rowID, check, expectation, checkCell,
        expectationCell } } } }, and table (true when the `table` option is on). }}
    # {{title}}

    {{#components}}
    ## {{title}} ({{family}})

    `{{id}}`{{#hasReference}} · [Full information]({{reference}}){{/hasReference}}

    {{#platforms}}
    ### {{title}} on {{name}} ({{count}} checks)

    {{^table}}
    {{#tests}}
    {{#items}}
    - [ ] **{{label}}: {{check}}** — {{expectation}}
    {{/items}}
    {{/tests}}
    {{/table}}
    {{#table}}
    | Done | Test | Check | Expected result |
    | --- | --- | --- | --- |
    {{#tests}}
    {{#items}}
    | [ ] | {{label}} | {{checkCell}} | {{expectationCell}} |
    {{/items}}
    {{/tests}}
    {{/table}}

    {{/platforms}}
    {{/components}}
    """#
}
