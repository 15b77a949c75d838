package main

import (
	"os"
	"testing"

	"panto/internal/pantobin"
)

// TestMain removes the binary pantobin built for the tests that run
// panto as a process (TestPromptCtrlC).
func TestMain(m *testing.M) { os.Exit(pantobin.Run(m)) }
