package bundle

import (
	"encoding/binary"
	"fmt"
	"io/fs"
	"strings"
	"unicode/utf8"

	"panto/extension/abi"
)

// The manifest encoding (docs/bundle-format.md). Counts, sizes and
// indexes are unsigned varints (LEB128); a string is its length as a
// varint followed by its bytes; flags and kinds are single bytes.
//
//	manifest := name version abi compiler flags:byte
//	            count blob*  count entry*
//	blob     := path kind:byte size sha256:[32]byte
//	entry    := name origin:byte flags:byte main:index count module*
//	module   := name index
//
// Entries refer to chunks by blob index rather than by path: the index is
// range-checked once and cannot name a blob that is not there.

const (
	manifestStripped = 1 // manifest flags bit 0
	entryFolder      = 1 // entry flags bit 0
)

// Limits on names, far above anything real and low enough that no
// message or file name built from them is unreasonable.
const (
	maxName = 255  // bundle, entry and module names, version, compiler
	maxPath = 4096 // blob paths
)

// Minimum encoded sizes, which bound a count by the bytes left before
// anything is allocated.
const (
	minBlobSize   = 1 + 1 + 1 + DigestSize // empty path, kind, size, hash
	minEntrySize  = 5                      // name, origin, flags, main, count
	minModuleSize = 2                      // name, index
)

func encodeManifest(m *Manifest) []byte {
	index := make(map[string]int, len(m.Blobs))
	for i, b := range m.Blobs {
		index[b.Path] = i
	}
	var e []byte
	str := func(s string) {
		e = binary.AppendUvarint(e, uint64(len(s)))
		e = append(e, s...)
	}
	str(m.Name)
	str(m.Version)
	str(m.ABI)
	str(m.Compiler)
	var flags byte
	if m.Stripped {
		flags |= manifestStripped
	}
	e = append(e, flags)
	e = binary.AppendUvarint(e, uint64(len(m.Blobs)))
	for _, b := range m.Blobs {
		str(b.Path)
		e = append(e, byte(b.Kind))
		e = binary.AppendUvarint(e, uint64(b.Size))
		e = append(e, b.SHA256[:]...)
	}
	e = binary.AppendUvarint(e, uint64(len(m.Entries)))
	for _, en := range m.Entries {
		str(en.Name)
		e = append(e, byte(en.Origin))
		var f byte
		if en.Folder {
			f |= entryFolder
		}
		e = append(e, f)
		e = binary.AppendUvarint(e, uint64(index[en.Main]))
		e = binary.AppendUvarint(e, uint64(len(en.Modules)))
		for _, mod := range en.Modules {
			str(mod.Name)
			e = binary.AppendUvarint(e, uint64(index[mod.Path]))
		}
	}
	return e
}

// manifestFailure carries a decoding error up to decodeManifest, which
// recovers it; checks sit deep in the reading helpers.
type manifestFailure string

type manifestDecoder struct {
	data []byte
	pos  int
	// hashAt records where each blob's digest sits in the manifest, so
	// the fuzz tests can repair digests and reach the checks behind them.
	hashAt []int
}

func (d *manifestDecoder) fail(format string, a ...any) {
	panic(manifestFailure(fmt.Sprintf(format, a...)))
}

func (d *manifestDecoder) left() int { return len(d.data) - d.pos }

func (d *manifestDecoder) take(n int, what string) []byte {
	if n > d.left() {
		d.fail("%s runs past the end of the manifest", what)
	}
	b := d.data[d.pos : d.pos+n]
	d.pos += n
	return b
}

func (d *manifestDecoder) byte(what string) byte { return d.take(1, what)[0] }

func (d *manifestDecoder) uvarint(what string) uint64 {
	v, n := binary.Uvarint(d.data[d.pos:])
	if n == 0 {
		d.fail("%s runs past the end of the manifest", what)
	}
	if n < 0 {
		d.fail("%s overflows 64 bits", what)
	}
	d.pos += n
	return v
}

