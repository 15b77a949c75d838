package bytecode

import (
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"
)

// FormatError reports bytes that are not a valid panto chunk, or a
// prototype the verifier refuses. Its text follows the reference's
// "bad binary format (reason)"; loaders prefix the chunk name.
type FormatError struct {
	// Msg says what is wrong and where: "truncated chunk",
	// "function at line 12: instruction 7 (GETFIELD): constant 40 out of
	// range".
	Msg string
}

func (e *FormatError) Error() string { return "bad binary format (" + e.Msg + ")" }

// Limits of the format. They are far above what the compiler produces and
// exist so that crafted chunks cannot make the loader or the verifier
// recurse without bound.
const (
	// MaxNesting bounds how deeply prototypes nest. The parser's own
	// nesting limit (200 levels of syntax) keeps real programs well below.
	MaxNesting = 200
	// MaxUpvalues is the most upvalues a function may have (as in the
	// reference: upvalue indexes are one byte).
	MaxUpvalues = 255
)

// Minimum encoded sizes, used to bound counts by the bytes that are left
// before anything is allocated: a count that cannot fit in the rest of the
// chunk is refused, so a crafted length of 2^60 costs nothing.
const (
	minConstSize  = 1  // tag
	minUpvalSize  = 3  // instack, index, kind
	minLocVarSize = 3  // empty name, startpc, endpc
	minNameSize   = 1  // empty string
	minLineSize   = 1  // one-byte delta
	minProtoSize  = 11 // every field present and empty
)

// Decode parses a binary chunk produced by Encode and verifies it (see
// Verify): the prototype it returns can be run by the VM whatever the
// bytes were. Errors are *FormatError.
//
// The prototype does not refer to data, so the caller may reuse it: the
// strings are cut from one copy of the chunk (see DecodeString).
func Decode(data []byte) (*Proto, error) {
	// One copy for all the strings instead of one per string: a chunk
	// holds hundreds (constants, local and upvalue names).
	return decode(string(data))
}

// DecodeString is Decode for a chunk held in a string. The prototype's
// strings (source names, string constants, local and upvalue names) are
// substrings of s, not copies, so nothing of the chunk is copied but its
// code and numbers; in exchange the prototype keeps all of s alive. It is
// for callers that hold the chunk immutably anyway, like the bundle
// reader.
func DecodeString(s string) (*Proto, error) {
	return decode(s)
}

func decode(s string) (*Proto, error) {
	var d decoder
	return d.decode(s, true)
}

// A Decoder decodes the chunks of a set (a bundle) into allocations
// shared by all of them: Reserve each chunk, then DecodeString them. A
// chunk decodes as with DecodeString whether or not it was reserved;
// reserving only saves allocations.
type Decoder struct {
	// Lazy defers each function's debug information (line info, local
	// and upvalue names) to its first use (Proto.LoadDebug): loading
	// skips those bytes, which are a third of a chunk and are read only
	// for error messages, tracebacks and the debug library. A section that
	// proves malformed then is dropped, as if stripped; the rest of the
	// chunk is decoded and verified as without Lazy.
	Lazy     bool
	reserved sizes
	d        decoder
}

// Reserve counts what s will need, for DecodeString to allocate at once
// with the other chunks reserved.
func (dec *Decoder) Reserve(s string) {
	if len(s) >= HeaderSize {
		n := sizeChunk(s[HeaderSize:], dec.Lazy)
		r := &dec.reserved
		r.protos += n.protos
		r.code += n.code
		r.consts += n.consts
		r.upvals += n.upvals
		r.kids += n.kids
		r.lines += n.lines
		r.locs += n.locs
	}
}

// DecodeString is DecodeString, taking what the chunk needs from what was
// reserved.
func (dec *Decoder) DecodeString(s string) (*Proto, error) {
	if dec.reserved != (sizes{}) {
		dec.d.alloc(dec.reserved)
		dec.reserved = sizes{}
	}
	dec.d.lazy = dec.Lazy
	return dec.d.decode(s, false)
}

