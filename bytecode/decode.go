package bytecode

import (
	"encoding/binary"
	"fmt"
	"math"
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
	minProtoSize  = 13 // every field present and empty
)

// Decode parses a binary chunk produced by Encode and verifies it (see
// Verify): the prototype it returns can be run by the VM whatever the
// bytes were. Errors are *FormatError.
func Decode(data []byte) (p *Proto, err error) {
	d := decoder{data: data}
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
	p = d.proto(nil, 0)
	if d.pos != len(d.data) {
		d.fail("%d extra bytes after the chunk", len(d.data)-d.pos)
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

type decoder struct {
	data  []byte
	pos   int
	where string // the function being read, for messages
}

func (d *decoder) fail(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if d.where != "" {
		msg = d.where + ": " + msg
	}
	panic(decodeFailure(msg))
}

func (d *decoder) truncated() {
	panic(decodeFailure("truncated chunk"))
}

func (d *decoder) left() int { return len(d.data) - d.pos }

func (d *decoder) take(n int) []byte {
	if n > d.left() {
		d.truncated()
	}
	b := d.data[d.pos : d.pos+n]
	d.pos += n
	return b
}

func (d *decoder) byte() byte { return d.take(1)[0] }

func (d *decoder) u32() uint32 { return binary.LittleEndian.Uint32(d.take(4)) }

func (d *decoder) u64() uint64 { return binary.LittleEndian.Uint64(d.take(8)) }

func (d *decoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.data[d.pos:])
	if n == 0 {
		d.truncated()
	}
	if n < 0 {
		d.fail("varint overflows 64 bits")
	}
	d.pos += n
	return v
}

func (d *decoder) varint() int64 {
	v, n := binary.Varint(d.data[d.pos:])
	if n == 0 {
		d.truncated()
	}
	if n < 0 {
		d.fail("varint overflows 64 bits")
	}
	d.pos += n
	return v
}

// count reads the number of items of a list whose items take at least
// size bytes each, refusing counts the rest of the chunk cannot hold.
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
	if n <= uint64(d.left()/size) {
		return
	}
	where := ""
	if d.where != "" {
		where = d.where + " "
	}
	panic(decodeFailure(fmt.Sprintf("truncated chunk: %sdeclares %d %s, %d bytes left", where, n, what, d.left())))
}

func (d *decoder) str(what string) string {
	n := d.count(1, what+" bytes")
	return string(d.take(n))
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
	if len(d.data) < len(Signature) && string(d.data) == Signature[:len(d.data)] {
		d.truncated()
	}
	if len(d.data) < len(Signature) || string(d.take(len(Signature))) != Signature {
		d.fail("not a binary chunk")
	}
	if v := d.byte(); v != LuaVersion {
		d.fail("version mismatch: chunk is for Lua %d.%d, expected 5.4", v>>4, v&0xf)
	}
	if f := d.byte(); f != FormatPanto {
		d.fail("format mismatch: not a panto chunk (format %d, from another Lua implementation)", f)
	}
	if v := d.byte(); v != FormatVersion {
		d.fail("panto bytecode format version %d, expected %d", v, FormatVersion)
	}
	if string(d.take(len(checkData))) != checkData {
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
}

// proto reads one prototype; parent is nil for the main function.
func (d *decoder) proto(parent *Proto, depth int) *Proto {
	if depth > MaxNesting {
		d.fail("functions nested too deeply (limit is %d)", MaxNesting)
	}
	p := &Proto{}
	if n := d.uvarint(); n > 0 {
		d.fits(n-1, 1, "source name bytes")
		p.Source = string(d.take(int(n - 1)))
	} else if parent != nil {
		p.Source = parent.Source
	}
	p.LineDefined = d.int32("line defined")
	p.LastLineDefined = d.int32("last line defined")
	outer := d.where
	d.where = funcName(p, parent == nil)
	p.NumParams = d.byte()
	flags := d.byte()
	if flags&^flagVararg != 0 {
		d.fail("unknown function flags 0x%02x", flags)
	}
	p.IsVararg = flags&flagVararg != 0
	p.MaxStackSize = d.byte()

	if n := d.count(instructionSize, "instructions"); n > 0 {
		p.Code = make([]Instruction, n)
		for i := range p.Code {
			p.Code[i] = Instruction(d.u32())
		}
	}

	if n := d.count(minConstSize, "constants"); n > 0 {
		p.Constants = make([]Constant, n)
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
				c.Str = d.str("string constant")
			default:
				d.fail("constant %d: unknown constant type %d", i, tag)
			}
		}
	}

	if n := d.count(minUpvalSize, "upvalues"); n > 0 {
		if n > MaxUpvalues {
			d.fail("%d upvalues (limit is %d)", n, MaxUpvalues)
		}
		p.Upvalues = make([]UpvalDesc, n)
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
		p.Protos = make([]*Proto, n)
		for i := range p.Protos {
			p.Protos[i] = d.proto(p, depth+1)
		}
	}

	// Debug information: each list is empty (stripped) or complete.
	if n := d.count(minLineSize, "line info entries"); n > 0 {
		if n != len(p.Code) {
			d.fail("line info for %d instructions, code has %d", n, len(p.Code))
		}
		p.LineInfo = make([]int32, n)
		line := int64(p.LineDefined)
		for i := range p.LineInfo {
			line += d.varint()
			if line < math.MinInt32 || line > math.MaxInt32 {
				d.fail("line of instruction %d out of range", i+1)
			}
			p.LineInfo[i] = int32(line)
		}
	}
	if n := d.count(minLocVarSize, "local variables"); n > 0 {
		p.LocVars = make([]LocVar, n)
		for i := range p.LocVars {
			v := &p.LocVars[i]
			v.Name = d.str("local variable name")
			v.StartPC = d.pc()
			v.EndPC = d.pc()
		}
	}
	if n := d.count(minNameSize, "upvalue names"); n > 0 {
		if n != len(p.Upvalues) {
			d.fail("%d upvalue names for %d upvalues", n, len(p.Upvalues))
		}
		for i := range p.Upvalues {
			p.Upvalues[i].Name = d.str("upvalue name")
		}
	}
	d.where = outer
	return p
}

// funcName names a function in messages, as the compiler's limit errors
// do.
func funcName(p *Proto, main bool) string {
	if main {
		return "main function"
	}
	return fmt.Sprintf("function at line %d", p.LineDefined)
}
