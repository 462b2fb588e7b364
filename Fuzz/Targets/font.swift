import Strata
import StrataRender

/// Raw bytes as a font file (or collection): parse every face, then use it as layout does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = FuzzInput(data, size).all
  exercise(bytes)
  return 0
}

/// Everything text layout asks of a face.
func exercise(_ bytes: [UInt8]) {
  for index in 0..<Swift.min(4, FontFace.faceCount(in: bytes)) {
    guard let face = try? FontFace(data: bytes, index: index) else { continue }
    for scalar in "Ag fi,Ω€".unicodeScalars {
      let g = face.glyphID(for: scalar)
      _ = face.advance(of: g)
      _ = try? face.outline(of: g)
      _ = face.kerning(g, face.glyphID(for: "V"))
    }
    for g in 0..<Swift.min(face.glyphCount, 64) { _ = try? face.outline(of: UInt16(g)) }
  }
}
