import ArgumentParser
import HandshakeCore
import HandshakeStore

extension TrustLevel: ExpressibleByArgument {
    public init?(argument: String) { self.init(caseInsensitive: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension ReceiptsSetting: ExpressibleByArgument {}

extension ContactSource {
    /// The source a card form implies when the user does not say.
    init(form: CardForm) {
        switch form {
        case .qrText, .cbor: self = .qr
        case .code: self = .code
        case .link: self = .link
        case .vcard: self = .vcard
        }
    }
}