func (d *decoder) decode(s string, size bool) (p *Proto, err error) {
	d.s, d.pos, d.cur, d.main = s, 0, nil, nil
	defer func() {
		if r := recover(); r != nil {
			fe, ok := r.(decodeFailure)
			if !ok {
				panic(r)
			}
			p, err = nil, &FormatError{Msg: string(fe)}
		}
	}()
	d.header()
	if size {
		d.alloc(sizeChunk(s[d.pos:], d.lazy))
	}
	p = d.proto(nil, 0)
	if d.pos != len(d.s) {
		d.fail("%d extra bytes after the chunk", len(d.s)-d.pos)
	}
	if err := Verify(p); err != nil {
		return nil, err
	}
	return p, nil
}

// decodeFailure is the panic payload that carries a decoding error up to
// Decode: checks sit deep in the reading helpers, and unwinding is simpler
// than threading an error through each of them.
type decodeFailure string

// The decoder takes the items of every function from one slab per kind,
// sized by a first pass over the chunk (sizeChunk): a chunk costs a
// handful of allocations whatever its number of functions, instead of a
// few per function, and nothing is copied twice.
type decoder struct {
	s   string
	pos int
	// cur is the function being read, for messages, nil outside any;
	// main is the main function. The name of cur is made only when a
	// message needs it.
	cur, main *Proto
	// lazy keeps debug sections for Proto.LoadDebug.
	lazy bool

	protos []Proto
	code   []Instruction
	consts []Constant
	upvals []UpvalDesc
	kids   []*Proto
	lines  []int32
	locs   []LocVar
}

// littleEndian tells that instructions are laid out in memory as in a
// chunk, so that decoding the code is a copy.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// sizes counts the items of a chunk, all functions together.
type sizes struct {
	protos, code, consts, upvals, kids, lines, locs int
}

func (d *decoder) alloc(n sizes) {
	d.protos = make([]Proto, 0, n.protos)
	d.code = make([]Instruction, 0, n.code)
	d.consts = make([]Constant, 0, n.consts)
	d.upvals = make([]UpvalDesc, 0, n.upvals)
	d.kids = make([]*Proto, 0, n.kids)
	d.lines = make([]int32, 0, n.lines)
	d.locs = make([]LocVar, 0, n.locs)
}

// take returns the next n items of a slab, with no capacity beyond them
// so that appending to one function's list never writes into another's.
// The slabs hold exactly what sizeChunk counted; should the chunk differ
// from what it counted (sizeChunk stops at the first thing it does not
// understand, and then the decoder refuses the chunk anyway), the items
// get an array of their own.
func take[T any](slab *[]T, n int) []T {
	s := *slab
	if n > cap(s)-len(s) {
		return make([]T, n)
	}
	*slab = s[:len(s)+n]
	return s[len(s) : len(s)+n : len(s)+n]
}

func (d *decoder) newProto() *Proto {
	if len(d.protos) == cap(d.protos) {
		return new(Proto)
	}
	d.protos = d.protos[:len(d.protos)+1]
	return &d.protos[len(d.protos)-1]
}

// where names the function being read, for messages: "main function" or
// "function at line N", as the compiler's limit errors do; "" outside
// any function.
func (d *decoder) where() string {
	if d.cur == nil {
		return ""
	}
	return funcName(d.cur.LineDefined, d.cur == d.main)
}

func (d *decoder) fail(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if w := d.where(); w != "" {
		msg = w + ": " + msg
	}
	panic(decodeFailure(msg))
}

func (d *decoder) truncated() {
	panic(decodeFailure("truncated chunk"))
}

func (d *decoder) left() int { return len(d.s) - d.pos }

// next returns the next n bytes, a substring of the chunk: no copy.
func (d *decoder) next(n int) string {
	if n > d.left() {
		d.truncated()
	}
	b := d.s[d.pos : d.pos+n]
	d.pos += n
	return b
}

func (d *decoder) byte() byte {
	if d.pos >= len(d.s) {
		d.truncated()
	}
	b := d.s[d.pos]
	d.pos++
	return b
}

