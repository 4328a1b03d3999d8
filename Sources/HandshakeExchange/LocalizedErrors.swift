import Foundation

// As in HandshakeCore: each error's cases carry what an app needs to act on or to word it in another
// language; `LocalizedError` makes `localizedDescription` the English sentence of `description`.

extension ChannelError: LocalizedError {
    public var errorDescription: String? { description }
}

extension SessionTokenError: LocalizedError {
    public var errorDescription: String? { description }
}

extension SessionActionError: LocalizedError {
    public var errorDescription: String? { description }
}

extension ShortCodeError: LocalizedError {
    public var errorDescription: String? { description }
}

extension CommonFriendsError: LocalizedError {
    public var errorDescription: String? { description }
}

extension NoteError: LocalizedError {
    public var errorDescription: String? { description }
}

extension MessageError: LocalizedError {
    public var errorDescription: String? { description }
}

extension CardSwapError: LocalizedError {
    public var errorDescription: String? { description }
}
