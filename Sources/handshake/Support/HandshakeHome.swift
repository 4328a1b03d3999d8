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

    /// The account kept in this folder (the library's ``HandshakeAccount`` does the work; the program
    /// only finds the folder and prints).
    var storage: AccountStorage { AccountStorage.directory(url) }
}

extension HandshakeHome {
    /// The account kept here, for every command that acts as its owner (signs, shows or sends the card,
    /// signs in to a server); when there is none, the library's error names this folder (the program's hint
    /// then says how to create one).
    func account() throws -> HandshakeAccount {
        try HandshakeAccount.open(storage)
    }

    /// Opens the contact book alone, creating the home folder and the book on first use: receiving, listing
    /// and importing contacts need no identity of one's own.
    func contactBook() throws -> ContactBook {
        try storage.openBook()
    }
}
