package bundle

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"strings"
	"unsafe"

	"panto/bytecode"
	"panto/diag"
	"panto/extension/abi"
)

// Options are the reader's choices.
type Options struct {
	// Trust, when set, is the one key the bundle must be signed with: an
	// unsigned bundle, or one signed by another key, is refused. When nil
	// a signature is optional, but a bundle that carries one must carry a
	// valid one.
	Trust ed25519.PublicKey
	// HostABI is the ABI version to check compatibility against; "" is
	// the ABI this binary implements (abi.Version). Tests set it.
	HostABI string
	// CheckDebug decodes and checks every chunk's debug information (line
	// info, local and upvalue names) before returning, as panto verify
	// does. Otherwise it is decoded when first needed (bytecode.Decoder's
	// Lazy): the digests already ensure it is what panto build wrote, and
	// a host rarely reads it.
	CheckDebug bool
}

// Bundle is a read bundle. Its blobs are slices of the bytes it was read
// from, which must not change afterwards. (A bundle from Open owns its
// bytes, and its prototypes' strings share them: the slices Chunk.Data,
// Data and Config return are read-only.)
type Bundle struct {
	Manifest
	// Digest is the SHA-256 of the header and manifest, which hold every
	// blob's SHA-256: it commits to the whole bundle, and
	// identifies the contents, signed or not.
	Digest [DigestSize]byte
	// Signer is the key that signed the bundle, nil when unsigned. After
	// Read it has been verified; after ReadManifest it has not.
	Signer ed25519.PublicKey
	// Size is the file size in bytes.
	Size int64

	data    []byte
	offsets []int // where each blob starts in data, by manifest index
	chunks  map[string]*Chunk
}

// Chunk is a verified compiled file.
type Chunk struct {
	// Path is the blob path ("extensions/x/init.lua").
	Path string
	// Name is the chunk name ("@extensions/x/init.lua"), the Source of
	// every prototype in it.
	Name string
	// Proto is the decoded and verified main function.
	Proto *bytecode.Proto
	// Data is the encoded chunk as stored in the bundle; read-only (see
	// Bundle).
	Data []byte
	// named tells that the stored chunk had no source name (it was
	// stripped) and Read gave its prototypes Name.
	named bool
}

// Open reads and checks a bundle file (see Read).
func Open(path string, o Options) (*Bundle, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	return read(data, o, true)
}

// ReadFile reads a bundle file's bytes, refusing more than MaxSize, so a
// huge (or endless, like a device) file costs a bounded amount of memory.
// It stops after the magic when that is wrong, so `panto verify
// /dev/zero` answers at once. Errors are *Error.
func ReadFile(path string) ([]byte, error) {
	f, err := openFile(path)
	if err != nil {
		return nil, &Error{Check: CheckIO, Msg: "cannot read bundle: " + shortErr(err)}
	}
	defer f.Close()
	var size int64
	if fi, err := f.Stat(); err == nil {
		switch {
		case fi.IsDir():
			return nil, &Error{Check: CheckIO, Msg: "cannot read bundle: is a folder"}
		case fi.Mode().IsRegular() && fi.Size() > MaxSize:
			return nil, errorf(CheckFormat, "bundle is larger than %d bytes", MaxSize)
		case fi.Mode().IsRegular():
			size = fi.Size()
		}
	}
	// Sized from Stat, so reading costs one allocation; the limit holds
	// even if the file grows meanwhile. The one spare byte lets the read
	// that finds the end of an unchanged file do so without growing the
	// buffer (os.ReadFile's 512 would push a file just under 32 KB into
	// the next size class).
	data := make([]byte, 0, size+1)
	for len(data) <= MaxSize {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):min(cap(data), MaxSize+1)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, &Error{Check: CheckIO, Msg: "cannot read bundle: " + shortErr(err)}
		}
		if k := min(len(data), len(Magic)); string(data[:k]) != Magic[:k] {
			break // not a bundle: Read says so from what was read
		}
	}
	if len(data) > MaxSize {
		return nil, errorf(CheckFormat, "bundle is larger than %d bytes", MaxSize)
	}
	return data, nil
}

