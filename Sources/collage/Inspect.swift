internal import CollageCore
internal import ArgumentParser
internal import CollagePipeline
internal import CollageReport
internal import CollageSources
internal import CollageFiles

extension Collage {
    /// `collage inspect a.jpg b.png …`
    struct Inspect: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "inspect",
            abstract: "Shows what the tool sees in each photo and what build would do with it.",
            discussion: """
                For each file, in order: its format, stored and displayed size, EXIF orientation, \
                shape, baseline or progressive, fingerprint, the most similar earlier photo, and \
                whether build would use it (and where: with --pages, its page and cell) or why \
                not. Every file is read, also past the limit. One aligned line per file, or with \
                --json one JSON object per line.
                """
        )

        @OptionGroup var inputs: InputOptions
        @OptionGroup var rules: RuleOptions
        @OptionGroup var report: InspectReportOptions

        @OptionGroup(title: "The collage to plan the tiles and crops for") var layout: LayoutOptions

        @Flag(help: "As build --pages: every usable photo on successive pages of --limit photos, each file's page and cell.")
        var pages = false

        func validate() throws {
            _ = try layout.checked(rules: rules)
        }

        func run() async throws {
            let items = inputs.resolve(excluding: nil).items
            let options = try CollageOptions(look: layout, rules: rules, limits: inputs.limits)
            let log = report.log()
            log.startProgress(given: items.count)
            let results = await CollageInspection(options: options, pages: pages).run(items) { inspection in
                if case .used = inspection.verdict { log.advance(used: true) } else { log.advance(used: false) }
            }
            log.endProgress()
            if report.json {
                for inspection in results { Console.standardOutput.line(InspectJSON.line(inspection).serialized) }
            } else {
                InspectText.table(results).forEach(Console.standardOutput.line)
            }
            // A file named that does not exist is an input error; one that is no photo is a finding.
            let missing = items.contains { item in
                if case .file(let file) = item { return !FileIdentity.exists(file.path) }
                return false
            }
            if missing { throw ExitStatus.noInput }
        }
    }
}
