@_spi(Fuzzing) import StrataPreview

/// Bytes a browser (or anyone on the machine) may send the preview server: the HTTP request
/// parser and the WebSocket frame reader, fed in small pieces.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  PreviewServer.readUntrusted(FuzzInput(data, size).all)
  return 0
}
