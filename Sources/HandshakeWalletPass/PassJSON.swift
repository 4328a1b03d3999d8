/// The parts of Apple's `pass.json` (PassKit Package Format) a contact pass uses: a generic pass, its
/// fields, and one QR barcode. Keys as Apple spells them.
struct PassJSON: Encodable {
    struct Field: Encodable {
        var key: String
        var label: String
        var value: String
    }

    struct Generic: Encodable {
        var primaryFields: [Field]
        var secondaryFields: [Field]
        var auxiliaryFields: [Field]
        var backFields: [Field]
    }

    struct Barcode: Encodable {
        var format: String
        var message: String
        var messageEncoding: String
        var altText: String
    }

    var formatVersion: Int
    var passTypeIdentifier: String
    var teamIdentifier: String
    var serialNumber: String
    var organizationName: String
    var description: String
    var logoText: String
    var generic: Generic
    var barcodes: [Barcode]
}
