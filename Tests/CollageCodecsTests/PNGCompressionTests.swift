import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

@Suite("PNG compression settings change the size, never the pixels")
struct PNGCompressionTests {
    /// Smooth areas, hard edges and noise: something for every filter and strategy to do.
    static let image: RGBImage = {
        var image = TestImages.pattern(seed: 8, 40, 30)
        var state: UInt32 = 12345
        for offset in stride(from: 0, to: image.pixels.count / 2, by: 1) {
            state = state &* 1_103_515_245 &+ 12345
            image.pixels[offset] = UInt8(truncatingIfNeeded: state >> 16)
        }
        return image
    }()

    @Test("Every strategy and filter at every zlib level decodes to the same pixels", arguments: 0...9)
    func lossless(level: Int) throws {
        for strategy in PNGCompression.Strategy.allCases {
            for filter in PNGCompression.Filter.allCases {
                let compression = PNGCompression(zlibLevel: level, strategy: strategy, filter: filter)
                let bytes = try ImageEncoder.encode(Self.image, as: .png, settings: EncodeSettings(png: compression))
                #expect(PNGChunks(bytes) != nil, "\(compression)")
                #expect(try PhotoDecoder.decode(bytes) { $0.displayedSize }.image == Self.image, "\(compression)")
            }
        }
    }

    @Test("Every preset decodes to the same pixels", arguments: PNGCompression.presets)
    func presetsAreLossless(preset: Int) throws {
        let compression = try #require(PNGCompression.preset(preset))
        let bytes = try ImageEncoder.encode(Self.image, as: .png, settings: EncodeSettings(png: compression))
        #expect(try PhotoDecoder.decode(bytes) { $0.displayedSize }.image == Self.image)
    }

    @Test func presetsRunFromStoredToSmallest() throws {
        #expect(PNGCompression.preset(-1) == nil && PNGCompression.preset(10) == nil)
        #expect(PNGCompression.default == PNGCompression.preset(PNGCompression.defaultPreset))
        let flat = TestImages.quadrants(64, 48)
        func size(_ preset: Int) throws -> Int {
            try ImageEncoder.encode(flat, as: .png, settings: EncodeSettings(png: #require(PNGCompression.preset(preset)))).count
        }
        #expect(try size(0) > 64 * 48 * 3)
        #expect(try size(9) < size(0) / 10)
    }

    @Test func zlibLevelsOutsideZeroToNineAreRefused() {
        for level in [-1, 10] {
            let compression = PNGCompression(zlibLevel: level, strategy: .default, filter: .all)
            #expect(throws: EncodeError.self) {
                try ImageEncoder.encode(Self.image, as: .png, settings: EncodeSettings(png: compression))
            }
        }
    }

    @Test func libpngsOwnErrorsComeBackAsOneLine() throws {
        // libpng refuses an image wider than its default limit of a million pixels: its error
        // callback longjmps back into the encoder, which returns the message.
        let wide = RGBImage(size: PixelSize(width: 1_000_001, height: 1), filledWith: .white)
        let error = try #require(throws: EncodeError.self) { try ImageEncoder.encode(wide, as: .png) }
        #expect(error.format == .png)
        #expect(error.description.hasPrefix("cannot encode PNG: "))
        #expect(!error.reason.isEmpty && !error.reason.contains("\n"))
    }
}
