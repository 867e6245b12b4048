/// How a file describes its colours, as its decoder found it: handed on untouched, so colour
/// management can convert the pixels to sRGB. Nothing here is applied by the decoders.
public struct EmbeddedColour: Sendable, Equatable {
    /// The ICC profile's bytes: a HEIF `prof`/`rICC` box, a WebP `ICCP` chunk.
    public var iccProfile: [UInt8]?
    /// A HEIF/AVIF `nclx` colour box: ITU-T H.273 code points instead of a profile.
    public var nclx: NCLX?

    public init(iccProfile: [UInt8]? = nil, nclx: NCLX? = nil) {
        self.iccProfile = iccProfile
        self.nclx = nclx
    }

    /// ITU-T H.273 code points: primaries 1 and transfer 13 are sRGB, primaries 12 Display P3.
    public struct NCLX: Sendable, Equatable {
        public var colourPrimaries: Int
        public var transferCharacteristics: Int
        public var matrixCoefficients: Int
        public var fullRange: Bool

        public init(colourPrimaries: Int, transferCharacteristics: Int, matrixCoefficients: Int, fullRange: Bool) {
            self.colourPrimaries = colourPrimaries
            self.transferCharacteristics = transferCharacteristics
            self.matrixCoefficients = matrixCoefficients
            self.fullRange = fullRange
        }
    }
}
