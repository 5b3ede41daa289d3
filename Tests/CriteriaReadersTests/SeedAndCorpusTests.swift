import CriteriaModel
import CriteriaReaders
import Foundation
import TestSupport
import Testing

@Suite(
  "The seeds and the real corpus",
  .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
struct SeedAndCorpusTests {
  let reader = DocumentReader()

  @Test(
    "seed 000 (current format) has its 10 Condensed checks and 4 Gherkin scenarios"
  )
  func seed000() throws {
    let result = reader.read(path: TestPaths.seed(0))
    let sheet = try #require(result.component)
    #expect(!result.hasErrors)
    #expect(sheet.id == "native/controls/sheet")
    #expect(sheet.title == "Sheet")
    #expect(sheet.criteria.count == 10)
    #expect(sheet.scenarios.count == 4)
    #expect(
      sheet.scenarios.map(\.name) == [
        "Test keyboard actions", "Test mobile screen reader gestures",
        "Test screen reader output on all devices",
        "Test device OS settings for text resize",
      ])
    let counts = Dictionary(grouping: sheet.criteria, by: \.test).mapValues(
      \.count)
    #expect(
      counts == [.keyboard: 3, .gestures: 2, .screenReader: 4, .settings: 1])
    #expect(
      sheet.reference
        == "https://www.magentaa11y.com/MagentaA11yV2#/native-criteria/controls/sheet"
    )
  }

  @Test(
    "seed 001 (Jekyll format) has its 10 front-matter checks and maps to the same id as seed 000"
  )
  func seed001() throws {
    let old = try #require(reader.read(path: TestPaths.seed(1)).component)
    let new = try #require(reader.read(path: TestPaths.seed(0)).component)
    #expect(old.criteria.count == 10)
    #expect(old.id == new.id)
    #expect(old.family == .native)
    #expect(
      old.criteria.map(\.check) == [
        "Tab and arrow keys", "Spacebar", "Enter", "Swipe", "Doubletap",
        "Name", "Role", "Group", "State", "Text resize",
      ])
    #expect(old.criteria[0].source.line == 7)
    #expect(Set(old.notes.compactMap(\.platform)) == [.iOS, .android])
  }

  @Test(
    "seeds 002-004 read their videos, and the wrong link in 002 is reported")
  func videosAndLinks() throws {
    let modal = reader.read(path: TestPaths.seed(2))
    let modalComponent = try #require(modal.component)
    #expect(
      modalComponent.media.map(\.title) == [
        "iOS VoiceOver", "Android Talkback",
      ])
    #expect(
      modalComponent.media[0].url
        == "media/video/native/modal/modal_IosVoiceOver.mp4")
    #expect(modalComponent.media[0].type == "video/mp4")
    #expect(modalComponent.id.hasSuffix("/modal"))
    #expect(
      modal.diagnostics.contains {
        $0.message.contains("points to 'native/controls/segmented-control'")
      })
    let tidbit = try #require(reader.read(path: TestPaths.seed(3)).component)
    #expect(tidbit.id == "native/patterns/tidbit")
    #expect(tidbit.media.count == 2)
    let expandable = try #require(
      reader.read(path: TestPaths.seed(4)).component)
    #expect(expandable.id == "native/controls/expandable")
    #expect(expandable.title == "Expandable region")
    #expect(
      expandable.notes.first { $0.platform == .iOS }?.topic == "General Notes")
  }

  @Test(
    "every web corpus document (14 components and a page-level one) reads without an error, with checks and scenarios"
  )
  func webCorpus() throws {
    let files = TestPaths.corpusFiles.filter {
      $0.contains("/magentaa11y/web/")
    }
    #expect(files.count == 15)
    for file in files {
      let result = reader.read(path: file)
      let errors = result.diagnostics.filter { $0.severity == .error }
      #expect(errors.isEmpty, "\(file): \(errors)")
      let component = try #require(result.component, "\(file)")
      #expect(
        component.family == .web && component.platforms == [.web], "\(file)")
      #expect(
        component.criteria.count >= 3 && component.scenarios.count >= 3,
        "\(file)")
      let relative = file.components(separatedBy: "magentaa11y/").last ?? ""
      #expect(component.id == String(relative.dropLast(3)))
    }
  }

  @Test(
    "every native corpus document reads without an error, with checks and scenarios"
  )
  func corpus() throws {
    let files = TestPaths.corpusFiles.filter {
      $0.contains("/magentaa11y/native/")
    }
    #expect(files.count == 42)
    var ids = Set<String>()
    for file in files {
      let result = reader.read(path: file)
      let errors = result.diagnostics.filter { $0.severity == .error }
      #expect(errors.isEmpty, "\(file): \(errors)")
      let component = try #require(result.component, "\(file)")
      #expect(component.criteria.count >= 4, "\(file)")
      #expect(component.scenarios.count >= 3, "\(file)")
      #expect(component.family == .native)
      #expect(
        component.notes.contains { $0.platform == .iOS }
          && component.notes.contains { $0.platform == .android },
        "\(file)")
      ids.insert(component.id)
      let relative = file.components(separatedBy: "magentaa11y/").last ?? ""
      #expect(component.id == String(relative.dropLast(3)))
    }
    #expect(ids.count == 42)
  }

  @Test("the corpus's irregular Condensed sections still give clean checks")
  func irregularCorpusDocuments() throws {
    let carousel = try #require(
      reader.read(
        path: TestPaths.corpus.appendingPathComponent(
          "native/controls/carousel.md"
        ).path
      ).component)
    // Six-space bullets with blank lines between them, and a key wrapped onto the next line.
    #expect(carousel.criteria.count == 14)
    let wrapped = try #require(
      carousel.criteria.first { $0.check.hasPrefix("1 finger swipe") })
    #expect(wrapped.expectation == "Focus moves to the next slide on iOS")
    #expect(wrapped.platforms == [.iOS])
    // "Role" twice in one group keeps two distinct, stable ids.
    let roles = carousel.criteria.filter { $0.check == "Role" }.map(\.id)
    #expect(
      roles == [
        "native/controls/carousel/screenreader/role",
        "native/controls/carousel/screenreader/role-2",
      ])
    let pagination = try #require(
      reader.read(
        path: TestPaths.corpus.appendingPathComponent(
          "native/controls/pagination-control.md"
        ).path
      ).component)
    #expect(
      pagination.criteria.contains {
        $0.check
          == "Swipe up/down with one finger, double tap, or three finger horizontal swipe"
      })
  }
}
