import CriteriaModel
import Foundation

/// Works out a component's id, family, category and title from what a document offers:
/// its path (`…/native/controls/sheet.md`), its "Full information" link, front matter and title.
///
/// The path wins, then the link, then front matter; the slug falls back to the title. So the same
/// component in the old and the new format maps to the same id.
struct ComponentIdentity {
  var family: Family
  var category: String
  var slug: String
  var title: String
  /// Its warnings: each is a `.link` style warning (a "Full information" link to another component).
  var warnings: [String] = []

  var id: String { "\(family.rawValue)/\(category)/\(slug)" }

  struct Hints {
    var path: String
    var title: String?
    var reference: String?
    var categories: [String] = []
    var familyFromContent: Family?
  }

  init(_ hints: Hints) {
    let fromPath = Self.pathParts(hints.path)
    let fromLink = hints.reference.flatMap(Self.linkParts)
    let stem = Self.fileStem(hints.path)
    family =
      fromPath.family ?? fromLink?.family ?? hints.familyFromContent ?? .web
    let titleText = hints.title.flatMap { $0.isEmpty ? nil : $0 }
    let titleSlug = titleText.map(StableID.slug)
    if let pathSlug = fromPath.slug {
      slug = pathSlug
    } else if let link = fromLink,
      titleSlug == nil || Self.related(link.slug, titleSlug ?? "")
        || link.slug == StableID.slug(stem)
    {
      slug = link.slug
    } else {
      slug = titleSlug ?? StableID.slug(stem)
    }
    if let link = fromLink, link.slug != slug {
      warnings.append(
        "the 'Full information' link points to '\(link.family.rawValue)/\(link.category)/\(link.slug)', "
          + "not to this component ('\(slug)'); check the link")
    }
    let finalSlug = slug
    let linkCategory = fromLink.flatMap {
      $0.slug == finalSlug ? $0.category : nil
    }
    category =
      fromPath.category ?? linkCategory ?? Self.category(
        fromFrontMatter: hints.categories, family: family)
      ?? fromLink?.category ?? (family == .web ? "component" : "uncategorized")
    title =
      titleText
      ?? slug.split(separator: "-").joined(separator: " ").capitalizedFirst
  }

  /// Whether two slugs share a word: the link's "expandable" names the document's "expandable-region".
  static func related(_ a: String, _ b: String) -> Bool {
    !Set(a.split(separator: "-")).isDisjoint(with: b.split(separator: "-"))
  }

  /// `…/native/controls/sheet.md` → (native, controls, sheet); `_checklist-web/button.md` → (web, nil, button).
  static func pathParts(_ path: String) -> (
    family: Family?, category: String?, slug: String?
  ) {
    let parts = path.split(separator: "/").map(String.init)
    for (index, part) in parts.enumerated().reversed() {
      let family: Family?
      switch part.lowercased() {
      case "native", "_checklist-native", "native-criteria": family = .native
      case "web", "_checklist-web", "web-criteria": family = .web
      default: family = nil
      }
      guard let family else { continue }
      let rest = Array(parts[(index + 1)...])
      if rest.count == 2 {
        return (
          family, StableID.slug(rest[0]), StableID.slug(fileStem(rest[1]))
        )
      }
      if rest.count == 1 {
        return (family, nil, StableID.slug(fileStem(rest[0])))
      }
      return (family, nil, nil)
    }
    return (nil, nil, nil)
  }

  /// `https://…#/native-criteria/controls/sheet` → (native, controls, sheet).
  static func linkParts(_ link: String) -> (
    family: Family, category: String, slug: String
  )? {
    let parts = link.split(whereSeparator: { $0 == "/" || $0 == "#" }).map(
      String.init)
    for (index, part) in parts.enumerated() where index + 2 < parts.count {
      let family: Family? =
        part == "native-criteria"
        ? .native : part == "web-criteria" ? .web : nil
      if let family {
        return (
          family, StableID.slug(parts[index + 1]),
          StableID.slug(parts[index + 2])
        )
      }
    }
    return nil
  }

  static func category(fromFrontMatter categories: [String], family: Family)
    -> String?
  {
    guard let first = categories.first else { return nil }
    if family == .web {
      // The old web site used categories as tags ("nav form"); the new one files web entries by level.
      return categories.contains { $0.lowercased().hasPrefix("page") }
        ? "page-level" : "component"
    }
    return StableID.slug(first)
  }

  static func fileStem(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
      return name
    }
    return String(name[..<dot])
  }

  /// "How to test a sheet" → "Sheet"; "How to test an expandable region" → "Expandable region".
  static func title(fromHowToTest line: String) -> String? {
    var t = line.trimmingWhitespace()
    guard t.lowercased().hasPrefix("how to test") else { return nil }
    t = t.dropFirst("how to test".count).trimmingWhitespace()
    for article in ["a ", "an ", "the "] where t.lowercased().hasPrefix(article)
    {
      t = t.dropFirst(article.count).trimmingWhitespace()
      break
    }
    while t.last == "." || t.last == ":" { t.removeLast() }
    return t.isEmpty ? nil : t.capitalizedFirst
  }
}

extension StringProtocol {
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
