import CriteriaModel

/// Builds `<criterion id>@<platform>` row ids in one reused buffer, so a million-row checklist
/// allocates no id strings.
struct RowIDBuffer {
  private var bytes: [CChar] = []

  mutating func withCString<R, E: Error>(
    criterion: String, platform: Platform,
    _ body: (UnsafePointer<CChar>) throws(E) -> R
  ) throws(E) -> R {
    bytes.removeAll(keepingCapacity: true)
    for byte in criterion.utf8 { bytes.append(CChar(bitPattern: byte)) }
    for byte in String(StableID.platformSeparator).utf8 {
      bytes.append(CChar(bitPattern: byte))
    }
    for byte in platform.idSuffix.utf8 { bytes.append(CChar(bitPattern: byte)) }
    bytes.append(0)
    return try bytes.withUnsafeBufferPointer { buffer throws(E) in
      // Never empty: the terminating NUL was just appended.
      guard let start = buffer.baseAddress else {
        preconditionFailure("an empty row id buffer")
      }
      return try body(start)
    }
  }
}
