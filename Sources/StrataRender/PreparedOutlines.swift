import Strata
import StrataIO
import StrataRaster
import StrataText

/// The device-pixel outlines of a display list's fills, strokes and glyph runs drawn as
/// outlines, with their bounds and their edges binned by strips of rows (``EdgeBins``), worked
/// out once for a frame drawn in bands and read by every band: each band would otherwise
/// flatten and stroke every path again. The outlines are the ones a canvas works out itself
/// (`Canvas.fillOutline`, `Canvas.strokeOutline`), so the pixels are the same. Their memory is
/// kept from frame to frame.
final class PreparedOutlines: @unchecked Sendable {
  private var paths: [FlattenedPath] = []
  private var bounds: [Rect] = []
  private var present: [Bool] = []
  private var bins: [EdgeBins] = []
  private var shadows: [ShadowMask] = []
  private var shadowMade: [Bool] = []
  private var rasterizers: [Rasterizer] = []

  deinit { for r in rasterizers { Rasterizer.give(r) } }

  /// The blurred mask of command `i`, if it is a shadow that can show in the frame.
  func shadow(_ i: Int) -> ShadowMask? {
    i < shadowMade.count && shadowMade[i] ? shadows[i] : nil
  }
  private var scratches: [Stroker.Scratch] = []

  /// Commands handed out to a worker at a time.
  static let chunk = 16

  /// The outline of command `i`, its bounds and its edges binned by strips of rows, if it is
  /// a fill or a stroke.
  func outline(_ i: Int) -> (path: FlattenedPath, bounds: Rect, bins: EdgeBins)? {
    i < present.count && present[i] ? (paths[i], bounds[i], bins[i]) : nil
  }

  /// Works out the outlines of `list`'s fills and strokes on up to `threads` threads, which
  /// take chunks of commands in turn.
  func prepare(_ list: DisplayList, threads: Int, glyphCache: GlyphCache) {
    let n = list.commands.count
    if paths.count < n {
      paths += Array(repeating: FlattenedPath(), count: n - paths.count)
      bounds += Array(repeating: .zero, count: n - bounds.count)
      present += Array(repeating: false, count: n - present.count)
      bins += Array(repeating: EdgeBins(), count: n - bins.count)
      shadows += Array(repeating: ShadowMask(), count: n - shadows.count)
      shadowMade += Array(repeating: false, count: n - shadowMade.count)
    }
    let chunks = (n + Self.chunk - 1) / Self.chunk
    let workers = Swift.max(1, Swift.min(threads, chunks))
    if scratches.count < workers {
      scratches += Array(repeating: Stroker.Scratch(), count: workers - scratches.count)
    }
    while rasterizers.count < workers { rasterizers.append(Rasterizer.take()) }
    let frame = IntRect(x: 0, y: 0, width: list.width, height: list.height)
    let rasterizers = rasterizers
    paths.withUnsafeMutableBufferPointer { p in
      bounds.withUnsafeMutableBufferPointer { b in
        present.withUnsafeMutableBufferPointer { has in
          scratches.withUnsafeMutableBufferPointer { s in
            bins.withUnsafeMutableBufferPointer { e in
              shadows.withUnsafeMutableBufferPointer { m in
                shadowMade.withUnsafeMutableBufferPointer { made in
                  guard let pb = p.baseAddress, let bb = b.baseAddress, let hb = has.baseAddress,
                    let sb = s.baseAddress, let eb = e.baseAddress, let mb = m.baseAddress,
                    let madeBase = made.baseAddress
                  else { return }
                  let slots = Slots(
                    paths: pb, bounds: bb, present: hb, scratches: sb, bins: eb, shadows: mb,
                    shadowMade: madeBase, rasterizers: rasterizers, frame: frame,
                    glyphCache: glyphCache)
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
    let bins: UnsafeMutablePointer<EdgeBins>
    let shadows: UnsafeMutablePointer<ShadowMask>
    let shadowMade: UnsafeMutablePointer<Bool>
    /// A rasterizer for each worker.
    let rasterizers: [Rasterizer]
    /// The frame's pixels: the bins cover its rows, the shadows' masks what it shows.
    let frame: IntRect
    let glyphCache: GlyphCache

    func prepare(_ command: DisplayList.Command, at i: Int, scratch worker: Int) {
      shadowMade[i] = false
      switch command {
      case .shadow(let p, let t, _, let offset, let sigma, _):
        shadowMade[i] = Canvas.shadowMask(
          of: p, transform: t, offset: offset, sigma: sigma, within: frame,
          flattened: &paths[i], rasterizer: rasterizers[worker], into: &shadows[i])
        present[i] = false
        return
      case .fill(let p, let t, _, _, _):
        Canvas.fillOutline(p, transform: t, into: &paths[i])
      case .stroke(let p, let t, _, let style, _):
        Canvas.strokeOutline(
          p, transform: t, style: style, into: &paths[i], scratch: &scratches[worker])
      case .glyphs(let run, let t, _):
        guard Canvas.glyphOutline(of: run, transform: t, cache: glyphCache, into: &paths[i]) else {
          fallthrough
        }
      default:
        present[i] = false
        return
      }
      bounds[i] = Canvas.bounds(of: paths[i].points)
      bins[i].bin(paths[i], height: frame.height)
      present[i] = true
    }
  }
}
