// Package binpack implements the binary serialisation behind Lua 5.4's
// string.pack, string.unpack and string.packsize (manual §6.4.2).
//
// It is kept independent of the VM: arguments come in through the Args
// interface so the VM can apply its own coercions and report its own type
// errors, and results go out as plain Go values.  Everything observable
// (byte layouts, alignment, the order in which problems are detected and the
// exact error texts) follows the reference interpreter on a 64-bit
// little-endian machine, where int is 4 bytes, long, size_t, lua_Integer and
// lua_Number are 8, and the native maximum alignment is 8.
package binpack

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// MaxSize bounds sizes in formats and results, as MAXSIZE does in the
// reference: packsize fails beyond it, and Pack refuses to build a larger
// string (see PackLimit).
const MaxSize = math.MaxInt32

// Platform sizes of the reference build.
const (
	sizeInt     = 4
	sizeLong    = 8
	sizeSizeT   = 8
	sizeInteger = 8 // lua_Integer
	maxIntSize  = 16
	nativeAlign = 8 // offsetof(struct { char c; union { double; void *; lua_Integer; lua_Number } u }, u)
)

// Args supplies the values being packed.  i is the 1-based Lua argument
// index.  Implementations apply Lua's rules (luaL_checkinteger,
// luaL_checknumber, luaL_checklstring: string/number coercion, "number has no
// integer representation", ...) and return the resulting error, which Pack
// passes through unchanged.
//
// One quirk to reproduce: string.pack pushes a nil after its arguments, so
// when arguments run out the reference reports "number expected, got nil"
// (or "string expected, got nil"), not "got no value".  Pack stops at the
// first error, so only that first missing index is ever asked for.
type Args interface {
	Int(i int) (int64, error)
	Float(i int) (float64, error)
	String(i int) (string, error)
}

// ArgError is an error the reference raises with luaL_argerror.  The VM
// reports it as "bad argument #Arg to 'pack' (Msg)" (or 'unpack',
// 'packsize').  Errors about the format itself always name argument 1, the
// format's position in all three functions.
type ArgError struct {
	Arg int
	Msg string
}

func (e *ArgError) Error() string {
	return fmt.Sprintf("bad argument #%d (%s)", e.Arg, e.Msg)
}

// Errors the reference raises with luaL_error: they carry no argument
// number.  Messages that include a value are built where they occur.
var (
	errMissingCSize = errors.New("missing size for format option 'c'")
)

func errInvalidOption(c byte) error {
	return fmt.Errorf("invalid format option '%c'", c)
}

func errSizeLimits(n int) error {
	return fmt.Errorf("integral size (%d) out of limits [1,%d]", n, maxIntSize)
}

func errIntTooBig(size int) error {
	return fmt.Errorf("%d-byte integer does not fit into Lua Integer", size)
}

// Kind tags a Value.
type Kind uint8

const (
	KindInt    Kind = iota // Value.Int holds a Lua integer
	KindFloat              // Value.Float holds a Lua float
	KindString             // Value.Str holds a Lua string
)

// Value is one result of Unpack.  Strings share memory with the unpacked
// data.
type Value struct {
	Kind  Kind
	Int   int64
	Float float64
	Str   string
}

func (v Value) String() string {
	switch v.Kind {
	case KindInt:
		return fmt.Sprintf("int(%d)", v.Int)
	case KindFloat:
		return fmt.Sprintf("float(%v)", v.Float)
	default:
		return fmt.Sprintf("string(%q)", v.Str)
	}
}

// kind classifies a format option.
type kind uint8

const (
	kInt       kind = iota // signed integer
	kUint                  // unsigned integer
	kFloat                 // f, d, n: size says which
	kChar                  // cN: fixed-size string
	kString                // sN: length-prefixed string
	kZstr                  // z: zero-terminated string
	kPadding               // x: one zero byte
	kPaddAlign             // X: alignment only
	kNop                   // spaces, endianness and alignment settings
)

// parser walks a format string, keeping the settings that options such as
// '<' and '!' change along the way.
type parser struct {
	fmt      string
	i        int
	little   bool
	maxAlign int
}

func newParser(format string) *parser {
	// The reference reads the format as a C string.
	if k := strings.IndexByte(format, 0); k >= 0 {
		format = format[:k]
	}
	return &parser{fmt: format, little: true, maxAlign: 1}
}

