package bundle

import (
	"bytes"
	"crypto/ed25519"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestWriteMessages: what panto build says about a manifest it refuses,
// word for word: each message names the part (bundle name, entry,
// module, blob) and the value at fault, in that order.
func TestWriteMessages(t *testing.T) {
	long := strings.Repeat("v", maxName+1)
	longPath := "skills/" + strings.Repeat("p", maxPath)
	for _, c := range []struct {
		mod  func(*Spec)
		want string
	}{
		{func(s *Spec) { s.Name = "" }, "bundle name is empty"},
		{func(s *Spec) { s.Name = "." }, `bundle name "." is not usable as a file name`},
		{func(s *Spec) { s.Name = `a\b` }, `bundle name "a\\b" is not usable as a file name`},
		{func(s *Spec) { s.Version = "" }, "bundle version is empty"},
		{func(s *Spec) { s.Version = long }, fmt.Sprintf("bundle version is %d bytes long (limit %d)", maxName+1, maxName)},
		{func(s *Spec) { s.Version = "1\xff" }, `bundle version "1\xff" is not valid UTF-8`},
		{func(s *Spec) { s.Compiler = "c\x7f" }, `compiler version "c\x7f" contains a control character`},
		{func(s *Spec) { s.Compiler = "" }, ""},      // the compiler version may be empty
		{func(s *Spec) { s.Version = long[1:] }, ""}, // exactly the limit
		{func(s *Spec) { s.Blobs[4].Path = "." }, `blob path "." is not a clean relative path`},
		{func(s *Spec) { s.Blobs[4].Path = "a\\b" }, `blob path "a\\b" contains a backslash`},
		{func(s *Spec) { s.Blobs[4].Path = "a\tb" }, `blob path "a\tb" contains a control character or invalid UTF-8`},
		{func(s *Spec) { s.Blobs[4].Path = "a\x7fb" }, `blob path "a\x7fb" contains a control character or invalid UTF-8`},
		{func(s *Spec) { s.Blobs[4].Path = "a\xffb" }, `blob path "a\xffb" is not a clean relative path`},
		{func(s *Spec) { s.Blobs[4].Path = "skills/é~" }, ""},
		{func(s *Spec) { s.Blobs[4].Path = longPath }, fmt.Sprintf("blob path %.40q... is %d bytes long (limit %d)", longPath, len(longPath), maxPath)},
		{func(s *Spec) { s.Blobs[4].Path = "extensions/a.lua" }, "blob extensions/a.lua appears twice"},
		// The first two blobs once sorted (config.toml sorts first).
		{func(s *Spec) { s.Blobs = append(s.Blobs, Content{Path: "config.toml", Kind: KindResource}) }, "blob config.toml appears twice"},
		{func(s *Spec) { s.Blobs[4].Kind = 9 }, "blob skills/s/SKILL.md: unknown kind 9"},
		{func(s *Spec) { s.Blobs[4].Kind = KindConfig }, "blob skills/s/SKILL.md: a bundle carries at most one config"},
		{func(s *Spec) { s.Blobs[4].Path = "extensions/a.lua/x" }, "blob extensions/a.lua is both a file and a folder"},
		{func(s *Spec) { s.Entries[1].Name = "a" }, "entry a appears twice"},
		{func(s *Spec) { s.Entries[1].Origin = Rock + 1 }, fmt.Sprintf("entry b: unknown origin %d", Rock+1)},
		{func(s *Spec) { s.Entries[0].Main = "skills/s/SKILL.md" }, "entry a: main skills/s/SKILL.md is not a chunk of the bundle"},
		{func(s *Spec) { s.Entries[0].Modules[0].Name = "m\n" }, `entry a: module name "m\n" contains a control character`},
		{func(s *Spec) { s.Entries[0].Modules[0].Path = "nope.lua" }, "entry a: module _h (nope.lua) is not a chunk of the bundle"},
		{func(s *Spec) {
			s.Entries[1].Modules = []Module{{Name: "u", Path: "extensions/b/u.lua"}, {Name: "u", Path: "extensions/b/u.lua"}}
		}, "entry b: modules not sorted or repeated at u"},
	} {
		t.Run(c.want, func(t *testing.T) {
			s := smallSpec(t)
			c.mod(s)
			_, err := Write(s)
			if c.want == "" {
				if err != nil {
					t.Errorf("refused: %v", err)
				}
				return
			}
			if err == nil || err.Error() != c.want {
				t.Errorf("got %v\nwant %s", err, c.want)
			}
		})
	}
}

// TestSignedMessage: a signature covers what docs/bundle-format.md says,
// the context string and then the digest, so another implementation
// (or an older panto) verifies it.
func TestSignedMessage(t *testing.T) {
	s := smallSpec(t)
	s.SignKey = testKey(t, 5)
	data := write(t, s)
	sig := data[len(data)-ed25519.SignatureSize:]
	pub := data[len(data)-ed25519.SignatureSize-ed25519.PublicKeySize : len(data)-ed25519.SignatureSize]
	digest := data[len(data)-SignatureSize-DigestSize : len(data)-SignatureSize]
	if !bytes.Equal(pub, s.SignKey.Public().(ed25519.PublicKey)) {
		t.Fatal("the trailer does not hold the public key before the signature")
	}
	msg := append([]byte("panto bundle signature v1\x00"), digest...)
	if !ed25519.Verify(pub, msg, sig) {
		t.Error("the signature does not verify over the context string and the digest")
	}
}

// TestManifestStringTooLong: a manifest string longer than its limit is
// refused naming which string, its length and the limit.
func TestManifestStringTooLong(t *testing.T) {
	data := write(t, smallSpec(t))
	// The bundle name's length is the manifest's first varint.
	mod := withUvarintAt(data, HeaderSize, maxName+1)
	expectError(t, mod, Options{}, CheckManifest, fmt.Sprintf("bundle name is %d bytes long (limit %d)", maxName+1, maxName))
}

// TestShortFiles: a file of the header's size or less is reported by
// what it lacks: a bare header says how much it announced.
func TestShortFiles(t *testing.T) {
	data := write(t, smallSpec(t))
	header := data[:HeaderSize]
	mlen := binary.LittleEndian.Uint32(header[12:])
	blen := binary.LittleEndian.Uint64(header[16:])
	expectError(t, header, Options{}, CheckTruncated,
		fmt.Sprintf("truncated: the header announces %d bytes, the file has %d", uint64(HeaderSize)+uint64(mlen)+blen+DigestSize, HeaderSize))
	expectError(t, header[:HeaderSize-1], Options{}, CheckTruncated,
		fmt.Sprintf("truncated: %d bytes, shorter than the %d-byte header", HeaderSize-1, HeaderSize))
	expectError(t, header[:3], Options{}, CheckTruncated, "truncated: 3 bytes, shorter than the 24-byte header")
	expectError(t, nil, Options{}, CheckTruncated, "truncated: empty file")
	expectError(t, []byte("PK\x03"), Options{}, CheckMagic, "not a panto bundle (bad magic)")
}

// TestMissingKeyFiles: a key file that cannot be read is reported as
// such, not as a key that does not parse.
func TestMissingKeyFiles(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadPrivateKeyFile(filepath.Join(dir, "none.key")); err == nil || err.Error() != "no such file or directory" {
		t.Errorf("private key: %v", err)
	}
	if _, err := ReadPublicKeyFile(filepath.Join(dir, "none.pub")); err == nil || err.Error() != "no such file or directory" {
		t.Errorf("public key: %v", err)
	}
}

// TestExtractToTheCache: Extract with no root writes under CacheRoot
// (here a temporary XDG cache), not elsewhere.
func TestExtractToTheCache(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("XDG_CACHE_HOME moves the cache folder on Linux only")
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	b, err := Read(write(t, smallSpec(t)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	root, err := CacheRoot()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { removeAll(root) }) // its folders are read-only
	dir, err := b.Extract("")
	if err != nil || dir != filepath.Join(root, b.DigestHex()) {
		t.Fatalf("Extract(\"\") = %q, %v; want %s", dir, err, filepath.Join(root, b.DigestHex()))
	}
	if got, err := os.ReadFile(filepath.Join(dir, "skills/s/SKILL.md")); err != nil || string(got) != "# skill\n" {
		t.Errorf("resource %q, %v", got, err)
	}
}

// TestRemoveAll: the cache's read-only trees are removed whole, and a
// folder already gone is no error (nor a panic).
func TestRemoveAll(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "tree")
	if err := os.MkdirAll(filepath.Join(dir, "a", "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a", "b", "f"), []byte("x"), 0o444); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{filepath.Join(dir, "a", "b"), filepath.Join(dir, "a"), dir} {
		if err := os.Chmod(d, 0o555); err != nil {
			t.Fatal(err)
		}
	}
	removeAll(dir)
	if _, err := os.Lstat(dir); !os.IsNotExist(err) {
		t.Errorf("the tree is still there: %v", err)
	}
	removeAll(filepath.Join(root, "never-made"))
}
