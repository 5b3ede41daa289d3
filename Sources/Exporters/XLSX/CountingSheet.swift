import Audit

/// What the Summary and WCAG sheets' formulas count over, and the values they show when written: made
/// once by the workbook writer and handed to both.
struct CountedChecklist {
  /// The Checklist's columns the formulas count over (and the layout).
  let ranges: SheetRanges
  /// The Retired sheet's columns, when its findings count (`SheetRanges.retired`).
  let retired: SheetRanges?
  /// The workbook's title, for the printed footer.
  let title: String
  /// The values the formulas have when the workbook is written.
  let tally: ResultTally
}

/// A sheet of live counts over the Checklist (and the Retired sheet): the Summary and the WCAG sheet.
protocol CountingSheet {
  var counted: CountedChecklist { get }
}

extension CountingSheet {
  var ranges: SheetRanges { counted.ranges }
  var retired: SheetRanges? { counted.retired }
  var title: String { counted.title }
  var tally: ResultTally { counted.tally }
  var layout: AuditLayout { counted.ranges.layout }
}
