import HandshakeTestSupport

/// The conformance scripts of this target (`Conformance/`: python-zeroconf, the mDNS packet parser).
let python = ConformanceScripts()
