// Establishes the security code section of the contact info screen: the 60 digits to read aloud, the QR code
// their device scans instead (`HSC1:…`), and the box to type their digits or paste what their device shows.
// Whether the code matches is the account's answer (`verifySecurityCode`); the mark is the book's.
import Foundation
import HandshakeCore
import HandshakeHTML
import HandshakePresentation
import HandshakeQR
import HandshakeStore

enum SecurityCodeSection {
    static func html(_ contact: Contact, code: SecurityCode?, scannable: ScannableSecurityCode?, formToken: String) -> HTML {
        guard let code else {
            return HTML.p(.class("muted")) { .text("There is no security code without their signing key (an address-book entry).") }
        }
        let qr = scannable.flatMap { try? CardQRCode.make(showing: $0.payload) }.map { SVGRenderer(quietZone: 4, moduleSize: 6).render($0) }
        return HTML.group {
            if let compared = contact.securityCodeVerifiedAt {
                HTML.p(.class("verified")) {
                    .text("You compared this code on \(compared.formatted(date: .abbreviated, time: .omitted)): nobody stands between you.")
                }
            } else {
                HTML.p { .text("Compare these 60 digits with the ones on their screen. If they match, nobody stands between you.") }
            }
            HTML.p(.class("code")) { .text(code.groups.joined(separator: " ")) }
            if let qr {
                HTML.div(.class("qr", "small"), .role("img"), .aria("label", "Your security code as a QR code, for their device to scan")) { .trusted(qr) }
            }
            Page.form(.verifyContact(contact.id), token: formToken) {
                HTML.label(.for("theirs")) { .text("Their code: type the 60 digits, or paste the text their device shows (HSC1:…)") }
                HTML.div(.class("row")) {
                    HTML.input(.type("text"), .id("theirs"), .name(SecurityCodeForm.CodingKeys.code), .autocomplete("off"), .spellcheck(false))
                    HTML.button(.type("submit")) { .text("Compare") }
                }
            }
        }
    }

    /// The sentence when what was typed is not their code.
    static let mismatch = "These codes do not match, so nothing was marked. Compare again, on their own screen, digit by digit."
}
