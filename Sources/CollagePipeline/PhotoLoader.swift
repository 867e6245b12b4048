public import CollageJournal
internal import CollageCodecs
public import CollageCore
internal import CollageSources
internal import CollageWriting
public import CollageFiles

/// Reads photos from files: the pipeline's probe and decode stages for real files. The file is
/// opened once, at the probe, which reads the header alone; the decoder (and the file) stay open
/// until the pipeline knows the size and decodes. A JPEG streams from the file; a PNG is read
/// into memory whole (libpng's simplified API reads from memory). With a booth's journal, each
/// file is read whole once, for its content hash: a photo already in a saved collage is refused,
/// and the others are decoded from those same bytes, so the hash they carry is of the pixels
/// drawn (a file replaced meanwhile cannot slip another's pixels under it).
public struct PhotoLoader: PhotoReader {
    public let limits: ReadLimits
    public let journal: BoothJournal?

    public init(limits: ReadLimits = ReadLimits(), journal: BoothJournal? = nil) {
        self.limits = limits
        self.journal = journal
    }

    public func probe(_ file: PhotoFile) async -> Result<ProbedPhoto, Rejection> {
        let (limits, journal) = (limits, journal)
        return await Self.offload {
            let input = try InputFile(file.path, maximumBytes: limits.maximumFileBytes)
            let bytes = try journal.map { _ in try input.readAll() }
            let content = bytes.map { ContentHash(of: $0) }
            if let content, let collage = journal?.collage(containing: content) { throw Rejection.alreadyUsed(in: collage) }
            let opened = try Self.open(input, bytes: bytes, limits: limits.decode)
            return ProbedPhoto(size: opened.header.displayedSize, decodeBytes: opened.header.decodeBytes, header: opened.header) { kept in
                await Self.offload {
                    // The first decode uses what the probe opened (the file, or the bytes hashed);
                    // another, at another size, opens the file again.
                    let decoded = try opened.decode(at: kept)
                        ?? Self.reopen(file.path, content: content, limits: limits).decode(at: kept)
                    guard let decoded else { throw DecodeError.corrupt(format: opened.header.format, reason: "not decoded") }
                    var photo = Photo(name: file.path, size: decoded.header.displayedSize, image: decoded.image)
                    photo.decoding = decoded.details
                    photo.content = content
                    photo.taken = decoded.header.taken
                    return photo
                }
            }
        }
    }

    /// Opens `path` safely (`InputFile`) and reads its header; the format is recognised from its
    /// first bytes, never its name.
    static func open(_ path: PathName, limits: ReadLimits) throws -> OpenedImage {
        try open(InputFile(path, maximumBytes: limits.maximumFileBytes), bytes: nil, limits: limits.decode)
    }

    /// Reads the header of `input`, or of `bytes` when they were read from it already (to hash
    /// them): those are decoded, never read again.
    static func open(_ input: InputFile, bytes: [UInt8]?, limits: DecodeLimits) throws -> OpenedImage {
        if let bytes { return try OpenedImage(bytes: bytes, limits: limits) }
        return try OpenedImage(signature: input.readPrefix(ImageCodecs.signatureLength), file: input.descriptor, keepingOpen: input,
                               limits: limits, readAll: input.readAll)
    }

    /// Opens the file again, for a decode at another size. With a journal (`content` set) it must
    /// still hold the bytes hashed at the probe: the journal records that hash for these pixels.
    private static func reopen(_ path: PathName, content: ContentHash?, limits: ReadLimits) throws -> OpenedImage {
        let input = try InputFile(path, maximumBytes: limits.maximumFileBytes)
        guard let content else { return try open(input, bytes: nil, limits: limits.decode) }
        let bytes = try input.readAll()
        guard ContentHash(of: bytes) == content else { throw Rejection.unusable(.unreadable, detail: "changed while being read") }
        return try open(input, bytes: bytes, limits: limits.decode)
    }

    /// Runs file and codec work off the cooperative pool; whatever fails becomes the reason the
    /// photo is not used.
    private static func offload<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async -> Result<Value, Rejection> {
        do {
            return .success(try await Blocking.run(work))
        } catch {
            return .failure(Rejection(reading: error))
        }
    }
}