func (p *parser) more() bool { return p.i < len(p.fmt) }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// num reads an optional decimal count, returning def if there is none.  Like
// the reference it stops consuming digits once another one could overflow
// MaxSize, leaving the rest to be read as (invalid) options.
func (p *parser) num(def int) int {
	if !p.more() || !isDigit(p.fmt[p.i]) {
		return def
	}
	a := 0
	for {
		a = a*10 + int(p.fmt[p.i]-'0')
		p.i++
		if !p.more() || !isDigit(p.fmt[p.i]) || a > (MaxSize-9)/10 {
			return a
		}
	}
}

// numLimit reads a size for i, I, s or '!', which must lie in 1..16.
func (p *parser) numLimit(def int) (int, error) {
	n := p.num(def)
	if n > maxIntSize || n <= 0 {
		return 0, errSizeLimits(n)
	}
	return n, nil
}

// option reads one option and returns its kind and size.
func (p *parser) option() (kind, int, error) {
	c := p.fmt[p.i]
	p.i++
	switch c {
	case 'b':
		return kInt, 1, nil
	case 'B':
		return kUint, 1, nil
	case 'h':
		return kInt, 2, nil
	case 'H':
		return kUint, 2, nil
	case 'l':
		return kInt, sizeLong, nil
	case 'L':
		return kUint, sizeLong, nil
	case 'j':
		return kInt, sizeInteger, nil
	case 'J':
		return kUint, sizeInteger, nil
	case 'T':
		return kUint, sizeSizeT, nil
	case 'f':
		return kFloat, 4, nil
	case 'd', 'n':
		return kFloat, 8, nil
	case 'i', 'I':
		n, err := p.numLimit(sizeInt)
		if c == 'i' {
			return kInt, n, err
		}
		return kUint, n, err
	case 's':
		n, err := p.numLimit(sizeSizeT)
		return kString, n, err
	case 'c':
		n := p.num(-1)
		if n == -1 {
			return 0, 0, errMissingCSize
		}
		return kChar, n, nil
	case 'z':
		return kZstr, 0, nil
	case 'x':
		return kPadding, 1, nil
	case 'X':
		return kPaddAlign, 0, nil
	case ' ':
	case '<':
		p.little = true
	case '>':
		p.little = false
	case '=':
		p.little = true // the reference machine is little-endian
	case '!':
		n, err := p.numLimit(nativeAlign)
		if err != nil {
			return 0, 0, err
		}
		p.maxAlign = n
	default:
		return 0, 0, errInvalidOption(c)
	}
	return kNop, 0, nil
}

// details reads the next option and works out how many padding bytes must
// precede it when total bytes have been produced (or consumed) so far.
func (p *parser) details(total int) (k kind, size, ntoalign int, err error) {
	k, size, err = p.option()
	if err != nil {
		return
	}
	align := size
	if k == kPaddAlign {
		// X takes its alignment from the option after it, which is
		// consumed without effect.
		bad := !p.more()
		if !bad {
			var k2 kind
			k2, align, err = p.option()
			if err != nil {
				return
			}
			bad = k2 == kChar || align == 0
		}
		if bad {
			err = &ArgError{1, "invalid next option for option 'X'"}
			return
		}
	}
	if align <= 1 || k == kChar {
		return
	}
	if align > p.maxAlign {
		align = p.maxAlign
	}
	if align&(align-1) != 0 {
		err = &ArgError{1, "format asks for alignment not power of 2"}
		return
	}
	ntoalign = (align - total&(align-1)) & (align - 1)
	return
}

// Pack is string.pack: it appends the values of arguments firstArg,
// firstArg+1, ... (2, 3, ... for string.pack) serialised according to
// format to dst.  The result may not exceed MaxSize bytes.
func Pack(dst []byte, format string, args Args, firstArg int) ([]byte, error) {
	return PackLimit(dst, format, args, firstArg, MaxSize)
}

