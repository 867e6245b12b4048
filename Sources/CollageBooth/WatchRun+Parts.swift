internal import CollageCore
internal import CollageEvents
internal import CollageJournal
internal import CollagePipeline
internal import CollagePrinting
internal import CollageServer
internal import CollageSources
internal import CollageWriting

/// The source and the journal made from a booth's parts and wired to its outlets.
extension WatchRun {
    /// The source of the folder's changes; what else it sees (a name skipped, a rescan) is
    /// reported. A photo gone is a retake or nothing: the session decides, and says which.
    func source<Source, C>(_ parts: BoothParts<Source, C>, destination: CollageOutput, booth: BoothWiring) throws(BoothEnded) -> Source {
        let events = booth.events
        do throws(WatchError) {
            return try parts.source(settings.folder, destination.ownNames(in: settings.folder)) { events.send(PipelineEvent($0)) }
        } catch {
            throw BoothEnded(.folderUnavailable(error.description))
        }
    }

    /// A photo booth reads its journal before anything is taken: where to resume, which photos
    /// are used; the server (the gallery's earlier collages) and the printer (what was left
    /// unprinted) learn of it.
    func journal<Source, C>(_ parts: BoothParts<Source, C>, destination: CollageOutput, limit: Int,
                            booth: BoothWiring) throws(BoothEnded) -> (BoothJournal?, BoothStart) {
        guard settings.batches else { return (nil, BoothStart()) }
        let events = booth.events
        let opened: (BoothJournal, BoothStart)
        do throws(BoothLock.Failure) {
            opened = try parts.journal(destination, settings.folder, limit, booth.printing != nil) { events.send(.notice($0)) }
        } catch {
            // Before any photo is taken: another booth owns these collages.
            guard case .busy = error else { throw BoothEnded(.cannotWrite(error.description)) }
            throw BoothEnded(.outputBusy(error.description))
        }
        booth.server?.remember(opened.0)
        booth.printing?.resume(with: opened.0)
        return opened
    }
}
