import Foundation

/// A copy of a filled audit with some cells changed, before it is written anywhere.
public enum AuditCopy: Sendable {
  /// A CSV file's bytes.
  case bytes(Data)
  /// A workbook, written by zipping the original's parts with the changed ones to the path it is given.
  case workbook(@Sendable (String) throws(AuditError) -> Void)
}
