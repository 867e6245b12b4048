public import CollageCore
public import CollageEvents
public import CollageJournal
public import CollagePrinting
public import CollageServer
public import CollageSources
public import CollageWriting

/// What a booth is made of besides its settings, each a part a test can pass in: where photos
/// come from, the clock its throttle, timeouts and retries wait on, the server, the journal and
/// the printer. `init(settings:clock:)` makes the booth's own from the settings.
public struct BoothParts<Source: BoothSource, C: Clock<Duration>>: Sendable {
    /// The source of `folder`'s photos: `isOwnOutput` names the booth's own files, `log` hears
    /// what else the source sees (a name skipped, a rescan); throws when the folder cannot be watched.
    public var source: @Sendable (_ folder: PathName, _ isOwnOutput: @escaping @Sendable (PathName) -> Bool,
                                  _ log: @escaping @Sendable (SourceEvent) -> Void) throws(WatchError) -> Source
    public var clock: C
    /// The server `--serve` starts before anything is watched.
    public var server: @Sendable (ServeSettings) async throws(ServeError) -> BoothServer
    /// A photo booth's journal for `output`'s collages, and where it resumes.
    public var journal: @Sendable (_ output: CollageOutput, _ folder: PathName, _ limit: Int, _ printing: Bool,
                                   _ notice: @escaping @Sendable (String) -> Void) throws(BoothLock.Failure) -> (BoothJournal, BoothStart)
    /// What prints the complete collages with `--print`, reporting through `log`.
    public var printing: @Sendable (Printer, _ maxPrints: Int?, _ log: @escaping @Sendable (PipelineEvent) -> Void) -> WatchPrinting

    public init(source: @escaping @Sendable (PathName, @escaping @Sendable (PathName) -> Bool, @escaping @Sendable (SourceEvent) -> Void) throws(WatchError) -> Source,
                clock: C,
                server: @escaping @Sendable (ServeSettings) async throws(ServeError) -> BoothServer = { settings async throws(ServeError) in try await BoothServer.start(settings) },
                journal: @escaping @Sendable (CollageOutput, PathName, Int, Bool, @escaping @Sendable (String) -> Void) throws(BoothLock.Failure) -> (BoothJournal, BoothStart)
                    = { output, folder, limit, printing, notice throws(BoothLock.Failure) in
                        try BoothJournal.open(for: output, watching: folder, limit: limit, printing: printing, notice: notice)
                    },
                printing: @escaping @Sendable (Printer, Int?, @escaping @Sendable (PipelineEvent) -> Void) -> WatchPrinting
                    = { printer, maxPrints, log in WatchPrinting(printer: printer, maxPrints: maxPrints, log: log) }) {
        self.source = source
        self.clock = clock
        self.server = server
        self.journal = journal
        self.printing = printing
    }
}

extension BoothParts where Source == FolderWatcher {
    /// The booth's own parts: the folder watched on inotify, the real server, journal and printer.
    public init(clock: C) {
        self.init(source: { folder, isOwnOutput, log throws(WatchError) in
            try FolderWatcher(folder: folder, isOwnOutput: isOwnOutput, log: log)
        }, clock: clock)
    }
}
