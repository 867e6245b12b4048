extension LivePage {
    /// The live page's script: a kiosk that heals. What it shows comes from two sources, the
    /// events (`/events`) and the page itself as the server has it now (`/`, "the list": each
    /// recent collage's picture, title and code). Its rules:
    ///
    /// - A picture replaces the one on the screen only once loaded, with its title and its own
    ///   code; each picture asked for takes a ticket, and one that loads after a newer one or a
    ///   withdrawal was asked for is dropped. One that fails to load is asked for again.
    /// - The code beside the collage is that collage's own, from the list, or none: a code the
    ///   list does not give for the collage drawn is hidden, and the list asked for.
    /// - The list is asked for after each save and withdrawal, and at each (re)connection, when
    ///   the newest collage in it is shown: a restart's events do not tell of an earlier run's
    ///   collages. An answer counts only if no picture was asked for since the question (its
    ///   ticket): an older answer would bring back a collage withdrawn or replaced since. A list
    ///   that fails is asked for again a second later; one that says the server is still checking
    ///   an earlier run's collages (`data-settling`) a quarter of a second later.
    /// - The event stream is the browser's EventSource, which reconnects after a drop; one that
    ///   ends for good is opened again. The booth's clean stop is said on the screen, and the page
    ///   goes on waiting for it. Another run's `started` event makes the codes unsure until the
    ///   list of that run comes.
    static let script = #"""
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
        let run = 0;
        let shown = 0;
        let idleTimer = null, turnTimer = null;
        const base = (path) => (typeof path === "string" ? path.split("/").pop() : "a photo");
        const photos = (n) => (n === 1 ? "1 photo" : n + " photos");
        function tell(kind, text) {
          $("last").className = kind;
          $("last").textContent = text;
        }
        function read(root) {
          const list = root.getElementById("shows");
          run = Number(list.dataset.run);
          shows = [...list.querySelectorAll("figure")].map((f) => ({
            name: f.dataset.name, src: f.dataset.src, title: f.dataset.title, batch: f.dataset.batch, url: f.dataset.url, qr: f.innerHTML }));
          return list.dataset.settling === "true";
        }
        // The collage on the screen (its name, null for none), and the tickets of pictures.
        let drawn = null;
        let ticket = 0;
        function picture(show, label) {
          const mine = ++ticket;
          settle();
          let tries = 0;
          const load = () => {
            const next = new Image();
            next.onload = () => {
              if (mine !== ticket) return;
              drawn = show.name;
              $("collage").src = next.src;
              $("collage").hidden = false;
              $("empty").hidden = true;
              $("title").textContent = show.title;
              if (batches) $("batch").textContent = label;
              code(true);
            };
            next.onerror = () => setTimeout(() => { if (mine === ticket) load(); }, 1000);
            next.src = show.src + (tries++ > 0 ? "&try=" + tries : "");
          };
          load();
        }
        // Nothing on the screen: before the first photo, or a collage withdrawn.
        function blank() {
          ++ticket;
          settle();
          drawn = null;
          $("collage").hidden = true;
          $("collage").removeAttribute("src");
          $("empty").hidden = false;
          code(false);
        }
        // The collage drawn's own code, from the list, or none (and the list asked for).
        function code(mayAsk) {
          if (!codes) return;
          const show = drawn === null ? undefined : shows.find((s) => s.name === drawn);
          const qr = $("qr");
          if (show) {
            if (qr.dataset.name !== show.name) {
              qr.innerHTML = show.qr;
              qr.dataset.name = show.name;
              qr.dataset.url = show.url;
            }
            $("download").hidden = false;
          } else {
            $("download").hidden = true;
            qr.dataset.name = "";
            qr.dataset.url = "";
            if (drawn !== null && mayAsk) ask("codes");
          }
        }
        // The list: "newest" shows its newest collage, "codes" only learns the codes and turns.
        let asking = false, wanted = null;
        function ask(why) {
          if (why === "newest" || wanted === null) wanted = why;
          if (!asking) list();
        }
        // An event that changes the screen says what is newest itself.
        function settle() { if (wanted === "newest") wanted = "codes"; }
        function list() {
          const mine = ticket, why = wanted;
          asking = true;
          wanted = null;
          fetch("/", { cache: "no-store" }).then((r) => {
            if (!r.ok) throw new Error("HTTP " + r.status);
            return r.text();
          }).then((html) => {
            asking = false;
            if (mine !== ticket) return ask("codes");
            use(new DOMParser().parseFromString(html, "text/html"), why);
            if (wanted !== null) list();
          }, () => {
            asking = false;
            setTimeout(() => ask(mine === ticket ? why : "codes"), 1000);
          });
        }
        function use(page, why) {
          const settling = read(page);
          if (why === "newest" && settling) {
            const mine = ticket;
            return setTimeout(() => ask(mine === ticket ? "newest" : "codes"), 250);
          }
          if (why === "newest") {
            if (shows.length > 0) display(0);
            else blank();
          }
          code(false);
        }
        function display(index) {
          const show = shows[index];
          if (!show) return;
          shown = index;
          picture(show, "Collage " + show.batch + (index > 0 ? " · earlier" : ""));
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
          const name = base(data.path);
          shown = 0;
          picture({ name, src: "/collages/" + encodeURIComponent(name) + "?v=" + id, title: photos(data.photos) }, "Collage " + data.batch);
          ask("codes");
        }
        // The open collage lost its last photo: nothing on the screen until the next one.
        function withdraw() {
          blank();
          $("title").textContent = photos(0);
          tell("", "Every photo was deleted: the collage starts again");
          ask("codes");
        }
        function on(message) {
          const event = JSON.parse(message.data);
          const data = event.data;
          switch (event.type) {
            case "started":
              batches = data.batches;
              if (stopped) tell("", "");
              stopped = false;
              if (Number(message.lastEventId) !== run) {
                ++ticket;
                shows = [];
                code(false);
                ask("newest");
              }
              break;
            case "added":
              awake();
              $("title").textContent = photos(data.photos);
              tell("added", "Added " + base(data.path));
              break;
            case "skipped":
              awake();
              // A file cut short is taken again once it is whole: an upload still under way.
              if (data.reason === "truncated") tell("", "Receiving " + base(data.path) + "…");
              else tell("skipped", "Skipped " + base(data.path) + ": " + data.detail);
              break;
            case "saved": awake(); show(data, message.lastEventId); break;
            case "withdrawn": awake(); withdraw(); break;
            case "save-failed": tell("failed", "Could not save the collage: " + data.error); break;
            case "finished":
              stopped = true;
              tell("", "The booth has stopped: the screen comes back with it.");
              $("status").className = "off";
              break;
          }
        }
        let events = null, stopped = false;
        function listen() {
          events = new EventSource("/events");
          events.onopen = () => {
            $("status").className = "";
            $("status").title = "live";
            awake();
            ask("newest");
          };
          events.onerror = () => {
            $("status").className = "off";
            $("status").title = "reconnecting";
            if (events.readyState === EventSource.CLOSED) {
              events.close();
              setTimeout(listen, 1000);
            }
          };
          events.onmessage = on;
        }
        read(document);
        drawn = $("collage").hidden ? null : $("qr").dataset.name || (shows[0] ? shows[0].name : null);
        awake();
        listen();

        """#
}
