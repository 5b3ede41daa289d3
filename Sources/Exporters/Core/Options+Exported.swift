// The options every exporter takes are defined below Exporters (Tickets takes them too); whoever
// imports Exporters sees them as before.
@_exported import Options