func shortErr(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Read checks a bundle and returns it, in this order: the magic and the
// format version; the length the header announces; the manifest's
// structure; every blob's digest, then the bundle digest; the signature;
// ABI compatibility; and the bytecode of every chunk, which is decoded and
// verified. Errors are *Error and say which check failed.
//
// Chunks built with --strip carry no source name; Read gives their
// prototypes the chunk name from the manifest, so a host can still tell
// which extension is running (require's attribution needs it).
func Read(data []byte, o Options) (*Bundle, error) {
	return read(data, o, false)
}

// read is Read; owned tells that data is the bundle's own buffer, which
// nothing else can write (Open's), so that the prototypes' strings may
// share it instead of a copy (see decodeChunks).
func read(data []byte, o Options, owned bool) (*Bundle, error) {
	b, err := ReadManifest(data)
	if err != nil {
		return nil, err
	}
	if err := b.checkSignature(data, o.Trust); err != nil {
		return nil, err
	}
	host := o.HostABI
	if host == "" {
		host = abi.Version
	}
	if err := abi.CompatibleWith(host, b.ABI); err != nil {
		return nil, errorf(CheckABI, "incompatible ABI: %v", err)
	}
	if err := b.decodeChunks(owned, o); err != nil {
		return nil, err
	}
	return b, nil
}

// ReadManifest checks a bundle's framing and integrity — magic, format
// version, length, digests, manifest structure — but not its signature,
// ABI or bytecode, and decodes no chunk. It is for tools that describe a
// bundle (panto inspect shows the manifest of a bundle this host cannot
// run); never run what it returns.
func ReadManifest(data []byte) (*Bundle, error) {
	if len(data) > MaxSize {
		return nil, errorf(CheckFormat, "bundle is larger than %d bytes", MaxSize)
	}
	if len(data) < HeaderSize {
		n := min(len(data), len(Magic))
		switch {
		case len(data) == 0:
			return nil, errorf(CheckTruncated, "truncated: empty file")
		case string(data[:n]) != Magic[:n]:
			return nil, errorf(CheckMagic, "not a panto bundle (bad magic)")
		}
		return nil, errorf(CheckTruncated, "truncated: %d bytes, shorter than the %d-byte header", len(data), HeaderSize)
	}
	if string(data[:len(Magic)]) != Magic {
		return nil, errorf(CheckMagic, "not a panto bundle (bad magic)")
	}
	h := data[len(Magic):HeaderSize]
	version := binary.LittleEndian.Uint16(h[0:])
	flags := binary.LittleEndian.Uint16(h[2:])
	mlen := uint64(binary.LittleEndian.Uint32(h[4:]))
	blen := binary.LittleEndian.Uint64(h[8:])
	if version != FormatVersion {
		return nil, errorf(CheckFormat, "unknown format version %d (this panto reads format %d)", version, FormatVersion)
	}
	if flags&^flagSigned != 0 {
		return nil, errorf(CheckFormat, "unknown header flags 0x%04x (format %d defines only bit 0, signed)", flags, FormatVersion)
	}
	// The lengths are checked against the limits before they are added,
	// so the sum cannot overflow.
	if mlen > MaxManifest || blen > MaxSize {
		if blen <= uint64(len(data)) && mlen <= uint64(len(data))-blen {
			return nil, errorf(CheckFormat, "a %d-byte manifest and %d bytes of blobs exceed the format's limits", mlen, blen)
		}
		return nil, errorf(CheckTruncated, "truncated: the header announces a %d-byte manifest and %d bytes of blobs, the file has %d bytes", mlen, blen, len(data))
	}
	bodyEnd := uint64(HeaderSize) + mlen + blen
	want := bodyEnd + DigestSize
	if flags&flagSigned != 0 {
		want += SignatureSize
	}
	switch {
	case uint64(len(data)) < want:
		return nil, errorf(CheckTruncated, "truncated: the header announces %d bytes, the file has %d", want, len(data))
	case uint64(len(data)) > want:
		return nil, errorf(CheckTampered, "tampered: %d bytes after the end of the bundle", uint64(len(data))-want)
	}

	b := &Bundle{Size: int64(len(data)), data: data}
	// The digest covers the header and the manifest; the manifest holds
	// each blob's SHA-256, so the digest commits to every byte while each
	// byte is hashed once.
	b.Digest = sha256.Sum256(data[:HeaderSize+mlen])
	digestOK := bytes.Equal(b.Digest[:], data[bodyEnd:bodyEnd+DigestSize])

	m, _, err := decodeManifest(data[HeaderSize : HeaderSize+mlen])
	if err == nil {
		err = validate(m)
	}
	if err == nil {
		err = b.layout(m, HeaderSize+int(mlen), blen)
	}
	if err != nil {
		if !digestOK {
			return nil, errorf(CheckTampered, "tampered: bundle digest mismatch (manifest damaged: %v)", err)
		}
		return nil, errorf(CheckManifest, "invalid manifest: %v", err)
	}
	b.Manifest = *m
	// Blob digests first: when a blob was changed they name it, where
	// the bundle digest could only say that something changed.
	for i, bl := range m.Blobs {
		if sha256.Sum256(b.blob(i)) != bl.SHA256 {
			return nil, errorf(CheckTampered, "tampered: blob %s hash mismatch", bl.Path)
		}
	}
	if !digestOK {
		return nil, errorf(CheckTampered, "tampered: bundle digest mismatch (header, manifest or digest changed)")
	}
	if flags&flagSigned != 0 {
		b.Signer = ed25519.PublicKey(bytes.Clone(data[want-SignatureSize : want-ed25519.SignatureSize]))
	}
	return b, nil
}

// layout finds each blob's offset: blobs follow the manifest in
// manifest order, and their sizes must add up to the blob area exactly.
func (b *Bundle) layout(m *Manifest, start int, blen uint64) error {
	b.offsets = make([]int, len(m.Blobs))
	var off uint64
	for i, bl := range m.Blobs {
		b.offsets[i] = start + int(off)
		off += uint64(bl.Size)
		if off > blen {
			return errors.New("blob sizes exceed the blob area")
		}
	}
	if off != blen {
		return errors.New("blob sizes do not add up to the blob area")
	}
	return nil
}

// blob returns the bytes of blob i.
func (b *Bundle) blob(i int) []byte {
	off := b.offsets[i]
	return b.data[off : off+int(b.Blobs[i].Size)]
}

func (b *Bundle) checkSignature(data []byte, trust ed25519.PublicKey) error {
	if b.Signer == nil {
		if trust != nil {
			return errorf(CheckSignature, "not signed, but a signature by key %s is required", Fingerprint(trust))
		}
		return nil
	}
	sig := data[len(data)-ed25519.SignatureSize:]
	if trust != nil && !bytes.Equal(trust, b.Signer) {
		return errorf(CheckSignature, "signed by key %s, not by the trusted key %s", Fingerprint(b.Signer), Fingerprint(trust))
	}
	if !ed25519.Verify(b.Signer, signedMessage(b.Digest), sig) {
		return errorf(CheckSignature, "bad signature (claimed signer %s)", Fingerprint(b.Signer))
	}
	return nil
}

// decodeChunks decodes and verifies every chunk, in blob order, so the
// error reported is that of the first bad chunk. (Decoding on several
// cores was tried: on a busy machine it cost more CPU than it saved wall
// time, and bundles are small.)
//
// The prototypes' strings (constants, names) are substrings of one
// string holding the chunks (bytecode.DecodeString) rather than a copy
// each. When the bundle owns its buffer (Open), that string is the
// buffer itself: nothing writes to it, and Chunk.Data and Data, which
// hand it out, say not to. A caller's buffer (Read) may be written
// afterwards, so the chunks are copied once, into one string.
func (b *Bundle) decodeChunks(owned bool, o Options) error {
	b.chunks = make(map[string]*Chunk, len(b.Blobs))
	var area string // holds every chunk
	if owned {
		area = unsafe.String(unsafe.SliceData(b.data), len(b.data))
	} else {
		total := 0
		for _, bl := range b.Blobs {
			if bl.Kind == KindChunk {
				total += int(bl.Size)
			}
		}
		var sb strings.Builder
		sb.Grow(total)
		for i, bl := range b.Blobs {
			if bl.Kind == KindChunk {
				sb.Write(b.blob(i))
			}
		}
		area = sb.String()
	}
	dec := bytecode.Decoder{Lazy: true}
	off := 0 // where the next chunk starts in area
	for i, bl := range b.Blobs {
		if bl.Kind != KindChunk {
			continue
		}
		if owned {
			off = b.offsets[i]
		}
		dec.Reserve(area[off : off+int(bl.Size)])
		off += int(bl.Size)
	}
	off = 0
	for i, bl := range b.Blobs {
		if bl.Kind != KindChunk {
			continue
		}
		data := b.blob(i)
		if owned {
			off = b.offsets[i]
		}
		p, err := dec.DecodeString(area[off : off+len(data)])
		off += len(data)
		if err != nil {
			return errorf(CheckBytecode, "bytecode verification failed in %s: %v", bl.Path, err)
		}
		if o.CheckDebug {
			if err := bytecode.CheckDebug(p); err != nil {
				return errorf(CheckBytecode, "bytecode verification failed in %s: debug information: %v", bl.Path, err)
			}
		}
		c := &Chunk{Path: bl.Path, Name: diag.ChunkName(bl.Path), Proto: p, Data: data}
		if p.Source == bytecode.NoSource {
			setSource(p, c.Name)
			c.named = true
		}
		b.chunks[bl.Path] = c
	}
	return nil
}

func setSource(p *bytecode.Proto, name string) {
	p.Source = name
	for _, sub := range p.Protos {
		if sub.Source == bytecode.NoSource {
			setSource(sub, name)
		}
	}
}

// Chunk returns the verified chunk at a blob path, or nil (also for a
// bundle from ReadManifest, whose chunks are not decoded).
func (b *Bundle) Chunk(path string) *Chunk { return b.chunks[path] }

// Data returns the stored bytes of the blob at path, or nil. They are
// the bundle's own: read-only (see Bundle).
func (b *Bundle) Data(path string) []byte {
	i, ok := b.find(path)
	if !ok {
		return nil
	}
	return b.blob(i)
}

// Resources returns the resource blobs, sorted by path.
func (b *Bundle) Resources() []Blob {
	var out []Blob
	for _, bl := range b.Blobs {
		if bl.Kind == KindResource {
			out = append(out, bl)
		}
	}
	return out
}

// Config returns the carried config.toml and its blob path, or nil.
func (b *Bundle) Config() (path string, data []byte) {
	for i, bl := range b.Blobs {
		if bl.Kind == KindConfig {
			return bl.Path, b.blob(i)
		}
	}
	return "", nil
}

// DigestHex is the bundle digest in hexadecimal, the name of its
// resource folder.
func (b *Bundle) DigestHex() string { return hex.EncodeToString(b.Digest[:]) }
