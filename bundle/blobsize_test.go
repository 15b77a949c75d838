package bundle

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"testing"
)

// withFirstBlobSize returns data with the size its manifest records for
// the first blob replaced by size (a varint, so the manifest may grow or
// shrink: the header's manifest length follows), digests resealed.
func withFirstBlobSize(t *testing.T, data []byte, size uint64) []byte {
	t.Helper()
	at := HeaderSize
	str := func() {
		n, k := binary.Uvarint(data[at:])
		at += k + int(n)
	}
	for range 4 { // name, version, ABI, compiler
		str()
	}
	at++ // flags
	_, k := binary.Uvarint(data[at:])
	at += k // blob count
	str()   // the first blob's path
	at++    // its kind
	return withUvarintAt(data, at, size)
}

// withUvarintAt returns data with the manifest varint at offset at
// replaced by v, the header's manifest length adjusted and the digests
// resealed.
func withUvarintAt(data []byte, at int, v uint64) []byte {
	_, k := binary.Uvarint(data[at:])
	out := append(append(bytes.Clone(data[:at]), binary.AppendUvarint(nil, v)...), data[at+k:]...)
	mlen := int(binary.LittleEndian.Uint32(data[12:])) + len(out) - len(data)
	binary.LittleEndian.PutUint32(out[12:], uint32(mlen))
	return reseal(out)
}

// TestBlobSizeLimit: a manifest recording a blob larger than a bundle
// may be is refused with a message naming the blob, its size and the
// limit, not with a consequence of the size further on; a blob of
// exactly the limit is not refused by the decoder.
func TestBlobSizeLimit(t *testing.T) {
	data := write(t, smallSpec(t))
	if got := withFirstBlobSize(t, data, 0); bytes.Equal(got, data) {
		t.Fatal("the size was not rewritten") // smallSpec's first blob is not empty
	}
	for _, size := range []uint64{MaxSize + 1, 1 << 63, 1<<64 - 1} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			expectError(t, withFirstBlobSize(t, data, size), Options{}, CheckManifest,
				fmt.Sprintf("blob config.toml is %d bytes (limit %d)", size, MaxSize))
		})
	}
	mod := withFirstBlobSize(t, data, MaxSize)
	mlen := binary.LittleEndian.Uint32(mod[12:])
	m, _, err := decodeManifest(mod[HeaderSize : HeaderSize+int(mlen)])
	if err != nil || m.Blobs[0].Path != "config.toml" || m.Blobs[0].Size != MaxSize {
		t.Errorf("a blob of exactly MaxSize: %v", err)
	}
}
