import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Foundation
import Testing

func decodeFixture(_ name: String, limits: DecodeLimits = DecodeLimits()) throws -> (header: ImageHeader, image: RGBImage) {
    let decoded = try PhotoDecoder.decode(try Fixtures.bytes(name), limits: limits) { $0.displayedSize }
    return (decoded.header, try #require(decoded.image))
}

@Suite("Decoding the fixtures")
struct FixtureDecodingTests {
    @Test("Good photos decode upright at their displayed size", arguments: [
        ("autumn.jpg", ImageFormat.jpeg, PixelSize(width: 320, height: 200), Orientation.up),
        ("coldripple.jpg", .jpeg, PixelSize(width: 280, height: 210), .up),
        ("grey-gray.jpg", .jpeg, PixelSize(width: 300, height: 200), .up),
        ("coldripple-cmyk.jpg", .jpeg, PixelSize(width: 300, height: 200), .up),
        ("cups-exif6.jpg", .jpeg, PixelSize(width: 240, height: 180), .right),
        ("cups-exif8.jpg", .jpeg, PixelSize(width: 240, height: 180), .left),
        ("summer-exif3.jpg", .jpeg, PixelSize(width: 240, height: 160), .down),
        ("portrait-exif6.jpg", .jpeg, PixelSize(width: 180, height: 320), .right),
        ("portrait.jpg", .jpeg, PixelSize(width: 180, height: 320), .up),
        ("kite-palette.png", .png, PixelSize(width: 240, height: 150), .up),
        ("bythewater-16bit.png", .png, PixelSize(width: 160, height: 100), .up),
        ("summer-alpha.png", .png, PixelSize(width: 210, height: 140), .up),
        ("kite.heic", .heic, PixelSize(width: 320, height: 200), .up),
        ("autumn-grid.heic", .heic, PixelSize(width: 320, height: 200), .up),
        ("eveningglow.avif", .avif, PixelSize(width: 320, height: 200), .up),
        ("path-10bit.heic", .heic, PixelSize(width: 320, height: 200), .up),
        ("path-10bit.avif", .avif, PixelSize(width: 320, height: 200), .up),
        ("grey-mono.heic", .heic, PixelSize(width: 300, height: 200), .up),
        ("summer-alpha.heic", .heic, PixelSize(width: 210, height: 140), .up),
        // Stored 180x240; irot (and imir) show it 240x180, told as orientation 6 (and 5); the EXIF
        // 6 (or 5) inside is not applied again.
        ("cups-exif6.heic", .heic, PixelSize(width: 240, height: 180), .right),
        ("cups-irot-imir.heic", .heic, PixelSize(width: 240, height: 180), .leftMirrored),
        ("kite.webp", .webp, PixelSize(width: 320, height: 200), .up),
        ("eveningglow-lossless.webp", .webp, PixelSize(width: 320, height: 200), .up),
        ("summer-alpha.webp", .webp, PixelSize(width: 210, height: 140), .up),
        ("coldripple-animated.webp", .webp, PixelSize(width: 280, height: 210), .up),
        // Stored 180x240 with EXIF orientation 6: shown 240x180, as a JPEG's would be.
        ("cups-exif6.webp", .webp, PixelSize(width: 240, height: 180), .right),
        ("cups-exif6.png", .png, PixelSize(width: 240, height: 180), .right),
    ])
    func decodes(name: String, format: ImageFormat, displayed: PixelSize, orientation: Orientation) throws {
        let (header, image) = try decodeFixture(name)
        #expect(header.format == format)
        #expect(header.orientation == orientation)
        #expect(header.displayedSize == displayed)
        #expect(image.size == displayed)
    }

    @Test("Bad files fail with their reason, never a crash", arguments: [
        ("truncated.jpg", DecodeError.truncated(format: .jpeg)),
        ("truncated.png", .truncated(format: .png)),
        ("truncated-eoi.jpg", .truncated(format: .jpeg)),
        ("truncated-rst.jpg", .truncated(format: .jpeg)),
        ("not-an-image.jpg", .notAnImage),
        ("empty.jpg", .notAnImage),
        ("many-scans.jpg", .tooManyScans(limit: DecodeLimits.defaultMaximumScans)),
        ("bomb.png", .tooLarge(PixelSize(width: 100_000, height: 100_000), limit: DecodeLimits.defaultMaximumPixels)),
        ("bomb.jpg", .tooLarge(PixelSize(width: 60000, height: 60000), limit: DecodeLimits.defaultMaximumPixels)),
        ("truncated.heic", .truncated(format: .heic)),
        ("truncated.avif", .truncated(format: .avif)),
        ("truncated.webp", .truncated(format: .webp)),
        ("bomb.heic", .tooLarge(PixelSize(width: 20000, height: 10000), limit: DecodeLimits.defaultMaximumPixels)),
    ])
    func refuses(name: String, expected: DecodeError) throws {
        #expect(throws: expected) { try decodeFixture(name) }
    }

    /// 677 bytes whose header declares 14000x7100, then EOI: libjpeg only warns ("premature end
    /// of data segment") and would fill 99 million pixels with grey. Decoded at 1/8 (and at the
    /// smallest size asked for), as a collage would; never at full size, which would take 300 MB.
    @Test("A JPEG whose entropy data ends early at an EOI marker is truncated, at every scale",
          arguments: [PixelSize(width: 1750, height: 888), PixelSize(width: 175, height: 89)])
    func aTinyFileDeclaringAHugePhotoIsTruncated(size: PixelSize) throws {
        #expect(throws: DecodeError.truncated(format: .jpeg)) {
            try PhotoDecoder.decode(try Fixtures.bytes("huge-eoi.jpg")) { _ in size }
        }
    }

    @Test func corruptDataNamesTheCodecsReason() throws {
        var bytes = try Fixtures.bytes("path.jpg")
        bytes.replaceSubrange(3..<40, with: [UInt8](repeating: 0x17, count: 37))  // keeps the FF D8 FF signature
        #expect {
            try PhotoDecoder.decode(bytes) { $0.displayedSize }
        } throws: { error in
            guard case .corrupt(.jpeg, let reason) = error as? DecodeError else { return false }
            return !reason.isEmpty
        }
    }

    @Test func theScanLimitCanBeRaised() throws {
        let (_, image) = try decodeFixture("many-scans.jpg", limits: DecodeLimits(maximumScans: 1000))
        #expect(image.size == PixelSize(width: 280, height: 210))
    }

    @Test func thePixelLimitCanBeLoweredAndIsCheckedBeforeDecoding() throws {
        let limits = DecodeLimits(maximumPixels: 320 * 200 - 1)
        #expect(throws: DecodeError.tooLarge(PixelSize(width: 320, height: 200), limit: limits.maximumPixels)) {
            try decodeFixture("autumn.jpg", limits: limits)
        }
        #expect(throws: Never.self) { try decodeFixture("autumn.jpg", limits: DecodeLimits(maximumPixels: 320 * 200)) }
    }

    @Test func theMemoryADecodeNeedsIsKnownFromTheHeader() throws {
        // 1250x1249 blocks per component (4:4:4), 64 two-byte coefficients each, kept whole by a
        // progressive decode; plus the output at 1/8. A baseline JPEG needs its 1/8 output only.
        let bomb = try OpenedImage(bytes: Fixtures.bytes("progressive-bomb.jpg"))
        #expect(bomb.header.decodeBytes == 1250 * 1249 * 64 * 2 * 3 + 1250 * 1249 * 3)
        #expect(try OpenedImage(bytes: Fixtures.bytes("autumn.jpg")).header.decodeBytes == 40 * 25 * 3)
        let limits = DecodeLimits(maximumDecodeBytes: 512 << 20)
        #expect(throws: DecodeError.needsMemory(bytes: bomb.header.decodeBytes, limit: 512 << 20)) {
            try OpenedImage(bytes: Fixtures.bytes("progressive-bomb.jpg"), limits: limits)
        }
        #expect(DecodeError.needsMemory(bytes: bomb.header.decodeBytes, limit: 512 << 20).description
                == "needs 577 MiB to decode, over --max-memory 512M")
    }

    @Test func headerAloneDecodesNothing() throws {
        let header = try PhotoDecoder.header(of: try Fixtures.bytes("cups-exif6.jpg"))
        #expect(header.storedSize == PixelSize(width: 180, height: 240))
        #expect(header.displayedSize == PixelSize(width: 240, height: 180))
    }

    @Test func exifRotatedCopiesShowTheSamePicture() throws {
        let six = try decodeFixture("cups-exif6.jpg").image
        let eight = try decodeFixture("cups-exif8.jpg").image
        for (x, y) in [(40, 40), (200, 40), (40, 140), (200, 140), (120, 90)] {
            let patch = PixelRect(x: x - 8, y: y - 8, width: 16, height: 16)
            #expect(six.meanColor(in: patch).distance(to: eight.meanColor(in: patch)) <= 16, "at \(x),\(y)")
        }
    }

    @Test func cmykComesOutInTheRightColours() throws {
        // The same scene, one as Adobe CMYK (inverted ink values), one as YCbCr: an inverted
        // or unconverted decode would be far off.
        let cmyk = try decodeFixture("coldripple-cmyk.jpg").image
        let rgb = try decodeFixture("coldripple.jpg").image
        let a = cmyk.meanColor(in: PixelRect(x: 0, y: 0, width: cmyk.width, height: cmyk.height))
        let b = rgb.meanColor(in: PixelRect(x: 0, y: 0, width: rgb.width, height: rgb.height))
        #expect(a.distance(to: b) <= 20, "\(a) vs \(b)")
    }

    @Test func sixteenBitPNGIsReadAsSRGB() throws {
        // Read as linear, the 16-bit copy would come out far brighter than the 8-bit original.
        let png = try decodeFixture("bythewater-16bit.png").image
        let jpeg = try decodeFixture("bythewater.jpg").image.resized(to: png.size)
        let whole = PixelRect(x: 0, y: 0, width: png.width, height: png.height)
        #expect(png.meanColor(in: whole).distance(to: jpeg.meanColor(in: whole)) <= 6)
    }

    @Test func transparencyBecomesWhite() throws {
        let image = try decodeFixture("summer-alpha.png").image
        #expect(image.meanColor(in: PixelRect(x: 0, y: 0, width: 100, height: 140)) == .white)
        #expect(image.meanColor(in: PixelRect(x: 110, y: 0, width: 100, height: 140)).distance(to: .white) > 40)
    }
}
