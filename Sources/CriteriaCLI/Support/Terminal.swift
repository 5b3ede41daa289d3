import CriteriaReaders
import Foundation

/// Talk to people on stderr; data goes to stdout.
enum Terminal {
    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func report(_ diagnostics: [Diagnostic], warnings: Bool = true) {
        for d in diagnostics where warnings || d.severity == .error { note(d.description) }
    }

    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
