public import CollageEvents
internal import CollageCodecs
public import CollageCore
public import CollagePipeline
public import CollagePrinting
public import CollageSources

/// Everything `build` was asked to do, built once from the command line's option groups: each
/// value parsed and checked there, none read again here.
public struct BuildSettings: Sendable {
    /// The photos, files and folders as given, and `-` for a list on standard input: read by the
    /// run, after the checks that need none of them.
    public var photos: [PathName]
    /// How names are separated in a list on standard input (`-0`).
    public var separator: PhotoInputs.Separator
    /// `--recursive`: folders' subfolders too.
    public var recursive: Bool
    /// `-o`: a file, or standard output.
    public var destination: CollageDestination
    public var format: ImageFormat
    /// The layout, encoding, read limits and rules.
    public var options: CollageOptions
    /// The background, logo and frame, read (with the caption's font) before any photo.
    public var decorations: DecorationFiles
    /// `--dry-run`: decide the selection and layout, write nothing.
    public var dryRun: Bool
    /// `--print`, nil without it.
    public var printer: Printer?
    /// How the run reports.
    public var report: ReportSettings

    public init(photos: [PathName], separator: PhotoInputs.Separator = .newline, recursive: Bool = false, destination: CollageDestination,
                format: ImageFormat, options: CollageOptions, decorations: DecorationFiles = DecorationFiles(), dryRun: Bool = false,
                printer: Printer? = nil, report: ReportSettings) {
        self.photos = photos
        self.separator = separator
        self.recursive = recursive
        self.destination = destination
        self.format = format
        self.options = options
        self.decorations = decorations
        self.dryRun = dryRun
        self.printer = printer
        self.report = report
    }
}
