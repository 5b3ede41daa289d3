import Foundation
import Mustache

/// A bound on what a `kind: file` template may render, so a template that nests `{{#rows}}` inside
/// itself cannot fill memory with rows³ lines.
///
/// Every value the template prints is counted exactly as it is printed, and every item a list section
/// renders counts the literal text of that section's body. Past the limit, values print nothing and
/// lists end early, so the render stops quickly; the exporter then refuses the output.
final class RenderBudget: @unchecked Sendable {
  let limit: Int
  private(set) var used = 0
  /// The literal text each list section's body adds per item, by section name.
  private let literal: [String: Int]
  private let wholeTemplate: Int

  init(limit: Int, template: String, lists: Set<String>) {
    self.limit = limit
    wholeTemplate = template.utf8.count
    literal = Self.sectionLiterals(template, lists: lists)
    used = wholeTemplate
  }

  var exceeded: Bool { used > limit }

  /// Counts `bytes` of output; false once the limit is passed.
  func spend(_ bytes: Int) -> Bool {
    guard !exceeded else { return false }
    used += bytes
    return !exceeded
  }

  /// The literal text one item of the list section `name` renders (the whole template when the
  /// template cannot be read that way).
  func itemCost(_ name: String) -> Int { literal[name] ?? wholeTemplate }

  /// For each list section, the most literal text one item can add.
  ///
  /// That is its body's text, less the bodies of list sections nested in it (counted by their own
  /// items). A template that changes its delimiters is costed at its whole length per item.
  static func sectionLiterals(_ template: String, lists: Set<String>)
    -> [String: Int]
  {
    guard !template.contains("{{=") else { return [:] }
    let bytes = Array(template.utf8)
    // Open sections: name, start of body, and the list bodies nested in it so far.
    var open: [(name: String, start: Int, nested: Int)] = []
    var result: [String: Int] = [:]
    var index = 0
    while index + 1 < bytes.count {
      guard bytes[index] == UInt8(ascii: "{"),
        bytes[index + 1] == UInt8(ascii: "{")
      else {
        index += 1
        continue
      }
      var end = index + 2
      while end + 1 < bytes.count,
        !(bytes[end] == UInt8(ascii: "}")
          && bytes[end + 1] == UInt8(ascii: "}"))
      {
        end += 1
      }
      guard end + 1 < bytes.count else { break }
      let tag = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        .trimmingCharacters(in: .whitespaces)
      if let sigil = tag.first, sigil == "#" || sigil == "^" {
        let name = tag.dropFirst().trimmingCharacters(in: .whitespaces)
        open.append((name, end + 2, 0))
      } else if tag.first == "/", let last = open.popLast() {
        let body = index - last.start
        if lists.contains(last.name) {
          result[last.name] = max(result[last.name] ?? 0, body - last.nested)
          if !open.isEmpty { open[open.count - 1].nested += body }
        }
      }
      index = end + 2
    }
    return result
  }
}

/// A value the template prints, counted as it is printed.
struct BudgetedText: MustacheCustomRenderable {
  let text: String
  let budget: RenderBudget

  var renderText: String { budget.spend(text.utf8.count) ? text : "" }
  var isNull: Bool { false }
}

/// A list a section renders item by item, each item counted; it ends early past the limit.
struct BudgetedList: MustacheSequence {
  let name: String
  let items: [[String: Any]]
  let budget: RenderBudget

  func makeIterator() -> Iterator {
    Iterator(
      items: items.makeIterator(), cost: budget.itemCost(name), budget: budget)
  }

  struct Iterator: IteratorProtocol {
    var items: IndexingIterator<[[String: Any]]>
    let cost: Int
    let budget: RenderBudget

    mutating func next() -> [String: Any]? {
      guard let item = items.next(), budget.spend(cost) else { return nil }
      return item
    }
  }
}
