import Audit
import CriteriaModel

/// Joins copies of one audit that several testers filled (`criteria merge`), cell by cell.
///
/// The tester columns are Result, Severity, Tester, Date, Notes, Ticket and any column a tester added;
/// the rest are the criteria's and stay as the first file has them. A tester cell filled in one file is
/// taken; filled identically in several, taken once; filled differently in two files, it is a conflict.
/// A conflict stops the merge, unless `preferLatest`: then the value from the row with the later Date
/// wins and the choice is noted in the row's Notes (equal or unreadable dates stay a conflict); a Result
/// settled so brings the rest of its record (`recordColumns`) from the same file.
public struct AuditMerge: Sendable {
  public init(layout: AuditLayout, preferLatest: Bool = false) {
    self.layout = layout
    self.preferLatest = preferLatest
  }

  /// One file's value in a conflicting cell, with who recorded it and when.
  public struct Entry: Sendable, Hashable, Codable {
    /// Where the row is: `b.xlsx, sheet 'Checklist', row 14` or `b.csv:14`.
    public var place: String
    public var value: String
    public var tester: String
    public var date: String
  }

  /// A tester cell that two files fill differently.
  public struct Conflict: Sendable, Hashable, Codable {
    public var id: String
    public var check: String
    /// The column's header.
    public var column: String
    /// Each file's value, in the order the files were given.
    public var entries: [Entry]
    /// The value `--prefer latest` chose, when the dates allowed a choice.
    public var chosen: Entry?
  }

  /// What the merge did, for the terminal and JSON.
  public struct Counts: Sendable, Hashable, Codable {
    /// Rows of the first file.
    public var rows = 0
    /// Rows with a cell taken from a later file.
    public var taken = 0
    /// Rows filled identically in more than one file.
    public var agreed = 0
    /// Cells filled differently, and of those the ones `--prefer latest` chose.
    public var conflicts = 0
    public var chosen = 0
  }

  /// The merge worked out: cells to write into a copy of the first file, and what stands in the way.
  public struct Plan: Sendable {
    /// Column index in the first file → row number → text (a new column's header on the header row).
    public var cells: [Int: [Int: String]] = [:]
    public var counts = Counts()
    /// Every conflict; those without a `chosen` entry stop the merge.
    public var conflicts: [Conflict] = []

    /// The conflicts no rule settled: with any, nothing is written.
    public var unresolved: [Conflict] { conflicts.filter { $0.chosen == nil } }
  }

  public var layout: AuditLayout
  public var preferLatest: Bool = false

  /// A tester column, matched across files by its header.
  enum Key: Hashable {
    case layout(AuditColumn)
    case added(String)
  }

