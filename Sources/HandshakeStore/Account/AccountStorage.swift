import Foundation
import HandshakeCore

/// Where one account keeps its three parts: the seed (the identity itself), the profile (the card and
/// what is shared), and the contact book.
public struct AccountStorage: Sendable {
    /// Where the seed lives: the identity itself. On a phone, the Keychain.
    public var seedStore: any SeedStore
    /// Where the owner's card and sharing profile live.
    public var profileStore: any ProfileStore
    /// Opens the contact book; called once per ``HandshakeAccount`` opened or created.
    public var openBook: @Sendable () throws -> ContactBook

    /// Storage from its parts: for an app, typically a Keychain seed store, its own profile store and a
    /// book in its App Group container (``ContactBook/init(url:configuration:)``).
    public init(seedStore: any SeedStore, profileStore: any ProfileStore, openBook: @escaping @Sendable () throws -> ContactBook) {
        self.seedStore = seedStore
        self.profileStore = profileStore
        self.openBook = openBook
    }

    /// Everything in one folder, as the `handshake` program keeps it: `identity.seed` (readable by its
    /// owner alone), `card.json` and `contacts.sqlite`. The folder is created (mode 0700) when the book is
    /// first opened.
    public static func directory(_ url: URL) -> AccountStorage {
        AccountStorage(
            seedStore: FileSeedStore(url: url.appendingPathComponent(seedFileName)),
            profileStore: ProfileFile(url: url.appendingPathComponent(profileFileName)),
            openBook: {
                do {
                    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                } catch {
                    throw StoreError.unwritable(path: url.path, reason: SystemFailure.reason(of: error, creatingFolder: true))
                }
                return try ContactBook(url: url.appendingPathComponent(bookFileName))
            })
    }

    /// The seed's file in a ``directory(_:)``.
    public static let seedFileName = "identity.seed"
    /// The card and sharing profile's file in a ``directory(_:)``.
    public static let profileFileName = "card.json"
    /// The contact book's file in a ``directory(_:)``.
    public static let bookFileName = "contacts.sqlite"
}
