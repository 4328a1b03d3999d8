import HandshakeTestSupport

/// The conformance scripts of this target (`Conformance/`).
let python = ConformanceScripts()
