//go:build !unix

package host

import "testing"

// reportCPU is a no-op where getrusage does not exist.
func reportCPU(*testing.B) func() { return func() {} }
