internal import ArgumentParser

/// The root command only lists the subcommands.
@main
struct Collage: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Builds photo collages: landscape photos only, no duplicates, at most six.",
        subcommands: [Build.self, Watch.self]
    )
}
