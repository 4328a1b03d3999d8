// Which end of the channel a device is. The transport decides (the device that connects is the initiator);
// the channel only needs both ends to disagree. Two initiators wait for each other until the layer above
// times out; two responders, or two session-secret initiators, fail at their first frame.

/// The side a device plays in the Noise handshake.
public enum ChannelRole: Sendable, Equatable {
    /// Sends Noise message 1. In compare-code mode it waits for the responder's commitment first.
    case initiator
    /// Answers with Noise message 2. In compare-code mode it first commits to its ephemeral key.
    case responder
}
