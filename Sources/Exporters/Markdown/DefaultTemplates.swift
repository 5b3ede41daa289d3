/// The built-in Markdown checklist template; `templates/checklist.md.mustache` is the same text for users to copy.
enum DefaultTemplates {
  static let checklist = #"""
    {{% CONTENT_TYPE: TEXT }}
    {{! The Markdown checklist. Copy this file, edit it, and point an output's `template` option at the copy.
        Values: title, date, components[] { id, title, family, category, summary, reference, hasReference,
        platforms[] { name, count, checks (such as "1 check" or "8 checks, 1 not applicable"), tests[] { label, kind, items[] { id, rowID, check, expectation, checkCell,
        expectationCell, wcag (such as "2.1.1, 2.4.7"), hasWCAG,
        notApplicable (the check expects N/A: nothing to tick) } } } }, and table (true when the `table` option is on). }}
    # {{title}}

    {{#components}}
    ## {{title}} ({{family}})

    `{{id}}`{{#hasReference}} · [Full information]({{reference}}){{/hasReference}}

    {{#platforms}}
    ### {{title}} on {{name}} ({{checks}})

    {{^table}}
    {{#tests}}
    {{#items}}
    {{#notApplicable}}
    - **{{label}}: {{check}}** — {{expectation}} (not applicable: nothing to check)
    {{/notApplicable}}
    {{^notApplicable}}
    - [ ] **{{label}}: {{check}}** — {{expectation}}{{#hasWCAG}} (WCAG {{wcag}}){{/hasWCAG}}
    {{/notApplicable}}
    {{/items}}
    {{/tests}}
    {{/table}}
    {{#table}}
    | Done | Test | Check | Expected result | WCAG |
    | --- | --- | --- | --- | --- |
    {{#tests}}
    {{#items}}
    | {{^notApplicable}}[ ]{{/notApplicable}}{{#notApplicable}}n/a{{/notApplicable}} | {{label}} | {{checkCell}} | {{expectationCell}} | {{wcag}} |
    {{/items}}
    {{/tests}}
    {{/table}}

    {{/platforms}}
    {{/components}}
    """#
}
