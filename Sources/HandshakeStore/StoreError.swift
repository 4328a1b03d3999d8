import HandshakeCore

/// Why local data could not be read or written, in words for the person using the app or program.
///
/// Messages say what is wrong and what it means; they name no command or button, so every front end
/// (an app, the `handshake` program) adds its own way out.
public enum StoreError: HandshakeError, Equatable {
    /// The seed file can be read by other users, so it is not used: the identity may already be copied.
    case seedFileTooOpen(path: String, mode: String)
    /// The seed file does not hold 32 bytes: it is damaged, and only the backup code restores the identity.
    case corruptSeed(path: String, bytes: Int)
    /// An identity is already stored there; creating another would lose it.
    case identityExists(path: String)
    /// No identity has been created or restored here yet. `home` is the folder it was looked for in, when
    /// the seed is kept in a file (``FileSeedStore``); `nil` for a seed store of an app's own (a Keychain).
    case noIdentity(home: String?)
    /// A file could not be read; the reason is the system's.
    case unreadable(path: String, reason: String)
    /// A file could not be written; the reason is the system's.
    case unwritable(path: String, reason: String)
    /// The profile file is not a profile this identity can use; the reason says why.
    case corruptProfile(path: String, reason: String)
    /// The identity stored is no longer the one a key move was made from (another move, or a restore, came
    /// first): the move is not kept.
    case identityChanged

    /// A sentence to show the person using the app.
    public var description: String {
        switch self {
        case .seedFileTooOpen(let path, let mode):
            return "The identity file \(path) can be read by other users (mode \(mode)), so it is not used."
        case .corruptSeed(let path, let bytes):
            return "The identity file \(path) holds \(bytes) bytes instead of 32; it is damaged. Restore your identity from its backup code."
        case .identityExists(let path):
            return "An identity already exists at \(path). Replacing it loses the old one unless you have its backup code."
        case .noIdentity(let home):
            return "There is no identity \(home.map { "in \($0)" } ?? "here") yet: create one, or restore it from its backup code."
        case .unreadable(let path, let reason):
            return "\(path) can't be read: \(reason)."
        case .unwritable(let path, let reason):
            return "\(path) can't be written: \(reason)."
        case .corruptProfile(let path, let reason):
            return "The card file \(path) is damaged (\(reason)). Edit it back to valid JSON or remove it and set your card again."
        case .identityChanged:
            return "The identity here changed since this move to a new key was made, so the move was not kept."
        }
    }
}
