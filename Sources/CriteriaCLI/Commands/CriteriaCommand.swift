import ArgumentParser
import CriteriaModel
import Exporters
import Tickets

/// The `criteria` command: turns MagentaA11y acceptance criteria into audit workbooks, checklists and tickets.
public struct CriteriaCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "criteria",
    abstract:
      "Turn MagentaA11y accessibility acceptance criteria into audit workbooks, checklists and tickets, and a filled audit into a report and a conformance report (ACR).",
    discussion: """
      Point it at MagentaA11y criteria documents (one Markdown file per component, in the current \
      format or the older Jekyll one). Typical use:

        criteria list criteria/                 what components are there
        criteria validate criteria/             are the documents well formed
        criteria export criteria/ --to json --output criteria.json
        criteria run                            do everything criteria.yml asks for
        criteria tickets --from audit.xlsx      file the audit's failures
        criteria report --from audit.xlsx --output report.html
        criteria acr --from audit.xlsx --to html --output acr.html
      """,
    version:
      "criteria \(CriteriaVersion.current) (libxlsxwriter \(XLSXLibrary.version), libcurl \(CurlLibrary.version))",
    subcommands: [
      ListCommand.self, ValidateCommand.self, ExportCommand.self,
      RunCommand.self,
      ExportersCommand.self, InitCommand.self, TicketsCommand.self,
      WCAGCommand.self, ACRCommand.self, ReportCommand.self, SyncCommand.self,
      StatusCommand.self, RefreshCommand.self, MergeCommand.self,
      DiffCommand.self,
    ]
  )

  public init() {}
}
