import Options

extension AuditLayout {
  /// Reads `columns`, `statuses` and `severities` from exporter options.
  public init(options: ExportOptions) throws(ExportError) {
    self.init()
    if let names = try options.list("columns") {
      var chosen: [AuditColumn] = []
      for name in names {
        guard let column = AuditColumn(userName: name) else {
          throw ExportError(
            "\(options.origin).columns: unknown column '\(name)'; columns are "
              + AuditColumn.allCases.map { "'\($0.rawValue)'" }.joined(
                separator: ", "))
        }
        if !chosen.contains(column) { chosen.append(column) }
      }
      if chosen.isEmpty {
        throw ExportError("\(options.origin).columns: name at least one column")
      }
      columns = chosen
    }
    if let words = try options.list("statuses") {
      guard words.count == 5, Set(words).count == 5,
        !words.contains(where: \.isEmpty)
      else {
        throw ExportError(
          "\(options.origin).statuses: give five different words, in the order pass, fail, "
            + "not applicable, not tested, cannot tell")
      }
      statuses = words
    }
    if let words = try options.list("severities") {
      guard !words.isEmpty else {
        throw ExportError(
          "\(options.origin).severities: give at least one word")
      }
      severities = words
    }
  }
}
