import Foundation
import HandshakeCore
import HandshakePresentation

/// A card as people read it in a terminal: the name as a heading, then one labelled line per value.
enum CardPrinter {
    static func lines(for card: ContactCard, shared: Set<CardField>? = nil) -> [String] {
        var lines = [TerminalText.value(DisplayName.of(card.name))]
        func row(_ label: String, _ value: String) {
            lines.append("  " + label.padding(toLength: 10, withPad: " ", startingAt: 0) + value)
        }
        row("Node ID", card.nodeID.rawValue)
        row("did:key", card.sigKey.didKey.description)
        row("updated", Date(timeIntervalSince1970: TimeInterval(card.updatedAt) / 1000).formatted(.iso8601))
        for field in CardField.allCases where field != .name {
            let values = card.fields.value(of: field)
            for (index, value) in values.enumerated() {
                let label = index == 0 ? field.rawValue : ""
                // A bio may span lines; keep its continuation lines aligned under the first.
                row(label, TerminalText.escaped(value).replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: 12)))
            }
        }
        // Whoever holds the card can fetch a newer one there.
        if let server = card.server { row("server", TerminalText.value(server.origin)) }
        if let shared {
            let names = CardField.allCases.filter(shared.contains).map(\.rawValue)
            row("shares", names.isEmpty ? "no optional fields" : names.joined(separator: ", "))
        }
        return lines
    }

    static func print(_ card: ContactCard, shared: Set<CardField>? = nil) {
        handshake.print(TerminalLine(lines: lines(for: card, shared: shared).joined(separator: "\n")))
    }
}
