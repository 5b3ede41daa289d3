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
    let registry = try cli { () throws(PipelineError) in
      try RegistryLoader.load(configDirectory: nil)
    }
    for exporter in registry.entries {
      let origin = exporter.origin == "built in" ? "" : " (\(exporter.origin))"
      print(
        "\(exporter.name.padding(toLength: 14, withPad: " ", startingAt: 0))\(exporter.summary)\(origin)"
      )
      for (key, help) in exporter.optionHelp.sorted(by: { $0.key < $1.key }) {
        print("    \(key): \(help)")
      }
    }
  }
}