  /// The merge of `sheets` (the first is the copy written), each read with this layout.
  ///
  /// A row of a later file whose id the first file lacks is an error naming it: the workbooks were
  /// not made from the same criteria. With `blankIDs` (the rows a refresh retired, which may hold a row
  /// a tester added by hand), a row without an id is left as the first file has it.
  public func plan(_ sheets: [AuditSheet], blankIDs: Bool = false)
    throws(AuditError) -> Plan
  {
    let reader = AuditResultsReader(layout: layout)
    var files: [File] = []
    var order: [AuditResultRow] = []
    for sheet in sheets {
      let rows = try reader.rows(of: sheet)
      let location = AuditResultsReader.location(sheet)
      guard sheet.column(.id) != nil else {
        throw AuditError(
          "\(location): no ID column; merge matches rows by the ID column criteria writes"
        )
      }
      let byID = try AuditIndex.byID(
        rows, place: location, command: "merge", blankIDs: blankIDs)
      if let base = files.first {
        if let stranger = rows.first(where: {
          !$0.id.isEmpty && base.rows[$0.id] == nil
        }) {
          throw AuditError(
            "\(stranger.place): the ID '\(stranger.id)' is not in \(AuditResultsReader.location(base.sheet)); "
              + "the workbooks were not made from the same criteria (refresh each with "
              + "'criteria refresh' first), or the row was added by hand to this file only (the merge "
              + "copies the first file's rows: give this file first, or add the row to the first)"
          )
        }
      } else {
        order = rows
      }
      // The reader gives one typed row per sheet row, in order.
      let cells = Dictionary(
        zip(rows, sheet.rows).map { ($0.id, $1) },
        uniquingKeysWith: { first, _ in first })
      files.append(File(sheet: sheet, rows: byID, cells: cells, columns: [:]))
    }
    let keys = Self.keys(files)
    var plan = Plan()
    let base = files[0].sheet
    for index in files.indices {
      for (key, _) in keys {
        files[index].columns[key] = files[index].index(of: key)
      }
    }
    // A column only later files have is added after the first file's last.
    var width = base.header.count
    for (key, header) in keys where files[0].columns[key] == nil {
      guard files.contains(where: { $0.columns[key] != nil }) else { continue }
      files[0].columns[key] = width
      plan.cells[width, default: [:]][base.headerRow] = header
      width += 1
    }
    plan.counts.rows = order.count
    // What --prefer latest chose, by sheet row: written in a column of its own, never in a tester's Notes.
    var records: [(row: Int, note: String)] = []
    for row in order where !row.id.isEmpty {
      var took = false
      var agreed = false
      var choices: [(column: String, winner: Entry, losers: [Entry])] = []
      let expected = files[0].expected(row: row.id)
      // Each file's filled cell in a column, with who filled it and when.
      func entries(_ key: Key) -> [(entry: Entry, compared: String)] {
        files.compactMap { file in
          guard let theirs = file.rows[row.id],
            let raw = file.cell(key, row: row.id),
            let compared = filled(
              key, raw,
              expected: file.expected(row: row.id))
          else { return nil }
          return (
            Entry(
              place: theirs.place, value: written(key, raw),
              tester: theirs.tester, date: theirs.date), compared
          )
        }
      }
      // A Result settled by the later date brings its record: that file's Severity, Tester, Notes and
      // Failed WCAG, blank or not, never a losing result's (a Pass with a failure's severity and notes).
      let results = entries(.layout(.result))
      let winner =
        preferLatest && Set(results.map(\.compared)).count > 1
        ? Self.latest(results.map(\.entry)) : nil
      for (key, header) in keys {
        guard let target = files[0].columns[key] else { continue }
        let entries = entries(key)
        if let winner, case .layout(let column) = key,
          Self.recordColumns.contains(column)
        {
          let own =
            entries.first { $0.entry.place == winner.place }
            ?? (
              Entry(
                place: winner.place, value: "", tester: winner.tester,
                date: winner.date), ""
            )
          let lost = entries.filter { $0.compared != own.compared }.map(
            \.entry)
          if !lost.isEmpty { choices.append((header, own.entry, lost)) }
          if Set(entries.map(\.compared)).count > 1 {
            // Filled differently: a conflict, settled with the Result.
            plan.counts.conflicts += 1
            plan.counts.chosen += 1
            plan.conflicts.append(
              Conflict(
                id: row.id, check: row.check, column: header,
                entries: entries.map(\.entry), chosen: own.entry))
          }
          guard
            filled(
              key, files[0].cell(key, row: row.id) ?? "", expected: expected)
              != filled(key, own.entry.value, expected: expected)
          else { continue }
          plan.cells[target, default: [:]][row.number] = own.entry.value
          took = true
          continue
        }
        var merging = entries
        if let settled = agreement(key, entries, results: results) {
          merging = [(settled, settled.value)]
          if entries.count > 1 { agreed = true }
        }
        let distinct = Set(merging.map(\.compared))
        guard var value = merging.first?.entry else { continue }
        if distinct.count > 1 {
          plan.counts.conflicts += 1
          var conflict = Conflict(
            id: row.id, check: row.check, column: header,
            entries: merging.map(\.entry))
          let latest = preferLatest ? Self.latest(conflict.entries) : nil
          conflict.chosen = latest
          plan.conflicts.append(conflict)
          guard let latest else { continue }
          plan.counts.chosen += 1
          value = latest
          choices.append(
            (
              header, latest,
              conflict.entries.filter { $0.value != latest.value }
            ))
        } else if merging.count > 1 {
          agreed = true
        }
        guard
          filled(key, files[0].cell(key, row: row.id) ?? "", expected: expected)
            != filled(key, value.value, expected: expected)
        else { continue }
        plan.cells[target, default: [:]][row.number] = value.value
        took = true
      }
      if !choices.isEmpty { records.append((row.number, Self.note(choices))) }
      if took { plan.counts.taken += 1 }
      if agreed { plan.counts.agreed += 1 }
    }
    if !records.isEmpty {
      // The first file's own Merge record column (it was merged before), or one after its last column.
      let column =
        base.header.firstIndex {
          $0.caseInsensitiveCompare(AuditCarry.mergeHeader) == .orderedSame
        } ?? width
      if column == width {
        plan.cells[column, default: [:]][base.headerRow] =
          AuditCarry.mergeHeader
      }
      for record in records {
        plan.cells[column, default: [:]][record.row] = record.note
      }
    }
    return plan
  }

