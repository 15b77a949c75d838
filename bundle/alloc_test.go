package bundle

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"runtime"
	"testing"
)

// allocated returns the bytes allocated while f ran.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestReadAllocationIsBounded reads crafted and mutated bundles whose
// counts and lengths claim far more than the file holds, and wants Read
// to allocate in proportion to the input: a 1 KB file must not make the
// reader reserve gigabytes because a length field says so.
func TestReadAllocationIsBounded(t *testing.T) {
	base := write(t, smallSpec(t))
	bound := func(in []byte) uint64 { return 64*uint64(len(in)) + 64<<10 }
	check := func(what string, in []byte) {
		t.Helper()
		for _, x := range [][]byte{in, reseal(in)} {
			if n := allocated(func() { Read(x, Options{}) }); n > bound(x) {
				t.Fatalf("%s: %d bytes allocated reading %d bytes", what, n, len(x))
			}
		}
	}
	check("valid", base)

	huge := bytes.Clone(base)
	binary.LittleEndian.PutUint64(huge[16:], MaxSize)
	check("huge blob area", huge)

	// The blob count is the varint after the four strings and the flags
	// byte: make it claim 2^62 blobs.
	m := bytes.Clone(base)
	at := HeaderSize
	for range 4 {
		n, k := binary.Uvarint(m[at:])
		at += k + int(n)
	}
	at++ // flags
	m2 := append(append(bytes.Clone(m[:at]), binary.AppendUvarint(nil, 1<<62)...), m[at+1:]...)
	binary.LittleEndian.PutUint32(m2[12:], binary.LittleEndian.Uint32(m[12:])+uint32(len(m2)-len(m)))
	check("2^62 blobs", m2)
	expectError(t, reseal(m2), Options{}, CheckManifest, "blob count 4611686018427387904 exceeds the manifest size")

	// Random mutations, digests repaired so they reach the deep checks.
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		in := bytes.Clone(base)
		for range 1 + r.IntN(4) {
			in[r.IntN(len(in))] = byte(r.UintN(256))
		}
		check("mutation", in)
	}
}
