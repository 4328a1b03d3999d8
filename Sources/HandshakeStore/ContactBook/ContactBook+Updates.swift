import Foundation
import HandshakeCore

/// When a contact's card last changed, and what changed: read from the card history, so nothing extra is kept.
extension ContactBook {
    /// The last update of contact `id`'s card: when its newest past card of the same key (or of a key the card
    /// moved from) was replaced, and the fields that differ. `nil` when the card was never updated (or the last change was a merge of another
    /// identity, which is not an update).
    public func lastUpdate(of id: Int64) throws -> CardUpdate? {
        guard let past = try history(of: id).first, let current = try? card(of: id),
              past.nodeID == current.nodeID || current.card.movedFrom.contains(past.nodeID)
        else { return nil }
        return CardUpdate(at: past.replacedAt, changes: CardChanges(from: past.signedCard.card, to: current.card))
    }

    /// The updates since `since` of those of `contacts` whose card arrived since then (a list marks them), by
    /// contact id: a contact whose card is older is not looked up.
    public func updates(of contacts: [Contact], since: Date) -> [Int64: CardUpdate] {
        var found: [Int64: CardUpdate] = [:]
        for contact in contacts where (contact.exchangedAt ?? .distantPast) >= since && contact.sigKey != nil {
            if let update = try? lastUpdate(of: contact.id), update.at >= since { found[contact.id] = update }
        }
        return found
    }
}

/// A contact's card replaced by a newer one of the same key, or of a key the old one vouched for.
public struct CardUpdate: Sendable, Equatable {
    /// When the newer card arrived.
    public let at: Date
    /// The fields that differ between the two.
    public let changes: CardChanges

    /// An update at `at` that changed `changes`.
    public init(at: Date, changes: CardChanges) {
        self.at = at
        self.changes = changes
    }
}
