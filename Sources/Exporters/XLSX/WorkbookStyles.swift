import CXlsxWriter

/// The formats the audit workbook uses, created once per workbook.
struct WorkbookStyles {
  let header: UnsafeMutablePointer<lxw_format>?
  let wrap: UnsafeMutablePointer<lxw_format>?
  let pass: UnsafeMutablePointer<lxw_format>?
  let fail: UnsafeMutablePointer<lxw_format>?
  let count: UnsafeMutablePointer<lxw_format>?
  /// A share shown as a whole percentage, centred.
  let share: UnsafeMutablePointer<lxw_format>?

  /// The format a cell made on another thread names (`CellBatch.Style`).
  func format(_ style: CellBatch.Style) -> UnsafeMutablePointer<lxw_format>? {
    switch style {
    case .none: nil
    case .wrap: wrap
    case .count: count
    case .share: share
    }
  }

  init(_ book: XLSXWorkbook) {
    header = book.format {
      format_set_bold($0)
      format_set_bg_color($0, 0xE2001A)
      format_set_font_color($0, 0xFFFFFF)
      format_set_text_wrap($0)
      format_set_align($0, UInt8(LXW_ALIGN_VERTICAL_TOP.rawValue))
    }
    wrap = book.format {
      format_set_text_wrap($0)
      format_set_align($0, UInt8(LXW_ALIGN_VERTICAL_TOP.rawValue))
    }
    // Excel's own "Good" and "Bad" cell styles, so the colours read as pass and fail.
    pass = book.format {
      format_set_bg_color($0, 0xC6EFCE)
      format_set_font_color($0, 0x006100)
    }
    fail = book.format {
      format_set_bg_color($0, 0xFFC7CE)
      format_set_font_color($0, 0x9C0006)
    }
    count = book.format {
      format_set_align($0, UInt8(LXW_ALIGN_CENTER.rawValue))
    }
    share = book.format {
      format_set_align($0, UInt8(LXW_ALIGN_CENTER.rawValue))
      format_set_num_format($0, "0%")
    }
  }
}
