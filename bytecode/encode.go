package bytecode

import (
	"encoding/binary"
	"math"
)

// The binary chunk format (docs/bytecode.md has the full byte layout).
//
// A chunk is a fixed header followed by the main prototype, each nested
// prototype written inside its parent. Multi-byte scalars are
// little-endian on every host, so a chunk dumped on one machine loads on
// any other; the check integer and float of the header catch a writer that
// disagrees (another implementation, a byte-swapped file). Counts and
// lengths are unsigned varints (LEB128) and line deltas signed (zigzag)
// varints: most are tiny, and the decoder can bound every one by the
// bytes left before allocating anything.
const (
	// Signature starts every binary chunk, ours and the reference's, so
	// that load's mode check recognises binary chunks by their first byte.
	Signature = "\x1bLua"
	// LuaVersion is the language version the bytecode implements (5.4).
	LuaVersion = 0x54
	// FormatOfficial is the format byte, 0 as the reference writes it, so
	// that the header up to the check float is byte for byte the
	// reference's (the official test suite compares it). What keeps the
	// two interpreters from running each other's chunks is Tag, after it.
	FormatOfficial = 0
	// Tag follows the reference's header and marks a panto chunk. The
	// reference reads its first byte as an upvalue count and the rest as
	// the varint length of a source name; being 13 bytes without the high
	// bit, that length overflows and the reference refuses the chunk with
	// "bad binary format (integer overflow)" before using any of it. Our
	// decoder refuses a reference chunk because the tag is missing.
	Tag = "panto bytecode"
	// FormatVersion is the revision of panto's own format, the byte after
	// Tag. Bump it on any change to the instruction set, the operand
	// semantics or the layout: old chunks are then refused instead of
	// misread. Version 2 and older put 'P' in the format byte.
	FormatVersion = 3
	// formatPantoOld is the format byte of versions 2 and older, which
	// the decoder recognises to name the version it refuses.
	formatPantoOld = 'P'
	// checkData catches chunks mangled by text-mode transfers (newline or
	// EOF translation), as the reference's LUAC_DATA does.
	checkData = "\x19\x93\r\n\x1a\n"
	// checkInt and checkFloat are written in the chunk's byte order and
	// encoding; a mismatch means the writer used another one.
	checkInt   = 0x5678
	checkFloat = 370.5

	instructionSize = 4
	integerSize     = 8
	floatSize       = 8

	// HeaderSize is the length of the fixed header.
	HeaderSize = len(Signature) + 2 + len(checkData) + 3 + integerSize + floatSize + len(Tag) + 1
)

// Constant tags in the chunk. They are the ConstKind values, spelt out
// because the format must not change if ConstKind is renumbered.
const (
	tagNil    = 0
	tagFalse  = 1
	tagTrue   = 2
	tagInt    = 3
	tagFloat  = 4
	tagString = 5
)

// flagVararg is bit 0 of a prototype's flags byte; the other bits must be
// zero, leaving room for future flags.
const flagVararg = 1

// Encode serializes a prototype and its nested prototypes. With strip set
// it leaves out the debug information (source name, line info, local
// variable records and upvalue names), as luac -s does; line defined and
// last line defined are kept, as in the reference. The result depends only
// on p (and strip): the same prototype always gives the same bytes.
//
// Encode trusts p no more than Decode trusts bytes: whatever it is given,
// Decode of the result either fails or yields a verified prototype.
func Encode(p *Proto, strip bool) []byte {
	var e encoder
	if p != nil {
		e.buf = make([]byte, 0, 64+8*len(p.Code))
	}
	e.header()
	e.proto(p, "", strip, 0)
	return e.buf
}

type encoder struct {
	buf     []byte
	scratch []byte // where a debug section is built before its length is known
}

func (e *encoder) header() {
	e.buf = append(e.buf, Signature...)
	e.buf = append(e.buf, LuaVersion, FormatOfficial)
	e.buf = append(e.buf, checkData...)
	e.buf = append(e.buf, instructionSize, integerSize, floatSize)
	e.buf = binary.LittleEndian.AppendUint64(e.buf, uint64(checkInt))
	e.buf = binary.LittleEndian.AppendUint64(e.buf, math.Float64bits(checkFloat))
	e.buf = append(e.buf, Tag...)
	e.buf = append(e.buf, FormatVersion)
}

