// Establishes what the settings forms of the contact info screen send, and the one `ContactEdit` each asks
// for: the button pressed names the setting (`action`), and the form's field holds its value. The book
// validates the edit (ContactEdit's bounds) and applies it.
import Foundation
import HandshakeStore

/// A settings form of the contact info screen.
struct ContactEditForm: Decodable, Sendable, Equatable {
    /// Which setting the button changes.
    enum Action: String, Decodable, Sendable {
        case alias, notes, trust, pin, unpin, mute, unmute, addTag, removeTag, block, unblock
    }

    var action: Action
    var alias: String?
    var notes: String?
    var trust: TrustLevel?
    var tag: String?

    enum CodingKeys: String, CodingKey {
        case action, alias, notes, trust, tag
    }

    /// The edit it asks for.
    var edit: ContactEdit {
        let tags = tag.map { [$0] } ?? []
        switch action {
        case .alias: return ContactEdit(alias: alias ?? "")
        // A browser sends a text area's line breaks as CR LF; the book keeps line feeds.
        case .notes: return ContactEdit(notes: (notes ?? "").replacingOccurrences(of: "\r\n", with: "\n"))
        // Blocking is the danger zone's button, never a choice in the list.
        case .trust: return ContactEdit(trustLevel: trust == .blocked ? nil : trust)
        case .pin: return ContactEdit(pinned: true)
        case .unpin: return ContactEdit(pinned: false)
        case .mute: return ContactEdit(muted: true)
        case .unmute: return ContactEdit(muted: false)
        case .addTag: return ContactEdit(addTags: tags)
        case .removeTag: return ContactEdit(removeTags: tags)
        case .block: return ContactEdit(trustLevel: .blocked)
        case .unblock: return ContactEdit(trustLevel: .known)
        }
    }
}

/// The security code typed or pasted on the contact info screen.
struct SecurityCodeForm: Decodable, Sendable {
    var code: String?

    enum CodingKeys: String, CodingKey {
        case code
    }

    /// What was given, without the spaces around it.
    var given: String { (code ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
}
