import Hummingbird

/// The header names the server uses that swift-http-types does not name for us.
///
/// `HTTPField.Name`'s only public initialiser for a custom name is failable (it refuses characters HTTP
/// forbids), so each name here is optional and built once, without a force unwrap: the code that uses
/// one says what happens without it. The tests see each at work (the landing page's `Referrer-Policy`,
/// a stream resumed with `Last-Event-ID`), so a name that failed to build would fail them.
extension HTTPFields.Element.Name {
    /// `Referrer-Policy`: the landing page sends `no-referrer`, since its URL holds a share token.
    static let referrerPolicy = HTTPFields.Element.Name("Referrer-Policy")
    /// `Last-Event-ID`: where a reconnecting event stream resumes.
    static let lastEventID = HTTPFields.Element.Name("Last-Event-ID")
}