  /// The one value a row's record column takes when the files do not disagree on its Result (at most one
  /// distinct Result among those filled); nil when the column is to be merged as any other cell.
  ///
  /// A copy without a Result never overrides the Tester, Date, Severity or Failed WCAG of one with a
  /// Result. Where the copies with a Result agree, the merge keeps both testers (`Sam, Priya`), the later
  /// Date, and each tester's Notes as theirs (`Sam: …` on one line, `Priya: …` on the next): two testers
  /// who found the same are no conflict. Severity and Failed WCAG still conflict when they differ.
  func agreement(
    _ key: Key, _ entries: [(entry: Entry, compared: String)],
    results: [(entry: Entry, compared: String)]
  ) -> Entry? {
    guard case .layout(let column) = key, !results.isEmpty,
      Set(results.map(\.compared)).count == 1,
      Self.recordColumns.contains(column) || column == .date
    else { return nil }
    let holders = Set(results.map(\.entry.place))
    let held = entries.filter { holders.contains($0.entry.place) }
    let others = column == .notes ? entries : held
    // Under two testers' names, a note says whose it is even when only one of them wrote one.
    let testers = Set(results.map(\.entry.tester).filter { !$0.isEmpty })
    let attributed = column == .notes && testers.count > 1
    guard Set(others.map(\.compared)).count > 1 || attributed else {
      return others.first?.entry
    }
    func distinct(_ texts: [String]) -> [String] {
      texts.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }
    var joined = others[0].entry
    switch column {
    case .tester:
      joined.value = distinct(others.map(\.entry.value)).joined(separator: ", ")
    case .date:
      let days = others.compactMap { AuditDate.unambiguousDay($0.entry.value) }
      guard days.count == others.count, let last = days.max() else {
        return nil
      }
      joined.value = last
    case .notes:
      joined.value = distinct(
        others.map { note in
          note.entry.tester.isEmpty
            ? note.entry.value : "\(note.entry.tester): \(note.entry.value)"
        }
      ).joined(separator: "\n")
    default:
      return nil
    }
    return joined
  }

  /// The columns that describe a Result: when `--prefer latest` settles the Result, they come from the
  /// same file.
  static let recordColumns: Set<AuditColumn> = [
    .severity, .tester, .notes, .failedWCAG,
  ]

  /// The Notes line recording what `--prefer latest` chose in a row: the files that won, the ones that
  /// lost, and the values lost (Tester and Date are in the parentheses already).
  static func note(
    _ choices: [(column: String, winner: Entry, losers: [Entry])]
  ) -> String {
    func who(_ entry: Entry) -> String {
      let parts = [entry.tester, entry.date].filter { !$0.isEmpty }
      return entry.place
        + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
    }
    var order: [String] = []
    var byWinner: [String: [(column: String, winner: Entry, losers: [Entry])]] =
      [:]
    for choice in choices {
      if byWinner[choice.winner.place] == nil {
        order.append(choice.winner.place)
      }
      byWinner[choice.winner.place, default: []].append(choice)
    }
    let parts = order.map { place -> String in
      let group = byWinner[place] ?? []
      let losers = group.flatMap(\.losers).reduce(into: [String]()) {
        places, entry in
        let text = who(entry)
        if !places.contains(text) { places.append(text) }
      }
      let columns = group.map { choice in
        choice.column == AuditColumn.tester.rawValue
          || choice.column == AuditColumn.date.rawValue
          ? choice.column
          : choice.column + " (was "
            + choice.losers.map { "'\($0.value)'" }.joined(separator: " or ")
            + ")"
      }
      return
        "\(columns.joined(separator: ", ")) from \(who(group[0].winner)) over "
        + losers.joined(separator: " and ")
    }
    return "Merged by the later date (--prefer latest): "
      + parts.joined(separator: "; ") + "."
  }

