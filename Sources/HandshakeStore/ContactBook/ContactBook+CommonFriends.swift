import Foundation
import GRDB
import HandshakeCore

extension ContactBook {
    /// The signing keys of the TRUSTED contacts with a verified card, most recently met first: the set the
    /// nearby exchange looks for common friends in (it compares at most `limit`, so the order decides which).
    public func trustedSigningKeys(limit: Int = 4096) throws -> [SigningPublicKey] {
        try writer.read { db in
            try Data.fetchAll(db, sql: """
                SELECT sigKey FROM contact
                WHERE trustLevel = ? AND sigKey IS NOT NULL
                ORDER BY coalesce(exchangedAt, addedAt) DESC, id DESC
                LIMIT ?
                """, arguments: [TrustLevel.trusted.rawValue, limit])
        }.compactMap { SigningPublicKey(rawRepresentation: $0) }
    }

    /// The contact whose verified card has `key`, if any: how an app names a common friend.
    public func contact(withSigningKey key: SigningPublicKey) throws -> Contact? {
        try contact(nodeID: key.nodeID)
    }
}
