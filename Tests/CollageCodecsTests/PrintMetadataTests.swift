import CollageCodecs
import CollageCore
import CollageTestSupport
import Testing
import CollageImaging

/// The resolution read back from the encoded bytes by parsers written here, not by the codecs.
@Suite("Resolution in the file: JFIF density and PNG pHYs")
struct PrintMetadataTests {
    let image = TestImages.pattern(seed: 2, 48, 32)

    @Test("JPEG records the dpi as a JFIF density in dots per inch", arguments: [1, 72, 150, 300, 600, 65535])
    func jfifDensity(dpi: Int) throws {
        let bytes = try ImageEncoder.encode(image, as: .jpeg, settings: EncodeSettings(dpi: dpi))
        let jfif = try #require(JFIFHeader(bytes))
        #expect(jfif.unit == 1)
        #expect(jfif.xDensity == dpi && jfif.yDensity == dpi)
        #expect(try PhotoDecoder.decode(bytes) { $0.displayedSize }.image?.size == image.size)
    }

    @Test func jpegWithoutADPIKeepsJFIFsSquarePixelsWithoutAUnit() throws {
        let jfif = try #require(JFIFHeader(try ImageEncoder.encode(image, as: .jpeg)))
        #expect(jfif.unit == 0 && jfif.xDensity == 1 && jfif.yDensity == 1)
    }

    @Test("PNG records the dpi as pHYs pixels per metre, before the image data", arguments: [
        (72, 2835), (150, 5906), (300, 11811), (600, 23622), (1, 39), (65535, 2_580_118),
    ])
    func pngPhysicalSize(dpi: Int, pixelsPerMetre: Int) throws {
        #expect(EncodeSettings.pixelsPerMetre(dpi: dpi) == pixelsPerMetre)
        let bytes = try ImageEncoder.encode(image, as: .png, settings: EncodeSettings(dpi: dpi))
        let chunks = try #require(PNGChunks(bytes))
        let pHYs = try #require(chunks.first { $0.type == "pHYs" }?.data)
        #expect(pHYs == bigEndian(pixelsPerMetre) + bigEndian(pixelsPerMetre) + [1])  // unit 1: the metre
        let order = chunks.map(\.type)
        #expect(order.first == "IHDR" && order.last == "IEND")
        #expect(try #require(order.firstIndex(of: "pHYs")) < #require(order.firstIndex(of: "IDAT")))
        #expect(try PhotoDecoder.decode(bytes) { $0.displayedSize }.image == image)
    }

    @Test func pngWithoutADPIHasNoPHYs() throws {
        let chunks = try #require(PNGChunks(try ImageEncoder.encode(image, as: .png)))
        #expect(chunks.map(\.type).contains("IDAT"))
        #expect(!chunks.map(\.type).contains("pHYs"))
    }

    @Test func resolutionsOutsideJFIFsRangeAreRefused() {
        for format in ImageFormat.allCases {
            for dpi in [0, -1, 65536] {
                #expect(throws: EncodeError.self) { try ImageEncoder.encode(image, as: format, settings: EncodeSettings(dpi: dpi)) }
            }
        }
    }

    func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
}
