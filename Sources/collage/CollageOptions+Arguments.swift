internal import CollageCodecs
internal import CollageCanvas
internal import CollagePipeline

extension CollageOptions {
    /// The settings the command line asked for; the options were validated before `run()`.
    init(look: some CollageLook, output: OutputOptions? = nil, rules: RuleOptions, limits: ReadLimitOptions) throws {
        let (size, style, limit) = try look.checked(rules: rules)
        self.init(layout: Layout(canvas: size.pixels, style: style, limit: limit),
                  encoding: output?.encoding(dpi: size.dpi) ?? EncodeSettings(dpi: size.dpi),
                  readLimits: limits.readLimits, accept: rules.accept, similarity: rules.similarity)
    }

    /// Reads the print's background, logo and frame and opens the caption's font, before any
    /// photo; warnings go to `notice`. A file or font that cannot be used ends the run: its
    /// line goes to `error`, and the exit status is 66, as for any input that cannot be read.
    mutating func decorate(with look: LookOptions, notice: (String) -> Void, error: (String) -> Void) throws {
        do {
            try decorate(with: look.files).forEach(notice)
        } catch let failure {
            error(failure.description)
            throw ExitStatus.noInput
        }
    }
}
