import ArgumentParser

/// `--from`: the filled audit a command reads (acr, report, tickets, refresh).
struct FilledAuditOption: ParsableArguments {
  @Option(
    help:
      "The filled audit: an .xlsx workbook or a .csv checklist written by criteria."
  )
  var from: String
}
