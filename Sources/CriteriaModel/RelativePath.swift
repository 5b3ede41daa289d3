import Foundation

/// Paths written into outputs relative to a base folder, so that no output carries the machine's layout.
public enum RelativePath {
  /// `path` relative to the folder `base` (`../` where it lies outside), or `path` unchanged when it is
  /// already relative.
  public static func from(_ base: String, to path: String) -> String {
    guard path.hasPrefix("/") else { return path }
    let target = components(of: path)
    let origin = components(of: base)
    var shared = 0
    while shared < target.count, shared < origin.count,
      target[shared] == origin[shared]
    {
      shared += 1
    }
    let parts =
      Array(repeating: "..", count: origin.count - shared)
      + target[shared...]
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  private static func components(of path: String) -> [String] {
    URL(fileURLWithPath: path).standardizedFileURL.path
      .split(separator: "/").map(String.init)
  }
}

extension Catalog {
  /// The catalog with every source location's file made relative to the folder `base`.
  public func sourcesRelative(to base: String) -> Catalog {
    var copy = self
    for index in copy.components.indices {
      copy.components[index] = copy.components[index].sourcesRelative(to: base)
    }
    return copy
  }
}

extension Component {
  /// The component with every source location's file made relative to the folder `base`.
  public func sourcesRelative(to base: String) -> Component {
    var copy = self
    // Every check of a document names the same file: work its relative path out once.
    var known: [String: String] = [:]
    copy.relocateSources { file in
      if let relative = known[file] { return relative }
      let relative = RelativePath.from(base, to: file)
      known[file] = relative
      return relative
    }
    return copy
  }

  private mutating func relocateSources(_ move: (String) -> String) {
    source.file = move(source.file)
    for index in criteria.indices {
      criteria[index].source.file = move(criteria[index].source.file)
    }
    for index in scenarios.indices {
      scenarios[index].source.file = move(scenarios[index].source.file)
    }
    for index in notes.indices {
      notes[index].source.file = move(notes[index].source.file)
    }
  }
}
