import CriteriaModel
import Synchronization

/// An exporter whose output is made of one part per component, each depending on that component alone
/// (the JSON object of a component, the test plan's section), which it can make ahead of `export`.
///
/// The pipeline calls `prepare` for each component as soon as it is read and mapped, on a thread that
/// would otherwise wait for the reader. `export` then uses the part made for that very component (the
/// same value) and makes any other part itself, so the output is the same bytes with or without it.
public protocol PreparingExporter: Exporter {
  /// Makes and keeps this exporter's part for `component`; safe to call from any thread.
  func prepare(_ component: Component)
}

/// The parts an exporter made ahead, by component id, each kept with the component it was made from.
final class PreparedParts<Part: Sendable>: Sendable {
  private let kept = Mutex<[String: (component: Component, part: Part)]>([:])

  /// Keeps `part`, made from `component`.
  func keep(_ part: Part, for component: Component) {
    kept.withLock { $0[component.id] = (component, part) }
  }

  /// The part made ahead from exactly `component` (handed over once, then forgotten), else `make`'s.
  func take(for component: Component, make: (Component) -> Part) -> Part {
    let found = kept.withLock { $0.removeValue(forKey: component.id) }
    if let found, found.component == component { return found.part }
    return make(component)
  }
}
