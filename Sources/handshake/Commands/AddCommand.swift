import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeCredentials
import HandshakeIntake
import HandshakeMailbox
import HandshakePresentation
import HandshakeStore

struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add someone's card to your contacts, after showing it to you.",
        discussion: """
            Reads a card in any form (binary, QR text HS1:…, typed code, handshake://card# link, vCard, a \
            VC-JWT credential carrying a Handshake card, alone or in a didSigned envelope, or a one-time share \
            link https://…/share/contact/TOKEN/NODE-ID or handshake://contact/TOKEN/NODE-ID, resolved on its \
            server without using it up, within --time-limit), checks it \
            completely, shows who it is and asks: Add or Ignore. Nothing is stored before you say Add. \
            (To see what any other code is, use `handshake scan`.)
              • A newer card of someone you have asks: Update (their entry changes field by field; your alias, \
            notes, tags, trust and settings stay) or Keep the card you have. What it changes is listed first.
              • The same or an older card changes nothing (replaying an old card is harmless).
              • A card with a different key for a Node ID you have is refused: someone may be impersonating them.
              • Cards of someone you BLOCKED are ignored.
              • A new Node ID sharing an email or phone with a contact asks: Merge (your notes, tags and alias \
            move to the new identity; the old cards stay in its history; the security code must be compared again) \
            or Add separately.
            The choices are the ones the web app's Add offers, in the same words.
            In scripts: --yes adds (or updates) without asking; --merge or --separate answers the merge question.
            """
    )

    @Argument(help: ArgumentHelp("A file holding the card, `-` for standard input, the card text itself, or a share link.", valueName: "card"))
    var input: String = "-"

    @Option(help: ArgumentHelp("Scan the QR code in this picture (a PNG or JPEG screenshot or photo) instead.", valueName: "file"))
    var image: String?

    @Flag(name: .shortAndLong, help: "Add without asking (for scripts).")
    var yes = false

    @Option(help: ArgumentHelp(
        "Trust level for a new contact: TRUSTED, KNOWN or BLOCKED.",
        discussion: "Without it: TRUSTED, or KNOWN for a card from a share link or a card link, and for a card that claims the name of one of your contacts with another key.",
        valueName: "level"))
    var trust: TrustLevel?

    @Flag(help: "If the card shares an email or phone with a contact, merge it into that contact.")
    var merge = false

    @Flag(help: "If the card shares an email or phone with a contact, add it as a separate contact.")
    var separate = false

    @Option(help: ArgumentHelp("How the card reached you, when the form does not say it: \(ContactSource.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "source"))
    var source: String?

    @Option(help: ArgumentHelp("How long a share link's server may take to answer, in all (default: 30).", valueName: "seconds"))
    var timeLimit: Double?

    func validate() throws {
        if merge && separate { throw ValidationError("Choose one of --merge and --separate.") }
        try TimeLimit.validate(timeLimit)
        if let source, ContactSource(rawValue: source) == nil {
            throw ValidationError("Unknown source \"\(source)\"; use one of: \(ContactSource.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
    }

    func run() async throws {
        // A share link (not a file of that name) is given as text: the intake resolves it on its server.
        // Its card, or a card in any form, or one inside a credential, then goes through the same checks and
        // questions.
        let home = HandshakeHome.current()
        let meantAsLink = ShareLink.looksLikeShareLink(input) || ShareLink(parsing: input) != nil
        let isShareLink = image == nil && !FileManager.default.fileExists(atPath: input) && meantAsLink
        let bytes = isShareLink ? Array(input.utf8) : try await InputSource.read(input, orScanning: image)
        let now = Date()
        // Receiving a card needs the book, not an identity of one's own.
        var intake = CardIntake(book: try home.contactBook(), mailbox: RegisteredServer.registration(in: home))
        if let timeLimit { intake.mailboxConfiguration.requestTimeout = TimeLimit.duration(timeLimit) }
        let reading: CardReading
        do throws(CardIntakeError) {
            reading = try await intake.read(bytes, now: now)
        } catch {
            throw CommandFailure(error.description)
        }
        switch reading.origin {
        case .card: break
        case .shareLink: print("The card behind this share link (looking does not use the link up):")
        case .credential(let issuer, let status):
            print("A Verifiable Credential signed by \(issuer), carrying a Handshake card:")
            if let status { print("\(status)") }
        }
        let book = intake.book
        let (signed, preview) = (reading.card, reading.preview)
        // Scanned only with --image; text from an argument or a file is recorded as pasted (ContactSource).
        let source = source.flatMap(ContactSource.init(rawValue:)) ?? (image != nil ? .qr : reading.source(scanned: false))
        // A name is a claim: a card is who its key is, and one that passes for a contact is said to be someone else.
        let claim = reading.claim
        let name = NameClaimSentences.name(of: signed, claim: claim)
        let trust = trust ?? TrustLevel.suggested(for: claim, source: source)

        // What may be decided is the presentation layer's offer (the web app draws the same choices as buttons);
        // the program asks it at the prompt or reads it from the flags. Nothing to decide: the receive rule says why.
        var answer = ReceiveAnswer.add(trust: trust)
        if case .new = preview {
            print("New card. \(TerminalLine(NameClaimSentences.signedByItsOwnKey))")
            CardPrinter.print(signed.card)
            if let warning = NameClaimSentences.warning(claim, claimed: signed.card.name, nodeID: signed.nodeID) { print("\n\(TerminalLine(warning))") }
        }
        let choices = AddOffer.choices(for: preview)
        if !choices.isEmpty {
            if let sentence = AddOffer.sentence(for: preview, name: name, nodeID: signed.nodeID.rawValue) { print("\n\(TerminalLine(sentence))") }
            let choice = try choose(among: choices, preview: preview, name: name)
            guard let chosen = choice.answer(trust: trust) else {
                print(TerminalLine(AddOffer.keptCurrent(AddOffer.contact(in: preview)?.displayName ?? name)))
                return
            }
            answer = chosen
        }
        let outcome: ReceiveOutcome
        do {
            outcome = try book.receive(signed, source: source, answer: answer, now: now)
        } catch let error as ReceiveError {
            throw CommandFailure(error.description)
        }
        // The words are the presentation layer's; the program adds only what is its own (the changed fields,
        // its command for comparing codes, the share-back offer).
        let report = ReceiveReport(outcome, card: signed)
        if report.kind.isRefusal { throw CommandFailure(TerminalLine(report.sentence).description) }
        print(TerminalLine(report.sentence))
        if case .updated(_, let changes, let previous) = outcome {
            printChanges(old: previous.details, fields: changes.fields, card: signed.card)
        }
        if let contact = report.contact, report.kind == .added { print("Trust: \(contact.trustLevel.rawValue).") }
        if report.kind == .merged { print("Compare it with: handshake contact verify \(report.name)") }
        if let contact = report.contact, report.kind == .added || report.kind == .merged, source == .qr {
            try offerToShareBack(name: contact.displayName)
        }
    }

    /// The person's choice among `choices` (``AddOffer``'s for `preview`): from --merge / --separate, from --yes,
    /// or at the prompt, where each choice is the word of its label (a number each, for several contacts to
    /// merge into).
    private func choose(among choices: [AddChoice], preview: ReceivePreview, name: String) throws -> AddChoice {
        let merges = choices.compactMap { if case .merge(let contact) = $0 { contact } else { nil } }
        if merge {
            guard merges.count == 1, let contact = merges.first else {
                throw CommandFailure(
                    merges.isEmpty
                        ? "--merge: this card shares no email or phone with a contact. Nothing was added."
                        : "--merge: this card shares an email or phone with \(merges.count) contacts; choose one at the prompt, or add it --separate. Nothing was added.")
            }
            return .merge(into: contact)
        }
        if separate, choices.contains(.addSeparately) { return .addSeparately }
        if !merges.isEmpty, !Prompt.canAsk {
            throw CommandFailure("This card shares an email or phone with a contact; choose --merge or --separate. Nothing was added.")
        }
        if yes, merges.isEmpty, let first = choices.first { return first }
        guard Prompt.canAsk else {
            let verb = choices.contains(.update) ? "Update" : "Add"
            throw CommandFailure("Not asking: standard input is not a terminal. \(verb) with --yes. Nothing was \(verb == "Update" ? "changed" : "added").")
        }
        let words = choices.map { choice in Self.word(for: choice, numbered: merges.count > 1 ? merges.firstIndex { .merge(into: $0) == choice } : nil) }
        if merges.count > 1 {
            for (choice, word) in zip(choices, words) { print("  \(word): \(TerminalLine(choice.label(name: name)))") }
        }
        guard let question = AddOffer.question(for: preview, name: name) else { return .ignore }
        let picked = Prompt.choose(TerminalLine(question), words)
        return zip(choices, words).first { $0.1 == picked }?.0 ?? .ignore
    }

    /// The word a choice is answered with at the prompt: the first word of what its label does.
    private static func word(for choice: AddChoice, numbered index: Int?) -> String {
        switch choice {
        case .add: "add"
        case .merge: index.map { String($0 + 1) } ?? "merge"
        case .addSeparately: "separate"
        case .update: "update"
        case .keepCurrent: "keep"
        case .ignore: "ignore"
        }
    }

    /// Freepath's reverse-scan shortcut: the person whose code was just scanned is still there, so offer
    /// our own card's QR code for them to scan back, without a second command. Only at a terminal, only
    /// when asked for, and only when there is an identity of one's own to share.
    private func offerToShareBack(name: String) throws {
        guard !yes, Prompt.canAsk, isatty(STDOUT_FILENO) != 0 else { return }
        let home = HandshakeHome.current()
        guard let account = try? home.account() else { return }
        guard Prompt.choose("Show your card for \(name) to scan back?", ["show", "no"]) == "show" else { return }
        try ShareScreen.print(try account.issueCard(), style: .ansi)
    }

    private func printChanges(old: CardFields, fields: [CardField], card: ContactCard) {
        guard !fields.isEmpty else {
            print("  (the card is newer, with the same details)")
            return
        }
        for field in fields {
            if case .image = field.kind {
                print("  \(field.rawValue): changed")
                continue
            }
            let before = old.value(of: field)
            let after = card.fields.value(of: field)
            let shown = { (values: [String]) in values.isEmpty ? "(none)" : TerminalText.value(values.joined(separator: ", ")) }
            print("  \(field.rawValue): \(shown(before)) → \(shown(after))")
        }
    }
}
