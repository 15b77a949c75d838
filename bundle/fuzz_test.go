package bundle

import (
	"bytes"
	"testing"
)

// FuzzOpen feeds Read arbitrary bytes: every input must give an error or
// a bundle, never a panic, a hang or an allocation out of proportion to
// the input. Each input is also read resealed (every digest recomputed),
// since random bytes almost never match a SHA-256 and would otherwise
// never get past the digests to the manifest, signature, ABI and bytecode
// checks behind them.
//
// The seeds are small on purpose: the fuzzer minimises every new
// interesting input, which costs time in proportion to its size.
func FuzzOpen(f *testing.F) {
	tiny := func() *Spec {
		return &Spec{
			Name: "t", Version: "1", ABI: "1.0.0",
			Entries: []Entry{{Name: "a", Main: "a.lua", Modules: []Module{{Name: "m", Path: "m.lua"}}}},
			Blobs: []Content{
				{Path: "a.lua", Kind: KindChunk, Data: chunk(f, "a.lua", "return {}", true)},
				{Path: "m.lua", Kind: KindChunk, Data: chunk(f, "m.lua", "local x = ... return function() return x end", false)},
				{Path: "r/s", Kind: KindResource, Data: []byte("x")},
				{Path: "config.toml", Kind: KindConfig, Data: []byte("")},
			},
		}
	}
	f.Add(write(f, tiny()))
	s := tiny()
	s.SignKey = testKey(f, 5)
	f.Add(write(f, s))
	s = tiny()
	s.ABI = "2.0.0"
	f.Add(write(f, s))
	f.Add(write(f, &Spec{Name: "empty", Version: "0", ABI: "1.0.0"}))
	f.Add([]byte(Magic))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, in := range [][]byte{data, reseal(data)} {
			b, err := Read(in, Options{})
			if err != nil {
				if _, ok := err.(*Error); !ok {
					t.Fatalf("error of type %T: %v", err, err)
				}
				continue
			}
			// A bundle that reads must be one Write could have made, and
			// write back to the same bytes: the format has one encoding.
			out, err := Write(specOf(b))
			if err != nil {
				t.Fatalf("read but not writable: %v", err)
			}
			if !sameContent(out, in) {
				t.Fatalf("read and rewritten differently")
			}
		}
	})
}

// specOf turns a read bundle back into a Spec (without the signing key,
// which Write cannot recover: sameContent leaves the trailer out).
func specOf(b *Bundle) *Spec {
	s := &Spec{Name: b.Name, Version: b.Version, ABI: b.ABI, Compiler: b.Compiler, Stripped: b.Stripped, Entries: b.Entries}
	for i, bl := range b.Blobs {
		s.Blobs = append(s.Blobs, Content{Path: bl.Path, Kind: bl.Kind, Data: b.blob(i)})
	}
	return s
}

// sameContent compares two bundles but for the signed flag, the digest
// (which covers the flag) and the signature trailer.
func sameContent(a, b []byte) bool {
	body := func(x []byte) []byte {
		end := len(x) - DigestSize
		if x[10]&flagSigned != 0 {
			end -= SignatureSize
		}
		return x[HeaderSize:end]
	}
	return bytes.Equal(a[:10], b[:10]) && bytes.Equal(a[12:HeaderSize], b[12:HeaderSize]) && bytes.Equal(body(a), body(b))
}
