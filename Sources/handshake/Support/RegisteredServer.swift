import Foundation
import HandshakeCore
import HandshakeMailbox

/// The program's view of the home's registered server (HandshakeMailbox's `MailboxRegistration`, which the
/// web app reads too): the server or client a command needs, or the sentence that says how to register.
enum RegisteredServer {
    static func registration(in home: HandshakeHome) -> MailboxRegistration {
        MailboxRegistration(directory: home.url)
    }

    /// The server recorded in `home`; an error saying how to register when there is none.
    static func url(in home: HandshakeHome) throws -> URL {
        guard let url = registration(in: home).server() else {
            throw CommandFailure("No server yet. Register with one first: handshake server register --server URL")
        }
        return url
    }

    /// A client of the registered server acting for this home's identity, reusing the session an earlier
    /// command kept in the home (`session.json`, its owner's alone) until it expires or is refused.
    static func client(in home: HandshakeHome) throws -> MailboxClient {
        let registration = registration(in: home)
        return MailboxClient(server: try url(in: home), identity: try home.identity(), sessionStore: registration.sessionFile)
    }
}
