// libFuzzer target: arbitrary bytes through QR segmentation, encoding and the text renderers.
//
// What it protects: the encoder meets text from outside (names, notes, links pasted by users). No input may
// crash it, hang it or produce a symbol that breaks the renderers; too-long text must come back as an error.
// What it does not check: that symbols decode correctly; the zbarimg and segno tests prove that.
//
// Input layout: byte 0 picks the error-correction level and whether to force a version and/or mask;
// byte 1 is the forced version (mod 41, so 0 and thus an out-of-range error is reachable); byte 2 the
// forced mask (mod 9, so 8 is reachable too). The rest is the text, decoded as lossy UTF-8.
import HandshakeQR

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    guard bytes.count >= 3 else { return 0 }
    let control = bytes[0]
    let level = QRErrorCorrection.allCases[Int(control & 3)]
    let version: Int? = control & 4 != 0 ? Int(bytes[1] % 41) : nil
    let mask: Int? = control & 8 != 0 ? Int(bytes[2] % 9) : nil
    let text = String(decoding: bytes[3...], as: UTF8.self)

    let code: QRCode
    do {
        code = try QRCode(encoding: text, errorCorrection: level, version: version, mask: mask)
    } catch {
        // Every refusal must explain itself.
        precondition(!error.description.isEmpty)
        return 0
    }
    precondition(code.size == 17 + 4 * code.version)
    precondition(code.errorCorrection == level)
    if let version { precondition(code.version == version) }
    if let mask { precondition(code.mask == mask) }
    // The segments must carry exactly the text.
    precondition(code.segments.flatMap(\.payload) == Array(text.utf8))

    // Explicit segments from the optimal split give the same symbol.
    if control & 16 != 0 {
        let again = try? QRCode(segments: code.segments, errorCorrection: level, version: code.version, mask: code.mask)
        precondition(again == code)
    }
    // Renderers: cheap enough to run on every symbol when asked.
    if control & 32 != 0 {
        let terminal = code.terminalText(style: control & 64 != 0 ? .ansi : .plain)
        precondition(!terminal.isEmpty)
        let svg = code.svg()
        precondition(svg.hasPrefix("<svg"))
    }
    return 0
}
