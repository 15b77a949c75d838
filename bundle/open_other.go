//go:build !unix

package bundle

import "os"

// openFile opens path for reading (see open_unix.go).
func openFile(path string) (*os.File, error) { return os.Open(path) }
