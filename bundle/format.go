// Package bundle reads and writes panto bundles: one file that carries a
// whole set of compiled extensions (bytecode chunks), the non-Lua
// resources they read through panto.ext.dirs, and a manifest describing
// both, protected by SHA-256 digests and optionally an ed25519 signature.
//
// Reading is where the host decides whether to trust a file, so Read (and
// Open) perform every check before any Lua runs — magic, format version,
// length, every digest, the signature, ABI compatibility and the bytecode
// of every chunk — and a failure says which check it was (see Check).
// Whatever the bytes, Read returns an error or a bundle; it never panics,
// never loops, and allocates in proportion to the input.
//
// The byte layout is documented in docs/bundle-format.md; the short form:
//
//	offset     size  field
//	0          8     magic "\x89PANTO\r\n"
//	8          2     format version (uint16 LE), currently 1
//	10         2     flags (uint16 LE): bit 0 = signed; other bits zero
//	12         4     manifest length M (uint32 LE)
//	16         8     blob area length B (uint64 LE)
//	24         M     manifest (varints and length-prefixed strings)
//	24+M       B     blobs, concatenated in manifest order
//	24+M+B     32    SHA-256 of bytes [0, 24+M+B)
//	56+M+B     32    signer's ed25519 public key   } only when
//	88+M+B     64    ed25519 signature             } flags bit 0 is set
//
// The header fixes the file's exact length, so a truncated file is always
// told apart from a tampered one, and removing the signature of a signed
// bundle is a change to the header, which the digest covers.
package bundle

import (
	"crypto/ed25519"
	"crypto/sha256"
	"strconv"
)

const (
	// Magic starts every bundle. The high byte catches 7-bit transfers and
	// the CR LF pair catches newline translation, as PNG's signature does.
	Magic = "\x89PANTO\r\n"
	// FormatVersion is the version of the layout this package writes and
	// the only one it reads. Bump it on any change to the layout or to the
	// meaning of a field: old readers then refuse new files by name
	// ("unknown format version 3") instead of misreading them.
	//
	// Version 2 changed what the bundle digest covers: the header and
	// manifest only, which name every blob's SHA-256, instead of every
	// byte, so that reading hashes each byte once.
	FormatVersion = 2

	// HeaderSize is the fixed header: magic (8 bytes), version, flags,
	// manifest length and blob area length.
	HeaderSize = 8 + 2 + 2 + 4 + 8
	// DigestSize is the size of every digest (SHA-256).
	DigestSize = sha256.Size
	// SignatureSize is the signature trailer: the signer's public key and
	// the signature.
	SignatureSize = ed25519.PublicKeySize + ed25519.SignatureSize

	// MaxSize bounds a bundle file, and so what reading one allocates.
	// Extensions and their resources are kilobytes to megabytes; a limit
	// far above that keeps a wrong path (a device, a disk image) cheap.
	MaxSize = 256 << 20
	// MaxManifest bounds the manifest; real ones are a few kilobytes.
	MaxManifest = 16 << 20
)

// flagSigned is header flag bit 0: a signature trailer follows the digest.
const flagSigned = 1

// signatureContext is prefixed to the digest before signing, so that a
// panto bundle signature can never be replayed as a signature over some
// other 32-byte message made with the same key, and vice versa.
const signatureContext = "panto bundle signature v1\x00"

// Kind says what a blob holds.
type Kind uint8

const (
	// KindChunk is a compiled Lua file (docs/bytecode.md), verified by Read.
	KindChunk Kind = 1
	// KindResource is a non-Lua file of a layer (skills/, prompts, data),
	// extracted to a read-only folder for panto.ext.dirs.
	KindResource Kind = 2
	// KindConfig is the layer's config.toml (allow/deny, providers, models).
	KindConfig Kind = 3
)

func (k Kind) String() string {
	switch k {
	case KindChunk:
		return "chunk"
	case KindResource:
		return "resource"
	case KindConfig:
		return "config"
	}
	return "kind " + strconv.Itoa(int(k))
}

// Origin says where in its layer an entry was found; it mirrors the
// discovery origins so a bundle run reports entries as a folder run does.
type Origin uint8

const (
	Canonical Origin = iota // extensions/ or tools/
	ExtraPath               // [extensions] paths
	Rock                    // [extensions] rocks
)

func (o Origin) String() string {
	switch o {
	case Canonical:
		return "canonical"
	case ExtraPath:
		return "path"
	case Rock:
		return "rock"
	}
	return "origin " + strconv.Itoa(int(o))
}

// Manifest describes a bundle's contents.
type Manifest struct {
	Name    string
	Version string
	// ABI is the ABI version (MAJOR.MINOR.PATCH) the bundle was built
	// against; a host runs it when the majors match and the host's minor
	// is at least the bundle's.
	ABI string
	// Compiler names the toolchain that built the bundle ("panto 0.1.0").
	Compiler string
	// Stripped tells that the chunks carry no debug information.
	Stripped bool
	// Blobs are sorted by Path, which is unique, slash-separated and
	// relative (fs.ValidPath).
	Blobs []Blob
	// Entries are in activation order.
	Entries []Entry
}

// Blob is one stored file.
type Blob struct {
	Path   string
	Kind   Kind
	Size   int64
	SHA256 [DigestSize]byte
}

// Entry is one extension entry: the chunk evaluated for it and the
// modules its code may require.
type Entry struct {
	Name   string
	Origin Origin
	// Folder is true for a folder-with-init.lua entry.
	Folder bool
	// Main is the blob path of the chunk evaluated for the entry.
	Main string
	// Modules are sorted by Name.
	Modules []Module
}

// Module is one requirable chunk of an entry.
type Module struct {
	Name string // what require() takes: "util", "sub.part", "_std"
	Path string // blob path of the chunk
}

// Blob returns the manifest record of the blob at path, or nil.
func (m *Manifest) Blob(path string) *Blob {
	i, ok := m.find(path)
	if !ok {
		return nil
	}
	return &m.Blobs[i]
}

// find is a binary search: Blobs are sorted by path.
func (m *Manifest) find(path string) (int, bool) {
	lo, hi := 0, len(m.Blobs)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if m.Blobs[mid].Path < path {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < len(m.Blobs) && m.Blobs[lo].Path == path
}
