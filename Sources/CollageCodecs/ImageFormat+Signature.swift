public import CollageCore

extension ImageFormat {
    /// Recognises a file by its signature, not its name: a text file called `.jpg` is no JPEG.
    public init?<Bytes: Collection<UInt8>>(signature bytes: Bytes) {
        guard let (_, format) = ImageCodecs.recognise(signature: bytes) else { return nil }
        self = format
    }
}
