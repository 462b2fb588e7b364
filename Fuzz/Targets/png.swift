import StrataRender

/// Raw bytes into the PNG decoder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = FuzzInput(data, size)
  _ = try? PNGDecoder().decode(input.all)
  return 0
}
