import Foundation
import HandshakeCore
import HandshakeQR
import HandshakeQRPNG

/// A contact card as an Apple Wallet pass: the files of a `.pkpass` before they are signed.
///
/// The pass shows the card's shared fields and carries the card itself in its QR code (the `HS1:` text),
/// so whoever scans the pass in Wallet receives the signed card, verifiable as from any other screen.
/// Signing (``PassSigner``) and packing (``PassPackage``) are separate steps, so the manifest's hash can be
/// signed elsewhere (by a server holding the pass certificate) and the card never leaves the device.
public struct WalletPass: Sendable {
    /// The card the pass shows and carries.
    public var card: SignedCard
    /// Apple's pass type identifier (`pass.com.example.handshake`), the UID of the pass certificate.
    public var passTypeIdentifier: String
    /// The Apple Developer team identifier, the OU of the pass certificate.
    public var teamIdentifier: String
    /// The name shown as the pass's issuer.
    public var organizationName: String

    /// A pass of `card`; the identifiers are those of the Pass Type ID certificate that will sign it
    /// (``PassSigner/passTypeIdentifier`` and ``PassSigner/teamIdentifier`` read them).
    public init(card: SignedCard, passTypeIdentifier: String, teamIdentifier: String, organizationName: String = "Handshake") {
        self.card = card
        self.passTypeIdentifier = passTypeIdentifier
        self.teamIdentifier = teamIdentifier
        self.organizationName = organizationName
    }

    /// The unsigned files of the pass by name: `pass.json` and the icons Wallet requires.
    /// - Throws: ``WalletPassError/cardTooLargeForQR`` when the card does not fit one QR code.
    public func files() throws(WalletPassError) -> [String: [UInt8]] {
        ["pass.json": try passJSON(), "icon.png": try Self.icon(scale: 1), "icon@2x.png": try Self.icon(scale: 2)]
    }

    /// `pass.json`: a generic pass with the card's fields and its QR text as the barcode.
    func passJSON() throws(WalletPassError) -> [UInt8] {
        let qrText = CardText.qrText(card)
        // Wallet draws the barcode itself; refuse here a card it could not draw as one QR code.
        guard (try? QRCode(encoding: qrText, errorCorrection: .low)) != nil else { throw .cardTooLargeForQR }
        let shown = card.card
        let name = shown.name ?? "Node ID \(card.nodeID)"
        var secondary: [PassJSON.Field] = []
        if let company = shown.company { secondary.append(.init(key: "company", label: "COMPANY", value: company)) }
        if let title = shown.title { secondary.append(.init(key: "title", label: "TITLE", value: title)) }
        var auxiliary: [PassJSON.Field] = []
        if let email = shown.emails.first { auxiliary.append(.init(key: "email", label: "EMAIL", value: email)) }
        if let phone = shown.phones.first { auxiliary.append(.init(key: "phone", label: "PHONE", value: phone)) }
        var back: [PassJSON.Field] = [.init(key: "nodeId", label: "Node ID", value: card.nodeID.rawValue)]
        if let bio = shown.bio { back.append(.init(key: "bio", label: "About", value: bio)) }
        for (index, link) in shown.links.enumerated() { back.append(.init(key: "link\(index)", label: link.platform, value: link.summary)) }
        back.append(.init(
            key: "about", label: "This pass",
            value: "The QR code holds \(name)'s contact card, signed by its owner. Scan it with Handshake to add it, verified."))
        let pass = PassJSON(
            formatVersion: 1, passTypeIdentifier: passTypeIdentifier, teamIdentifier: teamIdentifier,
            serialNumber: "\(card.nodeID.rawValue)-\(shown.updatedAt)", organizationName: organizationName,
            description: "Contact card of \(name)", logoText: "Handshake",
            generic: .init(primaryFields: [.init(key: "name", label: "NAME", value: name)], secondaryFields: secondary, auxiliaryFields: auxiliary, backFields: back),
            barcodes: [.init(format: "PKBarcodeFormatQR", message: qrText, messageEncoding: "iso-8859-1", altText: String(card.nodeID.rawValue.prefix(12)))])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do { return Array(try encoder.encode(pass)) } catch { throw .encoding(String(describing: error)) }
    }

    /// Wallet's icon: a version 1 QR symbol (21 modules and a quiet zone of 4) is exactly the 29 points
    /// Wallet asks for, so the icon is one, reading "HANDSHAKE", at 1× and 2×.
    static func icon(scale: Int) throws(WalletPassError) -> [UInt8] {
        do {
            let symbol = try QRCode(encoding: "HANDSHAKE", errorCorrection: .medium, version: 1)
            return try PNGRenderer(moduleSize: scale, quietZone: 4).png(for: symbol)
        } catch {
            throw .encoding("the icon: \(error)")
        }
    }
}
