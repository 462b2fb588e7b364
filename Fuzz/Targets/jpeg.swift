import StrataAssets

/// Raw bytes into the JPEG decoder (libjpeg-turbo behind the error-returning shim).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  // A one-megapixel ceiling keeps each input within the fuzzer's one-second budget (a whole
  // decode of 242 × 65313 pixels takes longer under AddressSanitizer, however well-formed);
  // the decoder's own limit is tested separately.
  _ = try? JPEGDecoder(pixelLimit: 1 << 20).decode(FuzzInput(data, size).all)
  return 0
}
