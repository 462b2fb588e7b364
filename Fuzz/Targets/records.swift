@_spi(Fuzzing) import StrataRecords

/// Raw bytes as a show-once records file: Foundation's JSON decoding of the format, the clamp
/// of every page read, decisions on each record and page arithmetic at both ends.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  FileRecordStore.readUntrusted(FuzzInput(data, size).all)
  return 0
}
