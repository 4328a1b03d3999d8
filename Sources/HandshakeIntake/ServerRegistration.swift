// Establishes what registering with a mailbox server does to the card, for every front end: the card names the
// server (key 16, unless its owner turned that off), so contacts can fetch the newest card there, and that card
// is the one published; the server is remembered. A registration that fails leaves the card as it was.
import HandshakeCore
import HandshakeMailbox
import HandshakeStore

/// Registering an account, not only a card: the card names the server it is published to.
extension MailboxRegistration {
    /// Registers `account` on `client`'s server: names the server in the card (`HandshakeAccount.nameServer(_:named:now:)`),
    /// publishes the card that results, and remembers the server.
    /// - Throws: the client's error, or the account's; the card is as it was then.
    public func register(_ client: MailboxClient, account: HandshakeAccount) async throws -> PublishResult {
        let before = try account.profile().card.server
        _ = try account.nameServer(ServerOrigin(client.server.absoluteString))
        do {
            return try await register(client, card: try account.issueCard())
        } catch {
            _ = try? account.nameServer(before)
            throw error
        }
    }
}
