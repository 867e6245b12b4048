internal import CollageCodecs
internal import CollageCore
internal import CollagePipeline

extension CollageOptions {
    /// The settings the command line asked for; the options were validated before `run()`.
    init(look: LookOptions, output: OutputOptions? = nil, rules: RuleOptions, limits: ReadLimitOptions) throws {
        let limit = rules.limit(for: try look.style())
        let (size, style) = try look.checkedStyle(limit: limit)
        self.init(layout: Layout(canvas: size.pixels, style: style, limit: limit),
                  encoding: output?.encoding(dpi: size.dpi) ?? EncodeSettings(dpi: size.dpi),
                  readLimits: limits.readLimits, accept: rules.accept, similarity: rules.similarity)
    }
}