func (d *decoder) u64() uint64 {
	b := d.next(8)
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// uvarint reads an unsigned LEB128 varint exactly as binary.Uvarint does
// (which takes a []byte: the chunk is a string here). Nearly every varint
// of a chunk is one byte: that case is inlined.
func (d *decoder) uvarint() uint64 {
	if pos := d.pos; uint(pos) < uint(len(d.s)) && d.s[pos] < 0x80 {
		d.pos = pos + 1
		return uint64(d.s[pos])
	}
	return d.longUvarint()
}

func (d *decoder) longUvarint() uint64 {
	var x uint64
	var s uint
	for i := 0; ; i++ {
		if d.pos+i >= len(d.s) {
			d.truncated()
		}
		if i == 10 { // binary.MaxVarintLen64
			d.fail("varint overflows 64 bits")
		}
		b := d.s[d.pos+i]
		if b < 0x80 {
			if i == 9 && b > 1 {
				d.fail("varint overflows 64 bits")
			}
			d.pos += i + 1
			return x | uint64(b)<<s
		}
		x |= uint64(b&0x7f) << s
		s += 7
	}
}

// varint reads a zigzag signed varint, as binary.Varint does.
func (d *decoder) varint() int64 {
	ux := d.uvarint()
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x
}

// count reads the number of items of a list whose items take at least
// size bytes each, refusing counts the rest of the chunk cannot hold.
// what is a constant: nothing is built unless the count is refused.
func (d *decoder) count(size int, what string) int {
	v := d.uvarint()
	d.fits(v, size, what)
	return int(v)
}

// fits refuses n items of at least size bytes each when the rest of the
// chunk cannot hold them. A cut file and a crafted count look the same
// from here: the message says the first, with what was declared for the
// second.
func (d *decoder) fits(n uint64, size int, what string) {
	if n > uint64(d.left()/size) {
		d.tooMany(n, what)
	}
}

//go:noinline
func (d *decoder) tooMany(n uint64, what string) {
	where := ""
	if w := d.where(); w != "" {
		where = w + " "
	}
	panic(decodeFailure(fmt.Sprintf("truncated chunk: %sdeclares %d %s, %d bytes left", where, n, what, d.left())))
}

// str reads a length-prefixed string; what names its bytes in messages
// ("string constant bytes").
func (d *decoder) str(what string) string {
	// A length under 128 is one byte: nearly every name and constant.
	if pos := d.pos; pos < len(d.s) {
		if n := int(d.s[pos]); n < 0x80 && n < len(d.s)-pos {
			d.pos = pos + 1 + n
			return d.s[pos+1 : pos+1+n]
		}
	}
	return d.next(d.count(1, what))
}

func (d *decoder) int32(what string) int32 {
	v := d.varint()
	if v < math.MinInt32 || v > math.MaxInt32 {
		d.fail("%s %d out of range", what, v)
	}
	return int32(v)
}

// pc reads a local variable's pc bound, written as a uint32.
func (d *decoder) pc() int32 {
	if pos := d.pos; pos < len(d.s) && d.s[pos] < 0x80 {
		d.pos = pos + 1
		return int32(d.s[pos])
	}
	v := d.uvarint()
	if v > math.MaxUint32 {
		d.fail("local variable pc %d out of range", v)
	}
	return int32(uint32(v))
}

// header checks the fixed header, most telling mismatch first: a chunk of
// the reference (or of an older panto) should say so rather than fail on
// some later byte.
func (d *decoder) header() {
	if len(d.s) < len(Signature) && d.s == Signature[:len(d.s)] {
		d.truncated()
	}
	if len(d.s) < len(Signature) || d.next(len(Signature)) != Signature {
		d.fail("not a binary chunk")
	}
	if v := d.byte(); v != LuaVersion {
		d.fail("version mismatch: chunk is for Lua %d.%d, expected 5.4", v>>4, v&0xf)
	}
	switch f := d.byte(); f {
	case FormatOfficial:
	case formatPantoOld:
		d.fail("panto bytecode format version %d, expected %d", d.byte(), FormatVersion)
	default:
		d.fail("format mismatch: format %d, expected %d", f, FormatOfficial)
	}
	if d.next(len(checkData)) != checkData {
		d.fail("corrupted chunk")
	}
	if d.byte() != instructionSize {
		d.fail("instruction size mismatch")
	}
	if d.byte() != integerSize {
		d.fail("integer size mismatch")
	}
	if d.byte() != floatSize {
		d.fail("float size mismatch")
	}
	if d.u64() != checkInt {
		d.fail("integer format mismatch")
	}
	if math.Float64frombits(d.u64()) != checkFloat {
		d.fail("float format mismatch")
	}
	// A reference chunk has the same header so far; the tag tells them
	// apart. A chunk cut inside the tag is truncated, not foreign.
	rest := d.s[d.pos:]
	if len(rest) < len(Tag) {
		if rest == Tag[:len(rest)] {
			d.truncated()
		}
	} else if rest[:len(Tag)] == Tag {
		d.pos += len(Tag)
		if v := d.byte(); v != FormatVersion {
			d.fail("panto bytecode format version %d, expected %d", v, FormatVersion)
		}
		return
	}
	d.fail("format mismatch: not a panto chunk (from another Lua implementation)")
}

// proto reads one prototype; parent is nil for the main function.
func (d *decoder) proto(parent *Proto, depth int) *Proto {
	if depth > MaxNesting {
		d.fail("functions nested too deeply (limit is %d)", MaxNesting)
	}
	p := d.newProto()
	if parent == nil {
		d.main = p
	}
	if n := d.uvarint(); n > 0 {
		d.fits(n-1, 1, "source name bytes")
		p.Source = d.next(int(n - 1))
	} else if parent != nil {
		p.Source = parent.Source
	} else {
		p.Source = NoSource
	}
	p.LineDefined = d.int32("line defined")
	p.LastLineDefined = d.int32("last line defined")
	outer := d.cur
	d.cur = p
	p.NumParams = d.byte()
	flags := d.byte()
	if flags&^flagVararg != 0 {
		d.fail("unknown function flags 0x%02x", flags)
	}
	p.IsVararg = flags&flagVararg != 0
	p.MaxStackSize = d.byte()

	if n := d.count(instructionSize, "instructions"); n > 0 {
		b := d.next(n * instructionSize)
		p.Code = take(&d.code, n)
		if littleEndian {
			// The instructions are laid out in the chunk as in memory.
			copy(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(p.Code))), len(b)), b)
		} else {
			for i := range p.Code {
				w := b[4*i : 4*i+4]
				p.Code[i] = Instruction(uint32(w[0]) | uint32(w[1])<<8 | uint32(w[2])<<16 | uint32(w[3])<<24)
			}
		}
	}

	if n := d.count(minConstSize, "constants"); n > 0 {
		p.Constants = take(&d.consts, n)
		for i := range p.Constants {
			c := &p.Constants[i]
			switch tag := d.byte(); tag {
			case tagNil:
				c.Kind = ConstNil
			case tagFalse:
				c.Kind = ConstFalse
			case tagTrue:
				c.Kind = ConstTrue
			case tagInt:
				c.Kind = ConstInt
				c.Int = int64(d.u64())
			case tagFloat:
				c.Kind = ConstFloat
				c.Float = math.Float64frombits(d.u64())
			case tagString:
				c.Kind = ConstString
				c.Str = d.str("string constant bytes")
			default:
				d.fail("constant %d: unknown constant type %d", i, tag)
			}
		}
	}

	if n := d.count(minUpvalSize, "upvalues"); n > 0 {
		if n > MaxUpvalues {
			d.fail("%d upvalues (limit is %d)", n, MaxUpvalues)
		}
		p.Upvalues = take(&d.upvals, n)
		for i := range p.Upvalues {
			u := &p.Upvalues[i]
			switch b := d.byte(); b {
			case 0, 1:
				u.InStack = b == 1
			default:
				d.fail("upvalue %d: bad in-stack flag %d", i, b)
			}
			u.Index = d.byte()
			u.Kind = UpvalKind(d.byte())
			if u.Kind > VarClose {
				d.fail("upvalue %d: unknown variable kind %d", i, u.Kind)
			}
		}
	}

	if n := d.count(minProtoSize, "nested functions"); n > 0 {
		p.Protos = take(&d.kids, n)
		for i := range p.Protos {
			p.Protos[i] = d.proto(p, depth+1)
		}
	}

	// Debug information: a section of its own, whose length lets a
	// lazy decoder keep it for later (debug.go) instead of reading it.
	if n := d.count(1, "debug information bytes"); n > 0 {
		raw := d.next(n)
		if d.lazy {
			p.debugRaw = raw
		} else {
			d.debug(p, raw)
		}
	}
	d.cur = outer
	return p
}

