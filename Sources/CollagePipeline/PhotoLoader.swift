public import CollageCodecs
public import CollageCore
public import CollageSources
public import CollageWriting

/// Reads photos from files: the pipeline's probe and decode stages for real files. The file is
/// opened once, at the probe, which reads the header alone; the decoder (and the file) stay open
/// until the pipeline knows the size and decodes. A JPEG streams from the file; a PNG is read
/// into memory whole (libpng's simplified API reads from memory). With a booth's journal, each
/// file is first read whole for its content hash: a photo already in a saved collage is refused,
/// and the others carry their hash.
public struct PhotoLoader: PhotoReader {
    public let limits: DecodeLimits
    public let maximumFileBytes: Int
    public let journal: BoothJournal?

    public init(limits: DecodeLimits = DecodeLimits(), maximumFileBytes: Int = InputFile.defaultMaximumBytes, journal: BoothJournal? = nil) {
        self.limits = limits
        self.maximumFileBytes = maximumFileBytes
        self.journal = journal
    }

    public func probe(_ file: PhotoFile) async -> Result<ProbedPhoto, Rejection> {
        let (limits, maximumFileBytes, journal) = (limits, maximumFileBytes, journal)
        return await Self.offload {
            let content = try journal.map { _ in ContentHash(of: try InputFile(file.path, maximumBytes: maximumFileBytes).readAll()) }
            if let content, let collage = journal?.collage(containing: content) { throw Rejection.alreadyUsed(in: collage) }
            let opened = try Self.open(file.path, limits: limits, maximumFileBytes: maximumFileBytes)
            return ProbedPhoto(size: opened.header.displayedSize) { kept in
                await Self.offload {
                    // The first decode uses the file the probe opened; another, at another size,
                    // opens it again.
                    let decoded = try opened.decode(at: kept)
                        ?? Self.open(file.path, limits: limits, maximumFileBytes: maximumFileBytes).decode(at: kept)
                    guard let decoded else { throw DecodeError.corrupt(format: opened.header.format, reason: "not decoded") }
                    var photo = Photo(name: file.path, size: decoded.header.displayedSize, image: decoded.image)
                    photo.decoding = decoded.details
                    photo.content = content
                    return photo
                }
            }
        }
    }

    /// Opens `path` safely (`InputFile`) and reads its header; the format is recognised from its
    /// first bytes, never its name.
    static func open(_ path: PathName, limits: DecodeLimits, maximumFileBytes: Int) throws -> OpenedImage {
        let input = try InputFile(path, maximumBytes: maximumFileBytes)
        switch ImageFormat(signature: try input.readPrefix(8)) {
        case .jpeg?: return try OpenedImage(jpegFile: input.descriptor, keepingOpen: input, limits: limits)
        case .png?: return try OpenedImage(bytes: input.readAll(), limits: limits)
        case nil: throw DecodeError.notAnImage
        }
    }

    /// Runs file and codec work off the cooperative pool; whatever fails becomes the reason the
    /// photo is not used.
    private static func offload<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async -> Result<Value, Rejection> {
        do {
            return .success(try await Blocking.run(work))
        } catch let error as InputError {
            return .failure(error.rejection)
        } catch let error as DecodeError {
            return .failure(error.rejection)
        } catch let rejection as Rejection {
            return .failure(rejection)
        } catch {
            return .failure(.unusable(.unreadable, detail: String(describing: error)))
        }
    }
}
