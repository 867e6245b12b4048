import CollageCore
import CollageCodecs
import CollageImaging
import CollageTestSupport
import Foundation

/// What the end-to-end tests read back from a written collage: its pixels, through the real
/// decoder, and text in a part of it, through a real OCR engine (Debian's `tesseract`).
enum PrintedImage {
    static func pixels(_ path: String) throws -> RGBImage {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return try DecorationDecoder.opaque(bytes)
    }

    /// The text tesseract reads in `rect` of `image` (cut out, so the photos do not distract it),
    /// one string per non-empty line.
    static func ocr(_ image: RGBImage, in rect: PixelRect, languages: String = "eng") async throws -> [String] {
        let folder = try TemporaryDirectory()
        let file = folder.file("band.png")
        try Data(try ImageEncoder.encode(image.cropped(to: rect), as: .png)).write(to: URL(fileURLWithPath: file))
        let result = try await Shell.run("tesseract \(Shell.quote(file)) - --psm 6 -l \(languages) 2>/dev/null")
        return result.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The smallest rectangle holding every pixel `isInk` accepts, nil when none does.
    static func bounds(of image: RGBImage, where isInk: (RGB) -> Bool) -> PixelRect? {
        var (left, top, right, bottom) = (image.width, image.height, -1, -1)
        for y in 0..<image.height {
            for x in 0..<image.width where isInk(image[x, y]) {
                (left, right, top, bottom) = (min(left, x), max(right, x), min(top, y), max(bottom, y))
            }
        }
        return right < 0 ? nil : PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }
}
