package build

import (
	"bytes"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"panto/bundle"
	"panto/bytecode"
)

// TestGoPackage transpiles the demo bundle: a file per chunk, each
// registering the digest of the bytecode a host loads for that chunk
// (what the bundle's ChunkFS serves: for a stripped bundle, the chunk
// re-encoded with its name), plus the bundle itself, embedded.
func TestGoPackage(t *testing.T) {
	for _, strip := range []bool{false, true} {
		t.Run(map[bool]string{false: "debug", true: "stripped"}[strip], func(t *testing.T) {
			o := opts(demo, demo)
			o.Strip = strip
			testGoPackage(t, o)
		})
	}
}

func testGoPackage(t *testing.T, o Options) {
	res, b := mustBuild(t, o)
	files, err := GoPackage(res.Data, "demo", "demo.pkg")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(files["demo.pkg"], res.Data) {
		t.Error("the package does not carry the bundle")
	}
	if !bytes.Contains(files["bundle.go"], []byte("//go:embed demo.pkg")) || !bytes.Contains(files["bundle.go"], []byte(b.DigestHex())) {
		t.Errorf("bundle.go:\n%s", files["bundle.go"])
	}
	digests := map[string]bool{}
	for _, blob := range b.Blobs {
		if blob.Kind != bundle.KindChunk {
			continue
		}
		data, err := b.ChunkFS().ReadFile(blob.Path)
		if err != nil {
			t.Fatal(err)
		}
		p, err := bytecode.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		digests[bytecode.Digest(p)] = true
	}
	chunks := 0
	fset := token.NewFileSet()
	for name, src := range files {
		if !strings.HasSuffix(name, "_lua.go") {
			continue
		}
		chunks++
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if f.Name.Name != "demo" {
			t.Errorf("%s: package %s", name, f.Name.Name)
		}
		found := false
		for d := range digests {
			found = found || bytes.Contains(src, []byte(`Digest = "`+d+`"`))
		}
		if !found {
			t.Errorf("%s registers no digest of the bundle's chunks", name)
		}
	}
	if chunks != len(digests) || chunks == 0 {
		t.Errorf("%d Go files for %d chunks", chunks, len(digests))
	}
}
