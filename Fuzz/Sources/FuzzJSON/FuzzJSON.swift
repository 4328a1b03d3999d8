// libFuzzer target: the strict JSON reader that every credential, presentation and request object goes
// through, with Foundation's decoder beside it as a second opinion.
// Invariants: nothing traps; a refusal says where, within the text, and why; whatever the reader accepts,
// Foundation's JSONDecoder reads to the same value, or, where Foundation refuses the spelling (it refuses
// `0e1`, which RFC 8259 allows), reads the value written out again by JSONSerialization to the same value.
import Foundation

@testable import HandshakeCredentials

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let value: JSONValue
    do {
        value = try JSONReader.read(bytes)
    } catch {
        precondition(!error.description.isEmpty && error.offset >= 0 && error.offset <= bytes.count, "\(error)")
        return 0
    }
    if let foundation = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) {
        precondition(foundation == value, "Foundation reads \(bytes) as \(foundation), the reader as \(value)")
    } else {
        let written = try! JSONSerialization.data(withJSONObject: value.foundation, options: [.fragmentsAllowed])
        let again = try? JSONDecoder().decode(JSONValue.self, from: written)
        precondition(again == value, "Foundation refuses \(bytes) and reads it written again as \(String(describing: again)), the reader as \(value)")
    }
    return 0
}
