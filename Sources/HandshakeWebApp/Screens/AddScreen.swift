// Establishes the Add screens: a picture of their QR code, the camera, or a pasted card, share link or
// credential (what CardIntake reads into a CardReading), then the confirmation screen the seed asks for before anything is
// stored: the card as it will be kept, whether its signature checks, and what adding it would do (someone
// new, possibly the new identity of a contact; a newer card; one you have; a blocked person's; a key that
// conflicts), with the choices that fit. The preview and the rule that applies the answer are the book's
// (`ContactBook.preview`, `ReceiveAnswer`, read from the form by KeepForm); the card travels back in the form as text
// and is read and verified again before it is kept.
import HandshakeCore
import HandshakeHTML
import HandshakeIntake
import HandshakePresentation
import HandshakeStore

enum AddScreen {
    /// The paste box, with the refusal of what was pasted last (if any) and that text kept in the box.
    static func page(formToken: String, pasted: String = "", refusal: String? = nil) -> String {
        Page.screen(title: "Add", current: .add) {
            HTML.h1 { .text("Add someone") }
            if let refusal { Page.refusal(refusal, "Nothing was stored.") }
            picture(formToken: formToken)
            Page.form(.add, token: formToken) {
                HTML.label(.for(ScriptElement.pasteBox.id.description)) { .text("Paste their card's text, code or link") }
                HTML.textarea(
                    .id(.pasteBox), .name(PasteForm.CodingKeys.card), .rows(5), .required(), .spellcheck(false), .autocapitalize("off")
                ) { .text(pasted) }
                // Set by the script when the text is a QR code it found in a picture or the camera.
                HTML.input(.type("hidden"), .id(.scannedFlag), .name(PasteForm.CodingKeys.scanned), .value(""))
                HTML.p(.class("muted")) {
                    HTML.text("It starts with ")
                    HTML.code { .text("HS1:") }
                    HTML.text(", or is a ")
                    HTML.code { .text("handshake://") }
                    HTML.text(" link, a typed code, a share link, or a credential (VC-JWT) that carries a card.")
                }
                HTML.button(.type("submit")) { .text("Read the card") }
            }
        }
    }

    /// A picture of their QR code, chosen or taken, or the camera live. The page's script sends it to the app,
    /// which finds the code (the browser decodes nothing) and answers its text; the script then sends that
    /// text with the paste form below. Without script, the paste box is the way in.
    static func picture(formToken: String) -> HTML {
        HTML.group {
            scanner(formToken: formToken, heading: "From their QR code", label: "Take or choose a picture of their QR code")
            HTML.h2 { .text("Or paste it") }
        }
    }

    /// The picture and camera part of ``picture(formToken:)`` alone, under `heading`: Face to face shows it to
    /// scan the session token on the other person's screen, sent on with ``scannedForm(formToken:)``.
    static func scanner(formToken: String, heading: String, label: String) -> HTML {
        HTML.group {
            HTML.section(.class("picture"), .aria("labelledby", "picture-heading"), .data(.picture, .addPicture), .data(.token, formToken)) {
                HTML.h2(.id("picture-heading")) { .text(heading) }
                HTML.label(.for(ScriptElement.picture.id.description)) { .text(label) }
                HTML.input(.type("file"), .id(.picture), .accept("image/png", "image/jpeg"), .capture("environment"))
                HTML.div(.class("row")) {
                    HTML.button(.type("button"), .id(.camera), .class("secondary"), .hidden()) { .text("Use the camera") }
                    HTML.button(.type("button"), .id(.cameraStop), .class("secondary"), .hidden()) { .text("Stop the camera") }
                }
                HTML.video(.id(.viewfinder), .muted(), .playsinline(), .hidden())
                HTML.p(.id(.pictureStatus), .role("status"), .aria("live", "polite"))
                HTML.noscript {
                    HTML.p(.class("muted")) { .text("Reading a picture needs the page's script; paste the card's text below instead.") }
                }
            }
        }
    }

    /// Add's form without its box on show: the page's script puts the text of the code it found in it and sends
    /// it, so what a scan on another screen found is read exactly as Add reads it (a session token opens the
    /// exchange on Face to face).
    static func scannedForm(formToken: String) -> HTML {
        HTML.form(.method("post"), .action(.add), .hidden()) {
            HTML.input(.type("hidden"), .name(LocalAccessRule.formTokenField), .value(formToken))
            HTML.textarea(.id(.pasteBox), .name(PasteForm.CodingKeys.card), .rows(1), .spellcheck(false), .autocapitalize("off")) { .empty }
            HTML.input(.type("hidden"), .id(.scannedFlag), .name(PasteForm.CodingKeys.scanned), .value(""))
        }
    }

