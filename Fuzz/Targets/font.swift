import Strata
import StrataRender

/// Raw bytes as a font file (or collection): parse every face, then use it as layout does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = FuzzInput(data, size).all
  exercise(bytes)
  return 0
}
