public import CollageCodecs
internal import CollageSources
public import CollageFiles

/// How much of a file the tool reads at most, passed as one value: guards against files that
/// are not photos (`--max-file-size`) and decompression bombs (`--max-pixels`).
public struct ReadLimits: Sendable, Equatable {
    /// Checked against the header, before any pixel memory is allocated.
    public var decode: DecodeLimits
    /// Checked before a file is read: more bytes than any photo needs.
    public var maximumFileBytes: Int

    public init(decode: DecodeLimits = DecodeLimits(), maximumFileBytes: Int = InputFile.defaultMaximumBytes) {
        self.decode = decode
        self.maximumFileBytes = maximumFileBytes
    }
}
