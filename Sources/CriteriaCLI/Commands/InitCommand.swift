import ArgumentParser
import CriteriaModel
import Foundation

/// `criteria init`: write a commented starter config.
struct InitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Write a commented starter criteria.yml to edit."
  )

  @Option(name: .shortAndLong, help: "Where to write it.")
  var output = "criteria.yml"

  @Flag(help: "Replace an existing file.")
  var force = false

  func run() throws {
    if FileManager.default.fileExists(atPath: output) && !force {
      throw CLIError(
        "'\(output)' already exists; pass --force to replace it",
        status: .cannotCreate)
    }
    do {
      try Data(StarterConfig.text.utf8).write(
        to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      throw CLIError(
        "cannot write '\(output)': \(SystemReason.text(of: error))",
        status: .cannotCreate)
    }
    Terminal.note(
      "wrote \(output); edit 'sources' and 'outputs', then run 'criteria run --config \(output)'"
    )
  }
}
