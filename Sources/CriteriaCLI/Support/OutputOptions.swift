import ArgumentParser
import AuditCycle
import CriteriaPipeline

// The library's formats, as the values of `--to`.
extension ACRRequest.Format: ExpressibleByArgument {}
extension AuditDiff.Format: ExpressibleByArgument {}
extension ReportRequest.Format: ExpressibleByArgument {}
extension RemarksDetail: ExpressibleByArgument {}

/// `--format table|json`: a listing for people, or JSON for scripts (`list`, `wcag`, `status`).
struct ListingFormatOption: ParsableArguments {
  enum Format: String, ExpressibleByArgument, CaseIterable { case table, json }

  @Option(help: "table for people, json for scripts.")
  var format: Format = .table
}

/// `-o/--output`: the one file a command writes (`acr`, `report`, `diff`), or `-` for standard output.
struct OutputFileOption: ParsableArguments {
  @Option(
    name: .shortAndLong,
    help: "The file to write ('-' for standard output).")
  var output: String
}