// debug reads the debug information section raw of p: line info, local
// variables and upvalue names, each list empty (stripped) or complete.
func (d *decoder) debug(p *Proto, raw string) {
	s, pos := d.s, d.pos
	d.s, d.pos = raw, 0
	if n := d.count(minLineSize, "line info entries"); n > 0 {
		if n != len(p.Code) {
			d.fail("line info for %d instructions, code has %d", n, len(p.Code))
		}
		p.LineInfo = take(&d.lines, n)
		line := int64(p.LineDefined)
		s, pos := d.s, d.pos
		for i := range p.LineInfo {
			// A line delta is nearly always one byte: decoded here,
			// the zigzag included (d.varint does the rest).
			if pos < len(s) && s[pos] < 0x80 {
				b := s[pos]
				pos++
				line += int64(b>>1) ^ -int64(b&1)
			} else {
				d.pos = pos
				line += d.varint()
				pos = d.pos
			}
			if line < math.MinInt32 || line > math.MaxInt32 {
				d.fail("line of instruction %d out of range", i+1)
			}
			p.LineInfo[i] = int32(line)
		}
		d.pos = pos
	}
	if n := d.count(minLocVarSize, "local variables"); n > 0 {
		p.LocVars = take(&d.locs, n)
		for i := range p.LocVars {
			v := &p.LocVars[i]
			// Nearly always a name under 128 bytes and pcs under
			// 128: three one-byte varints, read here at once.
			if pos := d.pos; pos < len(d.s) {
				n := int(d.s[pos])
				if e := pos + 1 + n; n < 0x80 && e+2 <= len(d.s) && d.s[e] < 0x80 && d.s[e+1] < 0x80 {
					v.Name = d.s[pos+1 : e]
					v.StartPC, v.EndPC = int32(d.s[e]), int32(d.s[e+1])
					d.pos = e + 2
					continue
				}
			}
			v.Name = d.str("local variable name bytes")
			v.StartPC = d.pc()
			v.EndPC = d.pc()
		}
	}
	if n := d.count(minNameSize, "upvalue names"); n > 0 {
		if n != len(p.Upvalues) {
			d.fail("%d upvalue names for %d upvalues", n, len(p.Upvalues))
		}
		for i := range p.Upvalues {
			p.Upvalues[i].Name = d.str("upvalue name bytes")
		}
	}
	if d.pos != len(d.s) {
		d.fail("%d extra bytes in the debug information", len(d.s)-d.pos)
	}
	d.s, d.pos = s, pos
}

