public import CollageCore
public import CollageFiles

/// Where a watch session begins: collage 1 with nothing before it, or, for a photo booth that
/// restarts, the number its journal continues at and the unfinished collage's photos, taken
/// first. Made by `BoothJournal.open`; the default is a fresh start.
public struct BoothStart: Sendable {
    /// The first collage's number.
    public var batch: Int
    /// Taken before anything the folder offers, which does not offer them again: the photos of
    /// the collage being finished, in their order in it. That collage's file already shows them,
    /// so it is saved again only once it holds more.
    public var files: [PhotoFile]
    /// The photos of the collage being finished that left the folder while the booth was
    /// stopped (deleted, or another photo saved under the name): the collage is made again
    /// without them, from `files`, and saved.
    public var gone: [PhotoFile]
    /// The number after a collage's: one more, or past numbered files that are not the booth's.
    public var nextBatch: @Sendable (Int) -> Int
    /// The photos of the complete collages, by path in the watched folder, with each collage's
    /// number: a photo deleted from one of them changes nothing, and the log says which.
    public var completed: [PathName: Int]

    public init(batch: Int = 1, files: [PhotoFile] = [], gone: [PhotoFile] = [], nextBatch: @escaping @Sendable (Int) -> Int = { $0 + 1 },
                completed: [PathName: Int] = [:]) {
        self.batch = batch
        self.files = files
        self.gone = gone
        self.nextBatch = nextBatch
        self.completed = completed
    }
}
