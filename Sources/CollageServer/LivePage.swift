/// `/`: the booth's second screen, for a browser in kiosk mode. The newest collage as large as
/// the screen allows beside the QR code of its download URL (with `--public-url`: the address
/// guests' phones can open), the app's title ("4 photos") and the collage number above it, the
/// last photo added or skipped (and why) below it. It fits any screen without scrolling, and
/// turns the QR code under the collage on a portrait screen. When nothing happens for a while
/// it shows the earlier collages in turn, each with its own code, until the next photo comes.
///
/// It follows `/events` (Server-Sent Events) and heals by itself: after a dropped connection,
/// a restart of the booth (a clean stop, a kill, a crash) or a failed load it shows the newest
/// collage again with its own code, without a reload; a code it cannot be sure of is hidden
/// (`LivePage+Script`). Nothing polls. Served from the binary: a venue has no internet.
enum LivePage {
    /// The most collages an idle screen shows in turn: the newest ones.
    static let cycled = 24

    /// The page as first sent, and as the page itself asks for it to learn what the server has
    /// now: the newest collage and its code already in place, so a screen that loads late shows
    /// it at once; the events then bring it up to date. `collages`: newest first; `publicURL`:
    /// the base of the download URLs, nil for no QR code; `run`: this run's first event number,
    /// so the page knows another run's events; `settling`: an earlier run's newest collage may
    /// not be listed yet (`BoothFiles.settling`), and a page that lost track asks again.
    static func html(collages: [BoothFiles.Collage], publicURL: String?, batches: Bool, codes: QRCodes,
                     run: Int, settling: Bool) throws(ServeError) -> String {
        let newest = collages.first
        var shows = ""
        var firstCode = ""
        for collage in collages.prefix(cycled) {
            let path = "/collages/\(HTML.pathSegment(collage.name))"
            let code = try publicURL.map { base throws(ServeError) in try codes.svg(for: base + path) } ?? ""
            if firstCode.isEmpty { firstCode = code }
            shows += """
                <figure data-name="\(HTML.escape(collage.name))" data-src="\(HTML.escape("\(path)?v=\(collage.identity.version)"))" \
                data-title="\(HTML.escape(HTML.photos(collage.photos)))" data-batch="\(collage.batch)" \
                data-url="\(HTML.escape((publicURL ?? "") + path))">\(code)</figure>

                """
        }
        let source = newest.map { "/collages/\(HTML.pathSegment($0.name))?v=\($0.identity.version)" } ?? ""
        let title = newest.map { HTML.photos($0.photos) } ?? "Collage"
        return template
            .replacing("{{script}}", with: script)
            .replacing("{{src}}", with: HTML.escape(source))
            .replacing("{{title}}", with: HTML.escape(title))
            .replacing("{{batch}}", with: batches && newest != nil ? "Collage \(newest?.batch ?? 0)" : "")
            .replacing("{{empty}}", with: newest == nil ? "" : "hidden")
            .replacing("{{shown}}", with: newest == nil ? "hidden" : "")
            .replacing("{{codes}}", with: publicURL == nil ? "false" : "true")
            .replacing("{{batches}}", with: batches ? "true" : "false")
            .replacing("{{download}}", with: publicURL == nil || newest == nil ? "hidden" : "")
            .replacing("{{qr}}", with: firstCode)
            .replacing("{{qrName}}", with: publicURL == nil ? "" : HTML.escape(newest?.name ?? ""))
            .replacing("{{qrURL}}", with: publicURL == nil ? "" : HTML.escape(newest.map { (publicURL ?? "") + "/collages/\(HTML.pathSegment($0.name))" } ?? ""))
            .replacing("{{run}}", with: "\(run)")
            .replacing("{{settling}}", with: settling ? "true" : "false")
            .replacing("{{shows}}", with: shows)
    }

    private static let template = HTML.head(title: "Collage") + """
        html, body { height: 100%; overflow: hidden; }
        body { display: grid; grid-template-rows: auto minmax(0, 1fr) auto; height: 100vh; }
        header { display: flex; align-items: baseline; justify-content: space-between;
          padding: 1.5vh 3vw 0.5vh; }
        #title { font-size: 7vh; font-weight: bold; letter-spacing: 0.02em; }
        #batch { font-size: 4.5vh; color: #b9b4aa; }
        #status { width: 2vh; height: 2vh; border-radius: 50%; background: #3fb950; align-self: center; }
        #status.off { background: #d29922; }
        /* A definite row: the collage's 100% height is the row's, never its own (a tall collage in an
           auto row pushed the page, and the QR code with it, off the screen). */
        main { min-height: 0; display: grid; grid-template-columns: minmax(0, 1fr) auto; grid-template-rows: minmax(0, 1fr);
          gap: 3vw; align-items: center; padding: 1vh 3vw; }
        #frame { position: relative; height: 100%; min-width: 0; display: flex; align-items: center; justify-content: center; }
        #collage { width: 100%; height: 100%; object-fit: contain; }
        #empty { font-size: 6vh; color: #8b877f; text-align: center; }
        /* About 21 cm on a 32-inch 1080p screen: read from two metres (the usual 10:1 rule). */
        #download { width: min(52vh, 36vw); text-align: center; }
        #qr { width: 100%; aspect-ratio: 1; background: #fff; border-radius: 1vh; }
        #qr svg { width: 100%; height: 100%; display: block; }
        #scan { font-size: 3.4vh; margin: 1.2vh 0 0; }
        #title, #batch { white-space: nowrap; }
        @media (orientation: portrait) {
          #title { font-size: 6vw; }
          #batch { font-size: 4vw; }
          #scan { font-size: 3vw; }
          main { grid-template-columns: none; grid-template-rows: minmax(0, 1fr) auto; justify-items: center; }
          #frame { width: 100%; }
          #download { width: min(30vh, 60vw); }
        }
        #shows { display: none; }
        footer { font-size: 3.6vh; padding: 1vh 3vw 2vh; min-height: 7vh; white-space: nowrap;
          overflow: hidden; text-overflow: ellipsis; }
        #last.added::before { content: "\\2713  "; color: #3fb950; }
        #last.skipped { color: #e3b341; }
        #last.skipped::before { content: "\\2715  "; }
        #last.failed { color: #f85149; }
        </style>
        </head>
        <body>
        <header>
          <div id="title">{{title}}</div>
          <div><span id="batch">{{batch}}</span></div>
          <div id="status" title="live"></div>
        </header>
        <main>
          <div id="frame">
            <img id="collage" src="{{src}}" alt="The newest collage" {{shown}}>
            <div id="empty" {{empty}}>Waiting for the first photo…</div>
          </div>
          <aside id="download" {{download}}>
            <div id="qr" data-name="{{qrName}}" data-url="{{qrURL}}">{{qr}}</div>
            <p id="scan">Scan to download</p>
          </aside>
        </main>
        <footer><span id="last"></span></footer>
        <div id="shows" data-run="{{run}}" data-settling="{{settling}}">
        {{shows}}</div>
        <script>
        {{script}}        </script>
        </body>
        </html>
        """
}
