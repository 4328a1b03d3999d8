import Foundation
import HandshakeCore
import HandshakePresentation
import HandshakeStore

/// Contacts as people read them in a terminal.
enum ContactPrinter {
    /// One line of the contact list.
    static func listLine(_ contact: Contact) -> String {
        var parts = [(contact.pinned ? "* " : "  ") + TerminalText.value(contact.displayName)]
        if contact.alias != nil, let name = contact.details.name { parts[0] += " (\(TerminalText.value(name)))" }
        if let company = contact.details.company { parts.append(TerminalText.value(company)) }
        if contact.trustLevel != .trusted { parts.append(contact.trustLevel.rawValue) }
        if contact.verificationStatus != .verified { parts.append(contact.verificationStatus.rawValue) }
        if contact.securityCodeVerifiedAt != nil { parts.append("code verified") }
        if !contact.tags.isEmpty { parts.append(contact.tags.map { "#" + $0 }.joined(separator: " ")) }
        parts.append(contact.nodeID.map { String($0.rawValue.prefix(8)) } ?? "-")
        return parts.joined(separator: "  ·  ")
    }

    /// The contact info page.
    static func page(
        _ contact: Contact, preferences: [ContactPreference], history: [PastCard], meetings: [ExchangeRecord] = [], card: SignedCard? = nil,
        update: CardUpdate? = nil, debug: Bool
    ) -> [String] {
        var lines = [TerminalText.value(contact.displayName)]
        func row(_ label: String, _ value: String) {
            lines.append("  " + label.padding(toLength: 16, withPad: " ", startingAt: 0) + value)
        }
        func section(_ title: String) { lines.append(""); lines.append(title) }
        if contact.alias != nil { row("alias", contact.alias ?? "") }
        for (label, value) in FieldRows.rows(contact.details, indent: 18) { row(label, value) }

        section("Trust and origin")
        row("trust", contact.trustLevel.rawValue)
        row("added", "\(contact.addedAt.formatted(.iso8601)) by \(contact.source.rawValue)")
        if let seen = contact.lastSeenAt { row("last seen", seen.formatted(.iso8601)) }
        if let update { row("updated", RefreshSentences.updated(update).plain) }
        row("card", contact.verificationStatus == .verified ? "verified (signed by its owner)" : contact.verificationStatus.rawValue)
        row("security code", contact.securityCodeVerifiedAt.map { "verified \($0.formatted(.iso8601))" }
            ?? (contact.sigKey == nil ? "not available (no key)" : "not verified — compare it: handshake contact verify WHO"))
        row("checked", NameClaimSentences.standing(of: contact).plain)
        if !history.isEmpty { row("earlier cards", "\(history.count)") }

        if !meetings.isEmpty {
            section("Met in person")
            for meeting in meetings {
                let how = MeetingSentences.how(meeting).rendered { TerminalText.value($0) }
                let friends = MeetingSentences.commonFriends(meeting).plain
                row("met", "\(meeting.exchangedAt.formatted(.iso8601)) (\(how); \(friends))")
                if let note = meeting.ourNote { row("", "you wrote: \(TerminalText.value(note))") }
                if let note = meeting.theirNote { row("", "they wrote: \(TerminalText.value(note))") }
            }
        }

        section("Preferences")
        for preference in preferences {
            row(preference.feature.rawValue, "\(preference.state)  (you: \(preference.userSetting.label), contact: \(preference.contactAllows.rawValue))")
        }
        row("receipts", contact.receipts.rawValue)
        row("message TTL", contact.messageTTL.description)

        section("Keys")
        row("Node ID", contact.nodeID?.rawValue ?? "none (unverified)")
        if let claimed = contact.claimedNodeID { row("claims", "\(claimed.rawValue) (not verified)") }
        if let sigKey = contact.sigKey { row("did:key", sigKey.didKey.description) }
        if let sigKey = contact.sigKey { row("sigKey", Base64URL.encode(sigKey.rawRepresentation)) }
        if let encKey = contact.encKey { row("encKey", Base64URL.encode(encKey.rawRepresentation)) }

        if contact.notes != nil || !contact.tags.isEmpty || contact.pinned || contact.muted {
            section("Yours only")
            if let notes = contact.notes { row("notes", notes.replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: 18))) }
            if !contact.tags.isEmpty { row("tags", contact.tags.joined(separator: ", ")) }
            if contact.pinned { row("pinned", "yes") }
            if contact.muted { row("muted", "yes") }
        }
        if debug {
            section("Debug")
            row("database id", "\(contact.id)")
            if let card { row("card (b64url)", Base64URL.encode(card.bytes)) }
            if let updated = contact.cardUpdatedAt { row("card updated", "\(updated)") }
        }
        return lines
    }
}
