package bundle

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"panto/bytecode"
	"panto/compiler"
	"panto/diag"
)

// chunk compiles src as the blob at path would be compiled by panto
// build.
func chunk(t testing.TB, path, src string, strip bool) []byte {
	t.Helper()
	p, err := compiler.Compile(diag.ChunkName(path), src)
	if err != nil {
		t.Fatal(err)
	}
	return bytecode.Encode(p, strip)
}

// smallSpec is a bundle with two entries, a shared module, a resource and
// a config: every kind of record, in few bytes.
func smallSpec(t testing.TB) *Spec {
	return &Spec{
		Name: "small", Version: "1.2.3", ABI: "1.0.0", Compiler: "test",
		Entries: []Entry{
			{Name: "a", Main: "extensions/a.lua", Modules: []Module{{Name: "_h", Path: "extensions/_h.lua"}}},
			{Name: "b", Folder: true, Main: "extensions/b/init.lua", Modules: []Module{{Name: "u", Path: "extensions/b/u.lua"}}},
		},
		Blobs: []Content{
			{Path: "extensions/a.lua", Kind: KindChunk, Data: chunk(t, "extensions/a.lua", "local h = require('_h') return { name = 'a', activate = function() end }", false)},
			{Path: "extensions/_h.lua", Kind: KindChunk, Data: chunk(t, "extensions/_h.lua", "return {}", false)},
			{Path: "extensions/b/init.lua", Kind: KindChunk, Data: chunk(t, "extensions/b/init.lua", "return { name = 'b', activate = function() error('x') end }", false)},
			{Path: "extensions/b/u.lua", Kind: KindChunk, Data: chunk(t, "extensions/b/u.lua", "return 1", false)},
			{Path: "skills/s/SKILL.md", Kind: KindResource, Data: []byte("# skill\n")},
			{Path: "config.toml", Kind: KindConfig, Data: []byte("[extensions]\ndeny = [\"b\"]\n")},
		},
	}
}

func write(t testing.TB, s *Spec) []byte {
	t.Helper()
	data, err := Write(s)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func testKey(t testing.TB, seed byte) ed25519.PrivateKey {
	return ed25519.NewKeyFromSeed([]byte(strings.Repeat(string(rune('a'+seed)), 32)))
}

// expectError reads data and wants a failure of the given check whose
// message contains want.
func expectError(t *testing.T, data []byte, o Options, check Check, want string) {
	t.Helper()
	_, err := Read(data, o)
	var be *Error
	if !errors.As(err, &be) {
		t.Fatalf("got %v, want a %s error containing %q", err, check, want)
	}
	if be.Check != check || !strings.Contains(be.Msg, want) {
		t.Fatalf("got %s error %q, want %s error containing %q", be.Check, be.Msg, check, want)
	}
}

// reseal recomputes every digest of a (possibly mangled) bundle where its
// structure allows, so tests and the fuzzer reach the checks that sit
// behind the digests: manifest meaning, signature, ABI, bytecode.
func reseal(data []byte) []byte {
	if len(data) < HeaderSize || string(data[:len(Magic)]) != Magic {
		return data
	}
	out := append([]byte(nil), data...)
	mlen := uint64(binary.LittleEndian.Uint32(out[12:]))
	blen := binary.LittleEndian.Uint64(out[16:])
	if mlen > MaxManifest || blen > MaxSize || uint64(len(out)) < HeaderSize+mlen+blen+DigestSize {
		return out
	}
	man := out[HeaderSize : HeaderSize+mlen]
	m, hashAt, _ := decodeManifest(man)
	if m != nil {
		off := HeaderSize + int(mlen)
		for i, b := range m.Blobs {
			end := uint64(off) + uint64(b.Size)
			if b.Size < 0 || end > HeaderSize+mlen+blen {
				break
			}
			sum := sha256.Sum256(out[off:end])
			copy(man[hashAt[i]:], sum[:])
			off = int(end)
		}
	}
	bodyEnd := HeaderSize + mlen + blen
	sum := sha256.Sum256(out[:HeaderSize+mlen])
	copy(out[bodyEnd:], sum[:])
	return out
}
