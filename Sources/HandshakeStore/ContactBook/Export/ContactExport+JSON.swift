// Establishes the JSON object of one contact (docs/formats/contact-export.md): the export's keys and the
// card's fields in one object, and, in a listing, the keys its ``ContactExport/Details`` add. One encoder
// for the book's export file and the program's `--json`, so the two cannot drift apart.

import Foundation
@_spi(Wire) import HandshakeCore

extension ContactExport: Encodable {
    private enum ExportKeys: String, CodingKey {
        case verificationStatus, nodeId, claimedNodeId, card, alias, notes, tags, trustLevel, pinned, source, addedAt
    }

    private enum DetailKeys: String, CodingKey {
        case id, didKey, displayName, muted, lastSeenAt, exchangedAt, securityCodeVerifiedAt, receipts, messageTTLSeconds
        case preferences, cardHistory, meetings
    }

    private struct PreferenceObject: Encodable {
        var feature: String
        var setting: String
        var userAllows: String
        var contactAllows: String
        var state: String
    }

    private struct MeetingObject: Encodable {
        var exchangedAt: String
        var secured: String
        var ourNote: String?
        var theirNote: String?
        var commonFriends: [String]
        var commonFriendCount: Int
    }

    /// Writes the export's keys and the fields in one object (a list field that is empty as `[]`, an absent
    /// optional left out), then the ``details``' keys when there are any.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ExportKeys.self)
        try container.encode(contact.verificationStatus.rawValue, forKey: .verificationStatus)
        try container.encodeIfPresent(contact.nodeID?.rawValue, forKey: .nodeId)
        try container.encodeIfPresent(contact.claimedNodeID?.rawValue, forKey: .claimedNodeId)
        try container.encodeIfPresent(signed.map { Base64URL.encode($0.bytes) }, forKey: .card)
        try container.encodeIfPresent(contact.alias, forKey: .alias)
        try container.encodeIfPresent(contact.notes, forKey: .notes)
        try container.encode(contact.tags, forKey: .tags)
        try container.encode(contact.trustLevel.rawValue, forKey: .trustLevel)
        try container.encode(contact.pinned, forKey: .pinned)
        try container.encode(contact.source.rawValue, forKey: .source)
        try container.encode(contact.addedAt.formatted(.iso8601), forKey: .addedAt)
        var fields = contact.details
        fields.avatar = avatar
        try fields.encode(to: encoder)
        try fields.encodeEmptyLists(to: encoder)
        if let details { try encode(details, to: encoder) }
    }

    private func encode(_ details: Details, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DetailKeys.self)
        try container.encodeIfPresent(details.showsDatabaseID ? contact.id : nil, forKey: .id)
        try container.encodeIfPresent(contact.sigKey.map { $0.didKey.description }, forKey: .didKey)
        try container.encode(contact.displayName, forKey: .displayName)
        try container.encode(contact.muted, forKey: .muted)
        try container.encodeIfPresent(contact.lastSeenAt?.formatted(.iso8601), forKey: .lastSeenAt)
        try container.encodeIfPresent(contact.exchangedAt?.formatted(.iso8601), forKey: .exchangedAt)
        try container.encodeIfPresent(contact.securityCodeVerifiedAt?.formatted(.iso8601), forKey: .securityCodeVerifiedAt)
        try container.encode(contact.receipts.rawValue, forKey: .receipts)
        if case .seconds(let seconds) = contact.messageTTL { try container.encode(seconds, forKey: .messageTTLSeconds) }
        try container.encodeIfPresent(
            details.preferences?.map {
                PreferenceObject(
                    feature: $0.feature.rawValue, setting: $0.userSetting.label, userAllows: $0.userAllows.rawValue,
                    contactAllows: $0.contactAllows.rawValue, state: $0.state.description)
            }, forKey: .preferences)
        try container.encodeIfPresent(details.cardHistory, forKey: .cardHistory)
        try container.encodeIfPresent(
            details.meetings?.map {
                MeetingObject(
                    exchangedAt: $0.record.exchangedAt.formatted(.iso8601), secured: $0.record.source.rawValue, ourNote: $0.record.ourNote,
                    theirNote: $0.record.theirNote, commonFriends: $0.commonFriendNames, commonFriendCount: $0.record.commonFriends.count)
            }, forKey: .meetings)
    }

    /// The object as the export writes it: one line, keys sorted, `/` not escaped, absent fields left out.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
