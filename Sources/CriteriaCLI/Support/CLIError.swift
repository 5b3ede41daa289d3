import ArgumentParser
import CriteriaModel
import CriteriaPipeline
import Foundation

/// An error the CLI reports as one line on stderr before exiting with its status.
struct CLIError: Error, CustomStringConvertible {
  var description: String
  /// The exit status (sysexits(3)).
  var status: ExitStatus
  /// Control characters in the text (from file names, documents or a tracker's answer) are shown escaped.
  init(_ description: String, status: ExitStatus = .failure) {
    self.description = Terminal.printable(description)
    self.status = status
  }
}

extension CriteriaCommand {
  /// Parses the command line and runs the command, exiting with the status its error means.
  ///
  /// First of all, a Ctrl-C (or SIGTERM, SIGHUP) is made to remove the temporary files being written,
  /// and to say so, before the process ends.
  public static func runMain() -> Never {
    TemporaryFiles.removeOnInterrupt { _, removed in
      guard !removed.isEmpty else { return }
      let names = removed.map { Terminal.printable($0) }
      FileHandle.standardError.write(
        Data(
          ("criteria: interrupted; removed the unfinished "
            + "\(names.joined(separator: ", "))\n").utf8))
    }
    do {
      var command = try parseAsRoot()
      try command.run()
      Foundation.exit(0)
    } catch let error as CLIError {
      FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
      Foundation.exit(error.status.rawValue)
    } catch {
      exit(withError: error)
    }
  }
}
