public import CollageEvents
public import CollageTerminal
internal import CollageCore
internal import CollageImaging
internal import CollageLocking

/// `watch --preview`: the book's main screen in a terminal. The collage as it grows, redrawn in
/// place after every save, and under it the app's title ("4 photos") and the last thing that
/// happened (a photo added, or skipped and why). Log lines would scroll the screen away, so
/// they give way to it; errors are printed once the screen is closed.
public final class WatchScreen: Sendable {
    private let screen: PreviewScreen
    private let styler: Styler
    private let state = Locked<(photos: Int, last: StatusLine?, saved: StatusLine?)>((0, nil, nil))

    public init(screen: PreviewScreen, styler: Styler) {
        self.screen = screen
        self.styler = styler
    }

    public func event(_ event: PipelineEvent) {
        var image: RGBImage?
        let status = state.withLock { state -> [StatusLine] in
            switch event {
            case .added(let file, _, let count, _):
                state.photos = count
                state.last = StatusLine("\(file): added")
            case .skipped(let file, let reason, _):
                state.last = StatusLine("\(file): \(reason)", style: .skipped)
            case .saved(let saved, let photos, let batch, _):
                image = saved.image
                state.photos = photos
                state.saved = StatusLine("wrote \(saved.destination)" + (batch > 1 ? " (collage \(batch))" : ""), style: .saved)
            case .saveFailed, .printFailed, .printUnknown:
                let line = LogLines.lines(for: event, verbosity: .quiet, watching: true).first?.1 ?? "a save failed"
                state.saved = StatusLine(line, style: .error)
            case .withdrawn(let path, _):
                state.photos = 0
                state.saved = StatusLine("removed \(path): it has no photo left")
            case .printed(let path, _, _):
                state.last = StatusLine("printed \(path)", style: .saved)
            case .notice(let text):
                state.last = StatusLine(text)
            }
            return [StatusLine(LogLines.statusLine(photos: state.photos))] + [state.last, state.saved].compactMap { $0 }
        }
        screen.show(image, status: status)
    }

    public func close() {
        screen.close()
    }
}
