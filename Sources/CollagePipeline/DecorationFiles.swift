public import CollageCodecs
public import CollageCanvas
public import CollageCore
public import CollageImaging
internal import CollageFiles
public import CollageText

/// The files a print is decorated with, as given: a background image, a logo, a frame. Read
/// once, before the first photo, with the same safe opening and limits as photos; the caption's
/// font is opened at the same time, so a missing file or font fails the run at once.
public struct DecorationFiles: Sendable {
    public var background: PathName?
    public var logo: PathName?
    public var overlay: PathName?

    public init(background: PathName? = nil, logo: PathName? = nil, overlay: PathName? = nil) {
        self.background = background
        self.logo = logo
        self.overlay = overlay
    }

    /// What the renderer draws besides the photos, and the warnings worth a log line: a frame
    /// stretched to a canvas of another aspect, caption characters no installed font can draw.
    public func load(canvas: PixelSize, style: CollageStyle, limits: DecodeLimits,
                     maximumFileBytes: Int) throws(DecorationError) -> (Decorations, warnings: [String]) {
        var decorations = Decorations()
        var warnings: [String] = []
        /// Reads `path` safely (`InputFile`, the size limit) and decodes it with `decode`.
        func decoded<Image>(_ path: PathName, _ decode: ([UInt8]) throws(DecodeError) -> Image) throws(DecorationError) -> Image {
            do {
                return try decode(try InputFile(path, maximumBytes: maximumFileBytes).readAll())
            } catch let error as DecodeError {
                throw .unreadable(path, reason: error.description)
            } catch {
                throw .unreadable(path, reason: String(describing: error))
            }
        }
        let size = CollageLayout.collageSize(canvas: canvas, style: style)
        if let path = background {
            decorations.background = try decoded(path) { data throws(DecodeError) in
                try DecorationDecoder.opaque(data, limits: limits)
            }
        }
        if let path = logo {
            decorations.logo = try decoded(path) { data throws(DecodeError) in try DecorationDecoder.withAlpha(data, limits: limits) }
        }
        if let path = overlay {
            let frame = try decoded(path) { data throws(DecodeError) in try DecorationDecoder.withAlpha(data, limits: limits) }
            if Decorations.aspectDiffers(frame.size, from: size) {
                warnings.append("\(path): overlay is \(frame.size), stretched to the \(size) collage (aspects differ by more than 1 %)")
            }
            // Scaled once here, not for every collage.
            decorations.overlay = frame.resized(to: size)
        }
        if let font = style.caption?.font ?? style.label?.font {
            let typesetter: FontTypesetter
            // A font file is opened as a photo is (`InputFile`: no blocking on a FIFO, a regular
            // file, the size limit), then FreeType reads that same descriptor.
            var file: InputFile?
            if font.contains("/") {
                let path = PathName(font)
                do { file = try InputFile(path, maximumBytes: maximumFileBytes) } catch { throw .unreadable(path, reason: error.description) }
            }
            do {
                typesetter = try withExtendedLifetime(file) { () throws(TextError) in
                    try FontTypesetter(font: font, opening: file.map { "/proc/self/fd/\($0.descriptor)" })
                }
            } catch { throw .font(error) }
            decorations.typesetter = typesetter
            for line in (style.caption?.lines ?? []) + (style.label.map { [$0.template] } ?? []) {
                let fallbacks = (try? typesetter.fallbacks(in: line.source)) ?? []
                if !fallbacks.isEmpty {
                    warnings.append("caption '\(line.source)': font '\(font)' lacks some of its characters; they are drawn in "
                        + fallbacks.joined(separator: ", "))
                }
                // The literal text; placeholders give digits and the C locale's month names.
                let missing = (try? typesetter.missing(in: line.source)) ?? []
                if !missing.isEmpty {
                    let names = missing.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: ", ")
                    warnings.append("caption '\(line.source)': no installed font can draw \(names); a box is drawn in its place")
                }
            }
        }
        return (decorations, warnings)
    }
}

/// Why a decoration could not be used: one line naming the file (or font) and the reason.
public enum DecorationError: Error, Sendable, CustomStringConvertible {
    case unreadable(PathName, reason: String)
    case font(TextError)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): \(reason)"
        case .font(let error): return error.description
        }
    }
}
