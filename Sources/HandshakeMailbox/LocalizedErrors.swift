import Foundation

// As in HandshakeCore: each error's cases carry what an app needs to act on or to word it in another
// language; `LocalizedError` makes `localizedDescription` the English sentence of `description`.

extension MailboxClientError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension MailboxError: LocalizedError {
    /// The sentence of `message`, which `localizedDescription` shows.
    public var errorDescription: String? { message }
}
