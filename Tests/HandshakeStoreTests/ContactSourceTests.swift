// Establishes how a card read from text records its way in: a QR code's text that nobody scanned (pasted,
// typed, from a file) is `pasted`, and every other source says what it is, scanned or not.
import HandshakeCore
import HandshakeStore
import Testing

struct ContactSourceTests {
    @Test func textThatWasNotScannedIsPasted() {
        #expect(ContactSource(form: .qrText).arrived(scanned: false) == .pasted)
        #expect(ContactSource(form: .cbor).arrived(scanned: false) == .pasted)
        #expect(ContactSource(form: .qrText).arrived(scanned: true) == .qr)
        for form in [CardForm.link, .code, .vcard] {
            #expect(ContactSource(form: form).arrived(scanned: false) == ContactSource(form: form), "\(form) says what it is")
        }
        for source in ContactSource.allCases where source != .qr {
            #expect(source.arrived(scanned: false) == source && source.arrived(scanned: true) == source)
        }
        #expect(ContactSource(rawValue: "pasted") == .pasted, "stored by its raw value, as the export writes it")
    }
}
