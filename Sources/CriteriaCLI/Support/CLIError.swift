/// An error the CLI reports as one line on stderr before exiting with status 1.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
