/// How tall a row of wrapped cells must be to show every line.
///
/// libxlsxwriter cannot measure text, and LibreOffice keeps the stored height of a row when it opens a
/// file, so wrapped cells used to print over each other, and a merged copy's longer Notes were clipped.
/// This estimates the lines each cell wraps to (breaking after spaces, `/` and `-`, as the readers do)
/// and sets the row to the tallest.
public enum RowHeight {
  /// Points per line of the default 11-point font.
  public static let lineHeight = 15.0
  /// Excel's tallest row.
  public static let maximum = 409.0

  /// The height of a row whose cells hold `texts` in columns `widths` wide (in characters).
  public static func points(_ texts: [String], widths: [Double]) -> Double {
    var lines = 1
    for (text, width) in zip(texts, widths) where !text.isEmpty {
      lines = max(lines, Self.lines(text, width: width))
    }
    return points(lines: lines)
  }

  /// The height of a row whose tallest cell wraps to `lines` lines.
  public static func points(lines: Int) -> Double {
    min(Double(max(lines, 1)) * lineHeight + 2, maximum)
  }

  /// The lines `text` wraps to in a column `width` characters wide.
  ///
  /// One pass over the text's UTF-8 bytes that counts Unicode scalars (a scalar is a byte that does not
  /// continue one, so non-ASCII text is as tall as it looks, and no Character is built): words end after
  /// a space, slash or hyphen; a line break starts a paragraph; a word longer than the column breaks
  /// anywhere.
  public static func lines(_ text: String, width: Double) -> Int {
    // A column's width counts digit widths; text is about a seventh narrower on average (measured with
    // LibreOffice's default font), less the cell's padding.
    let capacity = max(Int((width * 1.15).rounded(.down)) - 1, 1)
    // withUTF8 reads a native string's bytes in place (as CellBatch and FormulaText do).
    var text = text
    return text.withUTF8 { lines(bytes: $0, capacity: capacity) }
  }

  private static func lines(bytes: UnsafeBufferPointer<UInt8>, capacity: Int)
    -> Int
  {
    var total = 0
    var lines = 1
    var used = 0
    var word = 0
    func place() {
      guard word > 0 else { return }
      if used + word <= capacity {
        used += word
      } else if word <= capacity {
        lines += used == 0 ? 0 : 1
        used = word
      } else {
        if used > 0 { lines += 1 }
        lines += (word - 1) / capacity
        used = (word - 1) % capacity + 1
      }
      word = 0
    }
    for byte in bytes {
      switch byte {
      case 0x0A:  // a line break
        place()
        total += lines
        lines = 1
        used = 0
      case 0x20, 0x2F, 0x2D:  // a space, slash or hyphen ends a word
        word += 1
        place()
      case 0x80...0xBF:  // continues a scalar already counted
        break
      default:
        word += 1
      }
    }
    place()
    total += lines
    return max(total, 1)
  }
}
