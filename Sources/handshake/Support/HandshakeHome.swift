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

    var seedStore: FileSeedStore { FileSeedStore(url: url.appendingPathComponent(AccountStorage.seedFileName)) }
    var profileFile: ProfileFile { ProfileFile(url: url.appendingPathComponent(AccountStorage.profileFileName)) }

    /// The account kept in this folder (the library's ``HandshakeAccount`` does the work; the program
    /// only finds the folder and prints).
    var storage: AccountStorage { AccountStorage.directory(url) }

    /// The identity stored here; an error telling how to create one if there is none.
    func identity() throws -> Identity {
        guard let seed = try seedStore.loadSeed() else { throw StoreError.noIdentity(home: url.path) }
        return Identity(seed: seed)
    }

    /// The owner's profile, or a fresh one if the identity has none saved yet.
    func profile(for identity: Identity, now: Date = Date()) throws -> CardProfile {
        try profileFile.load(identity: identity) ?? CardProfile(identity: identity, now: now)
    }

    /// The owner's card as others receive it: the shared fields, freshly signed; never one a receiver
    /// would refuse (the profile refuses one too large), without opening the contact book.
    func issueCard(for identity: Identity) throws -> SignedCard {
        let profile = try profile(for: identity)
        do {
            return try profile.issueCard(identity: identity)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}

extension HandshakeHome {
    /// The account kept here; when there is none, the library's error names this folder (the program's
    /// hint then says how to create one).
    func account() throws -> HandshakeAccount {
        try HandshakeAccount.open(storage)
    }

    /// Opens the contact book, creating the home folder and the book on first use.
    func contactBook() throws -> ContactBook {
        try storage.openBook()
    }
}
