/// A field value a card may not hold. The same rules apply to the owner editing a card and to anyone
/// receiving one, so the messages speak of "the card" rather than of who made the mistake.
public enum CardFieldError: HandshakeError, Equatable {
    /// A text field longer than its limit in ``CardLimits``.
    case tooLong(field: String, length: Int, limit: Int)
    /// A field present but empty: a card leaves out what it does not hold.
    case empty(field: String)
    /// A list (emails, phones, links, skills) with more entries than ``CardLimits`` allows.
    case tooMany(field: String, count: Int, limit: Int)
    /// A field holding control characters, bidirectional formatting or invisible characters out of their
    /// place (`UntrustedText`'s rule), which could disguise what a person sees.
    case controlCharacter(field: String)
    /// A field with a character carrying more combining marks than ``TextLength/maxMarksPerCharacter``,
    /// which would draw over the text around it.
    case tooManyMarks(field: String)
    /// A value that is not an email address.
    case invalidEmail(String)
    /// A value that is not a phone number (digits, spaces and `+ - ( ) .` only).
    case invalidPhone(String)
    /// A social link that is not valid; the text says why.
    case invalidLink(String)
    /// An avatar larger than ``CardLimits/avatarBytes``.
    case avatarTooLarge(bytes: Int)
    /// An avatar that is neither a PNG nor a JPEG image.
    case avatarNotAnImage
    /// Each field is within its limit, but the whole card, signed, would be `bytes` bytes: more than
    /// ``CardLimits/signedCardBytes``, which no receiver accepts.
    case cardTooLarge(bytes: Int)

    /// A sentence to show whoever is editing or receiving the card.
    public var description: String {
        switch self {
        case .tooLong(let field, let length, let limit):
            return "The \(field) is \(length) characters long; the limit is \(limit)."
        case .empty(let field):
            return "The \(field) is empty; leave it out instead."
        case .tooMany(let field, let count, let limit):
            return "The card has \(count) \(field); the limit is \(limit)."
        case .controlCharacter(let field):
            return "The \(field) contains control or invisible characters, which cards may not hold."
        case .tooManyMarks(let field):
            return "The \(field) stacks more than \(TextLength.maxMarksPerCharacter) accents or other marks on one character, which cards may not hold."
        case .invalidEmail(let email):
            return "\(UntrustedText.quoted(email)) is not an email address."
        case .invalidPhone(let phone):
            return "\(UntrustedText.quoted(phone)) is not a phone number (digits, spaces and + - ( ) . only)."
        case .invalidLink(let reason):
            return "A link is not valid: \(reason)."
        case .avatarTooLarge(let bytes):
            return "The avatar is \(bytes) bytes; the limit is \(CardLimits.avatarBytes) (64 KB)."
        case .avatarNotAnImage:
            return "The avatar is not a PNG or JPEG image."
        case .cardTooLarge(let bytes):
            return "This card would be \(grouped(bytes)) bytes signed; the most a card may be is \(grouped(CardLimits.signedCardBytes)) bytes. "
                + "Remove or shorten some fields (the avatar is usually the largest)."
        }
    }
}

/// `98304` → `"98,304"`, the same whatever the locale.
private func grouped(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    var text = value < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
        text.append(digit)
    }
    return text
}
