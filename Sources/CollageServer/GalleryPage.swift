/// `/gallery`: every collage this booth saved, newest first, each beside a QR code of its
/// download URL, big enough to scan from a phone held at arm's length from the screen, and a
/// download button. On a phone's narrow screen the codes give way to the buttons (a phone does
/// not scan itself) and nothing is wider than the screen. Each code is an image of its own
/// (`/codes/NAME`, drawn once per collage), loaded only where it shows: a day's 500 codes
/// inline made the page 2.2 MB, all of it sent to every phone that hides them.
enum GalleryPage {
    /// `base`: the start of the download URLs (`--public-url`, or how this browser reached us).
    static func html(collages: [BoothFiles.Collage], base: String, batches: Bool) -> String {
        var cards = ""
        for collage in collages {
            let path = "/collages/\(HTML.pathSegment(collage.name))"
            let url = base + path
            let label = batches ? "Collage \(collage.batch) · \(HTML.photos(collage.photos))" : HTML.photos(collage.photos)
            cards += """
                <figure>
                  <a href="\(HTML.escape(path))"><img src="\(HTML.escape(path))?v=\(collage.identity.version)" alt="\(HTML.escape(collage.name))" loading="lazy"></a>
                  <div class="qr"><img src="/codes/\(HTML.escape(HTML.pathSegment(collage.name)))" alt="QR code of \(HTML.escape(url))" loading="lazy"></div>
                  <figcaption><strong>\(HTML.escape(label))</strong><span>\(HTML.escape(url))</span>\
                <a class="download" href="\(HTML.escape(path))" download="\(HTML.escape(collage.name))">Download</a></figcaption>
                </figure>

                """
        }
        if collages.isEmpty { cards = "<p class=\"none\">No collage yet: the first one appears here once it is saved.</p>\n" }
        return HTML.head(title: "Collages") + """
            body { padding: 2vh 3vw; }
            h1 { font-size: 5vh; margin: 0 0 2vh; }
            h1 span { font-size: 3vh; color: #b9b4aa; font-weight: normal; margin-left: 1em; }
            main { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(34rem, 100%), 1fr)); gap: 3vh 2vw; }
            figure { margin: 0; background: #1c1e23; border-radius: 1vh; padding: 1.5vh; display: grid;
              grid-template-columns: 1fr 15rem; grid-template-rows: auto auto; gap: 1vh 1.2vw; align-items: center; }
            figure img { width: 100%; display: block; border-radius: 0.5vh; background: #fff; }
            .qr { width: 15rem; height: 15rem; }
            .qr img { width: 100%; height: 100%; display: block; }
            figcaption { grid-column: 1 / 3; font-size: 1.5rem; }
            figcaption span { display: block; color: #8b877f; font-size: 1rem; overflow-wrap: anywhere; margin-top: 0.3em; }
            .download { display: inline-block; margin-top: 0.6em; padding: 0.5em 1.2em; border-radius: 0.4em;
              background: #3fb950; color: #101114; font-weight: bold; text-decoration: none; }
            .none { font-size: 3vh; color: #8b877f; }
            .narrow { display: none; }
            /* A phone does not scan its own screen: there each collage fills the width, with a
               plain download button instead of the code. */
            @media (max-width: 40rem) {
              body { padding: 1rem; }
              h1 { font-size: 1.6rem; }
              h1 span { display: block; margin: 0.3em 0 0; font-size: 1rem; }
              figure { grid-template-columns: minmax(0, 1fr); padding: 0.6rem; }
              .qr { display: none; }
              figcaption { grid-column: 1; }
              .wide { display: none; }
              .narrow { display: block; }
            }
            </style>
            </head>
            <body>
            <h1>Your collages<span class="wide">scan the code to download yours</span><span class="narrow">tap Download to save yours</span></h1>
            <main>
            \(cards)</main>
            </body>
            </html>
            """
    }
}
