internal import CollageCodecs
public import CollageCore
public import CollagePipeline
public import CollageSources

/// Everything `build --pages` was asked to do, built once from the command line's option groups:
/// each value parsed and checked there, none read again here.
public struct PagesSettings: Sendable {
    /// The photos, files and folders as given, and `-` for a list on standard input: read by the
    /// run (`RunStart`), as `build`'s are.
    public var photos: [PathName]
    /// How names are separated in a list on standard input (`-0`).
    public var separator: PhotoInputs.Separator
    /// `--recursive`: folders' subfolders too.
    public var recursive: Bool
    /// `-o`: the name the pages are numbered from; nil for standard output (`-o -`), refused.
    public var output: PathName?
    public var format: ImageFormat
    /// The layout (`--limit` photos a page), encoding, read limits and rules.
    public var options: CollageOptions
    /// The background, logo and frame, read (with the caption's font) before any photo.
    public var decorations: DecorationFiles
    /// `--dry-run`: decide every page, write none.
    public var dryRun: Bool
    /// How the run reports.
    public var report: ReportSettings

    public init(photos: [PathName], separator: PhotoInputs.Separator = .newline, recursive: Bool = false, output: PathName?, format: ImageFormat, options: CollageOptions,
                decorations: DecorationFiles = DecorationFiles(), dryRun: Bool = false, report: ReportSettings) {
        self.photos = photos
        self.separator = separator
        self.recursive = recursive
        self.output = output
        self.format = format
        self.options = options
        self.decorations = decorations
        self.dryRun = dryRun
        self.report = report
    }
}
