import Foundation
import HandshakeCore
import HandshakeStore

/// A contact as `--json` prints it: the object of the contact export (docs/formats/contact-export.md), the one
/// JSON shape of a contact, with the book's local keys added. Keys are stable: scripts rely on them.
struct ContactJSON: Encodable {
    /// The export's keys and the contact's fields; `card` only with `--debug`, no avatar.
    var export: ContactExport
    var id: Int64?
    var didKey: String?
    var displayName: String
    var muted: Bool
    var lastSeenAt: String?
    var exchangedAt: String?
    var securityCodeVerifiedAt: String?
    var receipts: String
    var messageTTLSeconds: Int?
    var preferences: [PreferenceJSON]?
    var cardHistory: Int?
    var meetings: [MeetingJSON]?

    /// One meeting face to face: when, how the channel was secured, both notes and the common friends.
    struct MeetingJSON: Encodable {
        var exchangedAt: String
        var secured: String
        var ourNote: String?
        var theirNote: String?
        /// The common friends' names in this book (a friend no longer in it is left out), and how many there were.
        var commonFriends: [String]
        var commonFriendCount: Int
    }

    struct PreferenceJSON: Encodable {
        var feature: String
        var setting: String
        var userAllows: String
        var contactAllows: String
        var state: String
    }

    init(
        _ contact: Contact, preferences: [ContactPreference]? = nil, historyCount: Int? = nil, meetings: [ExchangeRecord]? = nil,
        commonFriendName: (SigningPublicKey) -> String? = { _ in nil }, card signed: SignedCard? = nil, debug: Bool = false
    ) {
        export = ContactExport(ContactBook.ExportedContact(contact: contact, signed: debug ? signed : nil))
        id = debug ? contact.id : nil
        didKey = contact.sigKey.map { $0.didKey.description }
        displayName = contact.displayName
        muted = contact.muted
        lastSeenAt = contact.lastSeenAt?.formatted(.iso8601)
        exchangedAt = contact.exchangedAt?.formatted(.iso8601)
        securityCodeVerifiedAt = contact.securityCodeVerifiedAt?.formatted(.iso8601)
        receipts = contact.receipts.rawValue
        if case .seconds(let seconds) = contact.messageTTL { messageTTLSeconds = seconds }
        self.preferences = preferences?.map {
            PreferenceJSON(feature: $0.feature.rawValue, setting: $0.userSetting.label, userAllows: $0.userAllows.rawValue,
                           contactAllows: $0.contactAllows.rawValue, state: $0.state.description)
        }
        cardHistory = historyCount
        self.meetings = meetings?.map { meeting in
            MeetingJSON(
                exchangedAt: meeting.exchangedAt.formatted(.iso8601), secured: meeting.source.rawValue, ourNote: meeting.ourNote,
                theirNote: meeting.theirNote, commonFriends: meeting.commonFriends.compactMap(commonFriendName).sorted(),
                commonFriendCount: meeting.commonFriends.count)
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, didKey, displayName, muted, lastSeenAt, exchangedAt, securityCodeVerifiedAt, receipts, messageTTLSeconds
        case preferences, cardHistory, meetings
    }

    func encode(to encoder: any Encoder) throws {
        try export.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(didKey, forKey: .didKey)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(muted, forKey: .muted)
        try container.encodeIfPresent(lastSeenAt, forKey: .lastSeenAt)
        try container.encodeIfPresent(exchangedAt, forKey: .exchangedAt)
        try container.encodeIfPresent(securityCodeVerifiedAt, forKey: .securityCodeVerifiedAt)
        try container.encode(receipts, forKey: .receipts)
        try container.encodeIfPresent(messageTTLSeconds, forKey: .messageTTLSeconds)
        try container.encodeIfPresent(preferences, forKey: .preferences)
        try container.encodeIfPresent(cardHistory, forKey: .cardHistory)
        try container.encodeIfPresent(meetings, forKey: .meetings)
    }
}