// count reads a list length, refusing one the rest of the manifest cannot
// hold at size bytes per item.
func (d *manifestDecoder) count(size int, what string) int {
	v := d.uvarint(what + " count")
	if v > uint64(d.left()/size) {
		d.fail("%s count %d exceeds the manifest size", what, v)
	}
	return int(v)
}

func (d *manifestDecoder) str(limit int, what string) string {
	n := d.uvarint(what + " length")
	if n > uint64(limit) {
		d.fail("%s is %d bytes long (limit %d)", what, n, limit)
	}
	return string(d.take(int(n), what))
}

// index reads a blob index; what and name say whose, for the message
// (kept apart so that the common case builds no string).
func (d *manifestDecoder) index(nblobs int, what, name string) int {
	v := d.uvarint("blob index")
	if v >= uint64(nblobs) {
		d.fail("%s %s refers to blob %d of %d", what, name, v, nblobs)
	}
	return int(v)
}

// decodeManifest parses a manifest. It checks the encoding only; validate
// checks the meaning.
func decodeManifest(data []byte) (m *Manifest, hashAt []int, err error) {
	d := &manifestDecoder{data: data}
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(manifestFailure)
			if !ok {
				panic(r)
			}
			m, hashAt, err = nil, d.hashAt, fmt.Errorf("%s", string(f))
		}
	}()
	m = &Manifest{}
	m.Name = d.str(maxName, "bundle name")
	m.Version = d.str(maxName, "bundle version")
	m.ABI = d.str(maxName, "ABI version")
	m.Compiler = d.str(maxName, "compiler version")
	flags := d.byte("flags")
	if flags&^manifestStripped != 0 {
		d.fail("unknown manifest flags 0x%02x", flags)
	}
	m.Stripped = flags&manifestStripped != 0

	if n := d.count(minBlobSize, "blob"); n > 0 {
		m.Blobs = make([]Blob, n)
		d.hashAt = make([]int, n)
		for i := range m.Blobs {
			b := &m.Blobs[i]
			b.Path = d.str(maxPath, "blob path")
			b.Kind = Kind(d.byte("blob kind"))
			size := d.uvarint("blob size")
			if size > MaxSize {
				d.fail("blob %s is %d bytes (limit %d)", b.Path, size, MaxSize)
			}
			b.Size = int64(size)
			d.hashAt[i] = d.pos
			copy(b.SHA256[:], d.take(DigestSize, "blob digest"))
		}
	}
	if n := d.count(minEntrySize, "entry"); n > 0 {
		m.Entries = make([]Entry, n)
		for i := range m.Entries {
			e := &m.Entries[i]
			e.Name = d.str(maxName, "entry name")
			e.Origin = Origin(d.byte("entry origin"))
			f := d.byte("entry flags")
			if f&^entryFolder != 0 {
				d.fail("entry %s: unknown flags 0x%02x", e.Name, f)
			}
			e.Folder = f&entryFolder != 0
			e.Main = m.Blobs[d.index(len(m.Blobs), "the main chunk of entry", e.Name)].Path
			if k := d.count(minModuleSize, "module"); k > 0 {
				e.Modules = make([]Module, k)
				for j := range e.Modules {
					mod := &e.Modules[j]
					mod.Name = d.str(maxName, "module name")
					mod.Path = m.Blobs[d.index(len(m.Blobs), "module", mod.Name)].Path
				}
			}
		}
	}
	if d.left() != 0 {
		d.fail("%d bytes after the manifest's last entry", d.left())
	}
	return m, d.hashAt, nil
}

