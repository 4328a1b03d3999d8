import Foundation
import HandshakeCore

/// One-time share links: made by the signed-in account, resolved by anyone who holds one.
extension MailboxClient {
    /// Makes a share link to the account's published card: usable for one friend request until it expires
    /// (24 hours on a server with the defaults).
    /// - Throws: ``MailboxError/cardRequired`` (publish first) or ``MailboxError/rateLimited(retryAfter:)``
    ///   as ``MailboxClientError/refused(_:owner:)``.
    public func createShareLink() async throws(MailboxClientError) -> CreatedShareLink {
        let response: CreatedShareLinkResponse = try await call("POST", MailboxPath.shareLinks)
        guard let link = ShareLink(parsing: response.url), link.token == response.token else {
            throw .unexpectedAnswer("the server's new link is not a share link.")
        }
        // A link that names an owner must name this account (a server from before links named their owner
        // gives one that names none, and serves its landing page only in that form).
        if let owner = link.owner, owner != identity?.nodeID { throw .unexpectedAnswer("the server's new link names another owner.") }
        return CreatedShareLink(link: link, expiresAt: response.expiresAt)
    }

    /// The verified card behind `link`, and whose it is. Resolving does not use the link up: sending a
    /// friend request with it does. A public call, made on this client's server (one request).
    ///
    /// When the link names its owner, the card must be theirs: a server that answers with anyone else's
    /// card, however valid, is refused, and a refusal is told as being about the link's owner whatever the
    /// server says.
    /// - Throws: ``MailboxError/linkUnknown``, ``MailboxError/linkExpired``, ``MailboxError/linkUsed``,
    ///   ``MailboxError/linkRevoked`` as ``MailboxClientError/refused(_:owner:)``, with the owner's Node ID
    ///   when the link was theirs; ``MailboxClientError/notTheLinkOwnersCard(owner:card:)`` for a card that is
    ///   not the owner's.
    public func resolve(_ link: ShareLink) async throws(MailboxClientError) -> ResolvedShareLink {
        let response: ResolvedShareLinkResponse
        do throws(MailboxClientError) {
            response = try await call("GET", MailboxPath.shareLink, ["token": link.token], signedIn: false)
        } catch {
            if case .refused(let refusal, _) = error, let owner = link.owner { throw .refused(refusal, owner: owner) }
            throw error
        }
        guard let owner = NodeID(response.nodeId) else { throw .unexpectedAnswer("the link's owner is not a Node ID.") }
        if let named = link.owner, named != owner {
            throw .notTheLinkOwnersCard(owner: named, card: owner)
        }
        return ResolvedShareLink(link: link, owner: owner, card: try verifiedCard(response.card, of: owner), expiresAt: response.expiresAt)
    }

    /// Withdraws one of the account's links: it no longer resolves or works.
    /// - Throws: ``MailboxError/linkUnknown`` as ``MailboxClientError/refused(_:owner:)`` when the account
    ///   has no such link.
    public func revoke(_ link: ShareLink) async throws(MailboxClientError) {
        _ = try await send("DELETE", MailboxPath.shareLink, ["token": link.token], signedIn: true)
    }

    /// The sentence for a share link that could not be used, naming the person who made it ("This link was
    /// already used. Ask Ada for a new one."): the owner the link names, or else the refusal's owner, or
    /// else the one resolving the link gives; then their published card. Any other error's own sentence.
    public func sentence(for error: MailboxClientError, about link: ShareLink) async -> String {
        guard let refusal = error.refusal else { return error.description }
        // A link that names its owner needs no question to the server about whose it is.
        var owner = link.owner
        if owner == nil, case .refused(_, let named?) = error {
            owner = named
        } else if owner == nil {
            do throws(MailboxClientError) {
                return ShareLink.sentence(for: refusal, ownerName: try await resolve(link).card.card.name)
            } catch {
                if case .refused(_, let named?) = error { owner = named }
            }
        }
        let name: String?
        if let owner { name = try? await card(of: owner).card.name } else { name = nil }
        return ShareLink.sentence(for: refusal, ownerName: name)
    }
}

/// A share link just made.
public struct CreatedShareLink: Sendable, Equatable {
    /// The link, naming its server (its `description` is the https form to send).
    public let link: ShareLink
    /// When it stops working.
    public let expiresAt: Date
}

/// The card behind a share link, verified.
public struct ResolvedShareLink: Sendable, Equatable {
    /// The link that was resolved.
    public let link: ShareLink
    /// Who made it.
    public let owner: NodeID
    /// Their card, verified here and checked to be theirs.
    public let card: SignedCard
    /// When the link stops working.
    public let expiresAt: Date
}

extension ShareLink {
    /// The sentence for a refused link, naming its owner when known: what a person reads when a link they
    /// were given cannot be used.
    public static func sentence(for refusal: MailboxError, ownerName: String?) -> String {
        let who = ownerName ?? "its owner"
        switch refusal {
        case .linkUsed: return "This link was already used. Ask \(who) for a new one."
        case .linkExpired: return "This link has expired. Ask \(who) for a new one."
        case .linkRevoked: return "\(ownerName ?? "Its owner") withdrew this link. Ask them for a new one."
        default: return refusal.message
        }
    }
}
