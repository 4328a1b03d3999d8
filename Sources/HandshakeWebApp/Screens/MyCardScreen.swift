// Establishes the My card screen: the card as others receive it (only the fields the sharing profile
// shares), its QR code large enough to scan from a phone at arm's length, and the same card as text to
// paste. The card is the account's; the QR is HandshakeQR's SVG.
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeQR
import HandshakeStore

enum MyCardScreen {
    /// `server`: the account's mailbox server, whose card page link the QR code then holds (HandshakeMailbox's
    /// `CardQR` decides), so a phone without Handshake opens it too.
    static func page(card: SignedCard, server: URL?, saved: Bool = false) -> HTML {
        let text = CardText.qrText(card)
        let qr = (try? QRCode(encoding: CardQR.text(for: card, server: server), errorCorrection: .low)).map { HTML(trusted: SVGRenderer(quietZone: 4, moduleSize: 8).render($0)) }
        let shared = card.card
        var fields = DefinitionList()
        fields.add(shared.fields)
        let name = shared.name ?? "Your card"
        return Page.screen(title: "My card", current: .card, body: """
            \(saved ? Page.notice("Saved. People you meet from now on receive this card; your contacts get it as an update.") : .empty)
            \(AvatarImage.html(shared.avatar, alt: "Your card's photo"))
            <h1>\(name)</h1>
            <p class="muted">This is the card people receive from you: only the fields you share. <a href="/card/edit">Edit my card</a></p>
            \(qr.map { "<div class=\"qr\" role=\"img\" aria-label=\"QR code of your signed card\">\($0)</div>" as HTML }
                ?? "<p>Your card is too large for a QR code (a large photo?): share it by link or nearby instead.</p>")
            \(fields.html)
            <p class="muted">For someone who is not here: make a one-time share link in <a href="/requests">Friend requests</a>.</p>
            <h2>As text</h2>
            <p>Paste this into <code>handshake add</code> on another device.</p>
            <p class="code" id="card-text">\(text)</p>
            """)
    }
}
