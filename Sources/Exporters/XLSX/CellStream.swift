import Audit
import CXlsxWriter
import Foundation

/// Cells made on one thread, in batches, for the thread that calls libxlsxwriter.
///
/// libxlsxwriter is called from one thread only. What criteria adds around its calls (each cell's text
/// cleaned, each row's height estimated, each formula assembled) is made on a second core a few batches
/// ahead, so the two overlap instead of taking turns.
struct CellBatch: Sendable {
  /// Which of the workbook's formats a cell takes (the writer maps it to libxlsxwriter's).
  enum Style: Int, Sendable, CaseIterable { case none, wrap, count, share }

  enum Kind: UInt8, Sendable { case text, formulaNumber, formulaText, height }

  struct Cell: Sendable {
    var kind: Kind
    var style: Style
    var row: Int
    var column: Int
    /// Where the cell's text or formula starts in `bytes` (NUL-terminated).
    var start = 0
    /// The number a formula shows, or a row's height.
    var number = 0.0
    /// Where the text a formula shows starts in `bytes`.
    var shown = 0
  }

  /// Every text of the batch, each ending in a NUL.
  private(set) var bytes: [UInt8] = []
  private(set) var cells: [Cell] = []

  /// Cells per batch: small enough to keep memory flat, large enough that handing over costs nothing.
  static let size = 4096

  var isFull: Bool { cells.count >= Self.size }

  init() {
    bytes.reserveCapacity(Self.size * 64)
    cells.reserveCapacity(Self.size)
  }

  private mutating func add(_ text: String) -> Int {
    let start = bytes.count
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
    bytes.append(0)
    return start
  }

  /// Text already made safe with `XLSXSheet.cellText` (and not empty).
  mutating func text(_ row: Int, _ column: Int, clean: String, _ style: Style) {
    cells.append(
      Cell(
        kind: .text, style: style, row: row, column: column, start: add(clean)))
  }

  /// A formula with what it shows until the reader recalculates.
  mutating func formula(
    _ row: Int, _ column: Int, _ formula: FormulaText,
    shows value: XLSXSheet.Shown, _ style: Style
  ) {
    let start = bytes.count
    formula.append(to: &bytes)
    bytes.append(0)
    switch value {
    case .number(let number):
      cells.append(
        Cell(
          kind: .formulaNumber, style: style, row: row, column: column,
          start: start, number: number))
    case .text(let shown):
      let shownStart = add(shown)
      cells.append(
        Cell(
          kind: .formulaText, style: style, row: row, column: column,
          start: start, shown: shownStart))
    }
  }

  mutating func height(_ row: Int, _ points: Double) {
    cells.append(
      Cell(kind: .height, style: .none, row: row, column: 0, number: points))
  }
}

/// Batches handed from the thread that makes them to the thread that writes them; at most `capacity`
/// wait, so memory stays flat however large the sheet.
final class CellPipe: @unchecked Sendable {
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var waiting: [CellBatch] = []
  private var finished = false
  private var abandoned = false
  private let capacity: Int

  init(capacity: Int = 4) { self.capacity = capacity }

  /// Hands a batch over, waiting while the pipe is full; false once the writer stopped.
  func send(_ batch: CellBatch) -> Bool {
    update(when: \.roomOrStopped) {
      guard !abandoned else { return false }
      waiting.append(batch)
      return true
    }
  }

  /// No more batches will come.
  func finish() {
    update { finished = true }
  }

  /// The next batch, waiting until one comes; nil when the maker finished and all were taken.
  func next() -> CellBatch? {
    update(when: \.batchOrFinished) {
      waiting.isEmpty ? nil : waiting.removeFirst()
    }
  }

  /// The writer stopped (an error): the maker's next `send` returns false at once.
  func abandon() {
    update {
      abandoned = true
      waiting.removeAll()
    }
  }

  // Guarded by `condition`, as what they read is.
  private var roomOrStopped: Bool { waiting.count < capacity || abandoned }
  private var batchOrFinished: Bool { !waiting.isEmpty || finished }

  /// The one way the pipe changes: under the lock, once `ready` holds, `change` runs and every waiting
  /// thread wakes to look again (the maker waits for room, the writer for a batch).
  private func update<Result>(
    when ready: KeyPath<CellPipe, Bool>? = nil, _ change: () -> Result
  ) -> Result {
    condition.withLock {
      if let ready {
        while !self[keyPath: ready] { condition.wait() }
      }
      defer { condition.broadcast() }
      return change()
    }
  }
}

