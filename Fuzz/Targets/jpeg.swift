import StrataAssets

/// Raw bytes into the JPEG decoder (libjpeg-turbo behind the error-returning shim).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  // A 16-megapixel ceiling keeps each input within the fuzzer's memory budget; the decoder's
  // own limit is tested separately.
  _ = try? JPEGDecoder(pixelLimit: 16_000_000).decode(FuzzInput(data, size).all)
  return 0
}
