internal import ArgumentParser
internal import CollageServer

/// `watch --serve`: the booth's screen over HTTP (see the README, "The booth's screen").
struct ServeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Serve the live page, the gallery and the collages over HTTP on [ADDRESS:]PORT (address 127.0.0.1 unless given; 0.0.0.0 for every network).", valueName: "[address:]port"),
            transform: { text in try ServeAddress(parsing: text) })
    var serve: ServeAddress?

    @Option(help: ArgumentHelp("The start of the download URLs in the gallery's QR codes, as guests' phones reach this machine (default: the address the gallery was opened at).", valueName: "url"),
            transform: { text in try PublicURL(parsing: text) })
    var publicURL: PublicURL?

    @Flag(help: "With --serve, the photos put in a collage can be downloaded too (/photos/NAME).")
    var servePhotos = false

    @Option(parsing: .unconditional, help: ArgumentHelp("With --serve, the most guests' connections served at once, 8 at most from one address (the screen, on 127.0.0.1, has its own); when all are taken, a new one takes the slot of an idle or stalled one, or waits.", valueName: "count"))
    var serveMaxClients = 64

    @Option(parsing: .unconditional, help: ArgumentHelp("With --serve, seconds (or 500ms, 2m) before a connection with no request in progress is closed (also the limit for sending a request's head).", valueName: "seconds"))
    var serveIdleTimeout = DurationValue(.seconds(15))

    func validate() throws {
        guard serve != nil || (publicURL == nil && !servePhotos) else {
            throw ValidationError("--public-url and --serve-photos need --serve.")
        }
        guard (1...10_000).contains(serveMaxClients) else { throw ValidationError("--serve-max-clients must be from 1 to 10000.") }
        guard (.seconds(1)...(.seconds(3600))).contains(serveIdleTimeout.duration) else { throw ValidationError("--serve-idle-timeout must be from 1 to 3600 seconds.") }
    }

    /// The server's settings, nil without --serve.
    func settings(batches: Bool) -> ServeSettings? {
        serve.map { serve in
            ServeSettings(address: serve, batches: batches, publicURL: publicURL, servesPhotos: servePhotos,
                          maximumClients: serveMaxClients, idleTimeout: serveIdleTimeout.duration)
        }
    }
}
