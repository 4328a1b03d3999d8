// Establishes the path from a request to a screen: each route reads what it needs from the account, asks
// the libraries for the facts or the change, and hands them to a screen. No route holds a rule of its own:
// search and order are ContactListQuery's, validation is ContactEdit's, deletion is the book's, what Add
// accepts is CardIntake's. Forms and queries are read as the app's Decodable types (Forms/).
import Foundation
import HandshakeCore
import HandshakeExchange
import HandshakeIntake
import HandshakeMailbox
import HandshakePresentation
import HandshakeStore
import Hummingbird

struct AppRoutes: Sendable {
    let accounts: AccountHolder
    /// The account as it is now (a move to a new key replaces it).
    var account: HandshakeAccount { accounts.account }
    let connection: MailboxConnection
    let secrets: LaunchSecrets
    /// Face to face, which a scanned session token starts (the other device showed "a code to scan").
    let faceToFace: FaceToFace

    func register(on router: Router<BasicRequestContext>) {
        router.get(.home) { _, _ in Page.redirect(to: .contacts) }
        router.get(.contacts, use: contacts)
        router.get(.contactResults) { request, context in
            let filter = Self.filter(request, context: context)
            let contacts = try account.book.contacts(filter.listQuery)
            return Page.response(ContactsScreen.results(contacts: contacts, filter: filter, updates: updates(of: contacts)))
        }
        router.get(.contactsStream) { _, _ in
            // Each change in the book (the first value is the book as it is) tells the list to redraw.
            ServerSentEvents.response(retry: 3000, relaying: account.book.observeContacts()) { _ in "changed" }
        }
        router.get(AppPath.contact, use: contact)
        router.get(AppPath.contactLive) { _, context in
            let contact = try found(context)
            return Page.response(ContactScreen.card(contact, avatar: avatar(of: contact), update: try? account.book.lastUpdate(of: contact.id)))
        }
        router.get(AppPath.contactStream) { _, context in
            let contact = try found(context)
            // Each change of the contact (the first value is the contact as it is) tells the page to redraw.
            return ServerSentEvents.response(retry: 3000, relaying: account.book.observeContact(id: contact.id)) { _ in "changed" }
        }
        router.post(AppPath.editContact, use: edit)
        router.post(AppPath.verifyContact, use: verify)
        router.post(AppPath.contactPreferences) { request, context in
            let contact = try found(context)
            _ = try account.book.update(contact.id, try await request.decodeForm(as: ContactPreferencesForm.self).edit)
            return Page.redirect(to: .contact(contact.id), done: .contactSaved(.preferences))
        }
        router.get(AppPath.deleteContact, use: confirmDelete)
        router.get(AppPath.contactCard, use: exportCard)
        router.post(AppPath.deleteContact, use: delete)
        router.get(.myCard, use: card)
        router.get(.editCard, use: editCard)
        router.get(.settings) { request, context in try settings(done: OutcomeQuery.of(request, context: context)) }
        // A POST, not a link: the code is shown only by a deliberate press on the app's own page.
        router.post(.showBackup) { _, _ in try settings(backup: true) }
        router.post(.moveKey, use: moveKey)
        router.post(.connectServer, use: connectServer)
        router.post(.saveDefaults) { request, _ in
            for (feature, allowance) in try await request.decodeForm(as: DefaultsForm.self).chosen { try account.book.setUserDefault(feature, allowance) }
            return Page.redirect(to: .settings, done: .saved)
        }
        router.post(.editCard, use: saveCard)
        router.get(.add, use: add)
        router.post(.add, use: read)
        router.post(.keepCard, use: keep)
    }

    @Sendable func contacts(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let filter = Self.filter(request, context: context)
        let contacts = try account.book.contacts(filter.listQuery)
        return Page.response(ContactsScreen.page(contacts: contacts, filter: filter, tags: try account.book.tags(), updates: updates(of: contacts)))
    }

    /// The list's marks: the contacts whose card was updated in the last week.
    func updates(of contacts: [Contact]) -> [Int64: CardUpdate] {
        account.book.updates(of: contacts, since: RefreshSentences.listMarksUpdates())
    }

    /// The list's search and filters, from the query string; a query that cannot be read filters nothing.
    static func filter(_ request: Request, context: BasicRequestContext) -> ContactsScreen.Filter {
        (try? request.uri.decodeQuery(as: ContactsScreen.Filter.self, context: context)) ?? ContactsScreen.Filter()
    }

