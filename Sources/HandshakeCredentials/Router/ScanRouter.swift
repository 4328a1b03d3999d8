// Establishes the one entry point for scanned text: `classify` says what the text is from its first
// characters (no decoding, no signature), `read` runs the one reader for that kind and returns a route with
// the status it earned, or a ScanError saying what the text looks like. The priority order is the order of
// the checks in `classify`, documented in docs/formats/scan-router.md; nothing is stored by routing.
import Foundation
@_spi(Wire) import HandshakeCore

/// Routes any scanned text: Handshake cards, VC-JWT cards and VP tokens, card envelopes, OpenID4VP requests,
/// share links, and names everything else.
///
/// ```swift
/// let result = try await ScanRouter().read(scannedText, now: Date())
/// switch result.route { case .handshakeCard(let card, _): … case .presentationRequest(let request): … }
/// ```
public struct ScanRouter: Sendable {
    /// The longest input read (the longest Handshake form, a vCard with a photo, fits).
    public static let maxInputBytes = CardText.maxInputBytes

    /// Checks Handshake cards.
    public var cardVerifier = CardVerifier()
    /// Checks VC-JWTs.
    public var credentialVerifier = VCJWTVerifier()

    /// A router with the default card and credential checks.
    public init() {}

    /// What `input` is, from its first characters alone (docs/formats/scan-router.md §2). Priority, first
    /// match wins:
    /// 1. binary card (`0xD2`); only whitespace → empty; not UTF-8 → binary;
    /// 2. `HS1:`, `handshake://card#` or a card page link (`https://SERVER/c#DIGITS`) → handshake card;
    ///    `BEGIN:VCARD` → vCard;
    /// 3. `handshake://contact/` or an https `…/share/contact/…` link → share link;
    /// 4. `freepath://contact/` → Freepath card;
    /// 5. `openid4vp://`, or an https link with `client_id` and a request → presentation request;
    /// 6. `{` with a `"format"` key → JSON envelope (other JSON, or `[`, → json);
    /// 7. a base64url JSON object (`eyJ…`, or `eyAi…` with white space) as the first of exactly three
    ///    base64url parts → compact JWT;
    /// 8. the texts that are not contacts: `WIFI:`, `HC1:`, `MECARD:`, `geo:`, `tel:`, `mailto:`, `sms:`,
    ///    `BEGIN:VEVENT`/`VCALENDAR`, `otpauth://`, http(s) links;
    /// 9. a typed card code (at least 60 bytes of code digits and separators) → handshake card;
    /// 10. other `scheme:` links; then plain text.
    public static func classify(_ input: [UInt8]) -> ScanKind {
        if input.first == 0xD2 { return .handshakeCard }
        let trimmed = CardText.trimmed(input)
        guard !trimmed.isEmpty else { return .empty }
        // Bytes throughout, compared ASCII-case-insensitively: no string is made, so dispatch stays cheap.
        guard let head = utf8Head(trimmed) else { return .binary }
        if head.starts(with: "HS1:".utf8) || startsCaseInsensitive(head, "handshake://card#") { return .handshakeCard }
        // A card page link is a web link, but it carries the card itself: read offline, never fetched.
        if CardPageLink.isCardPageLink(trimmed) { return .handshakeCard }
        if startsCaseInsensitive(head, "begin:vcard") { return .vCard }
        if startsCaseInsensitive(head, "handshake://contact/") { return .handshakeShareLink }
        let https = startsCaseInsensitive(head, "https://")
        if https, contains(head, "/share/contact/") { return .handshakeShareLink }
        if startsCaseInsensitive(head, "freepath://contact/") { return .freepathCard }
        if startsCaseInsensitive(head, "openid4vp://") { return .presentationRequest }
        if https, contains(head, "client_id="),
            contains(head, "request_uri=") || contains(head, "request=") || contains(head, "response_type=vp_token")
        {
            return .presentationRequest
        }
        if head.first == UInt8(ascii: "{") { return contains(head, "\"format\"") ? .jsonEnvelope : .json }
        if head.first == UInt8(ascii: "[") { return .json }
        // A compact JWT is made of code digits too, but has exactly two dots, which a typed code never has; its
        // header is a JSON object in base64url, whatever white space it was written with (RFC 7515 allows
        // `{ "alg": … }`, which does not begin "eyJ").
        if beginsWithJSONObject(head), isCompactJWT(trimmed) { return .compactJWT }
        for (prefix, kind) in otherPrefixes where startsCaseInsensitive(head, prefix) { return kind }
        // A typed card code holds only code digits and separators (no ":"), so no rule above matches one.
        // Short words are made of code digits too ("hello" is one), but the smallest signed card is well over
        // 100 bytes, so its code is hundreds of characters: text under 60 bytes is never a card's code.
        if trimmed.count >= minimumCodeBytes, CardForm.detect(Array(trimmed.prefix(64))) == .code { return .handshakeCard }
        if hasScheme(head) { return .otherLink }
        return .plainText
    }

