public import CollageCore
public import CollageFiles

/// Where a booth records its prints so each collage prints once across restarts: the intent
/// before a print, its outcome after, and what a restart owes. The booth's journal adopts it
/// (in `CollageBooth`), so printing needs neither the journal nor the codecs it reads marks with.
public protocol PrintLedger: Sendable {
    /// This booth's name in its print jobs' titles.
    var boothName: String { get }
    /// On start: the complete collages to print before new ones, in order.
    func owed() -> [OwedPrint]
    /// Records that collage `batch` is about to print; false when it is not one to print now;
    /// throws when it cannot be recorded (then it is not printed).
    func beginPrint(batch: Int) throws(FileError) -> Bool
    /// Records how collage `batch`'s print ended: printed with `copies`, or (nil) failed.
    func endPrint(batch: Int, printed copies: Int?) throws(FileError)
    /// Records that collage `batch` may or may not be on paper and is never printed again.
    func printUnknown(batch: Int) throws(FileError)
}

/// A complete collage a booth owes a print on start.
public struct OwedPrint: Sendable, Equatable {
    public let number: Int
    public let path: PathName
    public let saved: ContentHash
    /// Sent before and failed: the print server may have it all the same.
    public let mayExist: Bool
    /// It may be on paper (a stop while it printed, or a journal put back from a copy).
    public let inDoubt: Bool

    public init(number: Int, path: PathName, saved: ContentHash, mayExist: Bool, inDoubt: Bool) {
        self.number = number
        self.path = path
        self.saved = saved
        self.mayExist = mayExist
        self.inDoubt = inDoubt
    }
}
