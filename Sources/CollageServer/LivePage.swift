/// `/`: the booth's second screen, for a browser in kiosk mode. The newest collage as large as
/// the screen allows beside the QR code of its download URL (with `--public-url`: the address
/// guests' phones can open), the app's title ("4 photos") and the collage number above it, the
/// last photo added or skipped (and why) below it. It fits any screen without scrolling, and
/// turns the QR code under the collage on a portrait screen. When nothing happens for a while
/// it shows the earlier collages in turn, each with its own code, until the next photo comes.
///
/// It follows `/events` (Server-Sent Events): the browser's EventSource reconnects by itself and
/// resumes with `Last-Event-ID`; nothing polls. A save brings the new collage at once, and the
/// page fetches itself (`/`) for the QR codes it does not draw itself. Served from the binary:
/// a venue has no internet.
enum LivePage {
    /// The most collages an idle screen shows in turn: the newest ones.
    static let cycled = 24

    /// The page as first sent: the newest collage and its code already in place, so a screen
    /// that loads late shows it at once; the events then bring it up to date. `collages`: newest
    /// first; `publicURL`: the base of the download URLs, nil for no QR code.
    static func html(collages: [BoothFiles.Collage], publicURL: String?, batches: Bool) throws(ServeError) -> String {
        let newest = collages.first
        var shows = ""
        for collage in collages.prefix(cycled) {
            let path = "/collages/\(HTML.pathSegment(collage.name))"
            let code = try publicURL.map { base throws(ServeError) in try QRCode(encoding: base + path).svg } ?? ""
            shows += """
                <figure data-src="\(HTML.escape("\(path)?v=\(collage.save)"))" data-title="\(HTML.escape(HTML.photos(collage.photos)))" \
                data-batch="\(collage.batch)" data-url="\(HTML.escape((publicURL ?? "") + path))">\(code)</figure>

                """
        }
        let source = newest.map { "/collages/\(HTML.pathSegment($0.name))?v=\($0.save)" } ?? ""
        let title = newest.map { HTML.photos($0.photos) } ?? "Collage"
        return template
            .replacing("{{src}}", with: HTML.escape(source))
            .replacing("{{title}}", with: HTML.escape(title))
            .replacing("{{batch}}", with: batches && newest != nil ? "Collage \(newest?.batch ?? 0)" : "")
            .replacing("{{empty}}", with: newest == nil ? "" : "hidden")
            .replacing("{{shown}}", with: newest == nil ? "hidden" : "")
            .replacing("{{codes}}", with: publicURL == nil ? "false" : "true")
            .replacing("{{batches}}", with: batches ? "true" : "false")
            .replacing("{{download}}", with: publicURL == nil || newest == nil ? "hidden" : "")
            .replacing("{{qr}}", with: shows.isEmpty ? "" : firstCode(of: shows))
            .replacing("{{shows}}", with: shows)
    }

