import Foundation
import HandshakeCore

/// The card behind a share link given to `handshake add`: resolved on the server that made the link (an
/// https link's own address; for `handshake://contact/TOKEN` or the bare token, the registered server) and
/// verified here again. Resolving does not use the link up; sending a friend request with it does.
enum ShareLinkCard {
    /// The verified card behind `text`, or `nil` when `text` is not a share link.
    static func resolve(_ text: String, home: HandshakeHome) throws -> SignedCard? {
        guard let token = ShareLinkText.token(in: text) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let client: MailboxClient
        if let range = trimmed.range(of: "/share/contact/"), trimmed.hasPrefix("https://") || trimmed.hasPrefix("http://") {
            client = MailboxClient(baseURL: String(trimmed[..<range.lowerBound]))
        } else {
            do {
                client = try MailboxClient.registered(in: home)
            } catch {
                throw CommandFailure("This share link names no server: register with the server it came from first (handshake server register --server URL), or give its https:// form.")
            }
        }
        do {
            let resolved = try client.call("GET", "/v1/share-links/\(token)")
            return try MailboxClient.verifiedCard(resolved["card"])
        } catch let refusal as MailboxClient.Refusal {
            let owner = refusal.owner.flatMap { try? client.card(of: $0).card.name }
            throw CommandFailure(RequestSendCommand.sentence(for: refusal, owner: owner))
        }
    }
}
