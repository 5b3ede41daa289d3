import ArgumentParser
import CriteriaModel

/// `--component`, `--platform`, `--test`: the command-line form of a config's `selection`.
struct SelectionOptions: ParsableArguments {
  @Option(
    name: .customLong("component"),
    help:
      "Only components whose id matches (e.g. 'native/controls/*'). Repeatable."
  )
  var components: [String] = []

  @Option(
    name: .customLong("platform"),
    help: "Only this platform: ios, android or web. Repeatable.")
  var platforms: [String] = []

  @Option(
    name: .customLong("test"),
    help:
      "Only this kind of test: keyboard, gestures, screenReader, settings. Repeatable."
  )
  var tests: [String] = []

  func validate() throws {
    for p in platforms where Platform(userValue: p) == nil {
      throw ValidationError("Unknown platform '\(p)'. Use ios, android or web.")
    }
  }

  var selection: Selection {
    Selection(
      components: components,
      platforms: platforms.compactMap(Platform.init(userValue:)),
      tests: tests.map(TestKind.init))
  }
}
