/// A field value a card may not hold. The same rules apply to the owner editing a card and to anyone
/// receiving one, so the messages speak of "the card" rather than of who made the mistake.
public enum CardFieldError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLong(field: String, length: Int, limit: Int)
    case empty(field: String)
    case tooMany(field: String, count: Int, limit: Int)
    case controlCharacter(field: String)
    case invalidEmail(String)
    case invalidPhone(String)
    case invalidLink(String)
    case avatarTooLarge(bytes: Int)
    case avatarNotAnImage
    /// Each field is within its limit, but the whole card, signed, would be `bytes` bytes: more than
    /// ``CardLimits/signedCardBytes``, which no receiver accepts.
    case cardTooLarge(bytes: Int)

    public var description: String {
        switch self {
        case .tooLong(let field, let length, let limit):
            return "The \(field) is \(length) characters long; the limit is \(limit)."
        case .empty(let field):
            return "The \(field) is empty; leave it out instead."
        case .tooMany(let field, let count, let limit):
            return "The card has \(count) \(field); the limit is \(limit)."
        case .controlCharacter(let field):
            return "The \(field) contains control characters, which cards may not hold."
        case .invalidEmail(let email):
            return "\"\(email)\" is not an email address."
        case .invalidPhone(let phone):
            return "\"\(phone)\" is not a phone number (digits, spaces and + - ( ) . only)."
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
