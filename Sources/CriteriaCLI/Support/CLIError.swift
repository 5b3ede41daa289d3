/// An error the CLI reports as one line on stderr before exiting with status 1.
struct CLIError: Error, CustomStringConvertible {
  var description: String
  /// Control characters in the text (from file names, documents or a tracker's answer) are shown escaped.
  init(_ description: String) {
    self.description = Terminal.printable(description)
  }
}
