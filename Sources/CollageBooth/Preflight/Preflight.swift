public import CollageCore
internal import CollageCanvas
internal import CollageCodecs
internal import CollageImaging
internal import CollagePipeline
internal import CollagePrinting
internal import CollageServer
internal import CollageWriting

/// What a booth needs before its first guest, checked: `collage check` runs every check; `watch`
/// runs at start the ones a guest would otherwise be the first to meet (`atStart`).
///
/// | check | found wrong at `watch` start |
/// | --- | --- |
/// | `print`: the print command's program is on PATH | refused (exit 69): no guest's strip would print |
/// | `printer`: CUPS accepts jobs for the `lp`/`lpr` queue | a warning: it may be switched on before the first strip |
/// | `output`: a file can be made where collages go | refused when the first collage is written (exit 73) |
/// | `room`: a day's collages fit (`FolderRoom.collagesADay`) | a warning: the first ones fit |
/// | `decorations`: fonts, logo, overlay, background load | refused (exit 66) |
/// | `public-url`: its host is this machine | a warning (as for a loopback URL) |
/// | `port`: `--serve`'s port is free | refused (exit 69) |
/// | `key`: the mark's key can be read or made | see `MarkKey` |
public enum Preflight {
    /// Every check for these settings, in the order a guest meets them.
    public static func checks(_ settings: WatchSettings) -> [PreflightCheck] {
        var checks: [PreflightCheck] = []
        if let command = settings.printer?.command {
            checks.append(program(command))
            if let queue = PrinterQueue.check(sampleWords(command)) { checks.append(queue) }
        }
        checks.append(FolderRoom.writable(settings.output))
        checks.append(FolderRoom.room(settings.output, bytesEach: likelyBytes(settings)))
        checks.append(decorations(settings))
        if let serve = settings.serve {
            checks.append(publicURL(serve))
            let port = serve.address.port
            if let taken = HostAddresses.portFree(host: serve.address.host, port: port) {
                checks.append(PreflightCheck("port", .failed, "cannot listen on \(serve.address): \(taken)"))
            } else {
                checks.append(PreflightCheck("port", .ready, port == 0 ? "a free port is chosen at start" : "\(serve.address) is free"))
            }
        }
        if settings.batches {
            checks.append(MarkKey.unusableReason().map { PreflightCheck("key", .failed, "the mark's key at \(MarkKey.location): \($0)") }
                ?? PreflightCheck("key", .ready, "the mark's key is \(MarkKey.location)"))
        }
        return checks
    }

    /// The checks `watch` makes before it takes a photo: a print command whose program is not
    /// there is refused; a printer CUPS does not accept jobs for, or too little room, is a warning.
    public static func atStart(_ settings: WatchSettings) -> (refusal: PreflightCheck?, warnings: [PreflightCheck]) {
        var warnings: [PreflightCheck] = []
        if let command = settings.printer?.command {
            let found = program(command)
            if found.outcome == .failed { return (found, []) }
            if let queue = PrinterQueue.check(sampleWords(command)), queue.outcome != .ready,
               !queue.detail.hasPrefix(PrinterQueue.unanswered) {
                warnings.append(queue)
            }
        }
        let room = FolderRoom.room(settings.output, bytesEach: likelyBytes(settings))
        if room.outcome != .ready { warnings.append(room) }
        return (nil, warnings)
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
        guard let url = serve.publicURL else {
            return PreflightCheck("public-url", .warning, "no --public-url: the live screen shows no QR code")
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
