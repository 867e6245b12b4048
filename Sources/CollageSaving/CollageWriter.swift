public import CollageEvents
public import CollageCodecs
public import CollageCore
public import CollageImaging
internal import Synchronization
internal import CollageFiles
internal import CollageWriting

/// Saves collages, as the app's `PhotoWriter.save(_:)` did: through a `Single` that encodes and
/// then writes, a file atomically or standard output in one stream. Nothing happens until the
/// Single is awaited; cancelling it before the commit leaves the previous file and no
/// temporary file.
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

    /// `record`: what the collage's signed mark says (a booth's photos; see `CollageMark`).
    /// `beforeReplacing` runs once the new file is complete beside the target, just before it
    /// is renamed into place, with the SHA-256 of its bytes; throwing leaves the target alone (a
    /// booth records its intent there, and checks the file it replaces is its own).
    public func save(_ collage: RGBImage, to destination: CollageDestination, as format: ImageFormat, record: CollageMark.Record = CollageMark.Record(),
                     beforeReplacing: (@Sendable (ContentHash) throws -> Void)? = nil) -> Single<SavedCollage> {
        let settings = settings
        return Single {
            let cancelled = CancellationFlag()
            return try await withTaskCancellationHandler {
                try await Blocking.run {
                    try cancelled.check()
                    var bytes: [UInt8]
                    do { bytes = try ImageEncoder.encode(collage, as: format, settings: settings) } catch let error as EncodeError { throw WriteError.encode(error) }
                    // Without the machine's key the mark stays unsigned: nothing will trust it.
                    if let key = MarkKey.current, let signed = CollageMark.signed(bytes, record: record, key: key) { bytes = signed }
                    let content = ContentHash(of: bytes)
                    switch destination {
                    case .file(let path):
                        do {
                            try AtomicFile.write(bytes, to: path) {
                                try cancelled.check()
                                try beforeReplacing?(content)
                            }
                        } catch let error as FileError {
                            throw WriteError.file(error)
                        }
                    case .standardOutput:
                        try cancelled.check()
                        try StandardOutput.write(bytes)
                    }
                    return SavedCollage(destination: destination, format: format, size: collage.size, bytes: bytes.count,
                                        content: content)
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
