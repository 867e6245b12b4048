public import CollageCore
public import CollageImaging
public import CollageFiles

/// `build --pages`' rule book carried out, by value: every photo the rules take goes into the
/// next cell, page after page; the duplicate rule holds across the whole run (`SeenPhotos`), and a
/// better copy takes the place of its copy wherever that is: on the page being filled, on a full
/// page still held, or on a page handed over already, which is then drawn again once the others
/// are (`finish`). A full page is held until `window` more files are decided, so the better
/// copy that sorts just after its copy (`IMG_0001-WA.jpg`, then `IMG_0001.heic`) finds it not yet
/// drawn; then it is handed over. Pixels are kept only for the pages not handed over; of every
/// other photo, its name, size and file's place.
///
/// ```
/// var filler = PageFiller(perPage: 6, rules: rules)
/// for step in steps { for event in filler.take(step) { … } }   // .added, .skipped, .replaced, .page
/// for event in filler.finish() { … }                            // the last pages, then those drawn again
/// ```
public struct PageFiller {
    /// Where a photo lands: its page (from 1) and its cell on it (from 0).
    public struct Place: Hashable, Sendable {
        public let page: Int
        public let cell: Int
    }

    /// A photo taken, as kept once its page is handed over: enough to read it again.
    public struct Entry: Sendable {
        public let name: PathName
        public let size: PixelSize
        /// Its file's place among the inputs: the size it is kept at follows from it.
        public let index: Int
    }

    /// What happened, in order: the caller reports each and hands each page over.
    public enum Event {
        /// Taken, at `place`, on a page of `count` photos now.
        case added(PhotoFile, Photo, place: Place, count: Int, nearest: Resemblance?)
        case skipped(PhotoFile, Rejection, size: PixelSize?)
        /// The copy `name` gave its place to `better`; `drawn`: its page was handed over
        /// already, and is drawn again at the end.
        case replaced(PathName, size: PixelSize, by: PhotoFile, place: Place, drawn: Bool)
        /// A page to draw.
        case page(Page)
    }

    /// A page handed over: its photos decoded, or, drawn again, the photos to read again.
    public struct Page: Sendable {
        public let number: Int
        /// The run's number of its first photo (a label's `{n}`).
        public let firstNumber: Int
        public internal(set) var photos: [Photo]
        /// Set on a page drawn before whose photos changed: they are read again.
        public let again: [Entry]?
    }

    /// Files decided after a page fills before it is handed over: one, the file that sorts
    /// right after its last photo, where a better copy sorts after its web or messenger copy
    /// (`DSC_0120-web.jpg`, `DSC_0120.jpg`). Each file more holds one more decoded photo (the
    /// next page's) at the peak: a better copy further on makes its page again instead.
    public static let window = 1

    public let perPage: Int
    public let rules: PhotoRuleBook
    public let window: Int
    private var seen: SeenPhotos
    /// Every photo on a page, by its number (from 0): a better copy in the place of its copy.
    private var taken: [Entry] = []
    private var numbers: [PathName: Int] = [:]
    /// The photos of the pages not handed over (from page `handed + 1` on), and the file at which
    /// each full one of them filled.
    private var pending: [Photo] = []
    private var filledAt: [Int] = []
    private var handed = 0
    /// Pages handed over whose photos changed since.
    private var changed: Set<Int> = []

    public init(perPage: Int, rules: PhotoRuleBook, window: Int = Self.window, seen: SeenPhotos = SeenPhotos()) {
        self.perPage = max(1, perPage)
        self.rules = rules
        self.window = max(0, window)
        self.seen = seen
    }

    /// The photos taken, a replaced copy not counted.
    public var count: Int { taken.count }

    /// Decides `step`, then hands over the full pages whose window it closes.
    public mutating func take(_ step: PhotoStep) -> [Event] {
        var events: [Event]
        switch step.outcome {
        case .failure(let refusal):
            events = [.skipped(step.file, refusal.rejection, size: refusal.size)]
        case .success(let photo):
            switch rules.decide(photo, resemblances: seen.resemblances(of: photo), taken: taken.count) {
            case .skip(let rejection): events = [.skipped(step.file, rejection, size: photo.size)]
            case .use(let nearest): events = [use(photo, from: step, nearest: nearest)]
            case .replace(let kept, let nearest): events = replace(kept, with: photo, from: step, nearest: nearest)
            }
        }
        while let filled = filledAt.first, filled + window <= step.index { events.append(handOver()) }
        return events
    }

    /// The end of the files: every page not handed over, then each page whose photos changed
    /// after it was, to be drawn again.
    public mutating func finish() -> [Event] {
        var events: [Event] = []
        while !pending.isEmpty { events.append(handOver()) }
        for number in changed.sorted() {
            let entries = Array(taken[(number - 1) * perPage..<min(taken.count, number * perPage)])
            events.append(.page(Page(number: number, firstNumber: (number - 1) * perPage + 1, photos: [], again: entries)))
        }
        changed = []
        return events
    }

    private func place(_ number: Int) -> Place {
        Place(page: number / perPage + 1, cell: number % perPage)
    }

    /// The photos on `page` now.
    private func count(on page: Int) -> Int {
        min(perPage, taken.count - (page - 1) * perPage)
    }

    private mutating func use(_ photo: Photo, from step: PhotoStep, nearest: Resemblance?) -> Event {
        seen.insert(photo)
        let number = taken.count
        taken.append(Entry(name: photo.name, size: photo.size, index: step.index))
        numbers[photo.name] = number
        pending.append(photo)
        if (number + 1) % perPage == 0 { filledAt.append(step.index) }
        let place = place(number)
        return .added(step.file, photo, place: place, count: count(on: place.page), nearest: nearest)
    }

    private mutating func replace(_ kept: Photo, with photo: Photo, from step: PhotoStep, nearest: Resemblance?) -> [Event] {
        guard let number = numbers.removeValue(forKey: kept.name) else { return [use(photo, from: step, nearest: nearest)] }
        seen.replace(kept.name, with: photo)
        taken[number] = Entry(name: photo.name, size: photo.size, index: step.index)
        numbers[photo.name] = number
        let place = place(number), drawn = place.page <= handed
        if drawn { changed.insert(place.page) } else { pending[number - handed * perPage] = photo }
        return [.added(step.file, photo, place: place, count: count(on: place.page), nearest: nearest),
                .replaced(kept.name, size: kept.size, by: step.file, place: place, drawn: drawn)]
    }

    /// The first page not handed over (full, or the last), handed over.
    private mutating func handOver() -> Event {
        let photos = Array(pending.prefix(perPage))
        pending.removeFirst(photos.count)
        if photos.count == perPage, !filledAt.isEmpty { filledAt.removeFirst() }
        handed += 1
        return .page(Page(number: handed, firstNumber: (handed - 1) * perPage + 1, photos: photos, again: nil))
    }
}
