import HandshakeCore

/// A contact's fields as the terminal shows them: one labelled row per value, in card order, each value from
/// outside made safe for the terminal. The picture is not a row.
enum FieldRows {
    /// Rows of `fields` but `skipping`; a list's label is on its first row only, and a text that may hold line
    /// breaks keeps them, indented by `indent` so they stay under their value.
    static func rows(_ fields: CardFields, skipping: Set<CardField> = [], indent: Int) -> [(label: String, value: String)] {
        var rows: [(label: String, value: String)] = []
        for field in CardField.textFields where !skipping.contains(field) {
            if case .text(_, multiline: true) = field.kind {
                for value in fields.value(of: field) {
                    rows.append((field.rawValue, TerminalText.escaped(value).replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: indent))))
                }
            } else {
                for (index, value) in fields.value(of: field).enumerated() { rows.append((index == 0 ? field.rawValue : "", TerminalText.value(value))) }
            }
        }
        return rows
    }
}
