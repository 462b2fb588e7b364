import Dispatch
import Foundation
import Strata
import StrataRender
import Synchronization

/// Takes finished frames from the workers in any order and writes the animation in frame
/// order, keeping the contact sheet's thumbnails: nothing is read back from disk or rendered
/// twice. It holds only the shrunk frames that arrived ahead of their turn.
final class FrameSink: Sendable {
  private struct State: ~Copyable {
    var next = 0
    var waiting: [Int: RasterImage] = [:]
    var thumbnails: [Int: RasterImage] = [:]
    let animation: APNGWriter
  }
  private let plan: RenderPlan
  private let state: Mutex<State>
  private let wanted: Set<Int>
  /// How many frames have gone into the animation (read without the lock by waiting workers).
  private let appended = Atomic<Int>(0)

  init(plan: RenderPlan) throws {
    self.plan = plan
    wanted = Set(plan.sheetFrames)
    state = Mutex(
      State(
        animation: try APNGWriter(
          path: "\(plan.out)/animation.png", width: max(1, plan.width / plan.animationFactor),
          height: max(1, plan.height / plan.animationFactor), frameCount: plan.count,
          frameDuration: plan.frameDuration)))
  }

  /// How many frames have gone into the animation.
  var written: Int { appended.load(ordering: .relaxed) }

  /// The animation's frame size in pixels.
  var animationWidth: Int { max(1, plan.width / plan.animationFactor) }
  var animationHeight: Int { max(1, plan.height / plan.animationFactor) }

  /// The frame as the animation shows it: `image` shrunk by the animation's factor.
  func animationFrame(of image: RasterImage) -> RasterImage {
    image.downsampled(by: plan.animationFactor)
  }

  /// Takes frame `index` and its ``animationFrame(of:)``; appends it, and any that waited for
  /// it, to the animation, in order.
  func submit(_ index: Int, _ image: RasterImage, small: RasterImage) throws {
    let thumbnail = wanted.contains(index) ? image.downsampled(by: plan.thumbnailFactor) : nil
    try state.withLock { s in
      if let thumbnail { s.thumbnails[index] = thumbnail }
      s.waiting[index] = small
      while let f = s.waiting.removeValue(forKey: s.next) {
        try s.animation.append(f)
        s.next += 1
        appended.store(s.next, ordering: .relaxed)
      }
    }
  }

  /// Closes the animation and composes the contact sheet from the kept thumbnails.
  func finish() throws -> RasterImage {
    let thumbnails = try state.withLock { s in
      try s.animation.finish()
      return s.thumbnails
    }
    let cells = zip(plan.sheetFrames, plan.sheetCaptions).compactMap { i, caption in
      thumbnails[i].map { ContactSheet.Cell(image: $0, caption: caption) }
    }
    return try plan.sheet.compose(cells)
  }
}
