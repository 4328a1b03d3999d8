// Every way a short code can be refused: mistyped (caught before anything is sent), unknown, expired, used,
// or wrong (caught by the PAKE), and a malformed PAKE frame. Each is a sentence a person can act on; none
// repeats the code, so an error shown or logged never gives the password away.

import HandshakeCore

/// Why a short code, or a PAKE run on it, was refused.
public enum ShortCodeError: HandshakeError, Equatable {
    /// Nothing was typed.
    case empty
    /// A character that no short code uses, in the given group (1-based).
    case invalidCharacter(Character, group: Int)
    /// Not 12 characters (separators aside).
    case wrongLength(characters: Int)
    /// The check character of these groups (1-based) does not match: a typo.
    case typo(groups: [Int])
    /// The issuer has no open code with this rendezvous part.
    case unknownCode
    /// The code was issued more than five minutes ago.
    case expired
    /// The code was already used (or burned by a wrong attempt).
    case alreadyUsed
    /// The other device's proof does not match: the two codes differ. The code is burned.
    case codeDoesNotMatch
    /// A PAKE frame that cannot be read.
    case malformedMessage(String)
    /// A PAKE frame of a type this side does not expect now.
    case unexpectedMessage(type: UInt8)
    /// A PAKE frame of a version this library does not speak.
    case unsupportedVersion(UInt8)
    /// The other device's share is a point of low order (an attack, or a broken peer).
    case invalidShare
    /// A call after this run had already failed.
    case alreadyFailed
    /// The other device sent nothing more within the time allowed for the key exchange (seconds).
    case noAnswer(seconds: Int)
    /// The connection ended before the key exchange did: the other device gave up, or refused a code it no
    /// longer holds (used, expired, or never shown).
    case connectionClosed

    /// A sentence to show the person who typed the code.
    public var description: String {
        switch self {
        case .empty:
            "No code was entered."
        case .invalidCharacter(let char, let group):
            "Group \(group) contains \"\(char)\", which short codes do not use (they use 0–9 and A–Z without I, L, O, U)."
        case .wrongLength(let characters):
            "A short code has 12 characters; this one has \(characters)."
        case .typo(let groups) where groups.count == 1:
            "Group \(groups[0]) has a typo: check its four characters."
        case .typo(let groups):
            "Groups \(groups.map(String.init).joined(separator: ", ")) have typos: check their characters."
        case .unknownCode:
            "No device nearby is showing this code."
        case .expired:
            "The code has expired (codes last five minutes); ask for a new one."
        case .alreadyUsed:
            "The code was already used; ask for a new one."
        case .codeDoesNotMatch:
            "The code does not match. It cannot be tried again; ask for a new one."
        case .malformedMessage(let reason):
            "The other device sent an unreadable key-exchange message: \(reason)."
        case .unexpectedMessage(let type):
            "The other device sent an unexpected message (type \(type)) during the key exchange."
        case .unsupportedVersion(let version):
            "The other device speaks short-code version \(version), which this app does not support."
        case .invalidShare:
            "The other device sent an invalid key share; the exchange was stopped."
        case .alreadyFailed:
            "This key exchange has already failed."
        case .noAnswer(let seconds):
            "The other device did not answer within \(seconds) seconds; the code was not checked."
        case .connectionClosed:
            "The other device ended the connection before the code was checked: the code may be used or expired. Ask for a new one."
        }
    }
}
