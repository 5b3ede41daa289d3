/// The tool's version, shown by `--version`, in HTTP User-Agents, and (through `ExportContext`) in outputs.
public enum CriteriaVersion {
  /// The current version.
  public static let current = "0.1.0"
}