    /// Shorter text is never a card's typed code (a signed card's code runs to hundreds of characters).
    static let minimumCodeBytes = 60

    /// Texts that are not contacts, by prefix (ASCII, compared case-insensitively).
    static let otherPrefixes: [(String, ScanKind)] = [
        ("wifi:", .wifi), ("hc1:", .euHealthCertificate), ("mecard:", .meCard), ("geo:", .geo), ("tel:", .phone),
        ("mailto:", .email), ("sms:", .sms), ("smsto:", .sms), ("begin:vevent", .calendarEvent),
        ("begin:vcalendar", .calendarEvent), ("otpauth://", .oneTimePassword), ("http://", .url), ("https://", .url),
    ]

    /// Whether `bytes` starts with the ASCII `prefix`, ignoring ASCII case.
    static func startsCaseInsensitive(_ bytes: ArraySlice<UInt8>, _ prefix: String) -> Bool {
        var index = bytes.startIndex
        for expected in prefix.utf8 {
            guard index < bytes.endIndex else { return false }
            var byte = bytes[index]
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { byte += 32 }
            var wanted = expected
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(wanted) { wanted += 32 }
            guard byte == wanted else { return false }
            index += 1
        }
        return true
    }

    /// Whether `bytes` contains the ASCII `needle` (case-sensitive).
    static func contains(_ bytes: ArraySlice<UInt8>, _ needle: String) -> Bool {
        let needle = Array(needle.utf8)
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = bytes.startIndex
        while index <= bytes.endIndex - needle.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    /// Reads `text` (UTF-8, or a binary card) into a route: classifies it, then verifies what it carries.
    /// - Throws: ``ScanError``, whose description says what the text looks like or why it was refused.
    public func read(_ input: [UInt8], now: Date) async throws(ScanError) -> ScanResult {
        guard input.count <= Self.maxInputBytes else { throw .tooLarge(bytes: input.count, limit: Self.maxInputBytes) }
        let kind = Self.classify(input)
        let text = String(decoding: CardText.trimmed(input), as: UTF8.self)
        switch kind {
        case .handshakeCard:
            do {
                let (card, form) = try CardText.read(input, now: now, verifier: cardVerifier)
                return ScanResult(kind: kind, route: .handshakeCard(card, form: form))
            } catch {
                throw .card(error)
            }
        case .vCard:
            return try readVCard(input, text: text, now: now)
        case .handshakeShareLink:
            guard let url = URL(string: text) else { throw .notAContact(.otherLink) }
            return ScanResult(kind: kind, route: .shareLink(url))
        case .freepathCard:
            return ScanResult(kind: kind, route: .freepathCard(try FreepathCard(text)))
        case .presentationRequest:
            guard let request = PresentationRequest(text) else { throw .notAContact(.url) }
            return ScanResult(kind: kind, route: .presentationRequest(request))
        case .jsonEnvelope:
            switch try CardEnvelope(json: Array(text.utf8)).content {
            case .plaintext(let fields):
                return ScanResult(kind: kind, route: .unverifiedContact(fields, from: kind))
            case .didSigned(let jwt):
                return ScanResult(kind: kind, route: .credential(try await readJWT(jwt, now: now)))
            case .zeroKnowledgeProof:
                throw .zeroKnowledgeProofNotSupported
            }
        case .compactJWT:
            return ScanResult(kind: kind, route: .credential(try await readJWT(text, now: now)))
        default:
            throw .notAContact(kind)
        }
    }

    /// A vCard with a Handshake card inside is that card, verified; one without is an unverified contact.
    func readVCard(_ input: [UInt8], text: String, now: Date) throws(ScanError) -> ScanResult {
        let entry: VCardEntry
        do {
            entry = try VCardParser.parseSingle(text)
        } catch {
            throw .card(.unreadableText("This vCard can't be read: \(error)"))
        }
        if entry.signedCard != nil {
            do {
                let (card, form) = try CardText.read(input, form: .vcard, now: now, verifier: cardVerifier)
                return ScanResult(kind: .vCard, route: .handshakeCard(card, form: form))
            } catch {
                throw .card(error)
            }
        }
        // What a plaintext envelope could carry too: an unsigned vCard's photo is not shown as theirs.
        let fields = entry.fields.credentialClaims
        guard !fields.isEmpty else { throw .envelope("This vCard holds no contact details.") }
        return ScanResult(kind: .vCard, route: .unverifiedContact(fields, from: .vCard))
    }

    /// A VC-JWT, or a VP token carrying one (told apart by a `vp` claim).
    func readJWT(_ token: String, now: Date) async throws(ScanError) -> VerifiedCredential {
        do {
            if Self.isPresentation(token) {
                return try await credentialVerifier.verifyPresentation(token, now: now)
            }
            return try await credentialVerifier.verify(token, now: now)
        } catch {
            throw .credential(error)
        }
    }

    /// Whether the claims of `token` have a top-level `vp` (decoded without checking anything else).
    static func isPresentation(_ token: String) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].utf8.count <= VCJWTVerifier.maxTokenBytes, let bytes = Base64URL.decode(parts[1]),
            let object = JSONValue.parse(bytes)?.object
        else { return false }
        return object["vp"] != nil && object["vc"] == nil
    }

    /// The first 256 bytes or so of `text`, cut at a character boundary; `nil` when they are not UTF-8.
    static func utf8Head(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var head = text.prefix(256)
        if head.count < text.count {
            while let last = head.last, (0x80...0xBF).contains(last) { head = head.dropLast() }
            if let last = head.last, last >= 0xC0 { head = head.dropLast() }
        }
        // ASCII (almost every scanned text) needs no further check.
        if head.allSatisfy({ $0 < 0x80 }) { return head }
        return String(validating: head, as: UTF8.self) == nil ? nil : head
    }

    /// Three non-empty base64url parts (the signature may be empty, for `alg: none`, to be refused by name).
    /// Whether `head` starts with base64url that decodes to a JSON object's first bytes (`{`, after any JSON
    /// white space): the header of a compact JWS. Decodes 16 characters at most.
    static func beginsWithJSONObject(_ head: ArraySlice<UInt8>) -> Bool {
        let part = head.prefix { $0 != UInt8(ascii: ".") }.prefix(16)
        let whole = part.prefix(part.count - part.count % 4)
        guard !whole.isEmpty, let bytes = Base64URL.decode(bytes: whole) else { return false }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{")
    }

    static func isCompactJWT(_ text: ArraySlice<UInt8>) -> Bool {
        var dots = 0
        var partLength = 0
        for byte in text {
            switch byte {
            case UInt8(ascii: "."):
                if partLength == 0 { return false }
                dots += 1
                partLength = 0
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"):
                partLength += 1
            default:
                return false
            }
        }
        return dots == 2
    }

    /// `scheme:` at the start, RFC 3986: a letter, then at most 31 letters, digits, `+`, `-` or `.`, then `:`
    /// and something other than white space.
    static func hasScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        guard let first = bytes.first, isLetter(first) else { return false }
        for (offset, byte) in bytes.enumerated().dropFirst() {
            if byte == UInt8(ascii: ":") {
                let next = bytes.index(bytes.startIndex, offsetBy: offset + 1)
                return next < bytes.endIndex && ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[next])
            }
            guard offset < 32, isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { return false }
        }
        return false
    }
}

/// The outcome of reading scanned text: what it was, and where it goes.
public struct ScanResult: Sendable, Equatable {
    /// What the text was recognised as.
    public let kind: ScanKind
    /// The route, carrying what was read.
    public let route: ScanRoute
    /// The verification status the route earned.
    public var status: ScanStatus { route.status }
}
