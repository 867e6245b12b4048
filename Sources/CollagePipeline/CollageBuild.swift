public import CollageCodecs
public import CollageCore
#if canImport(Glibc)
internal import Glibc
#endif

/// Settings shared by every way of making a collage.
public struct CollageOptions: Sendable {
    public static let defaultCanvas = PixelSize(width: 1800, height: 1200)

    public var canvas: PixelSize
    public var quality: Int
    public var limits: DecodeLimits

    public init(canvas: PixelSize = defaultCanvas, quality: Int = ImageEncoder.defaultQuality, limits: DecodeLimits = DecodeLimits()) {
        self.canvas = canvas
        self.quality = quality
        self.limits = limits
    }
}

/// Why `build` wrote no collage.
public enum BuildError: Error, Hashable, Sendable, CustomStringConvertible {
    case noUsablePhoto(given: Int)
    case outputIsInput(String)
    case write(WriteError)

    public var description: String {
        switch self {
        case .noUsablePhoto(let given): return "no usable photo among the \(given) given, no collage written"
        case .outputIsInput(let path): return "the output \(path) is one of the input photos; choose another name"
        case .write(let error): return error.description
        }
    }
}

/// `collage build`: the photos given, in order, through the app's rules, into one collage.
///
/// file → `PhotoLoader` (header: landscape; decode once, scaled) → `Selection` (unique, six)
/// → `CollageRenderer` → `CollageWriter.save` (the Single) → `SavedCollage`.
public struct CollageBuild: Sendable {
    public let options: CollageOptions

    public init(options: CollageOptions) {
        self.options = options
    }

    /// Builds and saves the collage; `skipped` hears of each photo not used, as it is decided.
    public func run(
        _ inputs: [String], output: String, skipped: @Sendable (String, Rejection) -> Void
    ) async throws(BuildError) -> SavedCollage {
        if inputs.contains(where: { Self.isSameFile($0, output) }) { throw .outputIsInput(output) }
        let loader = PhotoLoader(canvas: options.canvas, limits: options.limits)
        var selection = Selection()
        for path in inputs {
            do {
                if let full = PhotoRules.withinLimit(selection.photos, limit: selection.limit) { throw full }
                let index = selection.count
                let photo = try await Blocking.run { () throws(Rejection) in try loader.load(path, index: index) }
                try selection.add(photo)
            } catch let rejection as Rejection {
                skipped(path, rejection)
            } catch {
                skipped(path, .unreadable(String(describing: error)))
            }
        }
        guard !selection.photos.isEmpty else { throw .noUsablePhoto(given: inputs.count) }
        let collage = CollageRenderer.render(selection.photos, canvas: options.canvas)
        do {
            return try await CollageWriter(quality: options.quality).save(collage, to: output).value
        } catch let error as WriteError {
            throw .write(error)
        } catch {
            throw .write(.file(FileError(path: output, action: "write", reason: String(describing: error))))
        }
    }

    /// True when both paths name one existing file, through links and spellings alike.
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
