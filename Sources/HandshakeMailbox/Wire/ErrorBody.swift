/// The JSON body of every refusal: `{"code", "message"}`, with `owner` when the refusal is about a share
/// link someone made, and `detail` when the refusal carries one (what was wrong with a request, why a card
/// or a presentation was refused, the state an answered request is in).
///
/// Clients switch on `code` (``MailboxError``'s cases), never on `message`: the message is the server's
/// sentence for a person, and a client of another language has its own.
package struct ErrorBody: Codable, Sendable {
    package let code: String
    package let message: String
    package let owner: String?
    package let detail: String?

    package init(code: String, message: String, owner: String?, detail: String?) {
        self.code = code
        self.message = message
        self.owner = owner
        self.detail = detail
    }
}
