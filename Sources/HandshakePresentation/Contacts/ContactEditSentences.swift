// Establishes the sentence after a contact's settings were saved, said from the contact as it is now ("Blocked
// Bob. Their cards are ignored from now on." rather than "Saved."), so a page drawn after a redirect can say it
// from the kind alone.
import HandshakeStore

/// The sentences after editing a contact.
public enum ContactEditSentences {
    /// What `kind` of edit did to `contact` (as it is now). Values raw.
    public static func sentence(_ kind: ContactEditKind, contact: Contact) -> Sentence {
        let name = contact.displayName
        switch kind {
        case .blocked: return "Blocked \(name). Their cards are ignored from now on."
        case .unblocked: return "Unblocked \(name). Their cards are accepted again; they are \(words: NewContactTrust.label(contact.trustLevel))."
        case .trust: return "\(name) is now \(words: NewContactTrust.label(contact.trustLevel))."
        case .pinned: return "Pinned \(name) to the top of your contacts."
        case .unpinned: return "Unpinned \(name)."
        case .muted: return "Muted \(name)."
        case .unmuted: return "Unmuted \(name)."
        case .alias: return "Saved: you call them \(name)."
        case .aliasRemoved: return "Removed the alias: they show as \(name) again."
        case .tagAdded, .tagRemoved:
            return contact.tags.isEmpty ? "\(name) has no tags now." : "\(name)'s tags are now \(contact.tags.joined(separator: ", "))."
        case .notes: return "Saved your notes on \(name)."
        case .notesRemoved: return "Removed your notes on \(name)."
        case .preferences: return "Saved what \(name) may do."
        case .saved: return "Saved \(name)'s settings."
        }
    }
}
