// Establishes the security code section of the contact info screen: the 60 digits to read aloud, the QR code
// their device scans instead (`HSC1:…`), and the box to type their digits or paste what their device shows.
// Whether the code matches is the account's answer (`verifySecurityCode`); the mark is the book's.
import Foundation
import HandshakeCore
import HandshakeQR
import HandshakeStore

enum SecurityCodeSection {
    static func html(_ contact: Contact, code: SecurityCode?, scannable: ScannableSecurityCode?, formToken: String) -> HTML {
        guard let code else { return "<p class=\"muted\">There is no security code without their signing key (an address-book entry).</p>" }
        let qr = scannable.flatMap { try? QRCode(encoding: $0.payload, errorCorrection: .medium) }
            .map { HTML(trusted: SVGRenderer(quietZone: 4, moduleSize: 6).render($0)) }
        let compared: HTML = contact.securityCodeVerifiedAt.map {
            "<p class=\"verified\">You compared this code on \($0.formatted(date: .abbreviated, time: .omitted)): nobody stands between you.</p>"
        } ?? "<p>Compare these 60 digits with the ones on their screen. If they match, nobody stands between you.</p>"
        return """
            \(compared)
            <p class="code">\(code.groups.joined(separator: " "))</p>
            \(qr.map { "<div class=\"qr small\" role=\"img\" aria-label=\"Your security code as a QR code, for their device to scan\">\($0)</div>" as HTML } ?? .empty)
            \(Page.form(action: "/contacts/\(Int(contact.id))/verify", token: formToken, """
                <label for="theirs">Their code: type the 60 digits, or paste the text their device shows (HSC1:…)</label>
                <div class="row"><input type="text" id="theirs" name="code" autocomplete="off" spellcheck="false"><button type="submit">Compare</button></div>
                """))
            """
    }

    /// The sentence when what was typed is not their code.
    static let mismatch = "These codes do not match, so nothing was marked. Compare again, on their own screen, digit by digit."
}
