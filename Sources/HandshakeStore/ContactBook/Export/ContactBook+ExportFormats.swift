// The whole contact book written out in one of its export forms (docs/formats/contact-export.md), in
// pieces, so a front end only decides where the text goes.

import Foundation

extension ContactBook {
    /// The forms the contact book is exported in.
    public enum ExportFormat: String, Sendable, CaseIterable {
        /// One vCard 4.0 per contact (``ContactExport/vCard``), which ``importVCards(_:now:batchSize:progress:)`` reads back.
        case vcard
        /// A JSON array of objects (``ContactExport/json()``), for other programs.
        case json
    }

    /// Writes every contact in `format`, in the order they were added, handing the text to `write` piece
    /// by piece (a book of any size is exported in bounded memory). Concatenated, the pieces are the export
    /// exactly: for JSON, `[` on a line of its own, each object on a line of its own with a comma ending
    /// every line but the last object's, then `]` on a line of its own (`[]` for an empty book).
    /// - Returns: how many contacts were written.
    @discardableResult
    public func export(_ format: ExportFormat, write: (String) throws -> Void) throws -> Int {
        var count = 0
        if format == .json { try write("[") }
        try forEachExportedContact { exported in
            switch format {
            case .vcard: try write(exported.vCard)
            case .json: try write((count == 0 ? "\n" : ",\n") + exported.json())
            }
            count += 1
        }
        if format == .json { try write(count == 0 ? "]\n" : "\n]\n") }
        return count
    }
}
