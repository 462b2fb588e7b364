import Strata

extension SpecRegistry {
  static let contentMode = SchemaField(
    "contentMode", .string(values: ContentMode.allCases.map(\.rawValue)), default: "scaleToFill",
    "How it fits its frame.")
  static let highlight = SchemaField(
    "highlightedBackgroundColor", .color, "The background while pressed.")

  /// An image or vector node's spec: its file and fit.
  static func picture(_ type: String, _ node: ImageNode, source: String) -> NodeSpec {
    var s = NodeSpec(type: type)
    s.source = source
    if node.contentMode != .scaleToFill { s.contentMode = node.contentMode.rawValue }
    return s
  }

  /// A `lottie` node: the animation its validator read, with the playing its spec gives.
  static func lottieNode(_ n: NodeSpec, _ c: SpecBuilder.NodeContext) -> Node {
    let animation =
      n.source.flatMap { c.builder.loaded.animations[$0] }
      ?? AnimatedVectorImage(size: c.frame.size, frameRate: 30, frames: 0...0, layers: [])
    let node = AnimatedImageNode(
      animation: animation, frame: c.frame,
      contentMode: n.contentMode.flatMap(ContentMode.init) ?? .aspectFit, name: n.name)
    let l = n.lottie ?? LottieSpec()
    var span: ClosedRange<Double>?
    if let f = l.frames, f.count == 2, f[0] <= f[1] { span = f[0]...f[1] }
    if let s = l.scrub, s.count == 2 { node.scrub = Scrub(from: s[0], to: s[1], frames: span) }
    if let play = l.play {
      node.clockPlayback = ClockPlayback(
        loops: play == "loop", speed: l.speed ?? 1, start: l.start ?? 0, frames: span)
    }
    node.stillFrame = l.stillFrame
    node.currentFrame = l.stillFrame ?? span?.lowerBound ?? animation.frames.lowerBound
    return node
  }

