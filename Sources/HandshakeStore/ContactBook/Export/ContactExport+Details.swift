// Establishes what a listing of contacts adds to the export's JSON object (docs/formats/contact-export.md,
// "In a listing"): the book's own state of a contact that an export file leaves out, and for one contact's
// page its preferences, the number of its earlier cards and its meetings. `handshake contacts --json` and
// `handshake contact show --json` print it; an app that lists contacts as JSON gives the same keys.

import Foundation
import HandshakeCore

extension ContactExport {
    /// The keys a listing adds to the export's object.
    public struct Details: Sendable {
        /// Whether the object carries the book's row number (`id`): a debugging aid, not a stable key.
        public var showsDatabaseID: Bool
        /// Each chat preference with who can use it; `nil` leaves the key out.
        public var preferences: [ContactPreference]?
        /// How many earlier cards the book keeps; `nil` leaves the key out.
        public var cardHistory: Int?
        /// The meetings face to face, with the common friends' names; `nil` leaves the key out.
        public var meetings: [Meeting]?

        /// One meeting face to face, with the names the book has for its common friends.
        public struct Meeting: Sendable, Equatable {
            /// The meeting as the book keeps it.
            public var record: ExchangeRecord
            /// The common friends' names in this book, sorted; a friend no longer in it is left out (its
            /// count stays in the record's `commonFriends`).
            public var commonFriendNames: [String]

            /// A meeting with the names of its common friends.
            public init(record: ExchangeRecord, commonFriendNames: [String]) {
                self.record = record
                self.commonFriendNames = commonFriendNames
            }
        }

        /// The details of a listing; `commonFriendName` names a common friend of a meeting (`nil` for one
        /// the book no longer holds).
        public init(
            showsDatabaseID: Bool = false, preferences: [ContactPreference]? = nil, cardHistory: Int? = nil,
            meetings: [ExchangeRecord]? = nil, commonFriendName: (SigningPublicKey) -> String? = { _ in nil }
        ) {
            self.showsDatabaseID = showsDatabaseID
            self.preferences = preferences
            self.cardHistory = cardHistory
            self.meetings = meetings?.map { Meeting(record: $0, commonFriendNames: $0.commonFriends.compactMap(commonFriendName).sorted()) }
        }
    }
}
