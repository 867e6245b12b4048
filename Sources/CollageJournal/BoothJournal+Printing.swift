public import CollageCore
public import CollageFiles
internal import CollageLocking
internal import CollageWriting

/// A printing booth's record of each collage's print, written like its saves (atomically, one
/// change at a time): the intent before the print runs, the outcome after. The one window it
/// cannot close alone is between the print being sent and its outcome being written: a collage
/// left `printing` is in doubt, asked of the print server where it can be (CUPS), else named and
/// never printed again. The booth's count of prints begun, kept beside its key (`PrintCount`),
/// is raised before each print, so a journal put back from a copy is known as such.
extension BoothJournal {
    /// A complete collage a printing booth owes a print on start.
    public struct Unprinted: Sendable, Equatable {
        public let number: Int
        public let path: PathName
        public let saved: ContentHash
        /// Sent before and failed: the print server may have it all the same.
        public let mayExist: Bool
        /// It may be on paper: its print was under way when the booth stopped, or the journal is
        /// older than the booth's count of prints, or was rebuilt from the collages' marks.
        public let inDoubt: Bool
    }

    /// This booth's name in its print jobs' titles: the digest of its output its marks carry.
    public var boothName: String { booth }

    /// On a printing booth's start: the complete collages to print before new ones (never sent,
    /// failed, or in doubt), in order.
    public func unprinted() -> [Unprinted] {
        let history = history
        return history.collages.compactMap { collage in
            guard collage.complete else { return nil }
            let state = history.printState(of: collage.number)
            guard [nil, .failed, .printing].contains(state) else { return nil }
            return Unprinted(number: collage.number, path: output.path(forBatch: collage.number), saved: collage.saved,
                             mayExist: state == .failed, inDoubt: state == .printing)
        }
    }

    /// Records that collage `batch` is about to print, before it does: first the booth's count
    /// of prints, then the journal. False, and nothing recorded, when it is not one to print:
    /// not complete, or printed, named in doubt before, or saved while not printing. Throws when
    /// either cannot be written: then it must not be printed.
    public func beginPrint(batch: Int) throws(FileError) -> Bool {
        let count = self.count
        return try update { state throws(FileError) in
            guard state.history.saved(batch)?.complete == true, [nil, .failed, .printing].contains(state.history.printState(of: batch)) else {
                return false
            }
            let begun = state.history.printsBegun + 1
            try count?.write(begun)
            state.history.printsBegun = begun
            state.history.setPrint(.printing, of: batch)
            return true
        }
    }

    /// Records the outcome of collage `batch`'s print: printed with `copies`, or (nil) failed,
    /// tries and retries.
    public func endPrint(batch: Int, printed copies: Int?) throws(FileError) {
        try update { state in
            state.history.setPrint(copies.map { .printed(copies: $0) } ?? .failed, of: batch)
        }
    }

    /// Records that collage `batch` may or may not be on paper and is never printed again by the
    /// booth (named once).
    public func printUnknown(batch: Int) throws(FileError) {
        try update { state in
            state.history.setPrint(.unknown, of: batch)
        }
    }

    /// A journal whose count of prints is below the booth's own (put back from a copy): each
    /// complete collage it does not know as printed may have been, so it is in doubt; the count
    /// is the booth's from now on. A count that cannot be read counts as higher than any.
    static func settleCount(_ history: inout BoothHistory, with count: PrintCount?, journal: PathName, notice: (String) -> Void) {
        guard let count else { return }
        let begun: Int
        switch count.read() {
        case .missing: return
        case .count(let value):
            guard value > history.printsBegun else { return }
            begun = value
            notice("the journal \(journal) counts \(history.printsBegun) prints begun where this booth counts \(value) (\(count.path)): "
                + "it was put back from an older copy, so its collages not known as printed may have been, and are not printed "
                + "again unless the print server says it never had them")
        case .unusable(let reason):
            begun = history.printsBegun
            notice("the booth's count of prints \(count.path) cannot be used (\(reason)): the journal's collages not known as printed "
                + "may have been, and are not printed again unless the print server says it never had them")
        }
        history.printsBegun = begun
        for collage in history.collages where collage.complete && [nil, .failed].contains(history.printState(of: collage.number)) {
            history.setPrint(.printing, of: collage.number)
        }
    }
}
