public import CollageFiles
internal import CollageLocking

/// A printing booth's record of each collage's print, written like its saves (atomically, one
/// change at a time): the intent before the print command runs, the outcome after. The one
/// window it cannot close is between the command ending and the outcome being written: a
/// collage left `printing` is never printed again, only named.
extension BoothJournal {
    /// On a printing booth's start: the complete collages to print before new ones (never sent,
    /// or failed), in order; and those whose print command may have run without its outcome
    /// being recorded, now recorded as `unknown` so they are named this once.
    public func settlePrints() throws(FileError) -> (toPrint: [Int], inDoubt: [Int]) {
        let (toPrint, inDoubt) = state.withLock { state in
            (state.history.toPrint.map(\.number), state.history.printsInDoubt.map(\.number))
        }
        if !inDoubt.isEmpty {
            try update { state in
                for number in inDoubt { state.history.setPrint(.unknown, of: number) }
            }
        }
        return (toPrint, inDoubt)
    }

    /// Records that collage `batch`'s print command is about to run, before it does. False, and
    /// nothing recorded, when it is not one to print now: not complete, already printed, or in
    /// doubt. Throws when the journal cannot be written: then it must not be printed.
    public func beginPrint(batch: Int) throws(FileError) -> Bool {
        try update { state in
            guard state.history.isToPrint(batch) else { return false }
            state.history.setPrint(.printing, of: batch)
            return true
        }
    }

    /// Records the outcome of collage `batch`'s print command: printed with `copies`, or (nil)
    /// failed, tries and retries.
    public func endPrint(batch: Int, printed copies: Int?) throws(FileError) {
        try update { state in
            state.history.setPrint(copies.map { .printed(copies: $0) } ?? .failed, of: batch)
        }
    }
}
