import HandshakeCore

/// Where the owner's card and sharing profile are kept: ``ProfileFile`` (readable JSON next to the seed)
/// on Linux and in the `handshake` program; an app may keep it anywhere (its own database, a file in an App
/// Group container) by conforming to this.
public protocol ProfileStore: Sendable {
    /// The stored profile of `identity`, or `nil` when none has been saved yet.
    func load(identity: Identity) throws -> CardProfile?
    /// Stores `profile`, replacing the previous one.
    func save(_ profile: CardProfile) throws
}

extension ProfileFile: ProfileStore {}
