@_exported import StrataIO
@_exported import StrataRaster
@_exported import StrataText

/// Facts about the rendering module and the libraries under it.
public enum StrataRenderInfo {
  /// The version of the system zlib that PNG encoding uses, as zlib reports it.
  public static var zlibVersionString: String { Zlib.versionString }
}
