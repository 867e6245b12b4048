internal import CollageCore
internal import CollageFiles

/// A restarted booth offers every photo of its earlier collages again, and each is refused as
/// already used: at the normal level these refusals, one after another, make one line instead
/// of one each (`-v` and `--json` keep every one).
struct AlreadyUsedSummary: Sendable {
    private(set) var held: [(file: PhotoFile, collage: PathName)] = []

    mutating func hold(_ file: PhotoFile, in collage: PathName) {
        held.append((file, collage))
    }

    /// The line for what is held, which is let go: a single refusal as it would have been.
    mutating func take() -> String? {
        defer { held = [] }
        guard let first = held.first else { return nil }
        guard held.count > 1 else { return "\(first.file): \(Rejection.alreadyUsed(in: first.collage))" }
        var collages: [PathName] = []
        for (_, collage) in held where !collages.contains(collage) { collages.append(collage) }
        let names = collages.count <= 3 ? collages.map(\.description).joined(separator: ", ")
            : "\(collages[0]) … \(collages[collages.count - 1])"
        return "\(held.count) photos already in \(collages.count == 1 ? "" : "\(collages.count) collages, ")\(names): not used again (-v lists them)"
    }
}
