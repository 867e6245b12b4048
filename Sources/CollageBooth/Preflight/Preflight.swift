public import CollageCore
internal import CollageCanvas
internal import CollageCodecs
internal import CollageFiles
internal import CollageImaging
internal import CollagePipeline
internal import CollagePrinting
internal import CollageServer
internal import CollageSources
internal import CollageWriting
#if canImport(Glibc)
internal import Glibc
#endif

/// What a booth needs before its first guest, checked: `collage check` runs every check, opening
/// what `watch` opens at start, the way it opens it; `watch` refuses to start on a failed check
/// or says the line of a warning (docs/booth.md, "Before the first guest", has the table).
///
/// | check | `watch` at start, when it fails |
/// | --- | --- |
/// | `folder`: the folder to watch, as `FolderWatcher` opens it | refused (exit 66) |
/// | `print`: the print command's program is on PATH, executable | refused (exit 69) |
/// | `printer`: CUPS accepts jobs for the `lp`/`lpr` queue, or `--printer`'s (`PrinterCheck`) | the line: prints fail until it does |
/// | `output`: the output may be replaced, a file can be made where collages go | refused (exit 64, 73) |
/// | `room`: a day's collages fit (`FolderRoom.collagesADay`) | the line: the first ones fit |
/// | `decorations`: fonts, logo, overlay, background load | refused (exit 66) |
/// | `public-url`: its host is this machine | the line for a loopback URL or none |
/// | `port`: `--serve`'s port is free | refused (exit 69) |
/// | `key`: the mark's key can be read or made, and is this user's alone | refused (exit 73) |
/// | `lock`: the booth's lock can be opened and taken | refused (exit 73; 75 while a booth holds it) |
/// | `journal`: the journal is this booth's and can be read | the line: it is kept aside and rebuilt from the marks |
public enum Preflight {
    /// Every check for these settings; `printers` answers for the printing system.
    public static func checks(_ settings: WatchSettings, printers: PrinterQueue = .lpstat) -> [PreflightCheck] {
        var checks: [PreflightCheck] = [folder(settings.folder)]
        if let command = settings.printer?.command {
            checks.append(program(command))
            if let queue = printerQueue(command, printers) { checks.append(queue) }
        } else if case .queue(let name)? = settings.printer?.target {
            checks.append(PrinterCheck.check(queue: name, asking: .cups))
        }
        checks.append(output(settings))
        checks.append(FolderRoom.room(settings.output, bytesEach: likelyBytes(settings)))
        checks.append(decorations(settings))
        if let serve = settings.serve {
            checks.append(publicURL(serve))
            checks.append(port(serve))
        }
        if settings.batches {
            let destination = CollageOutput(path: settings.output, numbered: true)
            checks.append(MarkKey.unusableReason().map { PreflightCheck("key", .failed, $0) }
                ?? PreflightCheck("key", .ready, "the mark's key is \(MarkKey.location)"))
            checks.append(BoothFiles.lock(destination))
            checks.append(BoothFiles.journal(destination))
        }
        return checks
    }

    /// The checks `watch` makes itself before it takes a photo: a print command whose program
    /// is not there, or an output folder it cannot write in, ends the run; a printer that will
    /// not print, or too little room, is a warning (the rest it meets as it starts: its server,
    /// decorations, folder, key, lock and journal).
    public static func atStart(_ settings: WatchSettings, printers: PrinterQueue = .lpstat) -> (refusal: WatchEnd?, warnings: [PreflightCheck]) {
        var warnings: [PreflightCheck] = []
        if let command = settings.printer?.command {
            let found = program(command)
            if found.outcome == .failed { return (.printerUnavailable(found.detail), []) }
        }
        // A folder still to be made is `RunStart`'s to make, and to name when it cannot.
        if FolderRoom.folderExists(of: settings.output) {
            let writable = FolderRoom.writable(settings.output)
            if writable.outcome == .failed { return (.cannotWrite(writable.detail), []) }
        }
        if let command = settings.printer?.command, let queue = printerQueue(command, printers), queue.outcome != .ready {
            warnings.append(queue)
        } else if case .queue(let name)? = settings.printer?.target {
            let queue = PrinterCheck.check(queue: name, asking: .cups)
            if queue.outcome != .ready { warnings.append(queue) }
        }
        let room = FolderRoom.room(settings.output, bytesEach: likelyBytes(settings))
        if room.outcome != .ready { warnings.append(room) }
        return (nil, warnings)
    }

