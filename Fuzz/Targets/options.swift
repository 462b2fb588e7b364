import StrataCommand
import StrataSpec

/// The fuzzer's bytes as a `strata` command line (split at NUL bytes), run in process with
/// output discarded. Commands that would render, benchmark, serve or watch are turned into
/// `--help`, so that what is fuzzed is parsing and checking, not minutes of rendering.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  schemaTables
  var args = FuzzInput(data, size).all.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  guard !args.isEmpty else { return 0 }
  if ["render", "frame", "bench", "preview", "watch"].contains(args[0]) { args.append("--help") }
  let tool = Tool(output: Tool.Output(out: { _ in }, err: { _ in }))
  _ = tool.run(args)
  return 0
}

/// The spec schema's tables (`strata schema`, `validate`), built once with LeakSanitizer paused.
let schemaTables: Void = {
  lsanDisable()
  _ = SpecSchema.definition("spec")
  _ = SpecSchema.jsonSchema
  _ = SpecSchema.markdownReference
  lsanEnable()
}()
