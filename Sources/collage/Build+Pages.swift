internal import CollageCore
internal import CollageCodecs
internal import ArgumentParser
internal import CollagePipeline
internal import CollageReport
internal import CollageSources
internal import CollageWriting

extension Collage.Build {
    /// `collage build --pages folder/ -o album.jpg`: `PagedBuild` over the inputs, its outcome
    /// mapped to an exit status: 65 when no photo was usable, 70 when a page could not be drawn,
    /// 73 when one could not be written, 128 + the signal when interrupted (the pages before
    /// are complete).
    func runPages() async throws {
        let log = report.log(watching: false)
        let (items, _) = inputs.resolve(excluding: output.destination.path)
        let perPage = rules.limit(for: try look.style())
        let most = PageNames.mostPages(photos: items.count, perPage: perPage)
        guard let base = output.destination.path else {
            // Standard output holds one file: refused before any photo is read.
            log.error("--pages writes a file per page (up to \(most) for \(items.count) photos) and standard output takes one: give -o FILE")
            throw ExitStatus.usage
        }
        let names = PageNames(output: base, pages: most)
        do {
            try PagedBuild.check(items, names: names, pages: most)
        } catch {
            log.error("\(error)")
            throw ExitStatus.usage
        }
        var options = try CollageOptions(look: look, output: output, rules: rules, limits: inputs.limits)
        try options.decorate(with: look, notice: { log.event(.notice($0)) }, error: log.error)
        let json = report.json
        log.startProgress(given: items.count, pages: most)
        let format = output.resolvedFormat ?? .jpeg, dryRun = dryRun
        let building = Task {
            await PagedBuild(options: options).run(items, names: names, as: format, dryRun: dryRun) { event in
                log.event(event)
                if json { Console.standardOutput.line(WatchJSON.event(event).serialized) }
            }
        }
        // The page being saved removes its temporary file; the pages before it stay.
        let signals = SignalTrap(first: { _ in building.cancel() }, again: { _ in building.cancel() })
        let result = await building.value
        log.endProgress()
        if json {
            Console.standardOutput.line(PagesJSON.summary(result).serialized)
        } else if dryRun {
            PagesText.plan(result).forEach(Console.standardOutput.line)
        } else {
            result.written.forEach { Console.standardOutput.line(bytes: $0.path.bytes) }
        }
        if let stopped = PagesText.stopped(result, names: names) { log.error(stopped) }
        if result.stoppedBefore != nil, let signal = signals.signal { throw ExitStatus.interrupted(by: signal) }
        guard let failure = result.failure else { return }
        log.error(failure.description)
        throw ExitCode(failure.status)
    }
}