// sizeChunk counts the items of the prototypes encoded in s (the chunk
// after its header), so that the decoder can allocate them at their exact
// sizes. It only skips: checking is the decoder's, and sizeChunk stops
// counting at anything it cannot make sense of. Like the decoder, it
// bounds every count by the bytes left, so the sizes it returns are at
// most the length of s however the chunk is crafted.
func sizeChunk(s string, lazy bool) sizes {
	z := sizer{s: s, lazy: lazy}
	z.proto(0)
	return z.n
}

type sizer struct {
	s    string
	pos  int
	n    sizes
	lazy bool // debug sections are kept, not decoded: nothing to count
}

// uvarint reads a varint, false past the end or when it is too long;
// the decoder tells which.
func (z *sizer) uvarint() (uint64, bool) {
	var x uint64
	var s uint
	for i := 0; i < 10 && z.pos < len(z.s); i++ {
		b := z.s[z.pos]
		z.pos++
		if b < 0x80 {
			return x | uint64(b)<<s, true
		}
		x |= uint64(b&0x7f) << s
		s += 7
	}
	return 0, false
}

// skipVarints skips n varints. Line info is a run of them, nearly all
// one byte long: those are skipped eight at a time.
func (z *sizer) skipVarints(n int) bool {
	s, pos := z.s, z.pos
	for n > 0 {
		if n >= 8 && pos+8 <= len(s) {
			w := s[pos : pos+8]
			if (w[0]|w[1]|w[2]|w[3]|w[4]|w[5]|w[6]|w[7])&0x80 == 0 {
				pos += 8
				n -= 8
				continue
			}
		}
		if pos >= len(s) {
			return false
		}
		if s[pos] < 0x80 {
			n--
		}
		pos++
	}
	z.pos = pos
	return true
}

