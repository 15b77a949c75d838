package bundle

import (
	"bytes"
	"crypto/ed25519"
	"encoding/binary"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"panto/bytecode"
)

func TestRoundTrip(t *testing.T) {
	s := smallSpec(t)
	data := write(t, s)
	b, err := Read(data, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != "small" || b.Version != "1.2.3" || b.ABI != "1.0.0" || b.Compiler != "test" || b.Stripped || b.Signer != nil {
		t.Errorf("manifest fields: %+v", b.Manifest)
	}
	if !reflect.DeepEqual(b.Entries, s.Entries) {
		t.Errorf("entries %+v, want %+v", b.Entries, s.Entries)
	}
	var paths []string
	for _, bl := range b.Blobs {
		paths = append(paths, bl.Path)
	}
	want := []string{"config.toml", "extensions/_h.lua", "extensions/a.lua", "extensions/b/init.lua", "extensions/b/u.lua", "skills/s/SKILL.md"}
	if !reflect.DeepEqual(paths, want) {
		t.Errorf("blobs %q, want %q (sorted)", paths, want)
	}
	c := b.Chunk("extensions/a.lua")
	if c == nil || c.Name != "@extensions/a.lua" || c.Proto.Source != "@extensions/a.lua" || len(c.Proto.Lines()) == 0 {
		t.Fatalf("chunk %+v", c)
	}
	if got := string(b.Data("skills/s/SKILL.md")); got != "# skill\n" {
		t.Errorf("resource %q", got)
	}
	if p, cfg := b.Config(); p != "config.toml" || !strings.Contains(string(cfg), "deny") {
		t.Errorf("config %s %q", p, cfg)
	}
	if b.Chunk("skills/s/SKILL.md") != nil || b.Data("nope") != nil {
		t.Error("lookups of non-chunks and missing blobs must fail")
	}
	if len(data) != int(b.Size) || b.DigestHex() == "" {
		t.Error("size or digest")
	}
}

func TestWriteIsDeterministic(t *testing.T) {
	a := write(t, smallSpec(t))
	s := smallSpec(t)
	// Blob order must not matter.
	for i, j := 0, len(s.Blobs)-1; i < j; i, j = i+1, j-1 {
		s.Blobs[i], s.Blobs[j] = s.Blobs[j], s.Blobs[i]
	}
	if b := write(t, s); !bytes.Equal(a, b) {
		t.Fatal("same input, different bytes")
	}
	s = smallSpec(t)
	s.SignKey = testKey(t, 0)
	x, y := write(t, s), write(t, s)
	if !bytes.Equal(x, y) {
		t.Fatal("signed bundles differ between two writes")
	}
}

// TestEverySingleByteChange changes each byte of a small signed bundle in
// three ways and wants each change refused, with a tampering message that
// names the blob when the change is inside one.
func TestEverySingleByteChange(t *testing.T) {
	for _, signed := range []bool{false, true} {
		s := smallSpec(t)
		if signed {
			s.SignKey = testKey(t, 1)
		}
		data := write(t, s)
		b, err := Read(data, Options{})
		if err != nil {
			t.Fatal(err)
		}
		owner := func(i int) string { // the blob holding byte i, if any
			for k, bl := range b.Blobs {
				if i >= b.offsets[k] && i < b.offsets[k]+int(bl.Size) {
					return bl.Path
				}
			}
			return ""
		}
		masks := []byte{0x01, 0x80, 0xff}
		for i := range data {
			for _, mask := range masks {
				mod := bytes.Clone(data)
				mod[i] ^= mask
				_, err := Read(mod, Options{})
				if err == nil {
					t.Fatalf("signed=%v: byte %d ^ %#x not detected", signed, i, mask)
				}
				if p := owner(i); p != "" && !strings.Contains(err.Error(), "tampered: blob "+p+" hash mismatch") {
					t.Fatalf("byte %d in blob %s: got %q", i, p, err)
				}
			}
		}
	}
}

// TestEveryTruncation cuts a small signed bundle at every offset.
func TestEveryTruncation(t *testing.T) {
	s := smallSpec(t)
	s.SignKey = testKey(t, 2)
	data := write(t, s)
	for n := 0; n < len(data); n++ {
		_, err := Read(data[:n], Options{})
		be, ok := err.(*Error)
		if !ok || be.Check != CheckTruncated || !strings.HasPrefix(be.Msg, "truncated") {
			t.Fatalf("truncated to %d of %d bytes: got %v", n, len(data), err)
		}
	}
	expectError(t, append(bytes.Clone(data), 0), Options{}, CheckTampered, "tampered: 1 bytes after the end")
}

func TestHeaderChecks(t *testing.T) {
	data := write(t, smallSpec(t))
	expectError(t, []byte("hello, world, this is not a bundle"), Options{}, CheckMagic, "not a panto bundle")
	expectError(t, []byte("\x1bLua"), Options{}, CheckMagic, "not a panto bundle")

	v7 := bytes.Clone(data)
	binary.LittleEndian.PutUint16(v7[8:], 7)
	expectError(t, v7, Options{}, CheckFormat, "unknown format version 7 (this panto reads format 2)")

	flags := bytes.Clone(data)
	binary.LittleEndian.PutUint16(flags[10:], 4)
	expectError(t, flags, Options{}, CheckFormat, "unknown header flags 0x0004")

	// A header announcing a huge manifest or blob area is refused before
	// anything is allocated for it.
	huge := bytes.Clone(data)
	binary.LittleEndian.PutUint64(huge[16:], 1<<62)
	expectError(t, huge, Options{}, CheckTruncated, "truncated")
	huge = bytes.Clone(data)
	binary.LittleEndian.PutUint32(huge[12:], 1<<31)
	expectError(t, huge, Options{}, CheckTruncated, "truncated")
}

func TestTamperingMessages(t *testing.T) {
	data := write(t, smallSpec(t))
	b, _ := Read(data, Options{})
	i, _ := b.find("extensions/b/init.lua")
	mod := bytes.Clone(data)
	mod[b.offsets[i]+20] ^= 1
	expectError(t, mod, Options{}, CheckTampered, "tampered: blob extensions/b/init.lua hash mismatch")

	// A manifest byte: the digest no longer matches.
	mod = bytes.Clone(data)
	mod[HeaderSize+2] ^= 1
	expectError(t, mod, Options{}, CheckTampered, "tampered: bundle digest mismatch")

	// The digest itself.
	mod = bytes.Clone(data)
	mod[len(mod)-1] ^= 1
	expectError(t, mod, Options{}, CheckTampered, "tampered: bundle digest mismatch")

	// A blob changed and every digest recomputed to match is no longer
	// tampering a digest can see: it is left to the signature (below) and
	// to the bytecode verifier.
	mod = bytes.Clone(data)
	mod[b.offsets[i]+20] ^= 1
	if _, err := Read(reseal(mod), Options{}); err != nil && strings.Contains(err.Error(), "tampered") {
		t.Errorf("resealed: %v", err)
	}
}

func TestSignatures(t *testing.T) {
	key := testKey(t, 3)
	pub := key.Public().(ed25519.PublicKey)
	other := testKey(t, 4).Public().(ed25519.PublicKey)
	s := smallSpec(t)
	s.SignKey = key
	signed := write(t, s)
	unsigned := write(t, smallSpec(t))

	b, err := Read(signed, Options{Trust: pub})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Signer, pub) {
		t.Error("signer not reported")
	}
	if _, err := Read(signed, Options{}); err != nil {
		t.Errorf("a signed bundle must read without a trusted key: %v", err)
	}
	// Signing does not change the digest: the content is the same.
	ub, _ := Read(unsigned, Options{})
	if ub.Digest == b.Digest {
		t.Error("the signed flag is part of the header, so the digests differ")
	}

	expectError(t, unsigned, Options{Trust: pub}, CheckSignature, "not signed, but a signature by key "+Fingerprint(pub)+" is required")
	expectError(t, signed, Options{Trust: other}, CheckSignature, "signed by key "+Fingerprint(pub)+", not by the trusted key "+Fingerprint(other))

	bad := bytes.Clone(signed)
	bad[len(bad)-10] ^= 1
	expectError(t, bad, Options{}, CheckSignature, "bad signature")
	expectError(t, bad, Options{Trust: pub}, CheckSignature, "bad signature")

	// Re-signing resealed content with another key is caught by --trust.
	s.SignKey = testKey(t, 4)
	forged := write(t, s)
	if _, err := Read(forged, Options{}); err != nil {
		t.Errorf("a validly signed bundle: %v", err)
	}
	expectError(t, forged, Options{Trust: pub}, CheckSignature, "not by the trusted key")

	// Replacing the key in the trailer breaks the signature.
	swapped := bytes.Clone(signed)
	copy(swapped[len(swapped)-SignatureSize:], other)
	expectError(t, swapped, Options{}, CheckSignature, "bad signature")
}

