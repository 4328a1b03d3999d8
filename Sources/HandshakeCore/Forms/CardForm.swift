/// The forms one signed card takes. All of them wrap the same COSE_Sign1 bytes, so every form decodes
/// to the same verified card.
public enum CardForm: String, Sendable, CaseIterable, Codable {
    /// The raw signed bytes.
    case cbor
    /// `HS1:` + Base45 of the bytes: the text put in a QR code (alphanumeric mode).
    case qrText = "qr-text"
    /// The code to read aloud or type: groups of five characters, each group with a check character, so a
    /// typo is found in the group where it was made (``GroupedCodeError``).
    case code
    /// A link carrying the card in its fragment, which never reaches a server: `handshake://card#` + base64url of
    /// the bytes, or the card page link `https://SERVER/c#` + their decimal digits (``CardPageLink``), which a
    /// phone without Handshake opens as the card's web page. Written as the first; both are read.
    case link
    /// A vCard 4.0 carrying the card's fields for address books and the signed card in `X-HANDSHAKE-CARD`.
    case vcard

    /// The prefix of QR text; the `1` is the format version.
    public static let qrTextPrefix = "HS1:"
    /// The prefix of serverless card links.
    public static let linkPrefix = "handshake://card#"

    /// Which form `input` is in, judged from its first bytes; `nil` when it is none of them.
    public static func detect(_ input: [UInt8]) -> CardForm? {
        if input.first == 0xD2 { return .cbor }
        if CardPageLink.isCardPageLink(input) { return .link }
        // Lossy decoding is fine here: only the first characters are looked at, to choose a decoder.
        let text = String(decoding: input.prefix(64), as: UTF8.self)
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix(qrTextPrefix) { return .qrText }
        if start.lowercased().hasPrefix(linkPrefix) { return .link }
        if start.uppercased().hasPrefix("BEGIN:VCARD") { return .vcard }
        if looksLikeCode(start) { return .code }
        return nil
    }

    /// A typed code holds only code digits and separators; checking the opening characters is enough to
    /// tell it from other text, and the decoder reports any later stray character by its group.
    static func looksLikeCode(_ text: Substring) -> Bool {
        let opening = text.unicodeScalars.prefix(48)
        let digits = opening.filter { GroupedCode.digitValue(of: $0) != nil }.count
        let separators = opening.filter { $0 == "-" || $0 == "." || $0.properties.isWhitespace }.count
        return digits >= 5 && digits + separators == opening.count
    }
}
