package bundle

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
)

// Spec is what Write needs: the manifest's descriptive fields, the
// entries, and the blob contents. Blob order does not matter; sizes and
// digests are computed here.
type Spec struct {
	Name, Version, ABI, Compiler string
	Stripped                     bool
	Entries                      []Entry
	Blobs                        []Content
	// SignKey signs the bundle when not nil.
	SignKey ed25519.PrivateKey
}

// Content is a blob to store.
type Content struct {
	Path string
	Kind Kind
	Data []byte
}

// Write encodes a bundle. The result depends only on s: blobs are sorted
// by path, there are no timestamps, and ed25519 signatures are
// deterministic, so the same input always gives the same bytes. Write
// refuses what Read would refuse (a bad path, a dangling module), so it
// never produces a bundle that cannot be opened.
func Write(s *Spec) ([]byte, error) {
	m := &Manifest{
		Name: s.Name, Version: s.Version, ABI: s.ABI, Compiler: s.Compiler,
		Stripped: s.Stripped, Entries: s.Entries,
	}
	blobs := slices.Clone(s.Blobs)
	slices.SortFunc(blobs, func(a, b Content) int { return strings.Compare(a.Path, b.Path) })
	var total uint64
	m.Blobs = make([]Blob, len(blobs))
	for i, c := range blobs {
		m.Blobs[i] = Blob{Path: c.Path, Kind: c.Kind, Size: int64(len(c.Data)), SHA256: sha256.Sum256(c.Data)}
		total += uint64(len(c.Data))
	}
	if err := validate(m); err != nil {
		return nil, err
	}
	man := encodeManifest(m)
	if len(man) > MaxManifest {
		return nil, fmt.Errorf("manifest is %d bytes (limit %d)", len(man), MaxManifest)
	}
	size := uint64(HeaderSize) + uint64(len(man)) + total + DigestSize
	var flags uint16
	if s.SignKey != nil {
		if len(s.SignKey) != ed25519.PrivateKeySize {
			return nil, fmt.Errorf("signing key has %d bytes, an ed25519 private key has %d", len(s.SignKey), ed25519.PrivateKeySize)
		}
		flags |= flagSigned
		size += SignatureSize
	}
	if size > MaxSize {
		return nil, fmt.Errorf("bundle would be %d bytes (limit %d)", size, MaxSize)
	}

	out := make([]byte, 0, size)
	out = append(out, Magic...)
	out = binary.LittleEndian.AppendUint16(out, FormatVersion)
	out = binary.LittleEndian.AppendUint16(out, flags)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(man)))
	out = binary.LittleEndian.AppendUint64(out, total)
	out = append(out, man...)
	digest := sha256.Sum256(out) // covers the blobs through their digests in the manifest
	for _, c := range blobs {
		out = append(out, c.Data...)
	}
	out = append(out, digest[:]...)
	if s.SignKey != nil {
		out = append(out, s.SignKey.Public().(ed25519.PublicKey)...)
		out = append(out, ed25519.Sign(s.SignKey, signedMessage(digest))...)
	}
	return out, nil
}

// signedMessage is what a signature covers: a fixed context string and
// the bundle digest (which covers the header and the manifest, and
// through the manifest's blob digests every blob).
func signedMessage(digest [DigestSize]byte) []byte {
	return append([]byte(signatureContext), digest[:]...)
}
