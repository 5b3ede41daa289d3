import ArgumentParser

/// `--config` of the commands that only read filled audits (diff, merge): the config whose audit output
/// gives the Result words.
struct ResultWordsConfigOption: ParsableArguments {
  @Option(
    name: .shortAndLong,
    help:
      "The config whose audit output gives the Result words (default: criteria.yml when it exists)."
  )
  var config: String?

  /// The config to read: the one given, else `criteria.yml` when it exists, else none.
  var path: String? { optionalConfig(config) }
}
