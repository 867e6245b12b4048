public import CollageEvents
internal import CollageSources
internal import CollageCodecs
internal import CollageCore
internal import CollageImaging

/// How much a command says on stderr.
public enum Verbosity: Sendable, Comparable {
    /// Errors only.
    case quiet
    /// A line per photo not used, per save, and the watch's status.
    case normal
    /// Also a line per photo used: how it was decoded and how long it took.
    case verbose
}

/// What a line is about, so a terminal can colour it.
public enum LineKind: Sendable {
    case added, skipped, saved, status, notice, error
}

/// The human log, one line per event: `collage: trip/IMG_0413.jpg: duplicate of trip/IMG_0410.jpg`.
public enum LogLines {
    /// The lines for `event` at `verbosity`; `watch` also shows the app's title after a change.
    public static func lines(for event: PipelineEvent, verbosity: Verbosity, watching: Bool) -> [(LineKind, String)] {
        if case .saveFailed(_, let error, _, _, let next) = event {  // an error: shown even when quiet
            return [(.error, "\(error); \(afterFailure(next))")]
        }
        if case .printFailed(let path, let error, _, _, let batch, let retryIn) = event {
            let next = retryIn.map { "trying again in \(seconds($0))" } ?? "left for the operator to print"
            return [(.error, "collage \(batch) (\(path)) not printed: \(error); \(next)")]
        }
        if case .printUnknown(let path, let batch) = event {  // the operator must act: shown even when quiet
            return [(.error, "collage \(batch) (\(path)) may not have been printed: the journal does not say that its print ended (a stop while "
                + "it printed, or a journal rebuilt from the collages' marks); it is not printed again (reprint it by hand if it is missing)")]
        }
        guard verbosity > .quiet else { return [] }
        switch event {
        case .added(let file, let photo, let count, let nearest):
            var lines: [(LineKind, String)] = []
            // As libvips warns: the photo is used, its colours as stored.
            if case .ignored(let profile, let reason)? = photo.decoding?.color {
                lines.append((.notice, "\(file): colour profile \(profile.map { "\"\($0)\" " } ?? "")ignored (\(reason)), colours shown as stored"))
            }
            if verbosity == .verbose {
                let facts = [photo.decoding.map { details($0, shown: photo.size) }, nearest.map(closest)].compactMap { $0 }
                lines.append((.added, "\(file): added" + (facts.isEmpty ? "" : " (\(facts.joined(separator: "; ")))")))
            } else if watching {
                lines.append((.added, "\(file): added"))
            }
            if watching { lines.append((.status, statusLine(photos: count))) }
            return lines
        case .skipped(let file, let rejection, _):
            return [(.skipped, "\(file): \(rejection)")]
        case .saved(let saved, let photos, _, _):
            return [(.saved, "wrote \(saved.destination) (\(saved.size), \(photos) photo\(photos == 1 ? "" : "s"))")]
        case .withdrawn(let path, _):
            return [(.notice, "removed \(path): it has no photo left")]
        case .saveFailed, .printFailed, .printUnknown:
            return []  // above
        case .printed(let path, let copies, _):
            return [(.saved, "printed \(path)" + (copies == 1 ? "" : " (\(copies) copies)"))]
        case .notice(let text):
            return [(.notice, text)]
        }
    }

    /// What follows a failed save, as its line ends.
    static func afterFailure(_ next: NextSave) -> String {
        switch next {
        case .atNextChange: "saving again at the next change"
        case .after(let wait): "trying again in \(seconds(wait))"
        case .never: "no more pages are made"
        }
    }

    /// `0.5 s`, `2 s`.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = ((Double(seconds) + Double(attoseconds) / 1e18) * 1000).rounded() / 1000
        return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// The app's title after every change: "4 photos".
    public static func statusLine(photos: Int) -> String {
        photos == 1 ? "1 photo" : "\(photos) photos"
    }

    /// `4032x3024 JPEG, decoded at 1/4 in 12.3 ms, resampled in 2.1 ms, Display P3 to sRGB in 0.8 ms`
    static func details(_ details: DecodeDetails, shown: PixelSize) -> String {
        "\(shown) \(details.format), decoded at 1/\(details.scale) in \(milliseconds(details.decodeTime)), resampled in \(milliseconds(details.resampleTime))"
            + color(details.color)
    }

    static func color(_ color: ColorManagement) -> String {
        switch color {
        case .none: return ""
        case .converted(let profile, let time?): return ", \(profile) to sRGB in \(milliseconds(time))"
        case .converted(let profile, nil): return ", \(profile) to sRGB while decoding"
        case .ignored(let profile, _): return ", profile \(profile ?? "") ignored"
        }
    }

    /// `nearest a.jpg: similarity 37.5, fingerprint 20 bits`
    static func closest(_ nearest: Resemblance) -> String {
        "nearest \(nearest.photo.name): similarity \(nearest.shownDistance), fingerprint \(nearest.fingerprintDistance) bits"
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let ms = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return "\((ms * 10).rounded() / 10) ms"
    }
}
