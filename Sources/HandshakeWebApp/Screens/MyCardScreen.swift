// Establishes the My card screen: the card as others receive it (only the fields the sharing profile
// shares), its QR code large enough to scan from a phone at arm's length, and the same card as text to
// paste. The card is the account's; which QR code (its text and level) is the presentation layer's
// `CardQRCode`, the same as the program's; HandshakeQR draws it as SVG.
import Foundation
import HandshakeCore
import HandshakeHTML
import HandshakePresentation
import HandshakeQR
import HandshakeStore

enum MyCardScreen {
    /// `server`: the account's mailbox server, whose card page link the QR code then holds (`CardQRCode`
    /// decides), so a phone without Handshake opens it too.
    static func page(card: SignedCard, server: URL?, done: Outcome? = nil) -> String {
        let text = CardText.qrText(card)
        let qr = (try? CardQRCode.make(for: card, server: server)).map { SVGRenderer(quietZone: 4, moduleSize: 8).render($0) }
        let shared = card.card
        var fields = DefinitionList()
        fields.add(shared.fields)
        return Page.screen(title: "My card", current: .card) {
            HTML.notice(done)
            AvatarImage.html(shared.avatar, alt: "Your card's photo")
            HTML.h1 { .text(shared.name ?? "Your card") }
            HTML.p(.class("muted")) {
                HTML.text("This is the card people receive from you: only the fields you share. ")
                HTML.a(.href(.editCard)) { .text("Edit my card") }
            }
            if let qr {
                HTML.div(.class("qr"), .role("img"), .aria("label", "QR code of your signed card")) { .trusted(qr) }
            } else {
                HTML.p { .text("Your card is too large for a QR code (a large photo?): share it by link or nearby instead.") }
            }
            fields.html
            HTML.p(.class("muted")) {
                HTML.text("For someone who is not here: make a one-time share link in ")
                HTML.a(.href(.requests)) { .text("Friend requests") }
                HTML.text(".")
            }
            HTML.h2 { .text("As text") }
            HTML.p {
                HTML.text("Paste this into ")
                HTML.code { .text("handshake add") }
                HTML.text(" on another device.")
            }
            HTML.p(.class("code"), .id("card-text")) { .text(text) }
        }
    }
}
