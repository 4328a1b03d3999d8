// Establishes how a screen lists labelled values (a card's fields): a `<dl>` that leaves out what is empty,
// with a card's fields always in one order and under one set of labels, whichever screen shows them.
import HandshakeCore
import HandshakeHTML

/// Labelled values, in the order added; empty ones are left out.
struct DefinitionList {
    private var rows: [(label: String, value: String, keepsLines: Bool)] = []

    /// Adds `value` under `label`, unless it is missing or empty; `keepsLines` shows its line breaks (a bio).
    mutating func add(_ label: String, _ value: String?, keepsLines: Bool = false) {
        if let value, !value.isEmpty { rows.append((label, value, keepsLines)) }
    }

    /// Adds the values, joined by commas, unless there are none.
    mutating func add(_ label: String, _ values: [String]) { add(label, values.joined(separator: ", ")) }

    /// Adds a card's text fields (`CardField.textFields`: the picture is shown as an image, not a row), in
    /// card order under the field table's labels. Links are text, never links: an address from a card could be
    /// `javascript:` or lead anywhere.
    mutating func add(_ fields: CardFields) {
        for field in CardField.textFields {
            // A multi-line field (the bio) keeps the lines its owner wrote.
            let multiline = if case .text(_, true) = field.kind { true } else { false }
            add(field.label, fields.value(of: field).joined(separator: ", "), keepsLines: multiline)
        }
    }

    var html: HTML {
        HTML.dl {
            for row in rows {
                HTML.dt { .text(row.label) }
                HTML.dd(.when(row.keepsLines, .class("lines"))) { .text(row.value) }
            }
        }
    }
}
