/// The formats the tool reads, in the order their signatures are tried.
public enum ImageCodecs {
    static let all: [any ImageCodec.Type] = [JPEGCodec.self, PNGCodec.self]

    /// How many bytes of a file are read to recognise its format: enough for every signature
    /// (an ISO BMFF `ftyp` brand, a RIFF form type), before the file is opened for decoding.
    public static let signatureLength = 16

    /// The formats read, for messages: "JPEG", "PNG".
    public static var formats: [ImageFormat] { all.map { $0.format } }

    /// The codec whose signature `bytes` start with.
    static func codec<Bytes: Collection<UInt8>>(signature bytes: Bytes) -> (any ImageCodec.Type)? {
        let signature = Array(bytes.prefix(signatureLength))
        return all.first { $0.matches(signature: signature) }
    }
}
