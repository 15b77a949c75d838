package host

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"panto/extension/discover"
)

func echoTool(out string) string {
	return `return { name = "echo", description = "d", schema = {}, handler = function() return "` + out + `" end }`
}

// TestLayerPrecedence loads the four standard layers: a same-named entry
// of a higher layer replaces the lower one (local > project > user >
// base), and entries of every layer load.
func TestLayerPrecedence(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(root, "work")
	for p, c := range map[string]string{
		filepath.Join(home, ".config", "panto", "tools", "echo.lua"):     echoTool("user"),
		filepath.Join(home, ".config", "panto", "tools", "u.lua"):        `return { name = "u", description = "d", schema = {}, handler = function() return "u" end }`,
		filepath.Join(proj, ".panto", "tools", "echo.lua"):               echoTool("project"),
		filepath.Join(proj, ".panto", "local", "extensions", "echo.lua"): echoTool("local"),
	} {
		t.Run(p, func(t *testing.T) {
			if err := mkdirWrite(p, c); err != nil {
				t.Fatal(err)
			}
		})
	}
	base := fstest.MapFS{
		"tools/echo.lua": {Data: []byte(echoTool("base"))},
		"tools/b.lua":    {Data: []byte(`return { name = "b", description = "d", schema = {}, handler = function() return "b" end }`)},
	}
	load := func() *Host {
		setup, err := discover.Standard(discover.Options{Cwd: proj, Base: base, Getenv: func(k string) string {
			if k == "HOME" {
				return home
			}
			return ""
		}})
		if err != nil {
			t.Fatal(err)
		}
		h, err := New(context.Background(), Options{Setup: setup, Stdout: io.Discard, Stderr: io.Discard})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(h.Close)
		if len(h.Problems()) > 0 {
			t.Fatalf("problems: %v", h.Problems())
		}
		return h
	}
	for _, want := range []string{"local", "project", "user", "base"} {
		h := load()
		tc, err := h.CallTool(context.Background(), "echo", "{}")
		if err != nil || tc.Output != want {
			t.Fatalf("echo = %q, %v; want %q", tc.Output, err, want)
		}
		if toolNames(h) != "b,echo,u" {
			t.Errorf("tools %s", toolNames(h))
		}
		if tc.Output == "base" {
			if src := h.Tool("echo").Source; src != "base:tools/echo.lua" {
				t.Errorf("base source %q", src)
			}
			break
		}
		// Remove the winner: the next layer down takes over.
		switch want {
		case "local":
			os.Remove(filepath.Join(proj, ".panto", "local", "extensions", "echo.lua"))
		case "project":
			os.Remove(filepath.Join(proj, ".panto", "tools", "echo.lua"))
		case "user":
			os.Remove(filepath.Join(home, ".config", "panto", "tools", "echo.lua"))
		}
	}
}
