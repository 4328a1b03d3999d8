/// The per-contact chat features a person can allow or refuse, as in SimpleX Chat.
///
/// They matter once messages flow between contacts; the book keeps them now so that an entry already
/// carries the person's choices when messaging arrives.
public enum ChatFeature: String, Sendable, Codable, CaseIterable {
    /// Messages that disappear after a time (``MessageTTL``); never one-sided.
    case timedMessages = "timed-messages"
    /// Reactions to messages.
    case reactions
    /// Voice messages.
    case voice
    /// Audio and video calls.
    case calls
    /// Files and media.
    case files
    /// Deleting a message for everyone, not only on one's own device.
    case fullDelete = "full-delete"

    /// Whether one side may use the feature while the other does not. Disappearing messages are never
    /// one-sided: a message that disappears on one device only would mislead both people.
    public var isAsymmetric: Bool { self != .timedMessages }

    /// What a side allows when it has said nothing (the same defaults on both sides).
    public var defaultAllowance: FeatureAllowance {
        switch self {
        case .timedMessages, .fullDelete: return .no
        case .reactions, .voice, .calls: return .yes
        case .files: return .always
        }
    }

    /// Words for a person.
    public var label: String {
        switch self {
        case .timedMessages: return "Disappearing messages"
        case .reactions: return "Message reactions"
        case .voice: return "Voice messages"
        case .calls: return "Audio/video calls"
        case .files: return "Files and media"
        case .fullDelete: return "Delete for everyone"
        }
    }
}
