import ArgumentParser
import CriteriaPipeline
import Exporters
import Foundation

/// `criteria exporters`: what can be written.
struct ExportersCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "exporters",
    abstract:
      "List the output formats and trackers available, with their options."
  )

  func run() throws {
    let entries = try cli { () throws(PipelineError) in
      try OutputRegistry(configDirectory: nil).all()
    }
    for entry in entries {
      let (name, summary, origin, options):
        (String, String, String, [String: String])
      switch entry {
      case .file(let file):
        (name, summary, origin, options) = (
          file.name, file.summary, file.origin, file.optionHelp
        )
      case .tracker(let tracker):
        (name, summary, origin, options) = (
          tracker.name, tracker.summary, tracker.origin, tracker.optionHelp
        )
      }
      let from = origin == "built in" ? "" : " (\(origin))"
      print(
        "\(name.padding(toLength: max(14, name.count + 2), withPad: " ", startingAt: 0))\(summary)\(from)"
      )
      for (key, help) in options.sorted(by: { $0.key < $1.key }) {
        print("    \(key): \(help)")
      }
    }
  }
}
