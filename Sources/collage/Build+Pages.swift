internal import CollageCore
internal import CollageEvents
internal import ArgumentParser
internal import CollageBooth
internal import CollageCodecs
internal import CollagePipeline

extension Collage.Build {
    /// `collage build --pages folder/ -o album.jpg`: `PagesRun` over the settings, its end mapped
    /// to the exit status (`BuildEnd.status`).
    func runPages() async throws {
        // Any signal stops the page in flight (its temporary file removed); the pages before stay.
        let end = try await withStopRequests { stop in await PagesRun(try pagesSettings()).run(stop: stop) }
        throw ExitCode(end.status)
    }

    /// The run's settings, built once from the option groups (checked in `validate()`).
    func pagesSettings() throws -> PagesSettings {
        PagesSettings(photos: inputs.photos, separator: inputs.separator, recursive: inputs.recursive, output: output.destination.path,
                      format: output.resolvedFormat ?? .jpeg, options: try CollageOptions(look: look, output: output, rules: rules, limits: inputs.limits),
                      decorations: look.files, dryRun: dryRun, report: report.settings)
    }
}