// PackLimit is Pack with a caller-chosen bound on the size of the packed
// data (not counting what dst already holds).  The reference has no such
// bound: a format like "c2000000000" makes it build a 2 GB string or run out
// of memory.  A VM with a memory budget can pass it here; exceeding it is
// reported as ArgError{1, "format result too large"} as soon as an option
// would cross it, before the memory is allocated.
func PackLimit(dst []byte, format string, args Args, firstArg, limit int) ([]byte, error) {
	p := newParser(format)
	arg := firstArg
	total := 0
	for p.more() {
		k, size, ntoalign, err := p.details(total)
		if err != nil {
			return dst, err
		}
		if ntoalign > limit-total {
			return dst, errTooLarge()
		}
		for range ntoalign {
			dst = append(dst, 0)
		}
		total += ntoalign
		switch k {
		case kInt, kUint:
			n, err := args.Int(arg)
			if err != nil {
				return dst, err
			}
			if size < sizeInteger {
				if k == kInt {
					lim := int64(1) << (size*8 - 1)
					if n < -lim || n >= lim {
						return dst, &ArgError{arg, "integer overflow"}
					}
				} else if uint64(n) >= uint64(1)<<(size*8) {
					return dst, &ArgError{arg, "unsigned overflow"}
				}
			}
			if size > limit-total {
				return dst, errTooLarge()
			}
			// Only signed options sign-extend beyond 8 bytes; an
			// unsigned option zero-extends even a negative value.
			dst = appendInt(dst, uint64(n), p.little, size, k == kInt && n < 0)
			arg++
		case kFloat:
			x, err := args.Float(arg)
			if err != nil {
				return dst, err
			}
			if size > limit-total {
				return dst, errTooLarge()
			}
			if size == 4 {
				dst = appendInt(dst, uint64(float32Bits(x)), p.little, 4, false)
			} else {
				dst = appendInt(dst, math.Float64bits(x), p.little, 8, false)
			}
			arg++
		case kChar:
			s, err := args.String(arg)
			if err != nil {
				return dst, err
			}
			if len(s) > size {
				return dst, &ArgError{arg, "string longer than given size"}
			}
			if size > limit-total {
				return dst, errTooLarge()
			}
			dst = append(dst, s...)
			for range size - len(s) {
				dst = append(dst, 0)
			}
			arg++
		case kString:
			s, err := args.String(arg)
			if err != nil {
				return dst, err
			}
			if size < sizeSizeT && uint64(len(s)) >= uint64(1)<<(size*8) {
				return dst, &ArgError{arg, "string length does not fit in given size"}
			}
			if size > limit-total || len(s) > limit-total-size {
				return dst, errTooLarge()
			}
			dst = appendInt(dst, uint64(len(s)), p.little, size, false)
			dst = append(dst, s...)
			total += len(s)
			arg++
		case kZstr:
			s, err := args.String(arg)
			if err != nil {
				return dst, err
			}
			if strings.IndexByte(s, 0) >= 0 {
				return dst, &ArgError{arg, "string contains zeros"}
			}
			if len(s) >= limit-total {
				return dst, errTooLarge()
			}
			dst = append(dst, s...)
			dst = append(dst, 0)
			total += len(s) + 1
			arg++
		case kPadding:
			if size > limit-total {
				return dst, errTooLarge()
			}
			dst = append(dst, 0)
		}
		total += size
	}
	return dst, nil
}

func errTooLarge() error { return &ArgError{1, "format result too large"} }

// appendInt appends the low size bytes of n in the requested byte order.
// Beyond 8 bytes it fills with 0xff when neg is set (sign extension) and
// with zeros otherwise.
func appendInt(dst []byte, n uint64, little bool, size int, neg bool) []byte {
	start := len(dst)
	for i := 0; i < size; i++ {
		switch {
		case i < 8:
			dst = append(dst, byte(n>>(8*i)))
		case neg:
			dst = append(dst, 0xff)
		default:
			dst = append(dst, 0)
		}
	}
	if !little {
		b := dst[start:]
		for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
			b[i], b[j] = b[j], b[i]
		}
	}
	return dst
}

// float32Bits converts x to single precision as the reference's C cast does
// on x86-64: round to nearest even, overflow to infinity, and NaNs keep their
// sign and the top of their payload but become quiet.  It is spelled out
// because Go leaves out-of-range float conversions implementation-defined.
func float32Bits(x float64) uint32 {
	const halfwayToInf = 0x1.ffffffp127 // between MaxFloat32 and 2^128
	switch {
	case x != x:
		b := math.Float64bits(x)
		return uint32(b>>63)<<31 | 0x7fc00000 | uint32(b>>29)&0x7fffff
	case x >= halfwayToInf:
		return 0x7f800000
	case x <= -halfwayToInf:
		return 0xff800000
	}
	return math.Float32bits(float32(x))
}

