// Establishes what the Add screens send: the pasted text to read, then the confirmation's answer with the
// card's text riding along (read and verified again before anything is kept), as the book's `ReceiveAnswer`.
// An answer the form does not name is "ignore": nothing is stored.
import Foundation
import HandshakePresentation
import HandshakeStore

/// The paste box.
struct PasteForm: Decodable, Sendable {
    var card: String?
    /// ``scannedValue`` when the page's script found the text in a QR code (a picture, the camera).
    var scanned: String?

    enum CodingKeys: String, CodingKey {
        case card, scanned
    }

    /// What the script sets `scanned` to.
    static let scannedValue = "yes"

    /// Whether the text came from a scanned QR code, not a paste.
    var wasScanned: Bool { scanned == Self.scannedValue }

    /// What was pasted, without the spaces around it.
    var text: String { (card ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// The confirmation screen's answer.
struct KeepForm: Decodable, Sendable, Equatable {
    /// The button pressed.
    enum Choice: RawRepresentable, Sendable, Equatable {
        case add
        case separately
        case merge(into: Int64)
        case ignore

        /// The button's value.
        var rawValue: String {
            switch self {
            case .add: "add"
            case .separately: "separately"
            case .merge(let id): "merge-\(id)"
            case .ignore: "ignore"
            }
        }

        /// The button of the presentation layer's choice; nil for keeping the card you have (a link: nothing
        /// to send).
        init?(_ choice: AddChoice) {
            switch choice {
            case .add, .update: self = .add
            case .addSeparately: self = .separately
            case .merge(let contact): self = .merge(into: contact.id)
            case .ignore: self = .ignore
            case .keepCurrent: return nil
            }
        }

        init?(rawValue: String) {
            switch rawValue {
            case "add": self = .add
            case "separately": self = .separately
            case "ignore": self = .ignore
            case let merge where merge.hasPrefix("merge-"):
                guard let id = Int64(merge.dropFirst(6)) else { return nil }
                self = .merge(into: id)
            default: return nil
            }
        }
    }

    /// The card's text, as it was pasted.
    var card: String
    var choice: Choice
    /// The trust level chosen for someone new; `nil` when none is (the book's suggestion then applies).
    var trust: TrustLevel?
    /// Whether the card's text came from a scanned QR code (PasteForm's, carried through the confirmation).
    var wasScanned = false

    enum CodingKeys: String, CodingKey {
        case card, answer, trust, scanned
    }

    init(card: String = "", choice: Choice, trust: TrustLevel? = nil, wasScanned: Bool = false) {
        (self.card, self.choice, self.trust, self.wasScanned) = (card, choice, trust, wasScanned)
    }

    init(from decoder: any Decoder) throws {
        let form = try decoder.container(keyedBy: CodingKeys.self)
        card = try form.decodeIfPresent(String.self, forKey: .card) ?? ""
        // An answer no button gives stores nothing.
        choice = try form.decodeIfPresent(String.self, forKey: .answer).flatMap(Choice.init(rawValue:)) ?? .ignore
        trust = try form.decodeIfPresent(String.self, forKey: .trust).flatMap(TrustLevel.init(caseInsensitive:))
        wasScanned = try form.decodeIfPresent(String.self, forKey: .scanned) == PasteForm.scannedValue
    }

    /// The person's answer, as the book takes it, with the trust level chosen (`NewContactTrust`: any of
    /// the three, as `handshake add --trust` takes them).
    func answer(suggested: TrustLevel) -> ReceiveAnswer {
        let trust = NewContactTrust.chosen(trust, suggested: suggested)
        switch choice {
        case .add: return .add(trust: trust)
        case .separately: return .addSeparately(trust: trust)
        case .merge(let id): return .merge(into: id)
        case .ignore: return .ignore
        }
    }
}
