import Foundation
import HandshakeCore
import HandshakeMailbox

/// The card behind a share link given to `handshake add`: resolved on the server that made the link (an
/// https link's own address; for `handshake://contact/TOKEN` or the bare token, the registered server) and
/// verified by the mailbox client. Resolving does not use the link up; sending a friend request with it does.
enum ShareLinkCard {
    /// The verified card behind `text`, or `nil` when `text` is not a share link.
    static func resolve(_ text: String, home: HandshakeHome) async throws -> SignedCard? {
        guard let link = ShareLink(parsing: text) else { return nil }
        let server: URL
        if let named = link.server {
            server = named
        } else {
            do {
                server = try RegisteredServer.url(in: home)
            } catch {
                throw CommandFailure("This share link names no server: register with the server it came from first (handshake server register --server URL), or give its https:// form.")
            }
        }
        let client = MailboxClient(server: server)
        do {
            return try await client.resolve(link).card
        } catch {
            throw CommandFailure(await client.sentence(for: error, about: link))
        }
    }
}
