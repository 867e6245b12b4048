public import CollageCodecs
public import CollageCore
public import CollageSources

/// Reads photos from files: the pipeline's probe and decode stages for real files. The file is
/// checked and read once, at the probe; its bytes wait in the decode step until the pipeline
/// knows the size. With a booth's journal, each file's content hash is taken from the same
/// bytes: a photo already in a saved collage is refused, and the others carry their hash.
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
            let bytes = try InputFile(file.path, maximumBytes: maximumFileBytes).readAll()
            let content = journal.map { _ in ContentHash(of: bytes) }
            if let content, let collage = journal?.collage(containing: content) { throw Rejection.alreadyUsed(in: collage) }
            let header = try PhotoDecoder.header(of: bytes, limits: limits)
            return ProbedPhoto(size: header.displayedSize) { kept in
                await Self.offload {
                    let decoded = try PhotoDecoder.decode(bytes, limits: limits, at: kept)
                    var photo = Photo(name: file.path, size: decoded.header.displayedSize, image: decoded.image)
                    photo.decoding = decoded.details
                    photo.content = content
                    return photo
                }
            }
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