    /// The folder to watch, opened as the booth watches it (a listing and an inotify watch),
    /// then closed.
    static func folder(_ folder: PathName) -> PreflightCheck {
        do throws(WatchError) {
            _ = try FolderWatcher(folder: folder) { _ in }
            return PreflightCheck("folder", .ready, "\(folder) can be watched")
        } catch {
            return PreflightCheck("folder", .failed, error.description)
        }
    }

    /// An output no collage may replace (outside a booth: a folder, one of the photos), else a
    /// folder where none can be made.
    static func output(_ settings: WatchSettings) -> PreflightCheck {
        if !settings.batches {
            do throws(OutputError) {
                try OutputError.check(settings.output, inFolderRead: FileIdentity.same(settings.folder, PathParts(settings.output).folder))
            } catch {
                return PreflightCheck("output", .failed, error.description)
            }
        }
        return FolderRoom.writable(settings.output)
    }

    static func printerQueue(_ command: PrintCommand, _ printers: PrinterQueue) -> PreflightCheck? {
        PrinterCheck.check(sampleWords(command), environment: { getenv($0).map { String(cString: $0) } }, queue: printers)
    }

    static func port(_ serve: ServeSettings) -> PreflightCheck {
        if let taken = HostAddresses.portFree(host: serve.address.host, port: serve.address.port) {
            return PreflightCheck("port", .failed, ServeError.cannotStart(address: "\(serve.address)", reason: taken).description)
        }
        return PreflightCheck("port", .ready, serve.address.port == 0 ? "a free port is chosen at start" : "\(serve.address) is free")
    }

    static func program(_ command: PrintCommand) -> PreflightCheck {
        let name = sampleWords(command).first ?? ""
        guard let found = ProgramLookup.find(name) else {
            return PreflightCheck("print", .failed, "the print command's program \(name) is not found\(name.contains("/") ? "" : " on PATH") or is not executable")
        }
        return PreflightCheck("print", .ready, "\(name) is \(found)")
    }

    /// The command's words as one print would pass them, for a made-up collage.
    static func sampleWords(_ command: PrintCommand) -> [String] { command.arguments(path: "booth-0001.jpg", copies: 1) }

    /// A collage's likely size: a JPEG of photos takes about half a byte a pixel, a PNG three.
    static func likelyBytes(_ settings: WatchSettings) -> Int {
        let pixels = settings.options.layout.canvas.width * settings.options.layout.canvas.height
        return settings.format == .png ? pixels * 3 : pixels / 2
    }

    static func decorations(_ settings: WatchSettings) -> PreflightCheck {
        var options = settings.options
        do throws(DecorationError) {
            let warnings = try options.decorate(with: settings.decorations)
            guard warnings.isEmpty else { return PreflightCheck("decorations", .warning, warnings.joined(separator: "; ")) }
            return PreflightCheck("decorations", .ready, "the fonts and images load")
        } catch {
            return PreflightCheck("decorations", .failed, error.description)
        }
    }

    static func publicURL(_ serve: ServeSettings) -> PreflightCheck {
        // No URL, or a loopback one: the line `watch` says at start, word for word.
        guard let url = serve.publicURL, serve.guestWarning == nil else {
            return PreflightCheck("public-url", .warning, serve.guestWarning ?? "no --public-url")
        }
        let host = PublicURLHost.host(of: url)
        guard let addresses = HostAddresses.resolve(host) else {
            return PreflightCheck("public-url", .warning, "\(host) does not resolve on this machine: guests' phones may not find it either")
        }
        let local = HostAddresses.local()
        guard !addresses.isDisjoint(with: local) else {
            return PreflightCheck("public-url", .warning, "\(host) is \(addresses.sorted().joined(separator: ", ")), not an address of this machine")
        }
        if addresses.allSatisfy({ $0.hasPrefix("127.") || $0 == "::1" }) {
            return PreflightCheck("public-url", .warning, "\(host) is this machine's loopback address: guests' phones cannot open it")
        }
        return PreflightCheck("public-url", .ready, "\(host) is this machine (\(addresses.sorted().joined(separator: ", ")))")
    }
}
