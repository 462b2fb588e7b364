import Strata
import StrataRender
import StrataSpec

/// Raw bytes into the spec loader: the JSON reader (limits, escapes, UTF-8, numbers), the
/// schema checker, decoding, the semantic checks, and, for a spec that loads, a controller
/// built from it and one frame drawn at 32 × 32 points at @8x, whole on one thread and in bands
/// on two (a difference in their bytes is a finding). File paths resolve in a folder that
/// does not exist, so every image is a "missing file" problem.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  warmUp
  let bytes = FuzzInput(data, size).all
  guard
    case .success(let loaded) = SpecLoader.load(bytes, baseDirectory: "/nonexistent-strata-fuzz")
  else { return 0 }
  let controller = loaded.makeController(pageSize: Size(width: 32, height: 32))
  controller.setPagePosition(0.5)
  drawWholeAndInBands(controller.scene(), scale: 8)
  return 0
}

/// The schema's tables, built once with LeakSanitizer paused: they live for the whole process,
/// but Swift keeps enum cases in the spare bits of their pointers, which LeakSanitizer cannot
/// follow, so it would call them leaks.
let warmUp: Void = {
  lsanDisable()
  _ = SpecSchema.definition("spec")
  _ = SpecChecker().check(JSONValue(.object([])))
  lsanEnable()
}()
