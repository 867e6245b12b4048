public import CollageJournal
public import CollageEvents
internal import CollageCodecs
public import CollageCanvas
public import CollageCore
internal import CollageImaging
internal import CollageSources
public import CollageWriting
public import CollageSaving
internal import CollageFiles
internal import CollageLocking

/// Renders a selection and saves it through `CollageSaver` (as `build` does): the app's `PhotoWriter.save`. In
/// photo-booth mode the journal records each save's intent before the collage is renamed into
/// place and the save after it; a journal that cannot be written fails the save (before the
/// rename: `WriteError.file`; after it: `WriteError.journal`), so it is saved again.
public struct DiskSink: CollageSink {
    /// The canvas and style it is rendered in.
    public let layout: Layout
    /// The background image, logo, frame and caption drawn with the tiles.
    public let decorations: Decorations
    public let output: CollageOutput
    public let format: ImageFormat
    public let writer: CollageWriter
    /// Whether each save carries its pixels, for a preview.
    public let keepsImage: Bool
    /// A photo booth's journal, written after each save.
    public let journal: BoothJournal?
    /// The clock a caption's `{today}` reads.
    public let today: @Sendable () -> DateFields
    /// The tiles of the last collage, until its batch is complete: the next one copies those it
    /// shows again at the same size (the same buffer of the same photo, whatever its batch).
    private let drawn = Locked<DrawnTiles?>(nil)

    public init(layout: Layout, decorations: Decorations = .none, output: CollageOutput, format: ImageFormat, writer: CollageWriter,
                keepsImage: Bool = false, journal: BoothJournal? = nil, today: @escaping @Sendable () -> DateFields = DateFields.now) {
        self.today = today
        self.layout = layout
        self.decorations = decorations
        self.output = output
        self.format = format
        self.writer = writer
        self.keepsImage = keepsImage
        self.journal = journal
    }

    public func save(_ selection: Selection, batch: Int) -> Single<SavedCollage> {
        let saver = CollageSaver(layout: layout, decorations: decorations, format: format, writer: writer, today: today)
        let (path, keepsImage, journal, drawn) = (output.path(forBatch: batch), keepsImage, journal, drawn)
        return Single {
            let previous = drawn.withLock { $0 }
            let rendered = try await saver.render(selection.photos, batch: batch, reusing: previous, keepingTiles: !selection.isComplete)
            drawn.withLock { $0 = rendered.drawn }
            let collage = rendered.image
            // A booth's journal records the intent before the rename, and the save after it.
            var intend: (@Sendable (ContentHash) throws -> Void)?
            if let journal {
                intend = { @Sendable (content: ContentHash) throws -> Void in
                    try journal.intend(batch: batch, photos: selection.photos, complete: selection.isComplete, content: content)
                }
            }
            // The collage's own record of its photos: what a booth rebuilds from without its journal.
            let record = journal?.markRecord(of: selection.photos, complete: selection.isComplete)
                ?? BoothJournal.record(of: selection.photos, complete: selection.isComplete)
            var saved = try await saver.save(collage, to: .file(path), record: record, beforeReplacing: intend)
            if let journal {
                do {
                    try await Blocking.run { try journal.saved(batch: batch) }
                } catch let error as FileError {
                    throw WriteError.journal(error, saved: path)
                }
            }
            if keepsImage { saved.image = collage }
            return saved
        }
    }

    /// Only a booth's collage is withdrawn, through its journal, which knows the file it saved;
    /// outside a booth the file stays.
    public func withdraw(batch: Int) async throws -> PathName? {
        guard let journal else { return nil }
        return try await Blocking.run { try journal.withdraw(batch: batch) } ? output.path(forBatch: batch) : nil
    }

    public func destination(forBatch batch: Int) -> CollageDestination { .file(output.path(forBatch: batch)) }
}