    /// What the pasted card is and what adding it would do, before anything is stored.
    static func confirm(_ reading: CardReading, text: String, formToken: String, wasScanned: Bool = false) -> String {
        let card = reading.card.card
        let name = NameClaimSentences.name(of: reading.card, claim: reading.claim)
        var fields = DefinitionList()
        fields.add(card.fields)
        fields.add("Node ID", reading.card.nodeID.rawValue)
        return Page.screen(title: "Add \(name)", current: .add) {
            HTML.h1 { .text(name) }
            if let warning = NameClaimSentences.warning(reading.claim, claimed: card.name) {
                HTML.div(.class("notice", "problem"), .role("alert"), .id("namesake")) { HTML.p { .text(warning.plain) } }
            }
            HTML.p(.class("verified")) { .text(NameClaimSentences.signedByItsOwnKey.plain) }
            origin(reading.origin)
            fields.html
            choices(reading, name: name, text: text, formToken: formToken, wasScanned: wasScanned)
        }
    }

    /// What adding would do and the choices the card's preview allows: both the presentation layer's
    /// (`AddOffer`), laid out here.
    static func choices(_ reading: CardReading, name: String, text: String, formToken: String, wasScanned: Bool = false) -> HTML {
        let preview = reading.preview
        let sentence = AddOffer.sentence(for: preview, name: name, nodeID: reading.card.nodeID.rawValue)
        if AddOffer.isRefusal(preview) { return Page.refusal(sentence?.plain ?? "", "Nothing was stored.") }
        let choices = AddOffer.choices(for: preview)
        if choices.isEmpty {
            return HTML.p {
                HTML.text((sentence?.plain ?? "") + " ")
                if let contact = AddOffer.contact(in: preview) { HTML.a(.href(.contact(contact.id))) { .text("See \(contact.displayName)") } }
            }
        }
        return keep(text, formToken, wasScanned: wasScanned) {
            if let sentence { HTML.p { .text(sentence.plain) } }
            if AddOffer.asksTrust(preview) {
                trustChoice(suggested: TrustLevel.suggested(for: reading.claim, source: reading.source(scanned: wasScanned)))
            }
            HTML.div(.class("row")) {
                for (index, choice) in choices.enumerated() {
                    button(choice, name: name, first: index == 0, contact: AddOffer.contact(in: preview))
                }
            }
        }
    }

    /// The button of one choice: the first is the primary one; keeping the card you have goes back to them.
    static func button(_ choice: AddChoice, name: String, first: Bool, contact: Contact?) -> HTML {
        let label = choice.label(name: name).plain
        guard let chosen = KeepForm.Choice(choice) else {
            return HTML.a(.href(contact.map { .contact($0.id) } ?? .contacts)) { .text(label) }
        }
        return answer(chosen, first ? "" : "secondary") { .text(label) }
    }

    /// How the card came, when it was not a card form itself.
    static func origin(_ origin: CardReading.Origin) -> HTML {
        switch origin {
        case .card: .empty
        case .shareLink(let server): HTML.p(.class("muted")) { .text("From a share link on \(server.absoluteString). Looking does not use the link up.") }
        case .credential(let issuer, let status?): HTML.p(.class("muted")) { .text("Inside a Verifiable Credential signed by \(issuer). \(status)") }
        case .credential(let issuer, nil): HTML.p(.class("muted")) { .text("Inside a Verifiable Credential signed by \(issuer).") }
        }
    }

    /// How well the person knows them: the trust level a new contact gets, `suggested` chosen at first.
    static func trustChoice(suggested: TrustLevel) -> HTML {
        HTML.fieldset {
            HTML.legend { .text("How well do you know them?") }
            for (index, level) in NewContactTrust.offered.enumerated() {
                if index > 0 { HTML.br() }
                HTML.label {
                    HTML.input(.type("radio"), .name(KeepForm.CodingKeys.trust), .value(level), .checked(level == suggested))
                    HTML.text(" " + NewContactTrust.label(level))
                }
            }
        }
    }

    /// The keep form: the card's text rides along, to be read and verified again.
    static func keep(_ text: String, _ formToken: String, wasScanned: Bool, @HTMLBuilder _ fields: () -> HTML) -> HTML {
        Page.form(.keepCard, token: formToken) {
            HTML.input(.type("hidden"), .name(KeepForm.CodingKeys.card), .value(text))
            // Whether a QR code was scanned for it, so the contact records how it came (ContactSource).
            if wasScanned { HTML.input(.type("hidden"), .name(KeepForm.CodingKeys.scanned), .value(PasteForm.scannedValue)) }
            fields()
        }
    }

    /// A button that answers the confirmation with `choice`.
    static func answer(_ choice: KeepForm.Choice, _ style: String = "", @HTMLBuilder label: () -> HTML) -> HTML {
        HTML.button(.type("submit"), .name(KeepForm.CodingKeys.answer), .value(choice), .class(style), content: label)
    }
}
