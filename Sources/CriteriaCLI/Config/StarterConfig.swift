/// The commented starter that `criteria init` writes.
enum StarterConfig {
  static let text = """
    # criteria configuration. Paths are relative to this file.
    version: 1

    # Where the MagentaA11y criteria documents are: files, folders (read recursively) or globs.
    sources:
      - criteria/

    # The language the documents and the testers' notes are written in (a BCP 47 tag: es, pt-BR).
    # The HTML test plan, report and diff mark their text with it, so screen readers speak it right.
    # language: en
    # The testers' notes, when they are in another language than the documents:
    # notes_language: de

    # What to export. Leave a list out (or empty) to take everything.
    selection:
      # Component ids or globs: native/controls/*, web/**, native/notifications/modal
      components: []
      # iOS, Android, Web
      platforms: []
      # keyboard, gestures, screenReader, settings
      tests: []

    # Every check is mapped to the WCAG 2.2 success criteria it tests by built-in rules
    # (`criteria wcag PATH` shows the mapping; `criteria wcag --print-rules` prints the rules).
    # Files listed here add rules, or replace a built-in one by its id.
    # wcag:
    #   rules: [wcag-rules.yml]

    # The Accessibility Conformance Report (`criteria acr --from out/audit.xlsx --to openacr --output acr.yaml`),
    # under OpenACR's own key names. OpenACR requires the author's e-mail.
    # acr:
    #   title: ""                         # default: "<vendor> Accessibility Conformance Report, <edition>"
    #   product: {name: "Example App", version: "1.0", description: "The iOS and Android app"}
    #   author: {name: "Your name", email: "you@example.com"}
    #   vendor: {company_name: "Example Co", email: "accessibility@example.com"}
    #   report_date: "2026-01-31"          # default: the day the report is made
    #   evaluation_methods_used: "Manual testing with VoiceOver, TalkBack and a keyboard"
    #   notes: ""
    #   legal_disclaimer: ""
    #   edition: 2.5-edition-wcag-2.2-en   # VPAT 2.5: WCAG edition; 2.5-edition-wcag-2.2-508-en adds Revised
    #                                      #   Section 508, 2.5-edition-wcag-2.2-508-eu-en (International) EN 301 549 too
    #   answers: acr-answers.yml           # levels and remarks by hand, by criterion number, then web / software:
    #                                      #   "1.2.2": {web: {level: not-applicable, notes: "No video."}}
    #                                      # and by provision or chapter number in the 508 and International editions:
    #                                      #   "602.3": {level: supports, notes: "The help centre meets WCAG 2.2 AA."}

    # Warnings about how the documents are written (not what they ask) that you cannot act on when you
    # do not own the documents: section, heading, placement, link, setup, or all. `criteria run --quiet`
    # silences them all for one run; `criteria validate` always lists them.
    # warnings:
    #   quiet: [section, placement]

    # What to write. Run `criteria exporters` for the exporter names and their options.
    # A YAML file in exporters/ beside this config adds a format without recompiling: `kind: file` with a
    # Mustache template, such as exporters/testrail-cases.yml (shipped; copy and edit it):
    #   name: my-cases
    #   kind: file
    #   extension: csv
    #   escape: csv              # csv | json | xml | html | markdown | none, applied to every value
    #   template: |
    #     Title,Expected
    #     {{#rows}}
    #     {{check}} ({{platform}}),{{expected}}
    #     {{/rows}}
    outputs:
      # The audit workbook testers fill in: one sheet of checks, component by component and platform by
      # platform, with Result, Severity, Tester, Date and Notes columns and a Summary sheet.
      # Then: `criteria report --from out/audit.xlsx --output out/report.html` (the HTML report),
      # `criteria merge` (two testers' copies), `criteria refresh` (the next release's criteria),
      # `criteria tickets --from out/audit.xlsx` (its failures as bugs) and `criteria acr` (above).
      - exporter: xlsx
        path: out/audit.xlsx
        options:
          title: Accessibility audit
      # The same checklist as CSV, for a vendor or a spreadsheet of your own (bom: Excel reads accents).
      - exporter: csv
        path: out/checklist.csv
        options:
          bom: true
      # A Markdown checklist for a pull request or a wiki page.
      - exporter: markdown
        path: out/checklist.md
      # The criteria as JSON, for scripts.
      # - exporter: json
      #   path: out/criteria.json
      # Tickets: `criteria run` files them (a ledger beside this file keeps a re-run from filing twice);
      # `criteria run --dry-run` writes each payload to the output's path instead.
      # - name: jira
      #   exporter: jira-cloud
      #   options:
      #     url: https://your-site.atlassian.net
      #     project: A11Y
      #     user_env: JIRA_EMAIL         # secrets come from the environment, never from this file
      #     token_env: JIRA_API_TOKEN
      #     grouping: component-platform # or: criterion

    """
}
