import Strata

extension Tool {
  /// Every command, declared once: the parser, the help and the tests read this table.
  static let commands: [CommandSpec] = [
    CommandSpec(
      name: "list", arguments: "", argumentCount: 0...0,
      summary: "List the onboardings the tool knows, one line each (with their languages).",
      options: [], run: { tool, _ in tool.list() }),
    CommandSpec(
      name: "render", arguments: "<onboarding>", argumentCount: 1...1,
      summary: """
        Render a swipe through every page (or the session a --script plays) as PNG frames, plus
        contact-sheet.png and animation.png (an animated PNG), into a folder.
        """,
      options: [
        OptionSpec(
          name: "--out", value: .text, placeholder: "DIR", defaultText: "frames/<onboarding>",
          help: "the folder to write to")
      ] + OptionSpec.shared + [
        OptionSpec(
          name: "--frames", value: .integer(1...100_000), placeholder: "N", defaultText: nil,
          help: "exactly N frames (default: as many as --fps gives)"),
        OptionSpec(
          name: "--fps", value: .number(1...240), placeholder: "F", default: .number(60),
          help: "frames per second"),
        OptionSpec(
          name: "--svg", value: .flag, placeholder: "", defaultText: nil,
          help: "also write each frame as SVG"),
        OptionSpec(
          name: "--small", value: .flag, placeholder: "", defaultText: nil,
          help: "write the smallest PNG files (zlib at level 9: several times slower)"),
        OptionSpec(
          name: "--no-cache", value: .flag, placeholder: "", defaultText: nil,
          help: "draw every frame in full (repeated frames and unchanged groups are reused)"),
        OptionSpec(
          name: "--jobs", value: .integer(1...256), placeholder: "N", defaultText: "the cores",
          help: "how many frames to render at once"),
        OptionSpec(
          name: "--script", value: .text, placeholder: "TEXT", defaultText: nil,
          help: "a gesture script to play instead of the swipe, e.g. \"swipe left; wait 1\""),
        OptionSpec(
          name: "--script-file", value: .text, placeholder: "F", defaultText: nil,
          help: "a gesture script read from a file (for scripts past the argument limit)"),
        OptionSpec(
          name: "--accessibility", value: .flag, placeholder: "", defaultText: nil,
          help: "also write each rest page's accessibility tree as accessibility-page-N.json"),
        OptionSpec(
          name: "--events", value: .text, placeholder: "F.jsonl", defaultText: nil,
          help:
            "write the scripted session's events (taps, page changes, drags, settling) as JSON Lines"
        ),
      ],
      run: { tool, parsed in try tool.render(parsed) }),
    CommandSpec(
      name: "frame", arguments: "<onboarding>", argumentCount: 1...1,
      summary: "Render one frame at a page position to a PNG (and, with --svg, an SVG).",
      options: [
        .page, .time,
      ] + OptionSpec.shared + [
        OptionSpec(
          name: "--out", value: .text, placeholder: "F.png",
          defaultText: "frames/<onboarding>/page-<P>.png", help: "the PNG to write"),
        OptionSpec(
          name: "--svg", value: .text, placeholder: "F.svg", defaultText: nil,
          help: "also write the frame as SVG"),
        OptionSpec(
          name: "--small", value: .flag, placeholder: "", defaultText: nil,
          help: "write the smallest PNG files (zlib at level 9: several times slower)"),
        OptionSpec(
          name: "--threads", value: .integer(1...256), placeholder: "N", defaultText: "the cores",
          help: "how many threads draw the frame (in bands of rows; the bytes are the same)"),
      ],
      run: { tool, parsed in try tool.frame(parsed) }),
    CommandSpec(
      name: "tree", arguments: "<onboarding | spec.json>", argumentCount: 1...1,
      summary: """
        Print the scene as a view debugger shows it: each node's name, kind, frame and alpha,
        indented (with --json, one JSON object), to see why a node is where it is.
        """,
      options: [
        .page, .time, .size, .rightToLeft, .reduceMotion, .textSize, .locale, .anyPath,
        OptionSpec(
          name: "--json", value: .flag, placeholder: "", defaultText: nil,
          help: "print {\"size\": [w, h], \"root\": NODE} (see Docs/Testing.md)"),
      ],
      run: { tool, parsed in try tool.tree(parsed) }),
    CommandSpec(
      name: "audit", arguments: "<onboarding | spec.json>", argumentCount: 1...1,
      summary: """
        Check every page at rest on a matrix of phones and tablets, portrait and landscape, in
        both directions and at the default and an accessibility text size, for text cut off,
        text or controls off the screen or overlapping, and touch targets under 44×44 points;
        exit 1 when anything is found.
        """,
      options: [
        OptionSpec(
          name: "--screen", value: .size, placeholder: "WxH", defaultText: "the whole matrix",
          help: "check one screen size instead of the matrix"),
        OptionSpec(
          name: "--rtl", value: .flag, placeholder: "", defaultText: nil,
          help: "check right to left only (by default both directions)"),
        OptionSpec(
          name: "--text-size", value: .text, placeholder: "T",
          defaultText: "large and accessibility1",
          help: "check one text size: "
            + ContentSize.allCases.map(\.rawValue).joined(separator: ", ")),
        .locale, .anyPath,
      ],
      run: { tool, parsed in try tool.audit(parsed) }),
    CommandSpec(
      name: "image", arguments: "<file>", argumentCount: 1...1,
      summary: """
        Render an image file (PNG, JPEG or SVG) or a frame of a Lottie animation (JSON) as
        Strata draws it — an SVG or animation at its own width and height; with --size, fitted
        inside that size and centred — to a PNG on a transparent background, listing what an
        SVG or animation has that Strata does not draw.
        """,
      options: [
        .scale(default: 2), .size,
        OptionSpec(
          name: "--frame", value: .number(-1_000_000...1_000_000), placeholder: "F",
          defaultText: "its in-point",
          help: "for a Lottie animation, the frame to draw, in its own frames (clamped to its "
            + "in-point ... out-point; fractions blend)"),
        OptionSpec(
          name: "--out", value: .text, placeholder: "F.png",
          defaultText: "frames/images/<name>.png",
          help: "the PNG to write"),
        OptionSpec(
          name: "--strict", value: .flag, placeholder: "", defaultText: nil,
          help: "fail when an SVG or animation has anything Strata does not draw"),
        OptionSpec(
          name: "--threads", value: .integer(1...256), placeholder: "N", defaultText: "the cores",
          help: "how many threads draw the frame (in bands of rows; the bytes are the same)"),
      ],
      run: { tool, parsed in try tool.image(parsed) }),
    CommandSpec(
      name: "records", arguments: "<records.json> [<identifier>]", argumentCount: 1...2,
      summary: """
        Show or change show-once records (a FileRecordStore's file): list them all, show one,
        set its version, page or outcome, reset it, or print what an app would decide.
        """,
      options: [
        OptionSpec(
          name: "--version", value: .integer(0...Int(Int32.max)), placeholder: "V",
          defaultText: nil, help: "the content version to record, or to decide for"),
        OptionSpec(
          name: "--page", value: .text, placeholder: "P", defaultText: nil,
          help: "the last page reached, or +N to move it on by N"),
        OptionSpec(
          name: "--outcome", value: .text, placeholder: "O", defaultText: nil,
          help: "completed, skipped or none"),
        OptionSpec(
          name: "--reset", value: .flag, placeholder: "", defaultText: nil,
          help: "remove the record, so the onboarding shows again"),
        OptionSpec(
          name: "--decide", value: .flag, placeholder: "", defaultText: nil,
          help: "print whether version --version shows, and from which page"),
        OptionSpec(
          name: "--rule", value: .text, placeholder: "R", defaultText: "untilFinished",
          help: "for --decide: untilCompleted, untilFinished or always"),
        OptionSpec(
          name: "--repeat", value: .integer(1...10_000_000), placeholder: "N", default: .integer(1),
          help: "make the change N times, each a whole locked write (for testing stores)"),
      ], run: { tool, parsed in try tool.records(parsed) }),
    CommandSpec(
      name: "preview", arguments: "<onboarding | spec.json>", argumentCount: 1...1,
      summary: """
        Serve a live preview on 127.0.0.1: open the address it prints, drag and tap the
        onboarding in a phone-shaped frame, scrub, switch direction, motion, size and text size;
        a spec file reloads in place when saved.
        """,
      options: [
        OptionSpec(
          name: "--port", value: .integer(0...65_535), placeholder: "N", default: .integer(8017),
          help: "the port to listen on (0: any free one)"),
        .scale(default: 1), .anyPath,
      ], run: { tool, parsed in try tool.preview(parsed) }),
    CommandSpec(
      name: "validate", arguments: "<spec.json>", argumentCount: 1...1,
      summary: """
        Check a spec file: print every problem with its JSON path, line and column (exit 1 if
        any), or a one-line summary.
        """,
      options: [.anyPath], run: { tool, parsed in tool.validate(parsed) }),
    CommandSpec(
      name: "schema", arguments: "", argumentCount: 0...0,
      summary: "Print the spec format's JSON Schema (draft 2020-12), for editors.",
      options: [
        OptionSpec(
          name: "--markdown", value: .flag, placeholder: "", defaultText: nil,
          help: "print the key reference of Docs/Spec.md instead")
      ], run: { tool, parsed in tool.schema(parsed) }),
    CommandSpec(
      name: "watch", arguments: "<spec.json>", argumentCount: 1...1,
      summary: """
        Re-render a spec's frame and contact sheet each time the file (or a file it names)
        changes, printing problems instead of stopping.
        """,
      options: [
        OptionSpec(
          name: "--page", value: .number(-1_000_000...1_000_000), placeholder: "P",
          default: .number(0), help: "the page position to render"),
        .scale(default: 2), .size, .anyPath,
        OptionSpec(
          name: "--out", value: .text, placeholder: "F.png", defaultText: "frames/<spec>/watch.png",
          help: "the PNG to write (the contact sheet goes beside it, as F-sheet.png)"),
        OptionSpec(
          name: "--renders", value: .integer(1...1_000_000), placeholder: "N", defaultText: nil,
          help: "stop after N renders (for scripts and tests)"),
        OptionSpec(
          name: "--seconds", value: .number(0.1...1_000_000), placeholder: "S", defaultText: nil,
          help: "stop after S seconds"),
      ],
      run: { tool, parsed in try tool.watch(parsed) }),
    CommandSpec(
      name: "export", arguments: "<onboarding>", argumentCount: 1...1,
      summary: """
        Write an onboarding built in code as a spec file (drawings and bitmaps beside it, in
        <name>-files), listing what a spec cannot hold.
        """,
      options: [
        .size,
        OptionSpec(
          name: "--out", value: .text, placeholder: "F.json", defaultText: "<onboarding>.json",
          help: "the spec to write"),
      ] + OptionSpec.shared.filter { $0.name != "--scale" && $0.name != "--size" },
      run: { tool, parsed in try tool.export(parsed) }),
    CommandSpec(
      name: "bench", arguments: "", argumentCount: 0...0,
      summary: "Run the benchmarks: a table, and a BENCH line per result for machines.",
      options: [
        OptionSpec(
          name: "--quick", value: .flag, placeholder: "", defaultText: nil,
          help: "fewer rounds, for a quick look"),
        OptionSpec(
          name: "--filter", value: .text, placeholder: "TEXT", defaultText: nil,
          help: "only the benchmark groups whose name contains TEXT"),
        OptionSpec(
          name: "--json", value: .flag, placeholder: "", defaultText: nil,
          help: "one JSON object per result (name, rounds, median, min, max, unit) instead"),
        OptionSpec(
          name: "--svg-dir", value: .text, placeholder: "DIR", defaultText: nil,
          help:
            "write the render group's frames as SVG and JSON drawing commands into DIR (Benchmarks/peers.sh renders them)"
        ),
      ],
      run: { tool, parsed in try tool.bench(parsed) }),
  ]
}
