public import CollageCodecs
public import CollageCore
internal import Synchronization

/// A collage on disk: what the writer's Single yields.
public struct SavedCollage: Sendable, Hashable {
    public let path: String
    public let size: PixelSize
    public let bytes: Int

    public init(path: String, size: PixelSize, bytes: Int) {
        self.path = path
        self.size = size
        self.bytes = bytes
    }
}

/// Why a collage could not be saved.
public enum WriteError: Error, Hashable, Sendable, CustomStringConvertible {
    case unsupportedFormat(path: String)
    case encode(EncodeError)
    case file(FileError)

    public var description: String {
        switch self {
        case .unsupportedFormat(let path): return "cannot write \(path): the name must end in .jpg, .jpeg or .png"
        case .encode(let error): return error.description
        case .file(let error): return error.description
        }
    }
}

/// Saves collages, as the app's `PhotoWriter.save(_:)` did: through a `Single` that encodes by
/// the path's extension and writes atomically. Nothing happens until the Single is awaited;
/// cancelling it before the rename leaves the previous file and no temporary file.
public struct CollageWriter: Sendable {
    /// Quality, resolution and PNG compression for every collage this writer saves.
    public let settings: EncodeSettings
    public var quality: Int { settings.quality }

    public init(quality: Int = ImageEncoder.defaultQuality) {
        self.init(settings: EncodeSettings(quality: quality))
    }

    public init(settings: EncodeSettings) {
        self.settings = settings
    }

    public func save(_ collage: RGBImage, to path: String) -> Single<SavedCollage> {
        let settings = settings
        return Single {
            guard let format = ImageFormat(forPath: path) else { throw WriteError.unsupportedFormat(path: path) }
            let cancelled = CancellationFlag()
            return try await withTaskCancellationHandler {
                try await Blocking.run {
                    try cancelled.check()
                    let bytes: [UInt8]
                    do { bytes = try ImageEncoder.encode(collage, as: format, settings: settings) } catch let error as EncodeError { throw WriteError.encode(error) }
                    do {
                        try AtomicFile.write(bytes, to: path, beforeCommit: cancelled.check)
                    } catch let error as FileError {
                        throw WriteError.file(error)
                    }
                    return SavedCollage(path: path, size: collage.size, bytes: bytes.count)
                }
            } onCancel: {
                cancelled.set()
            }
        }
    }
}

/// Carries a task's cancellation into blocking work that cannot see the task.
private final class CancellationFlag: Sendable {
    private let flag = Atomic(false)

    func set() { flag.store(true, ordering: .relaxed) }

    func check() throws {
        if flag.load(ordering: .relaxed) { throw CancellationError() }
    }
}
