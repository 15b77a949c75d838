package main

import (
	"os"
	"testing"

	"panto/internal/mcptest"
	"panto/internal/pantobin"
)

// TestMain removes the binary pantobin built for the tests that run
// panto as a process (TestPromptCtrlC).
func TestMain(m *testing.M) {
	mcptest.MaybeServe() // the MCP tests' stdio server is this binary
	os.Exit(pantobin.Run(m))
}
