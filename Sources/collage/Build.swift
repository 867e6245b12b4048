internal import ArgumentParser
internal import CollagePipeline

extension Collage {
    /// `collage build a.jpg b.png … -o out.jpg`
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Builds one collage from the photos given, in order.",
            discussion: """
                Photos that are not landscape (after EXIF orientation), duplicates of one \
                already taken, unreadable, or beyond the sixth are skipped, one line each on \
                stderr. The output path is printed on stdout once the collage is written.
                """
        )

        @Argument(help: "JPEG or PNG photos.")
        var photos: [String]

        @OptionGroup var options: OutputOptions

        func run() async throws {
            let build = CollageBuild(options: options.collageOptions)
            do {
                let saved = try await build.run(photos, output: options.output) { event in
                    if case .skipped = event { Console.error(event.description) }
                }
                print(saved.path)
            } catch {
                Console.error(error.description)
                switch error {
                case .outputIsInput: throw ExitStatus.usage
                case .noUsablePhoto: throw ExitStatus.noUsablePhoto
                case .write: throw ExitStatus.cannotWrite
                }
            }
        }
    }
}
