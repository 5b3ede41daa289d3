import Foundation

/// A plain fixed-width table for terminals (no colour, no box drawing, so it pastes well).
struct TextTable {
  var header: [String]
  var rows: [[String]] = []

  func render() -> String {
    // A cell is one line of visible text, whatever a tracker or a document put in it.
    let rows = self.rows.map { $0.map(Terminal.cell) }
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        index == cells.count - 1
          ? cell
          : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
      }.joined(separator: "  ")
    }
    let rule = widths.map { String(repeating: "-", count: $0) }
    return ([line(header), line(rule)] + rows.map(line)).joined(separator: "\n")
      + "\n"
  }
}