func TestABICompatibility(t *testing.T) {
	for _, c := range []struct {
		bundle, host string
		ok           bool
	}{
		{"1.0.0", "1.0.0", true},
		{"1.2.0", "1.3.0", true},
		{"1.3.9", "1.3.0", true},
		{"1.4.0", "1.3.0", false},
		{"2.0.0", "1.3.0", false},
		{"1.0.0", "2.0.0", false},
	} {
		t.Run(c.bundle+" on "+c.host, func(t *testing.T) {
			s := smallSpec(t)
			s.ABI = c.bundle
			data := write(t, s)
			_, err := Read(data, Options{HostABI: c.host})
			if c.ok != (err == nil) {
				t.Errorf("bundle %s on host %s: %v", c.bundle, c.host, err)
			}
			if err != nil {
				expectError(t, data, Options{HostABI: c.host}, CheckABI, "incompatible ABI")
				if !strings.Contains(err.Error(), c.bundle) || !strings.Contains(err.Error(), c.host) {
					t.Errorf("the message must name both versions: %v", err)
				}
			}
		})
	}
}

func TestBytecodeChecked(t *testing.T) {
	s := smallSpec(t)
	s.Blobs[3].Data = []byte("\x1bLuaT\x00 not a chunk")
	expectError(t, write(t, s), Options{}, CheckBytecode, "bytecode verification failed in extensions/b/u.lua: bad binary format")

	// A chunk that decodes but fails verification: a register beyond the
	// frame.
	p := &bytecode.Proto{IsVararg: true, MaxStackSize: 2, Code: []bytecode.Instruction{bytecode.ABC(bytecode.OpMove, 200, 0, 0, false)}}
	s.Blobs[3].Data = bytecode.Encode(p, true)
	expectError(t, write(t, s), Options{}, CheckBytecode, "bytecode verification failed in extensions/b/u.lua")
}

