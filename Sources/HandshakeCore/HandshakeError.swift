import Foundation

// What every error the Handshake libraries throw has in common: its cases say what went wrong in data an
// app can act on (which field, which limit, which form was recognised), and its `description` is an English
// sentence for a person. This protocol adds nothing else; it exists so that `localizedDescription` shows
// that sentence rather than "The operation couldn't be completed", written once here instead of once per
// error, and so that an app can catch any of them in one clause. An app that translates switches over the
// cases of the concrete error and words them itself.

/// An error from a Handshake library, whose `description` is a sentence to show a person.
///
/// ```swift
/// do {
///     let (card, _) = try CardText.read(Array(text.utf8), now: Date())
///     show(card)
/// } catch let error as any HandshakeError {
///     showProblem(error.description)  // the same sentence as error.localizedDescription
/// }
/// ```
public protocol HandshakeError: LocalizedError, CustomStringConvertible, Sendable {}

extension HandshakeError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}
