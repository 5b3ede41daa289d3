import CXlsxWriter

/// A formula assembled in one reused buffer of bytes and handed to libxlsxwriter as it is.
///
/// A large audit's sheets write hundreds of thousands of COUNTIFS formulas; building each as Swift
/// strings (and copying it again into a C string) cost more than libxlsxwriter's own work.
struct FormulaText {
  private var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(4096) }

  /// Empties the buffer for the next formula, keeping its memory.
  mutating func reset() { bytes.removeAll(keepingCapacity: true) }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// The formula as it stands, for messages and tests.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Calls `body` with the formula as a NUL-terminated C string.
  mutating func withCString<R>(
    _ body: (UnsafePointer<CChar>) throws(ExportError) -> R
  )
    throws(ExportError) -> R
  {
    bytes.append(0)
    defer { bytes.removeLast() }
    let result: Result<R, ExportError> = bytes.withUnsafeBufferPointer {
      buffer in
      guard let base = buffer.baseAddress else {
        return .failure(ExportError("an empty formula"))
      }
      return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        pointer in
        do throws(ExportError) { return .success(try body(pointer)) } catch {
          return .failure(error)
        }
      }
    }
    return try result.get()
  }
}
