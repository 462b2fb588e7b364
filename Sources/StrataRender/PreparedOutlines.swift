import Strata
import StrataIO
import StrataRaster

/// The device-pixel outlines of a display list's fills and strokes, with their bounds, worked
/// out once for a frame drawn in bands and read by every band: each band would otherwise
/// flatten and stroke every path again. The outlines are the ones a canvas works out itself
/// (`Canvas.fillOutline`, `Canvas.strokeOutline`), so the pixels are the same. Their memory is
/// kept from frame to frame.
final class PreparedOutlines: @unchecked Sendable {
  private var paths: [FlattenedPath] = []
  private var bounds: [Rect] = []
  private var present: [Bool] = []
  private var scratches: [Stroker.Scratch] = []

  /// Commands handed out to a worker at a time.
  static let chunk = 16

  /// The outline of command `i` and its bounds, if it is a fill or a stroke.
  func outline(_ i: Int) -> (path: FlattenedPath, bounds: Rect)? {
    i < present.count && present[i] ? (paths[i], bounds[i]) : nil
  }

  /// Works out the outlines of `list`'s fills and strokes on up to `threads` threads, which
  /// take chunks of commands in turn.
  func prepare(_ list: DisplayList, threads: Int) {
    let n = list.commands.count
    if paths.count < n {
      paths += Array(repeating: FlattenedPath(), count: n - paths.count)
      bounds += Array(repeating: .zero, count: n - bounds.count)
      present += Array(repeating: false, count: n - present.count)
    }
    let chunks = (n + Self.chunk - 1) / Self.chunk
    let workers = Swift.max(1, Swift.min(threads, chunks))
    if scratches.count < workers {
      scratches += Array(repeating: Stroker.Scratch(), count: workers - scratches.count)
    }
    paths.withUnsafeMutableBufferPointer { p in
      bounds.withUnsafeMutableBufferPointer { b in
        present.withUnsafeMutableBufferPointer { has in
          scratches.withUnsafeMutableBufferPointer { s in
            guard let pb = p.baseAddress, let bb = b.baseAddress, let hb = has.baseAddress,
              let sb = s.baseAddress
            else { return }
            let slots = Slots(paths: pb, bounds: bb, present: hb, scratches: sb)
            takeTurns(count: chunks, workers: workers) { worker, chunk in
              let start = chunk * Self.chunk
              for i in start..<Swift.min(n, start + Self.chunk) {
                slots.prepare(list.commands[i], at: i, scratch: worker)
              }
            }
          }
        }
      }
    }
  }

  /// Where the workers write: each command's slot is written by one worker, each scratch used
  /// by one.
  private struct Slots: @unchecked Sendable {
    let paths: UnsafeMutablePointer<FlattenedPath>
    let bounds: UnsafeMutablePointer<Rect>
    let present: UnsafeMutablePointer<Bool>
    let scratches: UnsafeMutablePointer<Stroker.Scratch>

    func prepare(_ command: DisplayList.Command, at i: Int, scratch worker: Int) {
      switch command {
      case .fill(let p, let t, _, _, _):
        Canvas.fillOutline(p, transform: t, into: &paths[i])
      case .stroke(let p, let t, _, let style, _):
        Canvas.strokeOutline(
          p, transform: t, style: style, into: &paths[i], scratch: &scratches[worker])
      default:
        present[i] = false
        return
      }
      bounds[i] = Canvas.bounds(of: paths[i].points)
      present[i] = true
    }
  }
}
