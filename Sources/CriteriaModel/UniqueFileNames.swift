/// File names for a folder output, one per item, that never collide.
///
/// A name already taken gets `-2`, `-3`, ... before its extension, in item order, so the result is the
/// same on every run.
public struct UniqueFileNames {
  private var taken = Set<String>()

  /// Creates an empty set of names.
  public init() {}

  /// `base` + `.ext`, or the first free `base-N.ext`.
  public mutating func name(_ base: String, extension ext: String) -> String {
    var candidate = "\(base).\(ext)"
    var n = 2
    while taken.contains(candidate.lowercased()) {
      candidate = "\(base)-\(n).\(ext)"
      n += 1
    }
    taken.insert(candidate.lowercased())
    return candidate
  }
}