  /// One file being merged: its rows by id (typed and as cells) and where each tester column is.
  struct File {
    var sheet: AuditSheet
    var rows: [String: AuditResultRow]
    var cells: [String: AuditSheet.Row]
    var columns: [Key: Int]

    func index(of key: Key) -> Int? {
      switch key {
      case .layout(let column): sheet.column(column)
      case .added(let name): sheet.header.firstIndex { $0.lowercased() == name }
      }
    }

    /// A row's Expected cell: whether it says N/A decides what a fresh Result holds.
    func expected(row id: String) -> String {
      cells[id]?[index(of: .layout(.expected))] ?? ""
    }

    /// The cell of a row in a tester column; nil when the file has no such row or column.
    func cell(_ key: Key, row id: String) -> String? {
      guard let column = columns[key], let row = cells[id] else { return nil }
      return row[column]
    }
  }

  /// The tester columns with their headers: the layout's, then the added ones in the order the files
  /// have them.
  static func keys(_ files: [File]) -> [(Key, String)] {
    var keys: [(Key, String)] = AuditCarry.testerColumns.map {
      (.layout($0), $0.rawValue)
    }
    var seen: Set<Key> = []
    for file in files {
      for index in file.sheet.addedColumns {
        let header = file.sheet.header[index]
        let key = Key.added(header.lowercased())
        if seen.insert(key).inserted { keys.append((key, header)) }
      }
    }
    return keys
  }

  /// What a cell is compared by when a tester filled it; nil when it is not filled (blank, or a Result
  /// still at the word a fresh row starts with: the layout's default, or Not applicable where the
  /// row's expectation is N/A).
  func filled(_ key: Key, _ raw: String, expected: String) -> String? {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    switch key {
    case .layout(.result):
      guard let outcome = layout.outcome(of: text), outcome != .notTested,
        outcome != .notApplicable
          || !Criterion.isNotApplicable(expectation: expected)
      else {
        return nil
      }
      return outcome.rawValue
    case .layout(.date):
      // One day in two spellings (a spreadsheet wrote 2026-11-20 back as 11/20/2026) is no conflict.
      return text.isEmpty
        ? nil : AuditDate.unambiguousDay(text) ?? AuditDate.text(text)
    default:
      return text.isEmpty ? nil : text
    }
  }

  /// What is written for a filled cell: a Result in the layout's own word, a date that names one day as
  /// YYYY-MM-DD.
  func written(_ key: Key, _ raw: String) -> String {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    switch key {
    case .layout(.result):
      return layout.outcome(of: text).map(layout.word) ?? text
    case .layout(.date):
      return AuditDate.unambiguousDay(text) ?? AuditDate.text(text)
    default: return raw
    }
  }

  /// Why `--prefer latest` leaves a conflict to a person: a Date it cannot read as a day, or files
  /// that differ on the latest day.
  public static func unsettled(_ entries: [Entry]) -> String {
    if let unread = entries.first(where: {
      AuditDate.unambiguousDay($0.date) == nil
    }) {
      return unread.date.isEmpty
        ? "\(unread.place) has no Date"
        : "\(unread.place) is dated '\(unread.date)', which names no one day (write it YYYY-MM-DD)"
    }
    let last =
      entries.compactMap { AuditDate.unambiguousDay($0.date) }.max() ?? ""
    return "the files dated \(last), the latest, differ"
  }

  /// The entry dated strictly later than every entry that differs from it (YYYY-MM-DD, as a tester or a
  /// spreadsheet writes it; a Date that may mean two days, such as 03/04/2026, counts when both say the
  /// same); nil when the latest date is shared by entries that differ, or any date cannot be read.
  static func latest(_ entries: [Entry]) -> Entry? {
    var dated: [(days: [String], entry: Entry)] = []
    for entry in entries {
      let days = AuditDate.days(entry.date)
      guard let first = days.min(), let last = days.max() else { return nil }
      dated.append(([first, last], entry))
    }
    return dated.first { candidate in
      dated.allSatisfy {
        $0.entry.value == candidate.entry.value
          || $0.days[1] < candidate.days[0]
      }
    }?.entry
  }

}
