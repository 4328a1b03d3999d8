import Foundation
import GRDB
import HandshakeCore

extension ContactRecord {
    /// A new row with the local fields at their defaults.
    init(details: CardFields, source: ContactSource, verification: VerificationStatus, trust: TrustLevel, now: Date) {
        self.init(
            id: nil, nodeId: nil, claimedNodeId: nil, sigKey: nil, encKey: nil, cardBytes: nil, cardUpdatedAt: nil,
            details: CardFields(), matchKeys: "", duplicateKey: "", displayName: "", nameKey: "", aliasKey: "",
            alias: nil, trustLevel: trust, addedAt: now, lastSeenAt: nil, notes: nil, pinned: false, muted: false,
            source: source, verificationStatus: verification, exchangedAt: nil,
            receipts: .default, messageTTLSeconds: nil, securityCodeVerifiedAt: nil)
        setDetails(details)
    }

    /// Makes `signed` the current card: identity, verbatim bytes and the details derived from it.
    mutating func setCard(_ signed: SignedCard) {
        nodeId = signed.nodeID.rawValue
        sigKey = Data(signed.card.sigKey.rawRepresentation)
        encKey = Data(signed.card.encKey.rawRepresentation)
        cardBytes = Data(signed.bytes)
        cardUpdatedAt = Int64(clamping: signed.card.updatedAt)
        verificationStatus = .verified
        setDetails(signed.card.fields)
    }

    mutating func setDetails(_ fields: CardFields) {
        details = fields.inBook
        let keys = details.matchKeys
        matchKeys = " " + (keys.emails + keys.phones).joined(separator: " ") + " "
        duplicateKey = CardFields.duplicateKey(name: details.name, matchKeys: keys)
        refreshDisplayName()
    }

    /// The display name and the name keys, after the name or the alias changed.
    mutating func refreshDisplayName() {
        displayName = DisplayName.of(
            alias: alias, name: details.name, company: details.company, emails: details.emails, phones: details.phones, nodeID: nodeId,
            claimedNodeID: claimedNodeId)
        nameKey = Skeleton.nameKey(details.name ?? "")
        aliasKey = Skeleton.nameKey(alias ?? "")
    }

    /// The public view of this row.
    func contact(tags: [String]) -> Contact {
        Contact(
            id: id ?? 0,
            nodeID: nodeId.flatMap { NodeID($0) },
            claimedNodeID: claimedNodeId.flatMap { NodeID($0) },
            sigKey: sigKey.flatMap { SigningPublicKey(rawRepresentation: $0) },
            encKey: encKey.flatMap { EncryptionPublicKey(rawRepresentation: $0) },
            cardUpdatedAt: cardUpdatedAt.map { UInt64(clamping: $0) },
            details: details,
            alias: alias, trustLevel: trustLevel, addedAt: addedAt, lastSeenAt: lastSeenAt, notes: notes,
            pinned: pinned, muted: muted, tags: tags,
            source: source, verificationStatus: verificationStatus, exchangedAt: exchangedAt,
            receipts: receipts, messageTTL: MessageTTL(storedSeconds: messageTTLSeconds),
            securityCodeVerifiedAt: securityCodeVerifiedAt)
    }

    /// The card the book holds for this row, re-verified from its stored bytes: `nil` for an unverified
    /// entry. The bytes were verified when they arrived; checking them again means a damaged or tampered
    /// file is reported (``ContactBookError/damagedCard(_:reason:)``) rather than trusted. Their date was
    /// checked against the clock then, not now.
    func storedCard() throws(ContactBookError) -> SignedCard? {
        guard let cardBytes else { return nil }
        do {
            return try CardVerifier().verify([UInt8](cardBytes), now: .distantFuture)
        } catch {
            throw .damagedCard(displayName, reason: error)
        }
    }
}

extension Contact {
    /// A one-line description for lists of candidates.
    var candidateLine: String {
        "#\(id)  \(displayName)  \(nodeID?.rawValue ?? "(unverified, no Node ID)")"
    }
}
