/// A number with its noun, as the terminal, the workbook and the pages say counts.
public enum Counted {
  /// `1 check`, `0 checks`, `2 checks`; `plural` for nouns that do not take an s
  /// (`Counted.phrase(1, "criterion", plural: "criteria")`).
  public static func phrase(
    _ number: Int, _ noun: String, plural: String? = nil
  )
    -> String
  {
    "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
  }
}
