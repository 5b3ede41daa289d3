import CriteriaModel
import Testing

@testable import Exporters

@Suite("Parts made ahead, kept by component")
struct PreparedPartsUnitTests {
  @Test("a part is handed over for the very component it was made from, once")
  func handedOverOnce() throws {
    let component = try #require(try sampleCatalog().components.first)
    var changed = component
    changed.summary += " (edited)"
    let parts = PreparedParts<String>()
    parts.keep("made ahead", for: component)
    #expect(parts.take(for: component) { _ in "made now" } == "made ahead")
    #expect(parts.take(for: component) { _ in "made now" } == "made now")
    parts.keep("made ahead", for: component)
    #expect(parts.take(for: changed) { _ in "made now" } == "made now")
  }
}