// float32To64 widens single-precision bits as x86-64's cvtss2sd does, which
// quiets signalling NaNs.
func float32To64(b uint32) float64 {
	if b&0x7f800000 == 0x7f800000 && b&0x7fffff != 0 {
		return math.Float64frombits(uint64(b>>31)<<63 | 0x7ff8000000000000 | uint64(b&0x7fffff)<<29)
	}
	return float64(math.Float32frombits(b))
}

// Unpack is string.unpack: it decodes data according to format starting at
// Lua position pos (1-based, negative counts from the end; pass 1 when the
// argument is absent) and returns the values and the position just after
// the last byte read.  Unlike the reference it does not check how many
// results fit on the Lua stack ("too many results"); the VM must.
func Unpack(format string, data string, pos int) ([]Value, int, error) {
	ld := len(data)
	var p int
	switch {
	case pos > 0:
		p = pos - 1
	case pos == 0 || pos < -ld:
		p = 0
	default:
		p = ld + pos
	}
	if p > ld {
		return nil, 0, &ArgError{3, "initial position out of string"}
	}
	ps := newParser(format)
	var vals []Value
	for ps.more() {
		k, size, ntoalign, err := ps.details(p)
		if err != nil {
			return nil, 0, err
		}
		if ntoalign > ld-p || size > ld-p-ntoalign {
			return nil, 0, errTooShort()
		}
		p += ntoalign
		switch k {
		case kInt, kUint:
			n, err := readInt(data[p:p+size], ps.little, k == kInt)
			if err != nil {
				return nil, 0, err
			}
			vals = append(vals, Value{Kind: KindInt, Int: n})
		case kFloat:
			b, _ := readInt(data[p:p+size], ps.little, false)
			var x float64
			if size == 4 {
				x = float32To64(uint32(b))
			} else {
				x = math.Float64frombits(uint64(b))
			}
			vals = append(vals, Value{Kind: KindFloat, Float: x})
		case kChar:
			vals = append(vals, Value{Kind: KindString, Str: data[p : p+size]})
		case kString:
			n, err := readInt(data[p:p+size], ps.little, false)
			if err != nil {
				return nil, 0, err
			}
			if uint64(n) > uint64(ld-p-size) {
				return nil, 0, errTooShort()
			}
			vals = append(vals, Value{Kind: KindString, Str: data[p+size : p+size+int(n)]})
			p += int(n)
		case kZstr:
			n := strings.IndexByte(data[p:], 0)
			if n < 0 {
				return nil, 0, &ArgError{2, "unfinished string for format 'z'"}
			}
			vals = append(vals, Value{Kind: KindString, Str: data[p : p+n]})
			p += n + 1
		}
		p += size
	}
	return vals, p + 1, nil
}

func errTooShort() error { return &ArgError{2, "data string too short"} }

// readInt decodes an integer of len(b) bytes (1..16).  Values wider than a
// Lua integer are accepted only if the extra bytes merely extend the sign
// (or are zero, for unsigned reads).
func readInt(b string, little, signed bool) (int64, error) {
	size := len(b)
	at := func(i int) byte { // i-th byte counting from the least significant
		if little {
			return b[i]
		}
		return b[size-1-i]
	}
	var u uint64
	for i := min(size, 8) - 1; i >= 0; i-- {
		u = u<<8 | uint64(at(i))
	}
	switch {
	case size < 8:
		if signed {
			shift := uint(64 - 8*size)
			return int64(u<<shift) >> shift, nil
		}
	case size > 8:
		var ext byte
		if signed && int64(u) < 0 {
			ext = 0xff
		}
		for i := 8; i < size; i++ {
			if at(i) != ext {
				return 0, errIntTooBig(size)
			}
		}
	}
	return int64(u), nil
}

// PackSize is string.packsize: the size of a string packed with format,
// which must not contain variable-length options.
func PackSize(format string) (int, error) {
	p := newParser(format)
	total := 0
	for p.more() {
		k, size, ntoalign, err := p.details(total)
		if err != nil {
			return 0, err
		}
		if k == kString || k == kZstr {
			return 0, &ArgError{1, "variable-length format"}
		}
		size += ntoalign
		if total > MaxSize-size {
			return 0, &ArgError{1, "format result too large"}
		}
		total += size
	}
	return total, nil
}
