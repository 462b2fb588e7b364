// The JSON values specs are read into are part of the spec API: importing StrataSpec imports
// them too.
@_exported import StrataJSON
