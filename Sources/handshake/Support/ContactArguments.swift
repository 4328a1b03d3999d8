import ArgumentParser
import HandshakeCore
import HandshakeStore

extension TrustLevel: ExpressibleByArgument {
    public init?(argument: String) { self.init(caseInsensitive: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension ReceiptsSetting: ExpressibleByArgument {}
