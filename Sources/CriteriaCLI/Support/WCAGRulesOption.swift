import ArgumentParser

/// `--rules`: YAML files of WCAG rules a team adds after the built-in ones (`wcag.rules` in a config).
struct WCAGRulesOption: ParsableArguments {
  @Option(
    name: .customLong("rules"),
    help:
      "A YAML file of WCAG rules added after the built-in ones, or replacing one by id (repeatable)."
  )
  var files: [String] = []
}
