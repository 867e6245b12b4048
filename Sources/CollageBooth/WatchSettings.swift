internal import CollageCodecs
public import CollageCore
public import CollagePipeline
public import CollagePrinting
public import CollageReport
public import CollageServer
public import CollageTerminal

/// Everything `watch` was asked to do, built once from the command line's option groups: each
/// value parsed and checked there, none read again here.
public struct WatchSettings: Sendable {
    /// The folder watched.
    public var folder: PathName
    /// `-o`: the collage, or with `batches` the pattern of the numbered ones.
    public var output: PathName
    public var format: ImageFormat
    /// `--batches`: a photo booth, saving every complete collage as a numbered file.
    public var batches: Bool
    /// `--throttle`.
    public var throttle: Duration
    /// The layout, encoding, read limits and rules.
    public var options: CollageOptions
    /// The background, logo and frame, read (with the caption's font) before any photo.
    public var decorations: DecorationFiles
    /// `--serve`, nil without it.
    public var serve: ServeSettings?
    /// `--print`, nil without it.
    public var printer: Printer?
    /// `--max-prints`.
    public var maxPrints: Int?
    /// How the run reports.
    public var report: ReportSettings
    /// `--batch-timeout`: a booth's collage no photo joined for this long is completed.
    public var batchTimeout: Duration?

    public init(folder: PathName, output: PathName, format: ImageFormat, batches: Bool, throttle: Duration, options: CollageOptions,
                decorations: DecorationFiles = DecorationFiles(), serve: ServeSettings? = nil, printer: Printer? = nil, maxPrints: Int? = nil,
                report: ReportSettings, batchTimeout: Duration? = nil) {
        self.folder = folder
        self.output = output
        self.format = format
        self.batches = batches
        self.throttle = throttle
        self.options = options
        self.decorations = decorations
        self.serve = serve
        self.printer = printer
        self.maxPrints = maxPrints
        self.report = report
        self.batchTimeout = batchTimeout
    }
}

/// How a run tells what it does: the log's verbosity and colours, `--json`, `--preview`.
public struct ReportSettings: Sendable {
    public var verbosity: Verbosity
    public var styler: Styler
    public var json: Bool
    /// `--preview`: the main screen, when stderr is a terminal and the log is not quiet.
    public var preview: Bool

    public init(verbosity: Verbosity, styler: Styler, json: Bool, preview: Bool) {
        self.verbosity = verbosity
        self.styler = styler
        self.json = json
        self.preview = preview
    }

    /// The log on stderr.
    public func log(watching: Bool) -> EventLog {
        EventLog(verbosity: verbosity, watching: watching, styler: styler)
    }

    /// The terminal preview, when asked for, not quiet, and stderr is a terminal.
    public func previewScreen() -> PreviewScreen? {
        guard preview, verbosity > .quiet else { return nil }
        return PreviewScreen(styler: styler)
    }
}
