// `CalendarJSON` moved from HannunREPL to HannunJSON. Files of this target that named it through
// `import HannunREPL` (EditingCommands.swift) see it through this re-export until they import
// HannunJSON themselves; then this file can go.
@_exported import HannunJSON