    @Sendable func contact(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let contact = try found(context)
        let meetings = try account.book.exchanges(ofContact: contact.id)
        let code = contact.sigKey == nil ? nil : try? account.securityCode(with: contact)
        let scannable = contact.sigKey == nil ? nil : try? account.scannableSecurityCode(with: contact)
        // An address-book entry has no signed card, so no history to show.
        let history = contact.sigKey == nil ? [] : (try? account.book.history(of: contact.id)) ?? []
        return Page.response(
            ContactScreen.page(
                contact: contact, meetings: meetings, securityCode: code, scannable: scannable, formToken: secrets.formToken,
                done: OutcomeQuery.of(request, context: context), avatar: avatar(of: contact), history: history,
                preferences: try account.book.preferences(of: contact.id), update: try? account.book.lastUpdate(of: contact.id)))
    }

    @Sendable func edit(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let contact = try found(context)
        let form = try await request.decodeForm(as: ContactEditForm.self)
        do {
            _ = try account.book.update(contact.id, form.edit)
        } catch let error as ContactBookError {
            throw HTTPError(.badRequest, message: error.description)
        }
        return Page.redirect(to: .contact(contact.id), done: .contactSaved(ContactEditKind(form.edit, before: contact)))
    }

    /// Compares what was typed or pasted with this pair's security code; a match marks the contact.
    @Sendable func verify(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let contact = try found(context)
        let given = try await request.decodeForm(as: SecurityCodeForm.self).given
        let marked: Contact?
        if given.uppercased().hasPrefix(ScannableSecurityCode.prefix) {
            marked = try? account.verifySecurityCode(scanned: given, with: contact)
        } else {
            marked = try account.verifySecurityCode(given, with: contact)
        }
        return Page.redirect(to: .contact(contact.id), done: marked == nil ? .mismatch : .verified)
    }

    /// Their card exactly as they signed it (none of your notes, tags or alias), as a vCard file to pass on;
    /// read and verified again from the book first, as `handshake contact export` does.
    @Sendable func exportCard(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let contact = try found(context)
        guard contact.sigKey != nil, let signed = try? account.book.card(of: contact.id) else {
            throw HTTPError(.notFound, message: "\(contact.displayName) has no signed card to pass on.")
        }
        let vCard = CardText.encode(signed, as: .vcard)
        return Response(
            status: .ok,
            headers: [.contentType: "text/vcard; charset=utf-8", .contentDisposition: "attachment; filename=\"contact-\(contact.id).vcf\""],
            body: .init(byteBuffer: ByteBuffer(bytes: vCard)))
    }

    @Sendable func confirmDelete(_ request: Request, context: BasicRequestContext) async throws -> Response {
        Page.response(ContactScreen.deletePage(contact: try found(context), formToken: secrets.formToken))
    }

    @Sendable func delete(_ request: Request, context: BasicRequestContext) async throws -> Response {
        try account.book.delete(try found(context).id)
        return Page.redirect(to: .contacts)
    }

    @Sendable func card(_ request: Request, context: BasicRequestContext) async throws -> Response {
        Page.response(MyCardScreen.page(card: try account.issueCard(), server: connection.server, done: OutcomeQuery.of(request, context: context)))
    }

    @Sendable func editCard(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let profile = try account.profile()
        return Page.response(
            CardEditScreen.page(.init(profile.card, shared: profile.sharedFields), formToken: secrets.formToken, done: OutcomeQuery.of(request, context: context)))
    }

    /// Saves the fields and what is shared; a field the card's rules refuse saves nothing and says why.
    @Sendable func saveCard(_ request: Request, context: BasicRequestContext) async throws -> Response {
        var typed = try await request.decodeForm(as: CardEditForm.self)
        typed.avatar = try account.profile().card.avatar
        let values: [(field: CardField, value: CardFieldValue?)]
        do {
            values = try typed.draft.values()
        } catch {
            return Page.response(CardEditScreen.page(typed, formToken: secrets.formToken, refusal: error.description), status: .unprocessableContent)
        }
        do {
            // The fields first: a refused one saves nothing, the sharing included.
            try account.editCard { card in
                for (field, value) in values { card.fields[field] = value }
            }
            try account.share(typed.shared)
        } catch let error as CardFieldError {
            return Page.response(CardEditScreen.page(typed, formToken: secrets.formToken, refusal: error.description), status: .unprocessableContent)
        }
        // Contacts fetch the newest card from the server it names: the saved card goes there too, as after
        // `handshake card set`. Saved here either way; the next change or registration publishes it.
        if let client = await connection.client() {
            do { _ = try await client.publish(try account.issueCard()) } catch { return Page.redirect(to: .myCard, done: .cardSavedNotPublished) }
        }
        return Page.redirect(to: .myCard, done: .cardSaved)
    }

    @Sendable func add(_ request: Request, context: BasicRequestContext) async throws -> Response {
        Page.response(AddScreen.page(formToken: secrets.formToken))
    }

    /// What Add accepts, as `handshake add` reads it: a card in any form, a share link, a credential.
    var intake: CardIntake { CardIntake(book: account.book, mailbox: connection.registration) }

