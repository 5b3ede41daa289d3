/// The commented starter that `criteria init` writes.
enum StarterConfig {
    static let text = """
    # criteria configuration. Paths are relative to this file.
    version: 1

    # Where the MagentaA11y criteria documents are: files, folders (read recursively) or globs.
    sources:
      - criteria/

    # What to export. Leave a list out (or empty) to take everything.
    selection:
      # Component ids or globs: native/controls/*, web/**, native/notifications/modal
      components: []
      # iOS, Android, Web
      platforms: []
      # keyboard, gestures, screenReader, settings
      tests: []

    # What to write. Run `criteria exporters` for the exporter names and their options.
    outputs:
      - exporter: json
        path: out/criteria.json
        options:
          pretty: true

    """
}
