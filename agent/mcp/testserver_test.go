package mcp

import (
	"os"
	"testing"

	"panto/internal/mcptest"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestMain(m *testing.M) {
	mcptest.MaybeServe()
	os.Exit(m.Run())
}

func testServer() *sdk.Server { return mcptest.Server() }

func selfCommand(t *testing.T, mode string) (string, map[string]string) {
	return mcptest.Command(t, mode)
}
