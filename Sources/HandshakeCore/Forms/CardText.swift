import Foundation

/// Writing a signed card in any ``CardForm`` and reading it back from any of them.
public enum CardText {
    /// The longest text form accepted before any decoding is attempted (a maximal card as a vCard, with
    /// its avatar shown as a photo and the signed card embedded, stays well below this).
    public static let maxInputBytes = 512 * 1024

    /// `card` in `form`. Text forms are UTF-8; `.cbor` is the raw bytes.
    public static func encode(_ card: SignedCard, as form: CardForm) -> [UInt8] {
        switch form {
        case .cbor: return card.bytes
        case .qrText: return Array(qrText(card).utf8)
        case .code: return Array(code(card).joined(separator: "-").utf8)
        case .link: return Array(link(card).utf8)
        case .vcard: return Array(VCardWriter.write(card).utf8)
        }
    }

    /// The QR text: `HS1:` + Base45. Every character is in the QR alphanumeric set.
    public static func qrText(_ card: SignedCard) -> String {
        CardForm.qrTextPrefix + Base45.encode(card.bytes)
    }

    /// The typed code, as groups of five characters.
    public static func code(_ card: SignedCard) -> [String] {
        GroupedCode.groups(for: card.bytes)
    }

    /// The serverless link.
    public static func link(_ card: SignedCard) -> String {
        CardForm.linkPrefix + Base64URL.encode(card.bytes)
    }

    /// Reads a card from any form and verifies it through ``CardVerifier``.
    ///
    /// - Parameter form: the form, when the caller knows it; otherwise it is detected.
    public static func read(_ input: [UInt8], form: CardForm? = nil, now: Date, verifier: CardVerifier = CardVerifier()) throws(CardRejection) -> (card: SignedCard, form: CardForm) {
        guard input.count <= maxInputBytes else { throw .tooLarge(bytes: input.count, limit: maxInputBytes) }
        guard let form = form ?? CardForm.detect(input) else {
            throw .unreadableText("This is not a Handshake card in any form Handshake knows (binary card, QR text starting HS1:, typed code, handshake://card# link or vCard).")
        }
        let bytes = try signedBytes(from: input, form: form)
        return (try verifier.verify(bytes, now: now), form)
    }

    /// The signed card bytes inside `input`, without verifying them.
    public static func signedBytes(from input: [UInt8], form: CardForm) throws(CardRejection) -> [UInt8] {
        if form == .cbor { return input }
        guard let text = String(validating: input, as: UTF8.self) else {
            throw .unreadableText("This text is not valid UTF-8, so it can't be a Handshake card.")
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}")))
        switch form {
        case .cbor:
            return input
        case .qrText:
            guard trimmed.hasPrefix(CardForm.qrTextPrefix) else {
                throw .unreadableText("QR text for a card starts with \(CardForm.qrTextPrefix).")
            }
            do {
                return try Base45.decode(trimmed.dropFirst(CardForm.qrTextPrefix.count))
            } catch {
                throw .unreadableText("The QR text is damaged: \(error).")
            }
        case .code:
            do {
                return try GroupedCode.decode(trimmed, maxPayloadSize: CardLimits.signedCardBytes)
            } catch {
                throw .unreadableText(error.description)
            }
        case .link:
            guard trimmed.lowercased().hasPrefix(CardForm.linkPrefix),
                let bytes = Base64URL.decode(trimmed.dropFirst(CardForm.linkPrefix.count))
            else { throw .unreadableText("This link is damaged: after \(CardForm.linkPrefix) it must hold the card in base64url.") }
            return bytes
        case .vcard:
            let entry: VCardEntry
            do {
                entry = try VCardParser.parseSingle(trimmed)
            } catch {
                throw .unreadableText("This vCard can't be read: \(error)")
            }
            guard let signed = entry.signedCard else {
                throw .unreadableText("This vCard carries no Handshake signature: it can be imported as an unverified contact, but not verified.")
            }
            return signed
        }
    }
}
