internal import CollageCore
internal import CollageFiles
internal import CollagePipeline
internal import CollageSources
internal import CollageWriting

/// The start `build`, `build --pages` and `watch` share, once what is refused without reading a
/// photo is refused: the inputs resolved (the output left out of folder listings), the output's
/// folder made as `mkdir -p` would (with its line), the decorations read. Each step fails one
/// way, worded here once; each run maps the failure to its own end.
struct RunStart {
    enum Failure: Error, Equatable {
        /// The output's folder could not be made.
        case folderNotMade(String)
        /// A background, logo, frame or caption font cannot be used.
        case decorationUnavailable(String)
    }

    /// Where the start's lines go: the folder made, the decorations' warnings.
    let notice: (String) -> Void

    /// The photos as given, in order, with the output left out of folder listings; `outputListed`
    /// says a listing met it.
    func inputs(_ photos: [PathName], separator: PhotoInputs.Separator, recursive: Bool,
                output: PathName?) -> (items: [PhotoInputs.Item], outputListed: Bool) {
        PhotoInputs.resolve(photos, separator: separator, recursive: recursive, excludingOutput: output)
    }

    /// `--pages`: the photos as given, in order, with a file that is the output (`-o`, the name
    /// the pages are numbered from) kept in its place and refused as the output, and a collage
    /// this tool wrote (an earlier album's page: numbered, with a mark that verifies) refused as
    /// one, so that the report says each was left out.
    func inputs(_ photos: [PathName], separator: PhotoInputs.Separator, recursive: Bool,
                namingOutput output: PathName?) -> [PhotoInputs.Item] {
        PhotoInputs(separator: separator, recursive: recursive).resolve(photos).map { item in
            guard case .file(let file) = item else { return item }
            if let output, FileIdentity.same(file.path, output) { return .unusable(file, .output) }
            if PageNames.isNumbered(file.path), ExistingOutput.at(file.path) == .collage { return .unusable(file, .collage) }
            return item
        }
    }

    /// Makes the folders missing on the way to `output` (none on a dry run, which writes nothing).
    func makeFolder(for output: PathName?, dryRun: Bool = false) throws(Failure) {
        guard !dryRun, let output else { return }
        do throws(FileError) {
            if let made = try OutputFolder.create(for: output) { notice(OutputFolder.created(made)) }
        } catch {
            throw .folderNotMade(error.description)
        }
    }

    /// Says how a paper named alone (`--size A4`) was laid, when the tool turned it.
    func sayHowLaid(_ options: CollageOptions) {
        guard let paper = options.turnedPaper else { return }
        notice("\(paper) is laid landscape: the grid fills more of it that way (--portrait keeps it upright)")
    }

    /// Reads the decorations into `options` before any photo; their warnings are notices.
    func decorate(_ options: inout CollageOptions, with files: DecorationFiles) throws(Failure) {
        do throws(DecorationError) {
            for warning in try options.decorate(with: files) { notice(warning) }
        } catch {
            throw .decorationUnavailable(error.description)
        }
    }
}
