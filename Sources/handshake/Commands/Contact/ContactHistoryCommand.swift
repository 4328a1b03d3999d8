import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeStore

struct ContactHistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show a contact's earlier cards and what each newer one changed.",
        discussion: """
            Each time a newer card of someone arrives, the one it replaces is kept, signed as it was. This \
            lists them newest first: when each card was made, when it was replaced, and which fields the \
            next card changed. A card from an identity that was merged into this contact shows its own \
            Node ID. Every card is verified again as it is read.
            """
    )

    @OptionGroup var selector: ContactSelector
    @OptionGroup var output: OutputOptions

    struct Entry: Encodable {
        var nodeId: String
        var madeAt: String
        var replacedAt: String?
        var changedByNext: [String]
    }

    func run() throws {
        let book = try HandshakeHome.current().contactBook()
        let contact = try book.contact(resolving: selector.who)
        guard contact.hasSignedCard else {
            throw CommandFailure("\(contact.displayName) came from an address book, with no signed card, so there is no card history.")
        }
        let current = try book.card(of: contact.id)
        let past = try book.history(of: contact.id)
        // Each card beside the one that replaced it: the current card first, then the past ones newest first.
        var entries = [Entry(nodeId: current.nodeID.rawValue, madeAt: Self.date(current.card.updatedAt), replacedAt: nil, changedByNext: [])]
        var newer = current.card
        for card in past {
            let changes = card.nodeID == newer.nodeID ? CardChanges(from: card.signedCard.card, to: newer).fields.map(\.rawValue) : ["identity"]
            entries.append(Entry(
                nodeId: card.nodeID.rawValue, madeAt: Self.date(card.updatedAt), replacedAt: card.replacedAt.formatted(.iso8601),
                changedByNext: changes))
            newer = card.signedCard.card
        }
        if output.json {
            try Output.json(entries)
            return
        }
        print("Cards of \(TerminalText.value(contact.displayName)), newest first:")
        for (index, entry) in entries.enumerated() {
            let label = index == 0 ? "current" : "replaced \(entry.replacedAt ?? "")"
            print("  \(entry.madeAt)  \(label)\(entry.nodeId == current.nodeID.rawValue ? "" : "  (Node ID \(entry.nodeId.prefix(12))…, merged)")")
            if index + 1 < entries.count {
                let changed = entries[index + 1].changedByNext
                print("      changed: \(changed.isEmpty ? "nothing (a newer card with the same details)" : changed.joined(separator: ", "))")
            }
        }
        if past.isEmpty { print("  (no earlier cards)") }
    }

    /// A card's `updatedAt` (Unix milliseconds) as an ISO 8601 time.
    static func date(_ milliseconds: UInt64) -> String {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000).formatted(.iso8601)
    }
}