func TestStrippedChunksGetTheirNames(t *testing.T) {
	s := smallSpec(t)
	s.Stripped = true
	for i := range s.Blobs {
		if s.Blobs[i].Kind == KindChunk {
			p, _ := bytecode.Decode(s.Blobs[i].Data)
			s.Blobs[i].Data = bytecode.Encode(p, true)
		}
	}
	b, err := Read(write(t, s), Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := b.Chunk("extensions/a.lua")
	if c.Proto.Source != "@extensions/a.lua" || len(c.Proto.Lines()) != 0 {
		t.Errorf("stripped chunk: source %q, %d lines", c.Proto.Source, len(c.Proto.Lines()))
	}
	for _, sub := range c.Proto.Protos {
		if sub.Source != "@extensions/a.lua" {
			t.Errorf("nested source %q", sub.Source)
		}
	}
	// The FS serves it with its name, still without debug information.
	data, err := (&ChunkFS{b: b}).ReadFile("extensions/a.lua")
	if err != nil {
		t.Fatal(err)
	}
	p, err := bytecode.Decode(data)
	if err != nil || p.Source != "@extensions/a.lua" || len(p.Lines()) != 0 {
		t.Errorf("served chunk: %v %q", err, p.Source)
	}
}

func TestWriteRefusesBadManifests(t *testing.T) {
	for _, c := range []struct {
		mod  func(*Spec)
		want string
	}{
		{func(s *Spec) { s.Blobs[4].Path = "../escape" }, "not a clean relative path"},
		{func(s *Spec) { s.Blobs[4].Path = "/abs" }, "not a clean relative path"},
		{func(s *Spec) { s.Blobs[4].Path = "a\\b" }, "backslash"},
		{func(s *Spec) { s.Blobs[4].Path = "x/./y" }, "not a clean relative path"},
		{func(s *Spec) { s.Blobs[4].Path = "extensions/a.lua/x" }, "both a file and a folder"},
		{func(s *Spec) { s.Blobs[4].Path = "extensions/a.lua" }, "appears twice"},
		{func(s *Spec) { s.Blobs[4].Kind = 9 }, "unknown kind"},
		{func(s *Spec) { s.Blobs[4].Kind = KindConfig }, "at most one config"},
		{func(s *Spec) { s.Entries[0].Main = "skills/s/SKILL.md" }, "entry a: main skills/s/SKILL.md is not a chunk"},
		{func(s *Spec) { s.Entries[0].Modules[0].Path = "nope.lua" }, "is not a chunk"},
		{func(s *Spec) { s.Entries[1].Name = "a" }, "entry a appears twice"},
		{func(s *Spec) { s.Entries[0].Modules[0].Name = "" }, "entry a: module name is empty"},
		{func(s *Spec) { s.Entries[1].Name = "" }, "entry name is empty"},
		{func(s *Spec) { s.Name = "a/b" }, "not usable as a file name"},
		{func(s *Spec) { s.Name = "" }, "bundle name is empty"},
		{func(s *Spec) { s.Version = "1\n2" }, "control character"},
		{func(s *Spec) { s.ABI = "1.0" }, "not MAJOR.MINOR.PATCH"},
		{func(s *Spec) {
			s.Entries[1].Modules = []Module{{Name: "z", Path: "extensions/b/u.lua"}, {Name: "a", Path: "extensions/b/u.lua"}}
		}, "not sorted"},
	} {
		t.Run(c.want, func(t *testing.T) {
			s := smallSpec(t)
			c.mod(s)
			_, err := Write(s)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("want an error containing %q, got %v", c.want, err)
			}
		})
	}
}

