internal import CollageCore
internal import CollageFiles
internal import CollagePipeline
internal import CollageReport
internal import CollageSources
internal import CollageWriting

/// The start `build`, `build --pages` and `watch` share, in one order (`prepare`): image data
/// for a terminal refused, the inputs resolved, the run's own checks, the output's folder made
/// as `mkdir -p` would (with its line), the decorations read, a turned paper said. Each step
/// fails one way, worded here once; each run maps the failure to its own end (`StartEnding`).
struct RunStart {
    enum Failure: Error, Equatable {
        /// Image data headed for a terminal: nothing is read.
        case refused(String)
        /// The output's folder could not be made.
        case folderNotMade(String)
        /// A background, logo, frame or caption font cannot be used.
        case decorationUnavailable(String)
    }

    /// The options the run draws with, before their decorations.
    let options: CollageOptions
    let decorations: DecorationFiles
    /// The file whose folder is made; nil for standard output.
    let output: PathName?
    /// A dry run writes nothing: no folder is made.
    let dryRun: Bool
    /// Where the start's lines go: the folder made, the decorations' warnings, the paper turned.
    let notice: (String) -> Void

    /// The start's steps in their one order; `inputs` resolves the run's inputs, `check` refuses
    /// what the run refuses on them before any photo is read, and gives what the run goes on
    /// with. `imageToStandardOutput`: the collage's bytes go to standard output (`build -o -`).
    /// Returns what `check` gave and the options with their decorations.
    func prepare<Inputs, Checked, End: StartEnding>(
        imageToStandardOutput: Bool = false, inputs: () -> Inputs, check: (Inputs) throws(RunEnded<End>) -> Checked
    ) throws(RunEnded<End>) -> (checked: Checked, options: CollageOptions) {
        // As gzip does: image bytes on a screen are noise, and can leave the terminal in a mess.
        // Refused before a list on standard input is read.
        if imageToStandardOutput && !dryRun && Console.standardOutput.isTerminal {
            throw RunEnded(End(.refused("refusing to write image data to a terminal; redirect standard output or give -o FILE")))
        }
        let checked = try check(inputs())
        var options = options
        do throws(Failure) {
            try makeFolder()
            try decorate(&options)
        } catch {
            throw RunEnded(End(error))
        }
        if let paper = options.turnedPaper {
            notice("\(paper) is laid landscape: the grid fills more of it that way (--portrait keeps it upright)")
        }
        return (checked, options)
    }

    /// Makes the folders missing on the way to the output (none on a dry run).
    private func makeFolder() throws(Failure) {
        guard !dryRun, let output else { return }
        do throws(FileError) {
            if let made = try OutputFolder.create(for: output) { notice(OutputFolder.created(made)) }
        } catch {
            throw .folderNotMade(error.description)
        }
    }

    /// Reads the decorations into `options` before any photo; their warnings are notices.
    private func decorate(_ options: inout CollageOptions) throws(Failure) {
        do throws(DecorationError) {
            for warning in try options.decorate(with: decorations) { notice(warning) }
        } catch {
            throw .decorationUnavailable(error.description)
        }
    }
}

extension RunStart {
    /// The photos as given, in order, with the output left out of folder listings; `outputListed`
    /// says a listing met it.
    static func inputs(_ photos: [PathName], separator: PhotoInputs.Separator, recursive: Bool,
                       output: PathName?) -> (items: [PhotoInputs.Item], outputListed: Bool) {
        PhotoInputs.resolve(photos, separator: separator, recursive: recursive, excludingOutput: output)
    }

    /// `--pages`: the photos as given, in order, with a file that is the output (`-o`, the name
    /// the pages are numbered from) kept in its place and refused as the output, and a collage
    /// this tool wrote (an earlier album's page: numbered, with a mark that verifies) refused as
    /// one, so that the report says each was left out.
    static func inputs(_ photos: [PathName], separator: PhotoInputs.Separator, recursive: Bool,
                       namingOutput output: PathName?) -> [PhotoInputs.Item] {
        PhotoInputs(separator: separator, recursive: recursive).resolve(photos).map { item in
            guard case .file(let file) = item else { return item }
            if let output, FileIdentity.same(file.path, output) { return .unusable(file, .output) }
            if PageNames.isNumbered(file.path), ExistingOutput.at(file.path) == .collage { return .unusable(file, .collage) }
            return item
        }
    }
}