    /// Reads and verifies what was pasted, and shows what adding it would do. Stores nothing.
    @Sendable func read(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let form = try await request.decodeForm(as: PasteForm.self)
        let text = form.text
        // A session token's code (Face to face's "Show a code to scan" on the other device): scanning it is the
        // tap, and the exchange opens on Face to face.
        if SessionToken.isQRText(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            let token: SessionToken
            do throws(SessionTokenError) {
                token = try SessionToken(qrText: text, at: Date())
            } catch {
                return Page.response(AddScreen.page(formToken: secrets.formToken, pasted: text, refusal: error.description), status: .unprocessableContent)
            }
            try await faceToFace.start(.readToken(token), showsName: false)
            return Page.redirect(to: .nearby)
        }
        do {
            let reading = try await intake.read(Array(text.utf8))
            return Page.response(AddScreen.confirm(reading, text: text, formToken: secrets.formToken, wasScanned: form.wasScanned))
        } catch {
            return Page.response(AddScreen.page(formToken: secrets.formToken, pasted: text, refusal: "\(error)"), status: .unprocessableContent)
        }
    }

    /// Keeps the card as the person answered, by the book's receive rule, after reading it again.
    @Sendable func keep(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let form = try await request.decodeForm(as: KeepForm.self)
        let report: ReceiveReport
        do {
            let reading = try await intake.read(Array(form.card.utf8))
            let source = reading.source(scanned: form.wasScanned)
            let answer = form.answer(suggested: TrustLevel.suggested(for: reading.claim, source: source))
            report = ReceiveReport(try account.book.receive(reading.card, source: source, answer: answer), card: reading.card)
        } catch {
            return Page.response(AddScreen.page(formToken: secrets.formToken, pasted: form.card, refusal: "\(error)"), status: .unprocessableContent)
        }
        // A refusal stays on Add; anything about a contact opens their page, which says what was done.
        if report.kind.isRefusal {
            return Page.response(AddScreen.page(formToken: secrets.formToken, refusal: report.sentence.plain), status: .conflict)
        }
        guard let contact = report.contact else { return Page.redirect(to: .contacts) }
        return Page.redirect(to: .contact(contact.id), done: .received(report.kind))
    }

    func settings(
        backup: Bool = false, done: Outcome? = nil, serverRefusal: String? = nil, typedServer: String = "", keyMove: SettingsScreen.KeyMove? = nil
    ) throws -> Response {
        let card = try account.profile().card
        let refused = serverRefusal != nil || { if case .refused = keyMove { true } else { false } }()
        return Page.response(
            SettingsScreen.page(
                name: card.name, nodeID: account.identity.nodeID, defaults: try account.book.userDefaultPreferences(),
                backupCode: backup ? account.backupCode : nil, server: connection.server,
                formToken: secrets.formToken, done: done, serverRefusal: serverRefusal, typedServer: typedServer, keyMove: keyMove),
            status: refused ? .unprocessableContent : .ok)
    }

    /// Moves the account to a new key its old one vouches for (HandshakeIntake's `KeyMoveFlow`: the new card
    /// published first, when registered), then serves every screen with it. The page says what changed, where
    /// the new card went and that the backup code changed; a server that refuses leaves everything as it was.
    @Sendable func moveKey(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let registration = connection.registration
        let result: KeyMoveFlow.Result?
        do {
            result = try await accounts.move { account in
                let result = try await KeyMoveFlow.move(account, registration: registration, configuration: MailboxConnection.configuration)
                return (result.account, result)
            }
        } catch let error as any HandshakeError {
            return try settings(keyMove: .refused(error.description))
        }
        guard let result else { return try settings(keyMove: .refused(KeyMoveSentences.underWay.plain)) }
        return try settings(keyMove: .moved(from: result.movedFrom, to: result.account.identity.nodeID, server: result.server))
    }

    /// Registers with the server typed: publishes the card there, then remembers it (a refusal keeps nothing).
    @Sendable func connectServer(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let typed = try await request.decodeForm(as: ServerForm.self).address
        do {
            try await connection.register(address: typed, account: account)
        } catch let error as MailboxClientError {
            return try settings(serverRefusal: error.description, typedServer: typed)
        } catch let error as MailboxConnectionError {
            return try settings(serverRefusal: error.description, typedServer: typed)
        }
        return Page.redirect(to: .settings, done: .serverConnected)
    }

    /// The photo of the contact's signed card, if any (an address-book entry has no signed card).
    func avatar(of contact: Contact) -> Avatar? {
        contact.sigKey == nil ? nil : (try? account.book.card(of: contact.id))?.card.avatar
    }

    /// The contact the path names, or 404.
    func found(_ context: BasicRequestContext) throws -> Contact {
        guard let id = AppPath.contactID(in: context), let contact = try account.book.contact(id: id) else {
            throw HTTPError(.notFound, message: "There is no such contact.")
        }
        return contact
    }
}
