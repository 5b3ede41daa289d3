import Foundation
import Logging

/// The CLI's log output: one line per message on stderr.
///
/// Control characters are escaped as in `Terminal`.
/// Notices (what a run waits for) are indented under the line that started the run; debug lines (the
/// HTTP log of `--verbose`) are printed as they are.
struct StderrLogHandler: LogHandler {
  var logLevel: Logger.Level
  var metadata: Logger.Metadata = [:]

  init(level: Logger.Level) { logLevel = level }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let text = Terminal.printable("\(event.message)")
    let line =
      event.level == .debug || event.level == .trace ? text : "  " + text
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// A logger for a command: notices, and with `verbose` the HTTP log as well.
  static func logger(_ label: String, verbose: Bool) -> Logger {
    Logger(label: label) { _ in
      StderrLogHandler(level: verbose ? .debug : .notice)
    }
  }
}
