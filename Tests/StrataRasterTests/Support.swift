@_exported import StrataTestSupport
