public import CollageJournal
public import CollagePrinting

/// A booth's journal is where its prints are recorded: printing sees it only as a ledger.
extension BoothJournal: PrintLedger {
    public func owed() -> [OwedPrint] {
        unprinted().map { OwedPrint(number: $0.number, path: $0.path, saved: $0.saved, mayExist: $0.mayExist, inDoubt: $0.inDoubt) }
    }
}