// TestManifestChecksBehindTheDigest feeds Read manifests that a correct
// writer never produces, with every digest recomputed: they must be
// refused as invalid manifests, not crash or be taken for tampering.
func TestManifestChecksBehindTheDigest(t *testing.T) {
	data := write(t, smallSpec(t))
	b, _ := Read(data, Options{})
	man := data[HeaderSize:b.offsets[0]]
	at := bytes.Index(man, []byte("extensions/a.lua"))
	// Same-length replacements keep the layout.
	for _, c := range []struct{ new, want string }{
		{"extensions/../ab", "not a clean relative path"},
		{"extensions/0.lua", "not sorted"},
		{"extensions\\a.lua", "backslash"},
	} {
		t.Run(c.new, func(t *testing.T) {
			mod := bytes.Clone(data)
			copy(mod[HeaderSize+at:], c.new)
			expectError(t, reseal(mod), Options{}, CheckManifest, c.want)
		})
	}
	// An entry pointing past the blob list.
	mod := bytes.Clone(data)
	mod[b.offsets[0]-1] = 0x7f // the last module's blob index
	expectError(t, reseal(mod), Options{}, CheckManifest, "refers to blob 127 of")
}

func TestErrorChecksHaveNames(t *testing.T) {
	for c := CheckIO; c <= CheckBytecode; c++ {
		if strings.HasPrefix(c.String(), "check ") {
			t.Errorf("check %d has no name", c)
		}
	}
	if fmt.Sprint(KindConfig, Rock) != "config rock" {
		t.Error("kind and origin names")
	}
}

func TestHeaderSize(t *testing.T) {
	if len(Magic) != 8 || HeaderSize != 24 {
		t.Fatal("the header layout in docs/bundle-format.md has an 8-byte magic and 24 bytes in all")
	}
}
