import CXlsxWriter
import CriteriaModel
import Foundation

/// Owns one libxlsxwriter workbook handle; every C error comes back as an `ExportError` with the library's message.
final class XLSXWorkbook {
  private var handle: UnsafeMutablePointer<lxw_workbook>?
  let path: String
  /// The folder libxlsxwriter writes its temporary files into: beside the workbook (whose file
  /// system must hold the workbook anyway; a sheet's XML in constant-memory mode can be larger than a
  /// small /tmp), in a hidden folder of its own named after the workbook, so that no temporary file of
  /// the library's (`tmp.…`) is ever left loose among a user's files, and an interrupted run removes
  /// the folder whole (`TemporaryFiles`).
  let parts: String
  /// Whether `parts` was made here and is not removed yet.
  ///
  /// Only then is it removed, and only once (`close()` and `deinit` both ask); a folder of that name
  /// `init` could not make is not the workbook's own.
  private var holdsParts = false

  init(path: String, constantMemory: Bool) throws(ExportError) {
    self.path = path
    parts = path + "-parts"
    guard mkdir(parts, 0o700) == 0 else {
      throw ExportError(
        "cannot create the workbook '\(path)': \(SystemReason.lastError)",
        status: .cannotCreate)
    }
    TemporaryFiles.process.hold(parts)
    holdsParts = true
    var options = lxw_workbook_options(
      constant_memory: constantMemory ? 1 : 0, tmpdir: nil, use_zip64: 1)
    handle = parts.withCString { dir in
      options.tmpdir = UnsafeMutablePointer(mutating: dir)
      return workbook_new_opt(path, &options)
    }
    guard handle != nil else {
      removeParts()
      throw ExportError("cannot create the workbook '\(path)'")
    }
  }

  deinit {
    // A workbook abandoned after an error is still closed so its memory and temporary files go.
    if let handle { workbook_close(handle) }
    removeParts()
  }

  /// Removes the temporary folder (libxlsxwriter unlinks each of its files as it creates it).
  private func removeParts() {
    guard holdsParts else { return }
    holdsParts = false
    rmdir(parts)
    TemporaryFiles.process.release(parts)
  }

  func addSheet(_ name: String) throws(ExportError) -> XLSXSheet {
    guard let handle, let sheet = workbook_add_worksheet(handle, name) else {
      throw ExportError("cannot add the sheet '\(name)' to the workbook")
    }
    return XLSXSheet(pointer: sheet, name: name)
  }

  /// A new cell format, configured by `configure`.
  func format(_ configure: (UnsafeMutablePointer<lxw_format>) -> Void)
    -> UnsafeMutablePointer<lxw_format>?
  {
    guard let handle, let format = workbook_add_format(handle) else {
      return nil
    }
    configure(format)
    return format
  }

  /// A workbook-wide name for a range (`Checklist_Result` for `=Checklist!$G$2:$G$59`).
  func defineName(_ name: String, _ range: String) throws(ExportError) {
    guard let handle else { return }
    try check(
      workbook_define_name(handle, name, range), "defining the name \(name)")
  }

  func addChart(_ type: lxw_chart_type) -> UnsafeMutablePointer<lxw_chart>? {
    guard let handle else { return nil }
    return workbook_add_chart(handle, UInt8(type.rawValue))
  }

  func setProperties(
    title: String, subject: String, created: Date, generator: String
  )
    throws(ExportError)
  {
    guard let handle else { return }
    let texts: [String] = [
      title, subject, generator,
    ]
    let strings = texts.map { (text: String) in strdup(text) }
    defer { for pointer in strings { free(pointer) } }
    var properties = lxw_doc_properties()
    properties.title = strings[0]
    properties.subject = strings[1]
    properties.comments = strings[2]
    properties.created = time_t(created.timeIntervalSince1970)
    try check(
      workbook_set_properties(handle, &properties),
      "setting the document properties")
  }

  /// Writes the file; after this the handle is gone.
  func close() throws(ExportError) {
    guard let handle else { return }
    self.handle = nil
    defer { removeParts() }
    try check(workbook_close(handle), "writing '\(path)'")
  }
}

/// Turns a libxlsxwriter return code into an error naming what was being done (built only on failure:
/// it is called for every cell).
func check(_ code: lxw_error, _ doing: @autoclosure () -> String)
  throws(ExportError)
{
  guard code != LXW_NO_ERROR else { return }
  throw ExportError(
    "libxlsxwriter failed \(doing()): \(String(cString: lxw_strerror(code)))")
}
