import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

/// HEIC, AVIF and WebP (and PNG's eXIf), checked against independent readers: every good fixture
/// has a reference in `Fixtures/references/` made by Pillow with pillow-heif (HEIF transforms
/// applied, no EXIF on top), Pillow's AVIF and WebP (EXIF orientation applied), alpha over white.
@Suite("Decoding HEIC, AVIF and WebP")
struct PhoneFormatDecodingTests {
    @Test("Pixels match the independent reader's within a mean of 2 levels", arguments: [
        "kite.heic", "autumn-grid.heic", "eveningglow.avif", "path-10bit.heic", "path-10bit.avif", "grey-mono.heic", "grey-mono-limited.avif",
        "kite-thumb-wrong-size.heic", "cups-animated-alpha-nocolr.avif", "cups-animated-svt.avif", "summer-alpha.heic", "cups-exif6.heic",
        "cups-irot-imir.heic", "kite.webp", "eveningglow-lossless.webp", "summer-alpha.webp", "coldripple-animated.webp",
        "cups-exif6.webp", "cups-exif6.png",
    ])
    func matchesReference(name: String) throws {
        let (_, image) = try decodeFixture(name)
        let (_, reference) = try decodeFixture("references/\(name).png")
        try #require(image.size == reference.size)
        let difference = zip(image.pixels, reference.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        let mean = Double(difference) / Double(image.pixels.count)
        #expect(mean <= 2, "\(name): mean difference \(mean) levels from the reference")
    }

    @Test("The transparent half of an alpha image is the white background")
    func alphaIsCompositedOnWhite() throws {
        for name in ["summer-alpha.heic", "summer-alpha.webp"] {
            let (_, image) = try decodeFixture(name)
            // The left 100 of 210 columns (the transparent half is 105 wide).
            let left = (0..<image.height).flatMap { y in image.pixels[(y * image.width * 3)..<((y * image.width + 100) * 3)] }
            #expect(left.allSatisfy { $0 >= 250 }, "\(name)")
        }
    }

    @Test("Corrupt coded data names the codec's reason", arguments: [("corrupt.heic", ImageFormat.heic), ("corrupt.webp", .webp)])
    func corrupt(name: String, format: ImageFormat) throws {
        #expect {
            try decodeFixture(name)
        } throws: { error in
            guard case .corrupt(let failed, let reason) = error as? DecodeError else { return false }
            return failed == format && !reason.isEmpty
        }
    }

    @Test("Every cut of a HEIC, AVIF or WebP is refused cleanly or read, never a crash", arguments: [
        "cups-irot-imir.heic", "eveningglow.avif", "cups-exif6.webp", "cups-animated-svt.avif",
    ])
    func everyCut(name: String) throws {
        let bytes = try Fixtures.bytes(name)
        for length in stride(from: 0, to: bytes.count, by: 61) {
            do {
                _ = try PhotoDecoder.decode(Array(bytes.prefix(length))) { $0.displayedSize }
            } catch .truncated, .corrupt, .notAnImage {
                continue
            } catch {
                Issue.record("\(name) cut at \(length): \(error)")
            }
        }
    }

