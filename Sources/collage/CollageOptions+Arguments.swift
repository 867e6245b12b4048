internal import CollageCodecs
internal import CollageCanvas
internal import CollagePipeline

extension CollageOptions {
    /// The settings the command line asked for; the options were validated before `run()`.
    init(look: some CollageLook, output: OutputOptions? = nil, rules: RuleOptions, limits: ReadLimitOptions) throws {
        let (size, style, limit, turned) = try look.checked(rules: rules)
        self.init(layout: Layout(canvas: size.pixels, style: style, limit: limit),
                  encoding: output?.encoding(dpi: size.dpi) ?? EncodeSettings(dpi: size.dpi),
                  readLimits: limits.readLimits, accept: rules.accept, similarity: rules.similarity)
        turnedPaper = turned
    }
}
