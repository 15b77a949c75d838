package bundle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchBundle builds a bundle of the benchmark programs (about 30 KB of
// real Lua), each an extension, with debug information as panto build
// keeps it by default.
func benchBundle(b *testing.B) []byte {
	files, _ := filepath.Glob("../bench/programs/*.lua")
	if len(files) == 0 {
		b.Skip("bench/programs not found")
	}
	s := &Spec{Name: "bench", Version: "1", ABI: "1.0.0", Compiler: "test"}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		path := "extensions/" + filepath.Base(f)
		s.Blobs = append(s.Blobs, Content{Path: path, Kind: KindChunk, Data: chunk(b, path, string(src), false)})
		s.Entries = append(s.Entries, Entry{Name: strings.TrimSuffix(filepath.Base(f), ".lua"), Main: path})
	}
	return write(b, s)
}

// BenchmarkRead checks and decodes a bundle already in memory; Open adds
// reading the file.
func BenchmarkRead(b *testing.B) {
	data := benchBundle(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(data, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOpen(b *testing.B) {
	path := filepath.Join(b.TempDir(), "bench.pkg")
	if err := os.WriteFile(path, benchBundle(b), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Open(path, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
