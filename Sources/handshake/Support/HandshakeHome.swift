import Foundation
import HandshakeCore
import HandshakeStore

/// The folder holding one person's Handshake data, and the files in it.
struct HandshakeHome {
    let url: URL

    /// `$HANDSHAKE_HOME`, else `$XDG_DATA_HOME/handshake`, else `~/.local/share/handshake`.
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> HandshakeHome {
        if let home = environment["HANDSHAKE_HOME"], !home.isEmpty {
            return HandshakeHome(url: URL(fileURLWithPath: home, isDirectory: true))
        }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            return HandshakeHome(url: URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("handshake", isDirectory: true))
        }
        let user = FileManager.default.homeDirectoryForCurrentUser
        return HandshakeHome(url: user.appendingPathComponent(".local/share/handshake", isDirectory: true))
    }

    var seedStore: FileSeedStore { FileSeedStore(url: url.appendingPathComponent("identity.seed")) }
    var profileFile: ProfileFile { ProfileFile(url: url.appendingPathComponent("card.json")) }

    /// The identity stored here; an error telling how to create one if there is none.
    func identity() throws -> Identity {
        guard let seed = try seedStore.loadSeed() else { throw StoreError.noIdentity(home: url.path) }
        return Identity(seed: seed)
    }

    /// The owner's profile, or a fresh one if the identity has none saved yet.
    func profile(for identity: Identity, now: Date = Date()) throws -> CardProfile {
        try profileFile.load(identity: identity) ?? CardProfile(identity: identity, now: now)
    }

    /// The owner's card as others receive it: the shared fields, freshly signed.
    ///
    /// Edits keep the whole card within what receivers accept, but card.json is meant to be readable and
    /// may have been changed by hand (or saved before edits checked the total); a card no one could
    /// receive is not handed out.
    func issueCard(for identity: Identity) throws -> SignedCard {
        let card = try profile(for: identity).issueCard(identity: identity)
        guard card.bytes.count <= CardLimits.signedCardBytes else {
            throw CommandFailure(CardFieldError.cardTooLarge(bytes: card.bytes.count).description)
        }
        return card
    }
}

extension HandshakeHome {
    /// The contact book file, `contacts.sqlite` (with its `-wal` and `-shm` companions while open).
    var contactBookURL: URL { url.appendingPathComponent("contacts.sqlite") }

    /// Opens the contact book, creating the home folder and the book on first use.
    func contactBook() throws -> ContactBook {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return try ContactBook(path: contactBookURL.path)
    }
}
