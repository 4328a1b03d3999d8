import Foundation

// As in HandshakeCore: each error's cases carry what an app needs to act on or to word it in another
// language; `LocalizedError` makes `localizedDescription` the English sentence of `description`.

extension ChannelError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension SessionTokenError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension SessionActionError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension ShortCodeError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension CommonFriendsError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension NoteError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension MessageError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension CardSwapError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}
