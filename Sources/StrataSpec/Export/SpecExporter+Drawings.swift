import Foundation
import Strata
import StrataIO

/// Drawings, bitmaps and animators as spec values.
extension SpecExporter {
  // MARK: Drawings

  func paint(_ p: Paint?) -> PaintSpec? {
    guard let p else { return nil }
    var s = PaintSpec()
    func stops(_ g: Gradient) {
      s.stops = g.stops.map { StopSpec(color: SpecColor.format($0.color), at: $0.location) }
      if g.spread != .pad { s.spread = g.spread.rawValue }
    }
    switch p {
    case .solid(let c): s.color = SpecColor.format(c)
    case .linearGradient(let g, let start, let end):
      stops(g)
      s.start = [start.x, start.y]
      s.end = [end.x, end.y]
    case .radialGradient(let g, let center, let radius):
      stops(g)
      s.center = [center.x, center.y]
      s.radius = radius
    case .radial(let r):
      stops(r.gradient)
      s.center = [r.center.x, r.center.y]
      s.radius = r.radius
      if r.focus != r.center { s.focus = [r.focus.x, r.focus.y] }
      if r.transform != .identity { s.transform = affine(r.transform) }
    }
    return s
  }

  func affine(_ t: Transform) -> [Double] { [t.a, t.b, t.c, t.d, t.tx, t.ty] }

  func item(_ i: VectorImage.Item) -> VectorItemSpec {
    switch i {
    case .shape(let shape):
      var s = VectorItemSpec(path: SpecPathData.format(shape.path), fill: paint(shape.fill))
      if shape.fillRule != .nonZero { s.fillRule = shape.fillRule.rawValue }
      s.stroke = paint(shape.stroke)
      if shape.stroke != nil {
        let st = shape.strokeStyle
        let d = StrokeStyle()
        if st.width != d.width { s.lineWidth = st.width }
        if st.join != d.join { s.lineJoin = st.join.rawValue }
        if st.cap != d.cap { s.lineCap = st.cap.rawValue }
        if st.miterLimit != d.miterLimit { s.miterLimit = st.miterLimit }
        if !st.dash.isEmpty { s.dash = st.dash }
        if st.dashPhase != 0 { s.dashPhase = st.dashPhase }
      }
      if shape.opacity != 1 { s.opacity = shape.opacity }
      return s
    case .group(let g):
      var s = VectorItemSpec(items: g.items.map(item))
      if g.transform != .identity { s.transform = affine(g.transform) }
      if g.opacity != 1 { s.opacity = g.opacity }
      s.clip = g.clip.map { clip in
        clip.regions.map { region in
          region.map {
            ClipSpec(
              path: SpecPathData.format($0.path), rule: $0.rule == .nonZero ? nil : $0.rule.rawValue
            )
          }
        }
      }
      return s
    case .bitmap:
      // A vector document holds no bitmaps (a Lottie image layer's): left out.
      return VectorItemSpec(items: [])
    }
  }

  func vectorFile(_ v: VectorImage, _ state: State) -> String {
    if let known = state.vectors[v] { return known }
    let spec = VectorSpec(
      size: SizeSpec(width: v.size.width, height: v.size.height), items: v.items.map(item))
    let path = "\(assetFolder)/drawing-\(state.vectors.count + 1).json"
    state.vectors[v] = path
    state.files.append((path, Array(SpecLoader.writeVector(spec).utf8)))
    return path
  }

  func rasterFile(_ r: RasterImage, _ state: State) -> String {
    if let known = state.rasters[r] { return known }
    let scale = r.scale == 1 ? "" : "@\(JSONWriter.format(r.scale))x"
    let path = "\(assetFolder)/image-\(state.rasters.count + 1)\(scale).png"
    state.rasters[r] = path
    if r.isEncodable { state.files.append((path, PNGEncoder(mode: .small).encode(r))) }
    return path
  }

  // MARK: Animators

  func animator(_ a: any PageAnimation, _ layer: TutorialLayer, _ state: State)
    -> AnimatorSpec?
  {
    for kind in SpecRegistry.animators {
      if let parameters = kind.parameters(of: a) {
        return AnimatorSpec(name: kind.name, parameters: parameters)
      }
    }
    state.notes.append("an animator of type \(type(of: a)) on \(layer.specKey) is not exported")
    return nil
  }
}