    @Test("A 200-megapixel HEIC is refused from its header, before any decode")
    func bombRefusedFromHeader() throws {
        let bytes = try Fixtures.bytes("bomb.heic")
        #expect(throws: DecodeError.tooLarge(PixelSize(width: 20000, height: 10000), limit: 100_000_000)) {
            try PhotoDecoder.header(of: bytes)
        }
    }

    /// HEIF: the coded 4:2:0 planes (alpha's too) and libheif's RGB(A) planes at full size, 1 or 2
    /// bytes a sample, our copy at 1/8 at least. WebP, decoded scaled: the output at 1/8 as RGBA
    /// and RGB, a lossless frame's whole ARGB, a lossy frame's alpha plane, and the file, read
    /// whole (a HEIF is read as libheif asks, as a JPEG streams).
    @Test("--max-memory counts a HEIF's and a WebP's decode, known from the header", arguments: [
        ("kite.heic", 320 * 200 * 3 / 2 + 320 * 200 * 3 + 40 * 25 * 3),
        ("path-10bit.heic", (320 * 200 * 3 / 2 + 320 * 200 * 3) * 2 + 40 * 25 * 3),
        ("path-10bit.avif", (320 * 200 * 3 / 2 + 320 * 200 * 3) * 2 + 40 * 25 * 3),
        ("summer-alpha.heic", 210 * 140 * 5 / 2 + 210 * 140 * 4 + 27 * 18 * 3),
        ("kite.webp", 40 * 25 * (4 + 3)), ("summer-alpha.webp", 27 * 18 * (4 + 3) + 210 * 140),
        ("eveningglow-lossless.webp", 40 * 25 * (4 + 3) + 320 * 200 * 4),
    ])
    func decodeMemoryFromTheHeader(name: String, pixelBytes: Int) throws {
        let bytes = try Fixtures.bytes(name)
        let need = pixelBytes + (name.hasSuffix(".webp") ? bytes.count : 0)
        #expect(try OpenedImage(bytes: bytes).header.decodeBytes == need)
        #expect(throws: DecodeError.needsMemory(bytes: need, limit: need - 1)) {
            try OpenedImage(bytes: bytes, limits: DecodeLimits(maximumDecodeBytes: need - 1))
        }
        #expect(throws: Never.self) { try OpenedImage(bytes: bytes, limits: DecodeLimits(maximumDecodeBytes: need)) }
    }

    /// libwebp scales as it decodes, premultiplied: the picture is its full decode resized, and a
    /// transparent pixel's colour does not bleed into the opaque half.
    @Test("A WebP is decoded scaled down by libwebp", arguments: [
        "kite.webp", "summer-alpha.webp", "eveningglow-lossless.webp", "coldripple-animated.webp", "cups-exif6.webp",
    ])
    func webPDecodesScaled(name: String) throws {
        let bytes = try Fixtures.bytes(name)
        let header = try PhotoDecoder.header(of: bytes)
        let full = try PhotoDecoder.decode(bytes, at: header.displayedSize)
        let quarter = PixelSize(width: header.displayedSize.width / 4, height: header.displayedSize.height / 4)
        let scaled = try PhotoDecoder.decode(bytes, at: quarter)
        #expect(scaled.details.scale == 4 && full.details.scale == 1)
        let expected = full.image.resized(to: quarter)
        #expect(scaled.image.size == quarter)
        let difference = zip(scaled.image.pixels, expected.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        let mean = Double(difference) / Double(expected.pixels.count)
        #expect(mean <= 2, "\(name): mean difference \(mean) levels from the full decode resized")
    }

    @Test("The embedded thumbnail is used only when it covers the size kept")
    func thumbnailOnlyWhenLargeEnough() throws {
        let bytes = try Fixtures.bytes("kite-thumb.heic")
        let small = try PhotoDecoder.decode(bytes, at: PixelSize(width: 100, height: 62))
        #expect(small.details.scale == 320 / 128)  // the 128x80 thumbnail
        #expect(small.image.size == PixelSize(width: 100, height: 62))
        let large = try PhotoDecoder.decode(bytes, at: PixelSize(width: 200, height: 125))
        #expect(large.details.scale == 1)  // the primary image: the thumbnail is too small
        // Both show kite: close to the reference at the same size.
        let reference = try PhotoDecoder.decode(try Fixtures.bytes("references/kite.heic.png"), at: PixelSize(width: 100, height: 62))
        let difference = zip(small.image.pixels, reference.image.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        #expect(Double(difference) / Double(reference.image.pixels.count) <= 4)
    }

    /// A Canon .hif's thumbnail decodes 1664x1088 where its header says 1616x1080; this one's
    /// says 168x104 and decodes 176x110. It is passed over: the primary image is decoded instead.
    @Test("A thumbnail that is not the size its header says is passed over for the primary image")
    func thumbnailOfTheWrongSizeIsNotUsed() throws {
        let bytes = try Fixtures.bytes("kite-thumb-wrong-size.heic")
        let size = PixelSize(width: 100, height: 62)  // the 168x104 the header says would cover it
        let decoded = try PhotoDecoder.decode(bytes, at: size)
        #expect(decoded.details.scale == 2)  // the 320x200 primary image, shrunk by blocks of 2
        let reference = try PhotoDecoder.decode(try Fixtures.bytes("references/kite-thumb-wrong-size.heic.png"), at: size)
        let difference = zip(decoded.image.pixels, reference.image.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        #expect(Double(difference) / Double(reference.image.pixels.count) <= 2)
    }

    /// libheif 1.15 copies monochrome luma into RGB as stored: 16-235 comes out washed out
    /// (0.86 x + 16). Expanded, it is Pillow's libavif's reading; full-range monochrome is untouched.
    @Test("Monochrome in limited range is expanded to full range; in full range it is not")
    func monochromeLimitedRangeIsExpanded() throws {
        let limited = try decodeFixture("grey-mono-limited.avif").1
        #expect(limited.pixels.min() == 0 && limited.pixels.max() == 255, "\(limited.pixels.min() ?? 0)...\(limited.pixels.max() ?? 0)")
        let full = try decodeFixture("grey-mono.heic").1
        let reference = try decodeFixture("references/grey-mono.heic.png").1
        #expect(full.pixels.min() == reference.pixels.min() && full.pixels.max() == reference.pixels.max())
    }

    /// Against the reference area-averaged straight to the size: within 2 levels where the block
    /// average lands on the size, within 3 where a resample follows it (two averages in a row
    /// blur an edge a little more than one, as after a JPEG's DCT scaling).
    @Test("A HEIF kept small is shrunk by blocks as it is decoded, and still matches", arguments: [
        ("kite.heic", PixelSize(width: 80, height: 50), 4, 2.0), ("summer-alpha.heic", PixelSize(width: 105, height: 70), 2, 2),
        ("path-10bit.heic", PixelSize(width: 40, height: 25), 8, 2), ("cups-exif6.heic", PixelSize(width: 120, height: 90), 2, 2),
        ("cups-irot-imir.heic", PixelSize(width: 110, height: 82), 2, 3), ("kite.heic", PixelSize(width: 70, height: 44), 4, 3),
    ])
    func shrunk(name: String, size: PixelSize, scale: Int, tolerance: Double) throws {
        let decoded = try PhotoDecoder.decode(try Fixtures.bytes(name), at: size)
        #expect(decoded.details.scale == scale)
        #expect(decoded.image.size == size)
        let reference = try PhotoDecoder.decode(try Fixtures.bytes("references/\(name).png"), at: size)
        let difference = zip(decoded.image.pixels, reference.image.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        let mean = Double(difference) / Double(reference.image.pixels.count)
        #expect(mean <= tolerance, "\(name) at \(size): mean difference \(mean) levels from the reference")
    }

    @Test("A HEIF's prof or nclx and a WebP's ICCP are the header's one colour profile; an sRGB nclx is none")
    func colourIsTheHeadersProfile() throws {
        let icc = try PhotoDecoder.header(of: Fixtures.bytes("kite-icc.heic")).colorProfile
        #expect(icc.map { Array($0.icc[36..<40]) } == Array("acsp".utf8))  // an ICC profile's signature
        #expect(try PhotoDecoder.header(of: Fixtures.bytes("kite-icc.webp")).colorProfile == icc)
        // BT.709 primaries and the sRGB transfer, as pillow-heif writes: nothing to convert.
        #expect(try PhotoDecoder.header(of: Fixtures.bytes("cups-exif6.heic")).colorProfile == nil)
        #expect(try PhotoDecoder.header(of: Fixtures.bytes("cups-p3-nclx.heic")).colorProfile?.name == "Display P3 (nclx)")
        #expect(try PhotoDecoder.header(of: Fixtures.bytes("kite.webp")).colorProfile == nil)
    }

    @Test("Formats are recognised by their brands and chunks, not their names", arguments: [
        ("kite.heic", ImageFormat.heic), ("eveningglow.avif", .avif), ("kite.webp", .webp), ("cups-exif6.heic", .heic),
    ])
    func recognised(name: String, format: ImageFormat) throws {
        #expect(ImageFormat(signature: try Fixtures.bytes(name)) == format)
    }

    @Test func aHEIFBrandAloneIsHEIF() {
        // ftyp, size 24: major brand mif1, minor version 0, compatible mif1 and miaf.
        let box: [UInt8] = [0, 0, 0, 24] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1miaf".utf8)
        #expect(ImageFormat(signature: box) == .heif)
        let mp4: [UInt8] = [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 0, 0] + Array("isomavc1".utf8)
        #expect(ImageFormat(signature: mp4) == nil)
    }
}
