import Testing

extension Tag {
    /// Suites that must run alone, after the rest: they time real protocols (retransmissions, browsers,
    /// network namespaces, external servers) that the parallel run would starve on two cores.
    /// `scripts/test` runs the suite twice: once skipping this tag, once with only it, serially.
    @Tag public static var runsAlone: Self
}