    /// The newest collage's code, drawn in place before any script runs.
    private static func firstCode(of shows: String) -> String {
        guard let start = shows.firstRange(of: "<svg"), let end = shows.firstRange(of: "</svg>") else { return "" }
        return String(shows[start.lowerBound..<end.upperBound])
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
            <div id="qr">{{qr}}</div>
            <p id="scan">Scan to download</p>
          </aside>
        </main>
        <footer><span id="last"></span></footer>
        <div id="shows">
        {{shows}}</div>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        const codes = {{codes}};
        // Seconds without an event before the earlier collages are shown, and each one's turn:
        // `/?idle=2&turn=1` for a quick look.
        const query = new URLSearchParams(location.search);
        const idleAfter = 1000 * (Number(query.get("idle")) || 45);
        const turn = 1000 * (Number(query.get("turn")) || 8);
        let batches = {{batches}};
        let shows = [];
        let shown = 0;
        let idleTimer = null, turnTimer = null;
        const base = (path) => (typeof path === "string" ? path.split("/").pop() : "a photo");
        const photos = (n) => (n === 1 ? "1 photo" : n + " photos");
        function tell(kind, text) {
          $("last").className = kind;
          $("last").textContent = text;
        }
        function read(root) {
          return [...root.querySelectorAll("#shows figure")].map((f) => ({
            src: f.dataset.src, title: f.dataset.title, batch: f.dataset.batch, url: f.dataset.url, qr: f.innerHTML }));
        }
        // Swapped once loaded: the screen never shows a half-drawn collage. Each picture asked
        // for takes a ticket, and one that loads after a newer one or a withdrawal was asked for
        // is dropped: a collage withdrawn while it loaded never comes back.
        let ticket = 0;
        function picture(src, then) {
          const mine = ++ticket;
          const next = new Image();
          next.onload = () => {
            if (mine !== ticket) return;
            $("collage").src = src;
            $("collage").hidden = false;
            $("empty").hidden = true;
            if (then) then();
          };
          next.src = src;
        }
        function code(show) {
          if (!codes || !show) return;
          $("qr").innerHTML = show.qr;
          $("qr").dataset.url = show.url;
          $("download").hidden = false;
        }
        function display(index) {
          const show = shows[index];
          if (!show) return;
          shown = index;
          picture(show.src, () => code(show));
          $("title").textContent = show.title;
          if (batches) $("batch").textContent = "Collage " + show.batch + (index > 0 ? " · earlier" : "");
        }
        // Something happened: the newest again, and the turns wait for the next quiet spell.
        function awake() {
          clearTimeout(idleTimer);
          clearInterval(turnTimer);
          turnTimer = null;
          if (shown !== 0) display(0);
          idleTimer = setTimeout(() => {
            if (shows.length > 1) turnTimer = setInterval(() => display((shown + 1) % shows.length), turn);
          }, idleAfter);
        }
        function show(data, id) {
          const src = "/collages/" + encodeURIComponent(base(data.path)) + "?v=" + id;
          picture(src);
          $("title").textContent = photos(data.photos);
          if (batches) $("batch").textContent = "Collage " + data.batch;
          shown = 0;
          const mine = ticket;
          // This page as the server has it now: the new collage's code, and the earlier ones.
          fetch("/", { cache: "no-store" }).then((r) => r.text()).then((html) => {
            shows = read(new DOMParser().parseFromString(html, "text/html"));
            if (shown === 0 && mine === ticket) code(shows[0]);
          }).catch(() => {});
        }
        // The open collage lost its last photo: nothing on the screen until the next one.
        function withdraw() {
          ticket++;
          $("collage").hidden = true;
          $("collage").removeAttribute("src");
          $("empty").hidden = false;
          $("download").hidden = true;
          $("title").textContent = photos(0);
          tell("", "Every photo was deleted: the collage starts again");
          fetch("/", { cache: "no-store" }).then((r) => r.text()).then((html) => {
            shows = read(new DOMParser().parseFromString(html, "text/html"));
          }).catch(() => {});
        }
        shows = read(document);
        awake();
        const events = new EventSource("/events");
        events.onopen = () => { $("status").className = ""; $("status").title = "live"; };
        events.onerror = () => { $("status").className = "off"; $("status").title = "reconnecting"; };
        events.onmessage = (message) => {
          const event = JSON.parse(message.data);
          const data = event.data;
          switch (event.type) {
            case "started": batches = data.batches; break;
            case "added":
              awake();
              $("title").textContent = photos(data.photos);
              tell("added", "Added " + base(data.path));
              break;
            case "skipped": awake(); tell("skipped", "Skipped " + base(data.path) + ": " + data.detail); break;
            case "saved": awake(); show(data, message.lastEventId); break;
            case "withdrawn": awake(); withdraw(); break;
            case "save-failed": tell("failed", "Could not save the collage: " + data.error); break;
            case "finished": tell("", "The booth has stopped."); events.close(); $("status").className = "off"; break;
          }
        };
        </script>
        </body>
        </html>
        """
}
