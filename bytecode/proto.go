package bytecode

import "sync"

// ConstKind is the type of a constant.
type ConstKind uint8

const (
	ConstNil ConstKind = iota
	ConstFalse
	ConstTrue
	ConstInt
	ConstFloat
	ConstString
)

// Constant is an entry of a prototype's constant table.
type Constant struct {
	Kind  ConstKind
	Int   int64
	Float float64
	Str   string
}

// UpvalKind tells what kind of variable an upvalue captures, which the
// compiler needs when a nested function captures it in turn.
type UpvalKind uint8

const (
	VarRegular UpvalKind = iota // an ordinary variable
	VarConst                    // a <const> variable that is not a compile-time constant
	VarClose                    // a <close> variable
)

// UpvalDesc describes how a closure finds an upvalue when it is created:
// InStack upvalues capture register Index of the enclosing function; the
// others reuse the enclosing closure's upvalue Index.
type UpvalDesc struct {
	Name    string
	InStack bool
	Index   uint8
	Kind    UpvalKind
}

// LocVar is the debug record of a local variable: its name and the range of
// instructions [StartPC, EndPC) where it is active.
type LocVar struct {
	Name    string
	StartPC int32
	EndPC   int32
}

// NoSource is the Source of a function whose chunk name was stripped, as
// the reference shows it ("=?", printed "?"). An empty Source is a real
// chunk name (load(s, "")), printed [string ""].
const NoSource = "=?"

// Proto is a compiled function.
type Proto struct {
	Source          string // chunk name; NoSource when stripped
	LineDefined     int32
	LastLineDefined int32
	NumParams       uint8
	IsVararg        bool
	MaxStackSize    uint8

	Code      []Instruction
	Constants []Constant
	Upvalues  []UpvalDesc
	Protos    []*Proto

	// Debug information; empty when stripped. A prototype decoded with
	// its debug information deferred (Decoder.Lazy) fills these, and the
	// upvalue names, on first use: read them through Lines, Locals,
	// UpvalueName, Line and LocalName, or call LoadDebug first.
	LineInfo []int32 // line of each instruction
	LocVars  []LocVar

	// debugRaw is the encoded debug information not yet decoded, and
	// debugOnce decodes it (debug.go).
	debugRaw  string
	debugOnce sync.Once
}

// Line returns the source line of instruction pc, or -1 when unknown.
func (p *Proto) Line(pc int) int {
	lines := p.Lines()
	if pc < 0 || pc >= len(lines) {
		return -1
	}
	return int(lines[pc])
}

// LocalName returns the name of the n-th (1-based) local variable active at
// pc, as debug.getlocal numbers them, or "" when there is none.
func (p *Proto) LocalName(n, pc int) string {
	locs := p.Locals()
	for i := range locs {
		v := &locs[i]
		if int(v.StartPC) > pc {
			break
		}
		if pc < int(v.EndPC) {
			n--
			if n == 0 {
				return v.Name
			}
		}
	}
	return ""
}
