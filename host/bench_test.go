package host

import (
	"context"
	"io"
	"path/filepath"
	"testing"

	"panto/extension/discover"
	"panto/internal/hosttest"
)

// BenchmarkActivate100 is discovery, evaluation and activation of 100
// extensions from sources, the brief's "activation of 100 extensions
// under 20 ms".
func BenchmarkActivate100(b *testing.B) {
	dir := b.TempDir()
	writeTree(b, dir, hosttest.HundredExtensions())
	opts := discover.Options{Cwd: dir, Getenv: func(string) string { return "" }}
	ctx := context.Background()
	defer reportCPU(b)()
	for b.Loop() {
		setup, err := discover.Folder(dir, opts)
		if err != nil {
			b.Fatal(err)
		}
		h, err := New(ctx, Options{Setup: setup, Stdout: io.Discard, Stderr: io.Discard})
		if err != nil {
			b.Fatal(err)
		}
		if len(h.Tools()) != 50 || len(h.Commands()) != 50 || len(h.Problems()) != 0 {
			b.Fatalf("loaded %d tools, %d commands, problems %v", len(h.Tools()), len(h.Commands()), h.Problems())
		}
		h.Close()
	}
}

// BenchmarkToolCall is one tool call through the whole lifecycle with 30
// tool_result handlers subscribed.
func BenchmarkToolCall(b *testing.B) {
	dir := b.TempDir()
	writeTree(b, dir, hosttest.HundredExtensions())
	setup, _ := discover.Folder(dir, discover.Options{Cwd: dir, Getenv: func(string) string { return "" }})
	ctx := context.Background()
	h, _ := New(ctx, Options{Setup: setup, Stdout: io.Discard, Stderr: io.Discard})
	defer h.Close()
	for b.Loop() {
		tc, err := h.CallTool(ctx, "tool07", `{"text":"hello"}`)
		if err != nil || tc.Output != "[hello]" {
			b.Fatal(err, tc.Output)
		}
	}
}

func writeTree(tb testing.TB, dir string, files map[string]string) {
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := mkdirWrite(p, content); err != nil {
			tb.Fatal(err)
		}
	}
}