func (e *encoder) byte(b byte)      { e.buf = append(e.buf, b) }
func (e *encoder) uvarint(v uint64) { e.buf = binary.AppendUvarint(e.buf, v) }
func (e *encoder) varint(v int64)   { e.buf = binary.AppendVarint(e.buf, v) }
func (e *encoder) count(n int)      { e.uvarint(uint64(n)) }
func (e *encoder) u32(v uint32)     { e.buf = binary.LittleEndian.AppendUint32(e.buf, v) }
func (e *encoder) u64(v uint64)     { e.buf = binary.LittleEndian.AppendUint64(e.buf, v) }
func (e *encoder) bytes(s string)   { e.count(len(s)); e.buf = append(e.buf, s...) }
func (e *encoder) pc(v int32)       { e.uvarint(uint64(uint32(v))) }
func (e *encoder) boolean(b bool) {
	if b {
		e.byte(1)
	} else {
		e.byte(0)
	}
}

// proto writes one prototype. parentSource is the source of the enclosing
// prototype: a nested function almost always comes from the same chunk, so
// its source is written as "same as the parent" (0) rather than repeated.
// The main prototype has no parent: 0 there means no source (NoSource),
// so an empty source name is written as such.
func (e *encoder) proto(p *Proto, parentSource string, strip bool, depth int) {
	if p == nil || depth > MaxNesting {
		// Written as a function without code, which Decode refuses
		// (a cycle of prototypes must not recurse forever).
		p = &Proto{}
	}
	if strip || p.Source == NoSource || depth > 0 && p.Source == parentSource {
		e.count(0)
	} else {
		e.count(len(p.Source) + 1)
		e.buf = append(e.buf, p.Source...)
	}
	e.varint(int64(p.LineDefined))
	e.varint(int64(p.LastLineDefined))
	e.byte(p.NumParams)
	var flags byte
	if p.IsVararg {
		flags |= flagVararg
	}
	e.byte(flags)
	e.byte(p.MaxStackSize)

	e.count(len(p.Code))
	for _, ins := range p.Code {
		e.u32(uint32(ins))
	}

	e.count(len(p.Constants))
	for i := range p.Constants {
		c := &p.Constants[i]
		switch c.Kind {
		case ConstFalse:
			e.byte(tagFalse)
		case ConstTrue:
			e.byte(tagTrue)
		case ConstInt:
			e.byte(tagInt)
			e.u64(uint64(c.Int))
		case ConstFloat:
			e.byte(tagFloat)
			e.u64(math.Float64bits(c.Float))
		case ConstString:
			e.byte(tagString)
			e.bytes(c.Str)
		default:
			// ConstNil, and any kind this format does not know, which
			// the VM would read as nil too.
			e.byte(tagNil)
		}
	}

	e.count(len(p.Upvalues))
	for _, u := range p.Upvalues {
		e.boolean(u.InStack)
		e.byte(u.Index)
		e.byte(byte(u.Kind))
	}

	e.count(len(p.Protos))
	src := p.Source
	if strip {
		src = NoSource
	}
	for _, sub := range p.Protos {
		e.proto(sub, src, strip, depth+1)
	}

	// Debug information, as a section with its length first, so that a
	// reader can keep it for later (see Decoder.Lazy). A function with
	// none writes an empty section, stripped or not.
	if strip {
		e.count(0)
		return
	}
	p.LoadDebug()
	names := 0
	for _, u := range p.Upvalues {
		if u.Name != "" {
			names = len(p.Upvalues)
			break
		}
	}
	if len(p.LineInfo) == 0 && len(p.LocVars) == 0 && names == 0 {
		e.count(0)
		return
	}
	outer := e.buf
	e.buf = e.scratch[:0]
	e.count(len(p.LineInfo))
	prev := int64(p.LineDefined)
	for _, l := range p.LineInfo {
		e.varint(int64(l) - prev)
		prev = int64(l)
	}
	e.count(len(p.LocVars))
	for _, v := range p.LocVars {
		e.bytes(v.Name)
		e.pc(v.StartPC)
		e.pc(v.EndPC)
	}
	e.count(names)
	for _, u := range p.Upvalues[:names] {
		e.bytes(u.Name)
	}
	section := e.buf
	e.buf = outer
	e.count(len(section))
	e.buf = append(e.buf, section...)
	e.scratch = section[:0]
}
