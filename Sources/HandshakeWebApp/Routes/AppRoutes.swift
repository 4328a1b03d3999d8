// Establishes the path from a request to a screen: each route reads what it needs from the account, asks
// the libraries for the facts or the change, and hands them to a screen. No route holds a rule of its own:
// search and order are ContactListQuery's, validation is ContactEdit's, deletion is the book's.
import Foundation
import HandshakeCore
import HandshakeStore
import Hummingbird

struct AppRoutes: Sendable {
    let account: HandshakeAccount
    let secrets: LaunchSecrets

    func register(on router: Router<BasicRequestContext>) {
        router.get("/") { _, _ in Page.redirect(to: "/contacts") }
        router.get("/static/app.css") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/css; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: Stylesheet.css)))
        }
        router.get("/contacts", use: contacts)
        router.get("/contacts/{id}", use: contact)
        router.post("/contacts/{id}/alias", use: setAlias)
        router.get("/contacts/{id}/delete", use: confirmDelete)
        router.post("/contacts/{id}/delete", use: delete)
        router.get("/card", use: card)
    }

    @Sendable func contacts(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let search = String(request.uri.queryParameters["q"] ?? "")
        let found = try account.book.contacts(ContactListQuery(search: search))
        return Page.response(ContactsScreen.page(contacts: found, search: search))
    }

    @Sendable func contact(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let contact = try found(context)
        let meetings = try account.book.exchanges(ofContact: contact.id)
        let code = contact.sigKey == nil ? nil : try? account.securityCode(with: contact)
        let saved = request.uri.queryParameters["saved"] != nil
        return Page.response(ContactScreen.page(contact: contact, meetings: meetings, securityCode: code, formToken: secrets.formToken, saved: saved))
    }

    @Sendable func setAlias(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let contact = try found(context)
        var request = request
        let form = FormFields(String(buffer: try await request.collectBody(upTo: LocalAccessMiddleware<BasicRequestContext>.formLimit)))
        do {
            _ = try account.book.update(contact.id, ContactEdit(alias: form["alias"] ?? ""))
        } catch let error as ContactBookError {
            throw HTTPError(.badRequest, message: error.description)
        }
        return Page.redirect(to: "/contacts/\(contact.id)?saved=1")
    }

    @Sendable func confirmDelete(_ request: Request, context: BasicRequestContext) async throws -> Response {
        Page.response(ContactScreen.deletePage(contact: try found(context), formToken: secrets.formToken))
    }

    @Sendable func delete(_ request: Request, context: BasicRequestContext) async throws -> Response {
        try account.book.delete(try found(context).id)
        return Page.redirect(to: "/contacts")
    }

    @Sendable func card(_ request: Request, context: BasicRequestContext) async throws -> Response {
        Page.response(MyCardScreen.page(card: try account.issueCard()))
    }

    /// The contact the path names, or 404.
    func found(_ context: BasicRequestContext) throws -> Contact {
        guard let id = Int64(try context.parameters.require("id")), let contact = try account.book.contact(id: id) else {
            throw HTTPError(.notFound, message: "There is no such contact.")
        }
        return contact
    }
}
