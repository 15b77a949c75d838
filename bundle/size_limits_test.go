package bundle

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// TestBundleOfExactlyMaxSize: MaxSize is the largest bundle a reader
// accepts, so a file of exactly that size gets past the size check and
// is judged on its content (here a real bundle followed by zeros, which
// is tampered); one byte more is refused for its size. The buffer is
// allocated once and untouched past the small bundle, so its zeros
// cost no memory.
func TestBundleOfExactlyMaxSize(t *testing.T) {
	small := write(t, smallSpec(t))
	buf := make([]byte, MaxSize+1)
	copy(buf, small)
	for _, c := range []struct {
		size  int
		check Check
		want  string
	}{
		{MaxSize, CheckTampered, fmt.Sprintf("tampered: %d bytes after the end", MaxSize-len(small))},
		{MaxSize + 1, CheckFormat, fmt.Sprintf("bundle is larger than %d bytes", MaxSize)},
	} {
		t.Run(fmt.Sprint(c.size), func(t *testing.T) {
			expectError(t, buf[:c.size], Options{}, c.check, c.want)
		})
	}
}

// TestManifestOfExactlyMaxManifest: Write produces a bundle whose
// manifest is exactly MaxManifest bytes, the largest a reader accepts,
// and that bundle reads back: the writer refuses only what the reader
// would. The manifest is filled with empty resources with long paths;
// what one costs is measured on a small bundle first.
func TestManifestOfExactlyMaxManifest(t *testing.T) {
	mlen := func(data []byte) int { return int(binary.LittleEndian.Uint32(data[len(Magic)+4:])) }
	resource := func(i, n int) Content {
		return Content{Path: fmt.Sprintf("r%06d", i) + strings.Repeat("x", n-7), Kind: KindResource}
	}
	const pathLen = maxPath - 200
	s := smallSpec(t)
	base := mlen(write(t, s))
	s.Blobs = append(s.Blobs, resource(0, pathLen))
	perBlob := mlen(write(t, s)) - base // pathLen plus the fixed part
	n := (MaxManifest - base) / perBlob
	rest := MaxManifest - base - n*perBlob
	if rest < 200 { // the last path's length stays a two-byte varint
		n, rest = n-1, rest+perBlob
	}
	s.Blobs = s.Blobs[:len(s.Blobs)-1]
	for i := range n {
		s.Blobs = append(s.Blobs, resource(i, pathLen))
	}
	s.Blobs = append(s.Blobs, resource(n, rest-(perBlob-pathLen)))
	// The blob count's own length grew with the count: trim the last
	// path by what the writer reports over.
	last := &s.Blobs[len(s.Blobs)-1]
	var over int
	if _, err := Write(s); err != nil {
		if _, scan := fmt.Sscanf(err.Error(), "manifest is %d bytes", &over); scan != nil || over <= MaxManifest || over > MaxManifest+8 {
			t.Fatalf("Write of a manifest of about MaxManifest bytes: %v", err)
		}
		last.Path = last.Path[:len(last.Path)-(over-MaxManifest)]
	}
	data, err := Write(s)
	if err != nil {
		t.Fatalf("Write of a manifest of exactly MaxManifest bytes: %v", err)
	}
	if got := mlen(data); got != MaxManifest {
		t.Fatalf("the header announces a %d-byte manifest, want %d", got, MaxManifest)
	}
	b, err := ReadManifest(data)
	if err != nil {
		t.Fatalf("reading the bundle back: %v", err)
	}
	if got, want := len(b.Manifest.Blobs), len(s.Blobs); got != want {
		t.Errorf("read %d blobs, wrote %d", got, want)
	}
	// One byte more is refused by the writer.
	last.Path += "x"
	if _, err := Write(s); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("manifest is %d bytes (limit %d)", MaxManifest+1, MaxManifest)) {
		t.Errorf("Write of a manifest one byte over: %v", err)
	}
}
