internal import CollageCore
internal import CollageFiles
internal import CollageJournal
internal import CollagePipeline
internal import CollageReport
internal import CollageServer
internal import CollageWriting

/// What a booth checks and says before anything is watched, each failure an end of the run.
extension WatchRun {
    /// Nothing is taken before the output is known to be one a collage may replace (a booth's
    /// numbered files are checked as each is written). An output that is not a file is returned,
    /// to be said once the report can carry it, as a `finished` event; any other refusal ends
    /// the run at once.
    func outputRefusal(log: EventLog) throws(BoothEnded) -> OutputError? {
        guard !settings.batches else { return nil }
        do throws(OutputError) {
            try OutputError.check(settings.output, inFolderRead: FileIdentity.same(settings.folder, PathParts(settings.output).folder))
            return nil
        } catch {
            guard case .notAFile = error else {
                log.error(error.description)
                throw BoothEnded(.unusableOutput(error.description))
            }
            return error
        }
    }

    /// The server starts before anything is watched: one that cannot start ends the run, once
    /// the report can say so.
    func startServer<Source, C>(_ parts: BoothParts<Source, C>) async -> Result<BoothServer?, ServeError> {
        guard let serve = settings.serve else { return .success(nil) }
        do throws(ServeError) {
            return .success(try await parts.server(serve))
        } catch {
            return .failure(error)
        }
    }

    /// Before any photo: the server's address, then `RunStart`'s order: the checks (a print
    /// command that is not there or an output folder that cannot be written in, what a guest
    /// would otherwise be the first to meet; the printer's and the room's warnings; the output
    /// refused earlier), the output's folder, the decorations; then the files a killed run left.
    /// Returns the options with their decorations.
    func prepare(_ booth: BoothWiring, destination: CollageOutput, refusal: OutputError?, log: EventLog) throws(BoothEnded) -> CollageOptions {
        if let server = booth.server { log.status("serving \(server.url)") }
        if let warning = booth.server?.guestWarning { log.status(warning) }
        let start = RunStart(options: settings.options, decorations: settings.decorations, output: settings.output, dryRun: false) {
            booth.holdUntilStarted($0)
        }
        let options = try start.prepare(inputs: {}, check: { () throws(BoothEnded) in
            let preflight = Preflight.atStart(settings)
            if let refusal = preflight.refusal { throw BoothEnded(refusal) }
            for warning in preflight.warnings { log.status("\(warning.name): \(warning.detail)") }
            if let refusal { throw BoothEnded(.cannotWrite(refusal.description)) }
        }).options
        for stale in destination.removeStaleTemporaries() { booth.holdUntilStarted("removed \(stale), left by a run that was killed") }
        return options
    }
}
