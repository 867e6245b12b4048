public import CollageCodecs
public import CollageCore
public import CollageSources
public import CollageWriting

/// Reads photos from files: the pipeline's probe and decode stages for real files. The file is
/// opened once, at the probe, which reads the header alone; the decoder (and the file) stay open
/// until the pipeline knows the size and decodes. A JPEG streams from the file; the others are read
/// into memory whole (libpng's simplified API reads from memory). With a booth's journal, each
/// file is read whole once, for its content hash: a photo already in a saved collage is refused,
/// and the others are decoded from those same bytes, so the hash they carry is of the pixels
/// drawn (a file replaced meanwhile cannot slip another's pixels under it).
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
            let input = try InputFile(file.path, maximumBytes: maximumFileBytes)
            let bytes = try journal.map { _ in try input.readAll() }
            let content = bytes.map { ContentHash(of: $0) }
            if let content, let collage = journal?.collage(containing: content) { throw Rejection.alreadyUsed(in: collage) }
            let opened = try Self.open(input, bytes: bytes, limits: limits)
            return ProbedPhoto(size: opened.header.displayedSize) { kept in
                await Self.offload {
                    // The first decode uses what the probe opened (the file, or the bytes hashed);
                    // another, at another size, opens the file again.
                    let decoded = try opened.decode(at: kept)
                        ?? Self.reopen(file.path, content: content, limits: limits, maximumFileBytes: maximumFileBytes).decode(at: kept)
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
        try open(InputFile(path, maximumBytes: maximumFileBytes), bytes: nil, limits: limits)
    }

    /// Reads the header of `input`, or of `bytes` when they were read from it already (to hash
    /// them): those are decoded, never read again.
    static func open(_ input: InputFile, bytes: [UInt8]?, limits: DecodeLimits) throws -> OpenedImage {
        if let bytes { return try OpenedImage(bytes: bytes, limits: limits) }
        switch ImageFormat(signature: try input.readPrefix(ImageFormat.signatureLength)) {
        case .jpeg?: return try OpenedImage(jpegFile: input.descriptor, keepingOpen: input, limits: limits)
        case _?: return try OpenedImage(bytes: input.readAll(), limits: limits)
        case nil: throw DecodeError.notAnImage
        }
    }

    /// Opens the file again, for a decode at another size. With a journal (`content` set) it must
    /// still hold the bytes hashed at the probe: the journal records that hash for these pixels.
    private static func reopen(_ path: PathName, content: ContentHash?, limits: DecodeLimits, maximumFileBytes: Int) throws -> OpenedImage {
        let input = try InputFile(path, maximumBytes: maximumFileBytes)
        guard let content else { return try open(input, bytes: nil, limits: limits) }
        let bytes = try input.readAll()
        guard ContentHash(of: bytes) == content else { throw Rejection.unusable(.unreadable, detail: "changed while being read") }
        return try open(input, bytes: bytes, limits: limits)
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