/// Where a maker puts its cells, on its own thread: a batch is handed over when full.
final class CellSink {
  private var batch = CellBatch()
  private let pipe: CellPipe
  /// False once the writer stopped: the maker should return.
  private(set) var open = true

  fileprivate init(_ pipe: CellPipe) { self.pipe = pipe }

  func text(
    _ row: Int, _ column: Int, clean: String, _ style: CellBatch.Style
  ) {
    batch.text(row, column, clean: clean, style)
    handOverIfFull()
  }

  func formula(
    _ row: Int, _ column: Int, _ formula: FormulaText,
    shows value: XLSXSheet.Shown, _ style: CellBatch.Style
  ) {
    batch.formula(row, column, formula, shows: value, style)
    handOverIfFull()
  }

  func height(_ row: Int, _ points: Double) {
    batch.height(row, points)
    handOverIfFull()
  }

  /// One row of text, as tall as its wrapped text needs; empty texts write no cell.
  func row(
    _ row: Int, _ texts: [String], widths: [Double], _ style: CellBatch.Style
  ) {
    height(row, RowHeight.points(texts, widths: widths))
    for (column, text) in texts.enumerated() where !text.isEmpty {
      self.text(row, column, clean: XLSXSheet.cellText(text), style)
    }
  }

  private func handOverIfFull() {
    guard batch.isFull else { return }
    handOver()
  }

  private func handOver() {
    guard open else { return }
    open = pipe.send(batch)
    batch = CellBatch()
  }

  /// Hands over what is left and says no more will come.
  fileprivate func close() {
    if !batch.cells.isEmpty { handOver() }
    pipe.finish()
  }
}

/// What the maker thread returns, read by the writer once the pipe says the maker finished (the pipe's
/// lock orders the write before the read).
private final class MadeValue<Value: Sendable>: @unchecked Sendable {
  var value: Value?
}

extension XLSXSheet {
  /// Writes the cells `make` makes on another thread, batch by batch as they come, each in the format
  /// of `styles` its `CellBatch.Style` names; returns what `make` returns (how many rows it made, say).
  @discardableResult
  func stream<Made: Sendable>(
    styles: WorkbookStyles,
    make: @escaping @Sendable (CellSink) -> Made
  ) throws(ExportError) -> Made? {
    let pipe = CellPipe()
    let made = MadeValue<Made>()
    // A thread of its own, not a pool's: the writer may itself run on a pool thread (a run writes its
    // outputs side by side), and waiting there for work queued behind it could stall the pool.
    Thread {
      let sink = CellSink(pipe)
      made.value = make(sink)
      sink.close()
    }.start()
    let table = CellBatch.Style.allCases.map(styles.format)
    while let batch = pipe.next() {
      do { try write(batch, formats: table) } catch {
        pipe.abandon()
        throw error
      }
    }
    return made.value
  }

  private func write(
    _ batch: CellBatch, formats: [UnsafeMutablePointer<lxw_format>?]
  ) throws(ExportError) {
    var failed: ExportError?
    batch.bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { text in
        guard let base = text.baseAddress else { return }
        for cell in batch.cells {
          let row = lxw_row_t(cell.row)
          let column = lxw_col_t(cell.column)
          let format = formats[cell.style.rawValue]
          let status: lxw_error
          switch cell.kind {
          case .text:
            status = worksheet_write_string(
              pointer, row, column, base + cell.start, format)
          case .formulaNumber:
            status = worksheet_write_formula_num(
              pointer, row, column, base + cell.start, format, cell.number)
          case .formulaText:
            status = worksheet_write_formula_str(
              pointer, row, column, base + cell.start, format,
              base + cell.shown)
          case .height:
            status = worksheet_set_row(pointer, row, cell.number, nil)
          }
          guard status == LXW_NO_ERROR else {
            failed = error(status, cell)
            return
          }
        }
      }
    }
    if let failed { throw failed }
  }

  private func error(_ status: lxw_error, _ cell: CellBatch.Cell)
    -> ExportError
  {
    let what =
      switch cell.kind {
      case .text: "writing \(name)!\(Self.cellName(cell.row, cell.column))"
      case .formulaNumber, .formulaText:
        "writing the formula in \(name)!\(Self.cellName(cell.row, cell.column))"
      case .height: "setting the height of \(name) row \(cell.row + 1)"
      }
    return ExportError(
      "libxlsxwriter failed \(what): \(String(cString: lxw_strerror(status)))")
  }
}
