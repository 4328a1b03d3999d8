import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakePresentation

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

    /// Publishes the home's newest card to its registered server, if it has one, so that contacts who fetch
    /// it there (handshake contacts refresh) see the change. Said on standard error; a failure is not the
    /// command's: the card is saved here, and the next registration or change publishes it.
    static func publishNewest(in home: HandshakeHome) async {
        guard registration(in: home).server() != nil else { return }
        do {
            var configuration = MailboxClient.Configuration()
            configuration.requestTimeout = .seconds(10)
            let client = try client(in: home, configuration: configuration)
            switch try await client.publish(try home.account().issueCard()) {
            case .published:
                FileHandle.standardError.write(Data((PublishSentences.published(to: client.server.absoluteString).rendered { TerminalText.value($0) } + "\n").utf8))
            case .alreadyCurrent: break
            }
        } catch {
            FileHandle.standardError.write(Data((PublishSentences.notPublished(reason: "\(error)").rendered { TerminalText.value($0) } + "\n").utf8))
        }
    }

    /// A client of the registered server acting for this home's identity, reusing the session an earlier
    /// command kept in the home (`session.json`, its owner's alone) until it expires or is refused.
    static func client(in home: HandshakeHome, configuration: MailboxClient.Configuration = MailboxClient.Configuration()) throws -> MailboxClient {
        let registration = registration(in: home)
        return MailboxClient(server: try url(in: home), identity: try home.account().identity, configuration: configuration, sessionStore: registration.sessionFile)
    }
}
