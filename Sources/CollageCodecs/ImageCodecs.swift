public import CollageCore
/// The formats the tool reads, in the order their signatures are tried.
public enum ImageCodecs {
    static let all: [any ImageCodec.Type] = [JPEGCodec.self, PNGCodec.self, HEIFCodec.self, WebPCodec.self]

    /// How many bytes of a file are read to recognise its format: enough for every signature
    /// (an ISO BMFF `ftyp` box's brands, a RIFF form type), before the file is opened for decoding.
    public static let signatureLength = 64

    /// What transparent parts are blended onto, in the stored (sRGB-encoded) values, as viewers
    /// blend them (`collage_blend` in C, for every format with alpha): white.
    static let background: [UInt8] = [255, 255, 255]

    /// The formats read, for messages: "JPEG", "PNG", "HEIC"...
    public static var formats: [ImageFormat] { all.flatMap { $0.formats } }

    /// The codec and format `bytes` start with.
    static func recognise<Bytes: Collection<UInt8>>(signature bytes: Bytes) -> (codec: any ImageCodec.Type, format: ImageFormat)? {
        let signature = Array(bytes.prefix(signatureLength))
        for codec in all {
            if let format = codec.format(signature: signature) { return (codec, format) }
        }
        return nil
    }
}
