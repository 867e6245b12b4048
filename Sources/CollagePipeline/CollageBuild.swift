public import CollageCodecs
public import CollageCore
internal import AsyncAlgorithms
internal import Synchronization
#if canImport(Glibc)
internal import Glibc
#endif

/// Settings shared by every way of making a collage.
public struct CollageOptions: Sendable {
    public static let defaultCanvas = PixelSize(width: 1800, height: 1200)

    public var canvas: PixelSize
    public var quality: Int
    public var limits: DecodeLimits
    /// The duplicate rule's threshold on the `--similarity` scale (`Thumbnail.distance(to:)`).
    public var similarity: Double

    public init(canvas: PixelSize = defaultCanvas, quality: Int = ImageEncoder.defaultQuality, limits: DecodeLimits = DecodeLimits(),
                similarity: Double = Thumbnail.samePhotoThreshold) {
        self.canvas = canvas
        self.quality = quality
        self.limits = limits
        self.similarity = similarity
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

/// `collage build`: the photos given, in order, through the same chain as `watch`, unthrottled:
/// the source is the argument list, and only the final selection is rendered and saved.
public struct CollageBuild: Sendable {
    public let options: CollageOptions

    public init(options: CollageOptions) {
        self.options = options
    }

    /// Builds and saves the collage; `log` hears of each photo as it is decided.
    public func run(
        _ inputs: [String], output: String, log: @escaping @Sendable (PipelineEvent) -> Void
    ) async throws(BuildError) -> SavedCollage {
        if inputs.contains(where: { Self.isSameFile($0, output) }) { throw .outputIsInput(output) }
        let decided = Counter()
        let flow = CollageFlow(reader: PhotoLoader(limits: options.limits), canvas: options.canvas, similarity: options.similarity) { event in
            decided.increment()
            log(event)
        }
        var final = Selection()
        for await selection in flow.selections(from: inputs.map(PhotoFile.init).async) { final = selection }
        // takeWhile ended the chain at six: the rest were never read.
        for path in inputs.dropFirst(decided.value) { log(.skipped(PhotoFile(path: path), .overLimit(final.limit))) }
        guard !final.photos.isEmpty else { throw .noUsablePhoto(given: inputs.count) }

        let (canvas, photos) = (options.canvas, final.photos)
        do {
            let collage = try await Blocking.run { CollageRenderer.render(photos, canvas: canvas) }
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

/// Counts events from the pipeline's stages.
private final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
