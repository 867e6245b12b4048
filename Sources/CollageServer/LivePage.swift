/// `/`: the booth's second screen, for a browser in kiosk mode. The newest collage as large as
/// the screen allows, the app's title ("4 photos") and the collage number above it, the last
/// photo added or skipped (and why) below it. It follows `/events` (Server-Sent Events): the
/// browser's EventSource reconnects by itself and resumes with `Last-Event-ID`; nothing polls.
/// Served from the binary: a venue has no internet.
enum LivePage {
    /// The page as first sent: the newest collage already in place, so a screen that loads late
    /// shows it at once; the events then bring it up to date.
    static func html(newest: BoothFiles.Collage?) -> String {
        let source = newest.map { "/collages/\(HTML.pathSegment($0.name))?v=\($0.save)" } ?? ""
        let title = newest.map { HTML.photos($0.photos) } ?? "Collage"
        return template
            .replacing("{{src}}", with: HTML.escape(source))
            .replacing("{{title}}", with: HTML.escape(title))
            .replacing("{{empty}}", with: newest == nil ? "" : "hidden")
            .replacing("{{shown}}", with: newest == nil ? "hidden" : "")
    }

    private static let template = HTML.head(title: "Collage") + """
        html, body { height: 100%; overflow: hidden; }
        body { display: grid; grid-template-rows: auto 1fr auto; height: 100vh; }
        header { display: flex; align-items: baseline; justify-content: space-between;
          padding: 1.5vh 3vw 0.5vh; }
        #title { font-size: 7vh; font-weight: bold; letter-spacing: 0.02em; }
        #batch { font-size: 4.5vh; color: #b9b4aa; }
        #status { width: 2vh; height: 2vh; border-radius: 50%; background: #3fb950; align-self: center; }
        #status.off { background: #d29922; }
        main { position: relative; min-height: 0; display: flex; align-items: center; justify-content: center;
          padding: 1vh 3vw; }
        #collage { width: 100%; height: 100%; object-fit: contain; }
        #empty { font-size: 6vh; color: #8b877f; text-align: center; }
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
          <div><span id="batch"></span></div>
          <div id="status" title="live"></div>
        </header>
        <main>
          <img id="collage" src="{{src}}" alt="The newest collage" {{shown}}>
          <div id="empty" {{empty}}>Waiting for the first photo…</div>
        </main>
        <footer><span id="last"></span></footer>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        let batches = false;
        const base = (path) => (typeof path === "string" ? path.split("/").pop() : "a photo");
        const photos = (n) => (n === 1 ? "1 photo" : n + " photos");
        function tell(kind, text) {
          $("last").className = kind;
          $("last").textContent = text;
        }
        function show(data, id) {
          const src = "/collages/" + encodeURIComponent(base(data.path)) + "?v=" + id;
          const next = new Image();
          // Swapped once loaded: the screen never shows a half-drawn collage.
          next.onload = () => {
            $("collage").src = src;
            $("collage").hidden = false;
            $("empty").hidden = true;
          };
          next.src = src;
          $("title").textContent = photos(data.photos);
          if (batches) $("batch").textContent = "Collage " + data.batch;
        }
        const events = new EventSource("/events");
        events.onopen = () => { $("status").className = ""; $("status").title = "live"; };
        events.onerror = () => { $("status").className = "off"; $("status").title = "reconnecting"; };
        events.onmessage = (message) => {
          const event = JSON.parse(message.data);
          const data = event.data;
          switch (event.type) {
            case "started": batches = data.batches; break;
            case "added":
              $("title").textContent = photos(data.photos);
              tell("added", "Added " + base(data.path));
              break;
            case "skipped": tell("skipped", "Skipped " + base(data.path) + ": " + data.detail); break;
            case "saved": show(data, message.lastEventId); break;
            case "save-failed": tell("failed", "Could not save the collage: " + data.error); break;
            case "finished": tell("", "The booth has stopped."); events.close(); $("status").className = "off"; break;
          }
        };
        </script>
        </body>
        </html>
        """
}