  /// Every node type, each declared once (general to specific; see ``SpecRegistry/nodes``).
  static let nodeKinds: [SpecNodeKind] = [
    SpecNodeKind(
      "group", "A frame with a look and children, and nothing of its own.", [],
      build: { n, c in Node(frame: c.frame, name: n.name) },
      export: { _, _, _ in NodeSpec() }),
    SpecNodeKind(
      "text", "Text laid out in its frame (a height of 0 is sized from the text).",
      [
        SchemaField("text", .reference("text"), required: true, "The text."),
        SchemaField(
          "verticalAlignment", .string(values: TextNode.VerticalAlignment.allCases.map(\.rawValue)),
          default: "top", "Where its lines sit."),
      ],
      build: { n, c in
        TextNode(
          text: n.text.map(SpecBuilder.text) ?? TextContent(""), frame: c.frame,
          verticalAlignment: n.verticalAlignment.flatMap(TextNode.VerticalAlignment.init)
            ?? .top,
          name: n.name)
      },
      export: { node, exporter, _ in
        guard let t = node as? TextNode else { return nil }
        var s = NodeSpec(type: "text")
        s.text = exporter.text(t.text)
        if t.verticalAlignment != .top { s.verticalAlignment = t.verticalAlignment.rawValue }
        return s
      }),
    SpecNodeKind(
      "image", "A bitmap or SVG picture from a file or the spec's assets.",
      [
        SchemaField("source", .file, "A PNG, JPEG or SVG file (or give asset)."),
        SchemaField("asset", .string(), "A name in the spec's assets folder (or give source)."),
        contentMode,
      ],
      build: { n, c in
        ImageNode(
          image: n.asset.flatMap { c.builder.loaded.images["asset:" + $0] }
            ?? n.source.flatMap { c.builder.loaded.images[$0] },
          frame: c.frame, contentMode: n.contentMode.flatMap(ContentMode.init) ?? .scaleToFill,
          name: n.name)
      },
      export: { node, exporter, state in
        guard let i = node as? ImageNode, case .raster(let r) = i.image else { return nil }
        return picture("image", i, source: exporter.rasterFile(r, state))
      }),
    SpecNodeKind(
      "vector", "A vector drawing, from a vector document or inline.",
      [
        SchemaField("source", .file, "A vector document (or give vector)."),
        SchemaField("vector", .reference("vector"), "The drawing, inline (or give source)."),
        contentMode,
      ],
      build: { n, c in
        let image =
          n.vector.map(SpecBuilder.vectorImage)
          ?? n.source.flatMap {
            c.builder.loaded.vectors[$0]
          }
        return ImageNode(
          image: image.map(Image.vector), frame: c.frame,
          contentMode: n.contentMode.flatMap(ContentMode.init) ?? .scaleToFill, name: n.name)
      },
      export: { node, exporter, state in
        guard let i = node as? ImageNode, case .vector(let v) = i.image else { return nil }
        return picture("vector", i, source: exporter.vectorFile(v, state))
      }),
    SpecNodeKind(
      "lottie", "A Lottie animation, played with the swipe, on the clock, or both.",
      [
        SchemaField("source", .file, required: true, "A Lottie JSON file."),
        SchemaField("lottie", .reference("lottie"), "How it plays (still by default)."),
        SchemaField(
          "contentMode", .string(values: ContentMode.allCases.map(\.rawValue)),
          default: "aspectFit",
          "How it fits its frame."),
      ],
      build: { n, c in lottieNode(n, c) },
      export: { node, exporter, state in
        guard let a = node as? AnimatedImageNode else { return nil }
        state.notes.append(
          "the Lottie animation of \"\(a.name ?? "a node")\" is exported as a drawing of its current frame"
        )
        var s = NodeSpec(type: "vector")
        s.source = exporter.vectorFile(a.currentImage, state)
        if a.contentMode != .scaleToFill { s.contentMode = a.contentMode.rawValue }
        return s
      }),
    SpecNodeKind(
      "shape", "A path with its fill and stroke.",
      [SchemaField("shape", .reference("vectorItem"), required: true, "The shape (a path).")],
      build: { n, c in
        let s = SpecBuilder.shape(n.shape ?? VectorItemSpec())
        return ShapeNode(
          path: s.path, fill: s.fill, stroke: s.stroke, strokeStyle: s.strokeStyle,
          fillRule: s.fillRule, frame: c.frame, name: n.name)
      },
      export: { node, exporter, _ in
        guard let shape = node as? ShapeNode else { return nil }
        var s = NodeSpec(type: "shape")
        s.shape = exporter.item(.shape(shape.shape))
        return s
      }),
    SpecNodeKind(
      "gradient", "A paint filling its frame (exported as the shape it builds).",
      [
        SchemaField(
          "gradient", .reference("paint"), required: true,
          "The paint (points in the node's own coordinates).")
      ],
      build: { n, c in
        ShapeNode(
          path: .rect(Rect(origin: .zero, size: c.frame.size)), fill: SpecBuilder.paint(n.gradient),
          frame: c.frame, name: n.name)
      },
      export: { _, _, _ in nil }),
    SpecNodeKind(
      "button", "A button that reports its action when tapped.",
      [
        SchemaField("text", .reference("text"), required: true, "The title."),
        SchemaField("action", .string(), "The action it reports (its name by default)."),
        highlight,
      ],
      build: { n, c in
        let button = ButtonNode(
          title: n.text.map(SpecBuilder.text) ?? TextContent(""),
          actionIdentifier: n.action ?? (n.name ?? "button"), frame: c.frame, name: n.name)
        button.highlightedBackgroundColor = n.highlightedBackgroundColor.flatMap(SpecColor.parse)
        return button
      },
      export: { node, exporter, _ in
        guard let button = node as? ButtonNode else { return nil }
        var s = NodeSpec(type: "button")
        s.text = exporter.text(button.title)
        s.action = button.actionIdentifier
        s.highlightedBackgroundColor = button.highlightedBackgroundColor.map(SpecColor.format)
        return s
      }),
    SpecNodeKind(
      "navigation", "A skip, back, next or done button that pages the onboarding.",
      [
        SchemaField("text", .reference("text"), "The title (the role's by default)."),
        SchemaField(
          "role", .string(values: NavigationButtonNode.Role.allCases.map(\.rawValue)),
          required: true, "What it does."),
        highlight,
      ],
      build: { n, c in
        let button = NavigationButtonNode(
          role: n.role.flatMap(NavigationButtonNode.Role.init) ?? .next,
          title: n.text.map(SpecBuilder.text), frame: c.frame, name: n.name)
        if let h = n.highlightedBackgroundColor.flatMap(SpecColor.parse) {
          button.highlightedBackgroundColor = h
        }
        return button
      },
      export: { node, exporter, _ in
        guard let nav = node as? NavigationButtonNode else { return nil }
        var s = NodeSpec(type: "navigation")
        s.role = nav.role.rawValue
        s.text = exporter.text(nav.title)
        s.highlightedBackgroundColor = nav.highlightedBackgroundColor.map(SpecColor.format)
        return s
      }),
    SpecNodeKind(
      "indicator", "A page indicator.",
      [SchemaField("indicator", .reference("indicator"), "Its look (dots by default).")],
      build: { n, c in SpecBuilder.indicator(n, c) },
      export: { node, exporter, _ in
        guard let indicator = node as? PageIndicatorNode else { return nil }
        var s = NodeSpec(type: "indicator")
        s.indicator = exporter.indicator(indicator)
        return s
      }),
    SpecNodeKind(
      "stack", "Arranges its children along an axis.",
      [SchemaField("stack", .reference("stack"), "The arrangement (vertical, filling).")],
      build: { n, c in
        let s = n.stack ?? StackSpec()
        return StackNode(
          axis: s.axis.flatMap(StackNode.Axis.init) ?? .vertical, spacing: s.spacing ?? 0,
          alignment: s.alignment.flatMap(StackNode.Alignment.init) ?? .fill,
          distribution: s.distribution.flatMap(StackNode.Distribution.init) ?? .fill,
          measurer: c.measurer, frame: c.frame, name: n.name)
      },
      export: { node, _, _ in
        guard let stack = node as? StackNode else { return nil }
        var s = NodeSpec(type: "stack")
        var st = StackSpec(axis: stack.axis.rawValue, spacing: stack.spacing)
        st.alignment = stack.alignment.rawValue
        st.distribution = stack.distribution.rawValue
        s.stack = st
        return s
      }),
  ]
}
