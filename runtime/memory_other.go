//go:build !linux

package runtime

// detectMemoryCeiling knows no limit on this system: states then have
// none by default either (MemoryCeiling).
func detectMemoryCeiling() int64 { return 1 << 62 }
