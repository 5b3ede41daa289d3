import ArgumentParser

/// The config and which of its tracker outputs: the options of every command that talks to a tracker
/// about tickets already in a ledger or an audit.
struct TrackerOutputOptions: ParsableArguments {
  @Option(name: .shortAndLong, help: "The config file naming the tracker.")
  var config = "criteria.yml"

  @Option(
    help:
      "Which tracker output of the config to use (needed when it has more than one)."
  )
  var output: String?
}

/// `--verbose`: every command that sends requests takes it.
struct VerboseOption: ParsableArguments {
  @Flag(
    help:
      "Show each HTTP request and response status on stderr (credentials redacted)."
  )
  var verbose = false
}

/// `--fail-word`: the commands that read an audit's failures (tickets, sync) take it.
struct FailWordOption: ParsableArguments {
  @Option(
    help:
      "The result word that means a failed check (default: the config's audit 'statuses', else Fail)."
  )
  var failWord: String?
}
