import Foundation
import GRDB

/// One row of `contact`: a person in the book, with what their card says and what only this book knows.
///
/// `id` is the local key every other table points at. `nodeId` is unique when present and absent for
/// people imported from an address book without a verified card: such a vCard can *claim* a Node ID
/// (`claimedNodeId`), but a claim must not occupy the key, or a forged vCard could squat on a real
/// person's identity and make their genuine card look like a conflict.
///
/// The row is mapped by hand (``ContactRecord+Row``) rather than through `Codable`: a generic encoder cost
/// tens of microseconds per row, which is most of the time an import of 100,000 address-book entries
/// spent.
struct ContactRecord: Sendable, Equatable {

    var id: Int64?
    // From the card (or, unverified, the vCard).
    var nodeId: String?
    var claimedNodeId: String?
    var sigKey: Data?
    var encKey: Data?
    /// The current signed card, verbatim: re-shared and re-verified as is.
    var cardBytes: Data?
    var cardUpdatedAt: Int64?
    var name: String?
    var company: String?
    var title: String?
    var bio: String?
    var location: String?
    var emails: [String]
    var phones: [String]
    var links: [SocialLinkColumn]
    var skills: [String]
    /// Lowercased emails and normalised phones, space-separated and wrapped in spaces, so "does anyone
    /// else have this email" is one `LIKE '% x %'` without unpacking JSON.
    var matchKeys: String
    /// Name, emails and phones in one string: the same person written twice in an address book.
    var duplicateKey: String
    /// `alias`, else `name`, else `nodeId`: what lists sort by.
    var displayName: String
    // Local fields, never shared.
    var alias: String?
    var trustLevel: TrustLevel
    var addedAt: Date
    var lastSeenAt: Date?
    var notes: String?
    var pinned: Bool
    var muted: Bool
    // How it arrived.
    var source: ContactSource
    var verificationStatus: VerificationStatus
    var exchangedAt: Date?
    // Settings.
    var receipts: ReceiptsSetting
    var messageTTLSeconds: Int?
    var securityCodeVerifiedAt: Date?

}

/// A social link as stored inside the `links` JSON column.
struct SocialLinkColumn: Codable, Sendable, Equatable {
    var platform: String
    var handle: String?
    var url: String?
}