func (z *sizer) skip(n uint64) bool {
	if n > uint64(len(z.s)-z.pos) {
		return false
	}
	z.pos += int(n)
	return true
}

// count reads a count of items of at least size bytes each.
func (z *sizer) count(size int) (int, bool) {
	n, ok := z.uvarint()
	if !ok || n > uint64((len(z.s)-z.pos)/size) {
		return 0, false
	}
	return int(n), true
}

func (z *sizer) str() bool {
	n, ok := z.uvarint()
	return ok && z.skip(n)
}

func (z *sizer) proto(depth int) bool {
	if depth > MaxNesting {
		return false
	}
	z.n.protos++
	// Source (its length plus one, 0 for the parent's), line defined,
	// last line defined; parameters, flags, stack.
	if n, ok := z.uvarint(); !ok || n > 0 && !z.skip(n-1) {
		return false
	}
	if !z.skipVarints(2) || !z.skip(3) {
		return false
	}
	n, ok := z.count(instructionSize)
	if !ok || !z.skip(uint64(n)*instructionSize) {
		return false
	}
	z.n.code += n
	if n, ok = z.count(minConstSize); !ok {
		return false
	}
	z.n.consts += n
	for range n {
		if z.pos >= len(z.s) {
			return false
		}
		tag := z.s[z.pos]
		z.pos++
		switch tag {
		case tagNil, tagFalse, tagTrue:
		case tagInt, tagFloat:
			if !z.skip(8) {
				return false
			}
		case tagString:
			if pos := z.pos; pos < len(z.s) && z.s[pos] < 0x80 && int(z.s[pos]) < len(z.s)-pos {
				z.pos = pos + 1 + int(z.s[pos])
			} else if !z.str() {
				return false
			}
		default:
			return false
		}
	}
	if n, ok = z.count(minUpvalSize); !ok || !z.skip(uint64(n)*minUpvalSize) {
		return false
	}
	z.n.upvals += n
	if n, ok = z.count(minProtoSize); !ok {
		return false
	}
	z.n.kids += n
	for range n {
		if !z.proto(depth + 1) {
			return false
		}
	}
	n, ok = z.count(1)
	if !ok {
		return false
	}
	if z.lazy || n == 0 {
		return z.skip(uint64(n))
	}
	// The section is counted as the decoder will read it.
	end := z.pos + n
	outer := z.s
	z.s = z.s[:end]
	ok = z.debug()
	z.s, z.pos = outer, end
	return ok
}

// debug counts the lists of a debug information section.
func (z *sizer) debug() bool {
	n, ok := z.count(minLineSize)
	if !ok || !z.skipVarints(n) {
		return false
	}
	z.n.lines += n
	if n, ok = z.count(minLocVarSize); !ok {
		return false
	}
	z.n.locs += n
	for range n {
		// Nearly always a short name and two one-byte pcs.
		if pos := z.pos; pos < len(z.s) {
			if l := int(z.s[pos]); l < 0x80 && pos+l+3 <= len(z.s) && (z.s[pos+l+1]|z.s[pos+l+2]) < 0x80 {
				z.pos = pos + l + 3
				continue
			}
		}
		if !z.str() || !z.skipVarints(2) {
			return false
		}
	}
	if n, ok = z.count(minNameSize); !ok {
		return false
	}
	for range n {
		if !z.str() {
			return false
		}
	}
	return true
}

// funcName names a function in messages, as the compiler's limit errors
// do. Only failures call it: building the name for every function would
// cost an allocation each.
func funcName(lineDefined int32, main bool) string {
	if main {
		return "main function"
	}
	return fmt.Sprintf("function at line %d", lineDefined)
}
