import Foundation
import HandshakeCore
import HandshakeStore

/// A contact as `--json` prints it. Keys are stable: scripts rely on them.
struct ContactJSON: Encodable {
    var id: Int64?
    var nodeId: String?
    var claimedNodeId: String?
    var didKey: String?
    var displayName: String
    var alias: String?
    var name: String?
    var company: String?
    var title: String?
    var bio: String?
    var location: String?
    var emails: [String]
    var phones: [String]
    var links: [String]
    var skills: [String]
    var trustLevel: String
    var pinned: Bool
    var muted: Bool
    var tags: [String]
    var notes: String?
    var source: String
    var verificationStatus: String
    var addedAt: String
    var lastSeenAt: String?
    var exchangedAt: String?
    var securityCodeVerifiedAt: String?
    var receipts: String
    var messageTTLSeconds: Int?
    var preferences: [PreferenceJSON]?
    var cardHistory: Int?
    var meetings: [MeetingJSON]?
    var card: String?

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
        id = debug ? contact.id : nil
        nodeId = contact.nodeID?.rawValue
        claimedNodeId = contact.claimedNodeID?.rawValue
        didKey = contact.sigKey.map { $0.didKey.description }
        displayName = contact.displayName
        alias = contact.alias
        name = contact.details.name
        company = contact.details.company
        title = contact.details.title
        bio = contact.details.bio
        location = contact.details.location
        emails = contact.details.emails
        phones = contact.details.phones
        links = contact.details.links.map(\.summary)
        skills = contact.details.skills
        trustLevel = contact.trustLevel.rawValue
        pinned = contact.pinned
        muted = contact.muted
        tags = contact.tags
        notes = contact.notes
        source = contact.source.rawValue
        verificationStatus = contact.verificationStatus.rawValue
        addedAt = contact.addedAt.formatted(.iso8601)
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
        card = debug ? signed.map { Base64URL.encode($0.bytes) } : nil
    }
}