// validate checks what a correct writer guarantees: Write runs it before
// writing anything and Read after decoding, so one definition of "well
// formed" serves both. Paths matter most: they become file names when
// resources are extracted, so none may climb out of the folder, and none
// may be both a file and a folder.
func validate(m *Manifest) error {
	if err := checkName(m.Name, "bundle name"); err != nil {
		return err
	}
	if strings.ContainsAny(m.Name, `/\`) || m.Name == "." || m.Name == ".." {
		return fmt.Errorf("bundle name %q is not usable as a file name", m.Name)
	}
	if err := checkName(m.Version, "bundle version"); err != nil {
		return err
	}
	if _, err := abi.ParseVersion(m.ABI); err != nil {
		return err
	}
	if err := checkText(m.Compiler, "compiler version"); err != nil {
		return err
	}
	dirs := map[string]bool{}
	configs := 0
	for i, b := range m.Blobs {
		if err := checkPath(b.Path); err != nil {
			return err
		}
		if i > 0 && m.Blobs[i-1].Path >= b.Path {
			if m.Blobs[i-1].Path == b.Path {
				return fmt.Errorf("blob %s appears twice", b.Path)
			}
			return fmt.Errorf("blobs are not sorted: %s after %s", b.Path, m.Blobs[i-1].Path)
		}
		switch b.Kind {
		case KindChunk, KindResource:
		case KindConfig:
			if configs++; configs > 1 {
				return fmt.Errorf("blob %s: a bundle carries at most one config", b.Path)
			}
		default:
			return fmt.Errorf("blob %s: unknown kind %d", b.Path, b.Kind)
		}
		if b.Size < 0 || b.Size > MaxSize {
			return fmt.Errorf("blob %s: size %d out of range", b.Path, b.Size)
		}
		for j := strings.IndexByte(b.Path, '/'); j >= 0; j = next(b.Path, j) {
			dirs[b.Path[:j]] = true
		}
	}
	for _, b := range m.Blobs {
		if dirs[b.Path] {
			return fmt.Errorf("blob %s is both a file and a folder", b.Path)
		}
	}
	names := make(map[string]bool, len(m.Entries))
	for _, e := range m.Entries {
		if err := checkName(e.Name, "entry name"); err != nil {
			return err
		}
		if names[e.Name] {
			return fmt.Errorf("entry %s appears twice", e.Name)
		}
		names[e.Name] = true
		if e.Origin > Rock {
			return fmt.Errorf("entry %s: unknown origin %d", e.Name, e.Origin)
		}
		if b := m.Blob(e.Main); b == nil || b.Kind != KindChunk {
			return fmt.Errorf("entry %s: main %s is not a chunk of the bundle", e.Name, e.Main)
		}
		for j, mod := range e.Modules {
			if err := checkName(mod.Name, "module name"); err != nil {
				return fmt.Errorf("entry %s: %v", e.Name, err)
			}
			if j > 0 && e.Modules[j-1].Name >= mod.Name {
				return fmt.Errorf("entry %s: modules not sorted or repeated at %s", e.Name, mod.Name)
			}
			if b := m.Blob(mod.Path); b == nil || b.Kind != KindChunk {
				return fmt.Errorf("entry %s: module %s (%s) is not a chunk of the bundle", e.Name, mod.Name, mod.Path)
			}
		}
	}
	return nil
}

func next(s string, j int) int {
	k := strings.IndexByte(s[j+1:], '/')
	if k < 0 {
		return -1
	}
	return j + 1 + k
}

// checkText accepts printable UTF-8 up to maxName bytes.
func checkText(s, what string) error {
	if len(s) > maxName {
		return fmt.Errorf("%s is %d bytes long (limit %d)", what, len(s), maxName)
	}
	if !utf8.ValidString(s) {
		return fmt.Errorf("%s %q is not valid UTF-8", what, s)
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return fmt.Errorf("%s %q contains a control character", what, s)
		}
	}
	return nil
}

func checkName(s, what string) error {
	if s == "" {
		return fmt.Errorf("%s is empty", what)
	}
	return checkText(s, what)
}

// checkPath accepts what fs.ValidPath accepts (slash-separated, relative,
// no "." or ".." elements, no empty elements) minus backslashes and
// control characters, which would name different files on different
// systems.
func checkPath(p string) error {
	switch {
	case len(p) > maxPath:
		return fmt.Errorf("blob path %.40q... is %d bytes long (limit %d)", p, len(p), maxPath)
	case !fs.ValidPath(p) || p == ".":
		return fmt.Errorf("blob path %q is not a clean relative path", p)
	case strings.ContainsRune(p, '\\'):
		return fmt.Errorf("blob path %q contains a backslash", p)
	}
	for _, r := range p {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			return fmt.Errorf("blob path %q contains a control character or invalid UTF-8", p)
		}
	}
	return nil
}
