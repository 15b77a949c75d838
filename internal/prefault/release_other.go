//go:build !linux

package prefault

// ReleaseExecutable is Linux's (release_linux.go); elsewhere the
// executable's pages stay as the system mapped them.
func ReleaseExecutable() int { return 0 }
