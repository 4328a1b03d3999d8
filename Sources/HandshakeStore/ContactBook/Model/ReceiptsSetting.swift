/// Whether delivery receipts are sent to one contact: on, off, or whatever the user's default is.
public enum ReceiptsSetting: String, Sendable, Codable, CaseIterable {
    /// Send receipts to this contact.
    case yes
    /// Never send receipts to this contact.
    case no
    /// Follow the user's default for everyone.
    case `default`

    /// The receipts actually sent, given the user's own default.
    public func isEnabled(userDefault: Bool) -> Bool {
        switch self {
        case .yes: return true
        case .no: return false
        case .default: return userDefault
        }
    }
}
