internal import CCollageText
internal import CollageCanvas
internal import CollageImaging

/// One font and its fallbacks, open in FreeType: owns the C context, closed in `deinit`. Not
/// thread-safe (FreeType faces are not): `FontTypesetter` holds it behind a lock.
final class TextFont {
    private let font: OpaquePointer
    /// What was asked for, as given.
    let spec: String
    /// The file fontconfig chose (or the path given).
    let file: String

    /// `spec` is a file when it contains a slash, else a fontconfig pattern ("DejaVu Sans:bold").
    /// `opening` is the name FreeType opens for a file instead, when given (a descriptor the
    /// caller checked is a regular file, as `/proc/self/fd/N`).
    init(_ spec: String, opening: String? = nil) throws(TextError) {
        var message = TextMessage()
        var resolved = [CChar](repeating: 0, count: 4096)
        var font: OpaquePointer?
        let status = collage_text_font_open(spec, spec.contains("/") ? 1 : 0, opening, &font, &resolved, resolved.count,
                                            &message.bytes, message.bytes.count)
        guard status == COLLAGE_TEXT_OK, let font else {
            guard status == COLLAGE_TEXT_NOT_INSTALLED else { throw TextError(status: status, message: message, font: spec) }
            // The first family of the pattern: before its properties, other families and size.
            let family = String(spec.prefix { $0 != ":" && $0 != "," && $0 != "-" })
            throw .notInstalled(spec, reason: message.text, closest: FontFamilyNames.closest(to: family, among: (try? Self.families()) ?? []))
        }
        self.font = font
        self.spec = spec
        file = resolved.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit { collage_text_font_close(font) }

    func extent(of line: String, pixels: Double) throws(TextError) -> LineExtent {
        var message = TextMessage()
        var extent = collage_text_extent()
        let utf8 = Array(line.utf8)
        let status = utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                collage_text_measure(font, $0.baseAddress, $0.count, pixels, &extent, &message.bytes, message.bytes.count)
            }
        }
        guard status == COLLAGE_TEXT_OK else { throw TextError(status: status, message: message, font: spec) }
        return LineExtent(width: extent.width, ascent: extent.ascent, descent: extent.descent)
    }

    func draw(_ lines: [PlacedLine], pixels: Double, size: PixelSize) throws(TextError) -> AlphaMask {
        var coverage = [UInt8](repeating: 0, count: size.area)
        guard size.area > 0 else { return AlphaMask(size: size, coverage: coverage) }
        for line in lines {
            var message = TextMessage()
            let utf8 = Array(line.text.utf8)
            let status = utf8.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { text in
                    coverage.withUnsafeMutableBufferPointer { mask in
                        collage_text_draw(font, text.baseAddress, text.count, pixels, line.x, line.baseline, mask.baseAddress,
                                          Int32(size.width), Int32(size.height), &message.bytes, message.bytes.count)
                    }
                }
            }
            guard status == COLLAGE_TEXT_OK else { throw TextError(status: status, message: message, font: spec) }
        }
        return AlphaMask(size: size, coverage: coverage)
    }

    /// The families of the installed fonts.
    static func families() throws(TextError) -> [String] {
        var message = TextMessage()
        var names = [CChar](repeating: 0, count: 1 << 16)
        var count = 0
        let status = collage_text_families(&names, names.count, &count, &message.bytes, message.bytes.count)
        guard status == COLLAGE_TEXT_OK else { throw TextError(status: status, message: message, font: "") }
        return Self.lines(names)
    }

    /// The families of the fallback fonts that draw characters of `line` this font lacks.
    func fallbacks(in line: String) throws(TextError) -> [String] {
        var message = TextMessage()
        var names = [CChar](repeating: 0, count: 4096)
        let utf8 = Array(line.utf8)
        let status = utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                collage_text_fallbacks(font, $0.baseAddress, $0.count, &names, names.count, &message.bytes, message.bytes.count)
            }
        }
        guard status == COLLAGE_TEXT_OK else { throw TextError(status: status, message: message, font: spec) }
        return Self.lines(names)
    }

    /// A NUL-terminated buffer of lines, as the lines.
    private static func lines(_ buffer: [CChar]) -> [String] {
        buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }.split(separator: "\n").map(String.init)
    }

    /// The characters of `line` that no installed font can draw.
    func missing(in line: String) throws(TextError) -> [Unicode.Scalar] {
        var message = TextMessage()
        var missing = [UInt32](repeating: 0, count: 64)
        var count = 0
        let utf8 = Array(line.utf8)
        let status = utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                collage_text_missing(font, $0.baseAddress, $0.count, &missing, missing.count, &count, &message.bytes, message.bytes.count)
            }
        }
        guard status == COLLAGE_TEXT_OK else { throw TextError(status: status, message: message, font: spec) }
        return missing.prefix(min(count, missing.count)).compactMap(Unicode.Scalar.init)
    }
}
