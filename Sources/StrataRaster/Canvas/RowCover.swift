import Strata
import StrataIO

/// The pixels an opaque fill paints over completely, row by row (the widest such run of each
/// row): what earlier commands would draw there is covered anyway, so they leave it out.
package struct RowCover {
  /// The first row, in device pixels.
  package let top: Int
  /// For each row from `top`, the first column covered and the column after the last
  /// (equal when the row has none).
  package var starts: [Int32]
  package var ends: [Int32]

  /// A cover from `top` with the given runs.
  package init(top: Int, starts: [Int32], ends: [Int32]) {
    self.top = top
    self.starts = starts
    self.ends = ends
  }

  /// The covered columns of row `y`, or nil.
  @inline(__always) package func run(y: Int) -> Range<Int>? {
    let r = y - top
    guard r >= 0, r < starts.count, starts[r] < ends[r] else { return nil }
    return Int(starts[r])..<Int(ends[r])
  }
}

/// What a drawing may leave out: for the device-pixel area a command draws, the rows and
/// columns a later opaque fill paints over anyway. The painter asks; whoever plays a display
/// list answers (see `DisplayListPlayer`), so the painter keeps no list's state.
package protocol CoverLookup: AnyObject {
  /// The cover that overlaps `area` most, or `nil` when nothing later covers it.
  func cover(for area: IntRect) -> RowCover?
}

extension Canvas {
  /// The clip of `path` inside `current`, its mask's memory taken from `place` in the memory
  /// of the clips the last list made (a display list's player names the place).
  package func makeClip(
    _ path: Path, transform: Transform, rule: FillRule, inside current: ClipMask, place: Int
  ) -> ClipMask {
    clipMemory.place = place
    defer { clipMemory.place = nil }
    return makeClip(path, transform: transform, rule: rule, inside: current)
  }

  /// The clip of the union of `shapes` inside `current`, its memory from `place`.
  package func makeClip(
    union shapes: [VectorImage.ClipShape], transform: Transform, inside current: ClipMask,
    place: Int
  ) -> ClipMask {
    clipMemory.place = place
    defer { clipMemory.place = nil }
    return makeClip(union: shapes, transform: transform, inside: current)
  }

  /// Gives the memory of `clip`, made for a list's `place`, back for the next list's clips.
  package func recycle(_ clip: inout ClipMask, place: Int) {
    clip.recycle(into: &clipMemory, place: place)
  }

  /// How many clips are open (the whole canvas counts as one).
  package var clipDepth: Int { clips.count }

  /// Closes clips down to `depth` open.
  package func closeClips(downTo depth: Int) {
    if clips.count > depth { clips.removeLast(clips.count - depth) }
  }
}
