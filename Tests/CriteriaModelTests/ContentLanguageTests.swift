import CriteriaModel
import Testing

/// The tags are judged against RFC 5646 (BCP 47), section 2.1: a language subtag of two or three letters,
/// then subtags of one to eight letters or digits, separated by hyphens.
@Suite("Content language")
struct ContentLanguageTests {
  @Test("well-formed tags of a language are taken; others are refused")
  func tags() {
    for tag in [
      "en", "es", "pt-BR", "zh-Hant-TW", "sr-Latn-RS", "es-419", "gsw",
    ] {
      #expect(ContentLanguage(tag)?.tag == tag, "\(tag)")
    }
    for tag in [
      "", "e", "e_s", "español", "es-", "-es", "es--MX", "12", "es-abcdefghi",
      "es MX", "ès",
    ] {
      #expect(ContentLanguage(tag) == nil, "\(tag)")
    }
  }

  @Test(
    "text in another language is marked and escaped; English (any region) and no language leave it as escaped text"
  )
  func marking() throws {
    let spanish = try #require(ContentLanguage("es"))
    #expect(
      ContentLanguage.mark("Botón <b>", spanish)
        == "<span lang=\"es\">Botón &lt;b&gt;</span>")
    #expect(ContentLanguage.attribute(spanish) == " lang=\"es\"")
    #expect(ContentLanguage.mark("", spanish) == "")
    for english in ["en", "EN-gb", "en-US"] {
      let language = try #require(ContentLanguage(english))
      #expect(ContentLanguage.mark("a<b", language) == "a&lt;b")
      #expect(ContentLanguage.attribute(language) == "")
    }
    #expect(ContentLanguage.mark("a<b", nil) == "a&lt;b")
  }

  /// CLDR's locale data gives these languages' character order as right-to-left (`ar.xml`, `he.xml`,
  /// `fa.xml`, `ur.xml`, `yi.xml`, `ps.xml`, `ckb.xml`, `dv.xml`); ISO 15924 names the scripts.
  @Test(
    "a language written right to left is also marked dir=rtl: by its script subtag when it has one, else by its usual script"
  )
  func direction() throws {
    for tag in [
      "ar", "ar-EG", "he", "he-IL", "fa", "ur", "yi", "ps", "ckb", "dv",
      "az-Arab", "pa-Arab", "ar-u-nu-latn",
    ] {
      let language = try #require(ContentLanguage(tag))
      #expect(language.isRightToLeft, "\(tag)")
      #expect(
        ContentLanguage.mark("נגיש", language)
          == "<span lang=\"\(tag)\" dir=\"rtl\">נגיש</span>")
      #expect(
        ContentLanguage.attribute(language) == " lang=\"\(tag)\" dir=\"rtl\"")
    }
    for tag in [
      "es", "de-CH", "ja", "zh-Hant-TW", "hi", "sd-Deva", "ar-Latn", "az",
      "tr", "ru",
    ] {
      let language = try #require(ContentLanguage(tag))
      #expect(!language.isRightToLeft, "\(tag)")
      #expect(ContentLanguage.attribute(language) == " lang=\"\(tag)\"")
    }
  }

  @Test(
    "a cell whose whole content is the audit's text carries lang (and dir) itself, so right-to-left text aligns right; English, an empty cell and no language add nothing"
  )
  func cells() throws {
    let arabic = try #require(ContentLanguage("ar"))
    #expect(
      ContentLanguage.cell("الزر <مغلق>", arabic)
        == "<td lang=\"ar\" dir=\"rtl\">الزر &lt;مغلق&gt;</td>")
    #expect(
      ContentLanguage.cell(
        "Botón", ContentLanguage("es"), tag: "th", attributes: " scope=\"row\"")
        == "<th scope=\"row\" lang=\"es\">Botón</th>")
    #expect(ContentLanguage.cell("", arabic) == "<td></td>")
    #expect(
      ContentLanguage.cell("Button", ContentLanguage("en-GB"))
        == "<td>Button</td>")
    #expect(ContentLanguage.cell("a & b", nil) == "<td>a &amp; b</td>")
    // The cell's own direction aligns it only if the stylesheet aligns cells to their start.
    let cellRule = HTMLPage.baseStyle.split(separator: "\n").filter {
      $0.contains("th, td {")
    }
    #expect(cellRule.count == 1 && cellRule[0].contains("text-align: start;"))
  }

  @Test(
    "the notes are in the documents' language unless they have their own; a flag's language stands over the config's, each kind alone"
  )
  func textLanguages() throws {
    let es = try #require(ContentLanguage("es"))
    let de = try #require(ContentLanguage("de"))
    let he = try #require(ContentLanguage("he"))
    #expect(TextLanguages().notes == nil)
    #expect(TextLanguages(documents: es).notes == es)
    #expect(TextLanguages(documents: es, notes: de).notes == de)
    #expect(TextLanguages(notes: de).documents == nil)
    let config = TextLanguages(documents: es, notes: de)
    // --language alone: the config's notes language still holds for the notes.
    let flagged = TextLanguages(documents: he).over(config)
    #expect(flagged.documents == he && flagged.notes == de)
    // --notes-language alone: the config's documents' language still holds for the rest.
    let notesFlagged = TextLanguages(notes: he).over(config)
    #expect(notesFlagged.documents == es && notesFlagged.notes == he)
    // Notes neither given nor configured: they follow the flag's documents' language, not the config's.
    #expect(TextLanguages(documents: he).over(TextLanguages()).notes == he)
    #expect(
      TextLanguages(documents: he).over(TextLanguages(documents: es)).notes
        == he)
    #expect(TextLanguages().over(config) == config)
  }
}
