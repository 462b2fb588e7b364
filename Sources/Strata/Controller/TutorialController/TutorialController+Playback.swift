extension TutorialController {
  /// Plays `script` from the current state, one frame every 1/`fps` seconds, and returns every
  /// frame's state: during the script and then until the pages come to rest (at most `settleLimit`
  /// seconds more). Touches are generated at 240 Hz whatever the frame rate, so the same script
  /// lands on the same pages at 30, 60 or 120 frames per second.
  ///
  /// Named taps find their node when the tap begins, in the scene as it is then.
  ///
  /// - Throws: ``GestureScriptError`` when a tap names a node that is not in the scene when the
  ///   tap begins (the error lists the names that are), or when the script runs longer than
  ///   ``GestureScript/maximumDuration``.
  public func play(_ script: GestureScript, fps: Double = 60, settleLimit: Double = 5)
    throws(GestureScriptError) -> [FrameState]
  {
    var frames: [FrameState] = []
    try play(script, fps: fps, settleLimit: settleLimit) { frames.append($0) }
    return frames
  }

  /// Plays `script` as ``play(_:fps:settleLimit:)`` does, handing each frame's state to `frame`
  /// as it is reached instead of keeping them, and stopping after `frameLimit` frames: the work
  /// and memory of a run are bounded by the frames wanted, whatever the script says.
  ///
  /// The script's length is checked before anything plays: a script longer than
  /// ``GestureScript/maximumDuration`` (at this page width) is an error naming the statement that
  /// crosses it.
  public func play(
    _ script: GestureScript, fps: Double = 60, settleLimit: Double = 5,
    frameLimit: Int = GestureScript.maximumFrames, frame: (FrameState) -> Void
  ) throws(GestureScriptError) {
    layoutIfNeeded()
    let fps = fps.isFinite && fps > 0 ? Swift.min(fps, 1000) : 60
    let frameLimit = Swift.max(1, Swift.min(frameLimit, GestureScript.maximumFrames))
    // Bound the run before any of it is played.
    var total = 0.0
    for (index, g) in script.gestures.enumerated() {
      total += GestureScript.duration(of: g, pageWidth: pageSize.width)
      if total > GestureScript.maximumDuration {
        throw GestureScriptError(
          statement: index + 1, text: GestureScript.text(of: g),
          reason:
            "the script runs past \(Int(GestureScript.maximumDuration)) s, the longest a script may run"
        )
      }
    }
    let base = clock
    var count = 0
    func frameTime(_ n: Int) -> Double { base + Double(n) / fps }
    /// Records frames up to time `t`; false once the frame limit is reached.
    func record(until t: Double) -> Bool {
      while count < frameLimit, frameTime(count) <= t + 1e-12 {
        advance(to: frameTime(count))
        frame(frameState)
        count += 1
      }
      return count < frameLimit
    }
    var t = base
    for (index, g) in script.gestures.enumerated() {
      if case .tapNode(let name) = g {
        guard record(until: t - 1e-9) else { return }
        if root.descendant(named: name) == nil {
          throw GestureScriptError(
            statement: index + 1, text: GestureScript.text(of: g),
            reason: "no node is named '\(name)'; named nodes now: "
              + namedNodes().prefix(12).joined(separator: ", "))
        }
      }
      let events = GestureScript.touchEvents(of: g, at: t, size: pageSize) { name in
        guard let node = self.root.descendant(named: name) else { return nil }
        return node.convert(Point(x: node.bounds.midX, y: node.bounds.midY), to: nil)
      }
      for e in events {
        guard record(until: e.time - 1e-9) else { return }
        handle(e)
      }
      t += GestureScript.duration(of: g, pageWidth: pageSize.width)
    }
    guard record(until: t) else { return }
    let limit = t + Swift.max(0, settleLimit)
    while (isInteracting || isAnimating) && frameTime(count) <= limit {
      guard record(until: frameTime(count)) else { return }
    }
    if count == 0 { frame(frameState) }
  }

  /// The names of the nodes in the tree now, buttons first, each once; the controller's own
  /// structure (root, scroll nodes, page slots) is left out: a script never means those.
  func namedNodes() -> [String] {
    var structure: [ObjectIdentifier] = [
      root, backgroundsScrollNode, labelsScrollNode, iconsScrollNode, mainScrollNode,
    ].map(ObjectIdentifier.init)
    for i in loadedPages ?? 0...(-1) {
      guard let p = page(i) else { continue }
      structure += [p.container, p.labelSlot, p.iconSlot].map(ObjectIdentifier.init)
    }
    var buttons: [String] = []
    var others: [String] = []
    root.forEachInSubtree { node in
      guard let name = node.name, !structure.contains(ObjectIdentifier(node)),
        !buttons.contains(name), !others.contains(name)
      else { return }
      if node is ButtonNode { buttons.append(name) } else { others.append(name) }
    }
    return buttons.map { "'\($0)'" } + others.map { "'\($0)'" }
  }
}
