// Establishes what the app shows when a request cannot be answered as asked: a missing contact, an address
// that is no page, a form that cannot be read. It is a page of the app like any other (the navigation, the
// sentence, a way back) with the error's HTTP status, never Hummingbird's JSON body or an empty 404. The
// sentence is the error's own when it has one (a route's HTTPError, a library's HandshakeError); anything
// else is said without its internals.
import HandshakeCore
import HandshakeHTML
import HandshakeHTTPGuard
import Hummingbird

enum ErrorPage {
    /// The page for `error`, with its status: an HTTPError keeps its status and message, a library's
    /// HandshakeError is 422 with its sentence, anything else 500.
    static func response(for error: any Error) -> Response {
        let (status, sentence) = described(error)
        return Page.response(page(status: status, sentence: sentence), status: status)
    }

    /// The status and the sentence to show for `error`.
    static func described(_ error: any Error) -> (HTTPResponse.Status, String) {
        switch error {
        case let error as HTTPError:
            return (error.status, error.body ?? defaultSentence(error.status))
        case let error as any HandshakeError:
            return (.unprocessableContent, error.description)
        case let error as any HTTPResponseError:
            return (error.status, defaultSentence(error.status))
        default:
            return (.internalServerError, defaultSentence(.internalServerError))
        }
    }

    /// What a status means to a person, when the error says nothing itself.
    static func defaultSentence(_ status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "There is no page at this address. The link may be mistyped or out of date."
        case .contentTooLarge: "What was sent is larger than Handshake accepts; nothing was changed."
        case .methodNotAllowed: "This address does not take that request; nothing was changed."
        default:
            status.code >= 500
                ? "Handshake could not finish this; nothing was changed. Try again, or restart handshake app."
                : "Handshake could not do this; nothing was changed."
        }
    }

    /// A request refused below the router because it could be read two ways (`RequestHeadRefusal`): the page
    /// of a request that could not be done, with the refusal's sentence.
    @Sendable static func refusal(_ refusal: RequestHeadRefusal) -> (contentType: String, body: String) {
        ("text/html; charset=utf-8", page(status: HTTPResponse.Status(code: Int(refusal.status.code)), sentence: refusal.sentence))
    }

    /// The page: its title, the sentence announced at once, and a way back to the contacts.
    static func page(status: HTTPResponse.Status, sentence: String) -> String {
        let title = status == .notFound ? "Not found" : status.code >= 500 ? "Something went wrong" : "Could not do that"
        return Page.screen(title: title, current: nil) {
            HTML.h1 { .text(title) }
            Page.refusal(sentence)
            HTML.p { HTML.a(.href(.contacts)) { .text("Back to your contacts") } }
        }
    }
}
