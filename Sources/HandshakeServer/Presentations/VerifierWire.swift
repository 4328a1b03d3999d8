import Foundation
import HandshakeCore
import HandshakeCredentials
import HandshakeMailbox
import Hummingbird

// The presentation bodies are HandshakeMailbox's; the server writes them from its stored requests.
extension CreatedVerifierRequestResponse: ResponseEncodable {}
extension DirectPostResponse: ResponseEncodable {}

extension VerifierRequestResponse: ResponseEncodable {
    init(_ request: VerifierRequest) {
        self.init(
            id: request.id, status: request.status, expiresAt: request.expiresAt, holder: request.holder,
            fields: request.disclosedJSON.flatMap { try? JSONDecoder().decode(CardFields.self, from: Data($0.utf8)) },
            nodeId: request.nodeID?.rawValue, answeredAt: request.answeredAt)
    }
}
