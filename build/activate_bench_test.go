package build

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"panto/bundle"
	"panto/extension/discover"
	"panto/host"
	"panto/internal/hosttest"
)

// BenchmarkActivate100FromBundle is the host's BenchmarkActivate100 (100
// extensions: 50 tools, 30 entries, 20 folder entries) with the
// extensions coming from a bundle: open and verify the bundle, then
// evaluate and activate everything.
func BenchmarkActivate100FromBundle(b *testing.B) {
	dir := b.TempDir()
	for name, content := range hosttest.HundredExtensions() {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	res, err := Build(opts(dir, dir))
	if err != nil {
		b.Fatal(err)
	}
	pkg := filepath.Join(b.TempDir(), "hundred.pkg")
	if err := WriteFile(pkg, res.Data); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for b.Loop() {
		setup, _, err := host.OpenBundle(pkg, bundle.Options{}, discover.Options{Cwd: dir, Getenv: func(string) string { return "" }})
		if err != nil {
			b.Fatal(err)
		}
		h, err := host.New(ctx, host.Options{Setup: setup, Stdout: io.Discard, Stderr: io.Discard})
		if err != nil {
			b.Fatal(err)
		}
		if len(h.Tools()) != 50 || len(h.Commands()) != 50 || len(h.Problems()) != 0 {
			b.Fatalf("loaded %d tools, %d commands, problems %v", len(h.Tools()), len(h.Commands()), h.Problems())
		}
		h.Close()
	}
}
