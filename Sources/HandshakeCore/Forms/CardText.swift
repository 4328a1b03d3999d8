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

    /// Reads a card from any form and verifies it through ``CardVerifier``: whatever was scanned, pasted or
    /// opened, the app only ever gets a card whose signature and Node ID have been checked.
    ///
    /// - Parameters:
    ///   - input: What was scanned, pasted or opened: text as UTF-8, or the raw signed bytes.
    ///   - form: The form, when the caller knows it; otherwise it is detected.
    ///   - now: This device's time, to refuse a card dated far in the future.
    ///   - verifier: The checks to apply; the default's are right for every app.
    /// - Returns: The verified card and the form it was read from.
    /// - Throws: ``CardRejection``, with a sentence for the person who tried to read it.
    public static func read(_ input: [UInt8], form: CardForm? = nil, now: Date, verifier: CardVerifier = CardVerifier()) throws(CardRejection) -> (card: SignedCard, form: CardForm) {
        guard input.count <= maxInputBytes else { throw .tooLarge(bytes: input.count, limit: maxInputBytes) }
        guard let form = form ?? CardForm.detect(input) else {
            throw .unreadableText("This is not a Handshake card in any form Handshake knows (binary card, QR text starting HS1:, typed code, handshake://card# link, card page link or vCard).")
        }
        let bytes = try signedBytes(from: input, form: form)
        return (try verifier.verify(bytes, now: now), form)
    }

    /// The signed card bytes inside `input`, without verifying them.
    public static func signedBytes(from input: [UInt8], form: CardForm) throws(CardRejection) -> [UInt8] {
        if form == .cbor { return input }
        let text = trimmed(input)
        guard String(validating: text, as: UTF8.self) != nil else {
            throw .unreadableText("This text is not valid UTF-8, so it can't be a Handshake card.")
        }
        switch form {
        case .cbor:
            return input
        case .qrText:
            let prefix = Array(CardForm.qrTextPrefix.utf8)
            guard text.starts(with: prefix) else {
                throw .unreadableText("QR text for a card starts with \(CardForm.qrTextPrefix).")
            }
            do {
                return try Base45.decode(utf8: text.dropFirst(prefix.count))
            } catch {
                throw .unreadableText("The QR text is damaged: \(error).")
            }
        case .code:
            do {
                return try GroupedCode.decode(String(decoding: text, as: UTF8.self), maxPayloadSize: CardLimits.signedCardBytes)
            } catch {
                throw .unreadableText(error.description)
            }
        case .link:
            if CardPageLink.isCardPageLink(text) { return try CardPageLink.signedBytes(text) }
            let prefix = Array(CardForm.linkPrefix.utf8)
            guard text.count >= prefix.count,
                String(decoding: text.prefix(prefix.count), as: UTF8.self).lowercased() == CardForm.linkPrefix,
                let bytes = Base64URL.decode(String(decoding: text.dropFirst(prefix.count), as: UTF8.self))
            else { throw .unreadableText("This link is damaged: after \(CardForm.linkPrefix) it must hold the card in base64url.") }
            return bytes
        case .vcard:
            let entry: VCardEntry
            do {
                entry = try VCardParser.parseSingle(String(decoding: text, as: UTF8.self))
            } catch {
                throw .unreadableText("This vCard can't be read: \(error)")
            }
            guard let signed = entry.signedCard else {
                throw .unreadableText("This vCard carries no Handshake signature: it can be imported as an unverified contact, but not verified.")
            }
            return signed
        }
    }

    /// `input` without leading and trailing ASCII whitespace or a UTF-8 byte-order mark, as pasted text
    /// and files often carry them. (`package`: the scan router trims the same way.)
    package static func trimmed(_ input: [UInt8]) -> ArraySlice<UInt8> {
        var text = input[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        while let first = text.first, isSpace(first) { text = text.dropFirst() }
        while let last = text.last, isSpace(last) { text = text.dropLast() }
        return text
    }
}
