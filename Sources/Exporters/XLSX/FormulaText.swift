/// A formula assembled in one reused buffer of bytes and handed to libxlsxwriter as it is.
///
/// A large audit's sheets write hundreds of thousands of COUNTIFS formulas: building each as joined Swift
/// strings and copying it again into a C string allocated several times per formula.
struct FormulaText {
  private var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(4096) }

  /// Empties the buffer for the next formula, keeping its memory.
  mutating func reset() { bytes.removeAll(keepingCapacity: true) }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// The formula cut where `gap` stands: a template made once, whose gaps `fill` fills in.
  func pieces(cutAt gap: UInt8) -> [[UInt8]] {
    bytes.split(separator: gap, omittingEmptySubsequences: false).map(
      Array.init)
  }

  /// Appends a template's pieces with `filling` in every gap.
  mutating func fill(_ pieces: [[UInt8]], with filling: [UInt8]) {
    for (index, piece) in pieces.enumerated() {
      if index > 0 { bytes.append(contentsOf: filling) }
      bytes.append(contentsOf: piece)
    }
  }

  /// Appends the formula's bytes (without a NUL).
  func append(to other: inout [UInt8]) { other.append(contentsOf: bytes) }

  /// Calls `body` with the formula as a NUL-terminated C string.
  mutating func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
    bytes.append(0)
    defer { bytes.removeLast() }
    return bytes.withUnsafeBufferPointer { buffer in
      // Never empty here (the NUL was just added); "" keeps the type honest without a force unwrap.
      buffer.withMemoryRebound(to: CChar.self) {
        $0.baseAddress.map(body) ?? body("")
      }
    }
  }
}
