// Package codegen turns a syntax tree into bytecode prototypes.
//
// It works like the reference compiler's code generator, one function at a
// time and one expression at a time: an expression is compiled into an
// expDesc that says where its value is (a constant, a register, a table
// field not yet read, a pending jump...) and is "discharged" into a
// register only when an instruction needs it there. That is what lets
// `a.b.c = x + 1` use constants and registers in place instead of copying
// everything, and `if a and b then` compile to jumps without materialising
// booleans.
//
// Scopes, registers, upvalue capture, compile-time constants, to-be-closed
// variables and goto resolution with the 5.4 visibility rules live here
// too: the parser only builds the tree.
//
// The files, with their counterparts in the reference:
//
//   - gen.go: per-function state, blocks and scopes, local variables,
//     registers and the constant table (lparser.c's open_func, close_func,
//     enterblock, leaveblock; lcode.c's luaK_reserveregs and addk).
//   - code.go, code_ops.go: expression descriptors and the instructions
//     emitted for them, jump lists, operators and constant folding (lcode.c).
//   - expr.go: expressions, variables, upvalues, table constructors and
//     function bodies (the expression half of lparser.c).
//   - stmt.go: statements, loops, labels and goto (the statement half of
//     lparser.c).
package codegen

import (
	"fmt"
	"math"
	"runtime"

	bc "panto/bytecode"
	"panto/compiler/ast"
	"panto/compiler/lexer"
	"panto/diag"
)

// Limits of the reference compiler, with the same messages.
const (
	maxVars           = 200 // local variables per function
	maxUpvals         = 255 // upvalues per function
	maxRegs           = 255 // registers per function
	maxIndexRK        = bc.MaxB
	noJump            = -1
	fieldsPerFlush    = 50 // list items stored per SETLIST
	multRet           = -1
	maxConstructorAny = 1<<31 - 1
)

// varKind says how a local variable is stored.
type varKind uint8

const (
	varRegular varKind = iota // an ordinary variable
	varConst                  // <const> that needs a register
	varClose                  // <close>
	varCTC                    // <const> folded at compile time: no register
)

// varDesc describes an active local variable.
type varDesc struct {
	name string
	kind varKind
	ridx int     // register
	pidx int     // index in Proto.LocVars
	k    expDesc // value of a compile-time constant
}

// labelDesc is a label or a pending goto.
type labelDesc struct {
	name    string
	pc      int
	line    int
	nactvar int
	close   bool
	pos     ast.Pos
}

// blockCnt is an active block.
type blockCnt struct {
	previous   *blockCnt
	firstLabel int
	firstGoto  int
	nactvar    int
	upval      bool // some variable of the block is captured
	isLoop     bool
	insideTBC  bool
}

// gen holds what the compilation of one chunk shares between functions.
type gen struct {
	file   *diag.File
	src    string
	actvar []varDesc
	gotos  []labelDesc
	labels []labelDesc
	// afterName is the position just past the name being resolved, where
	// an upvalue limit error is reported.
	afterName ast.Pos
	// spine is expr's stack of the links of left-deep chains, shared by
	// its nested calls (each uses the part above where it started).
	spine []ast.Expr
	// lookName is a name that starts a positional field of a table
	// constructor: the reference reads it with its line counter on the
	// token after it, at lookLinePos (listItem).
	lookName    *ast.NameExpr
	lookLinePos ast.Pos
	// progress is the furthest position the walk has reached: an error
	// is ordered after it (FirstError).
	progress ast.Pos
	// work and steps report superlinear work (CompileWork).
	work  func(int)
	steps int
}

// funcState is the state of one function being compiled.
type funcState struct {
	g          *gen
	f          *bc.Proto
	prev       *funcState
	bl         *blockCnt
	lastTarget int
	freeReg    int
	nactvar    int
	firstLocal int
	firstLabel int
	needClose  bool
	kcache     map[constKey]int
	pos        ast.Pos // position used for "near" in limit errors
	lines
}

// lines follows the reference's lastline: the line of the last token its
// parser has read, which luaK_code stamps on each instruction. The walk
// of the tree "reads" each token as the reference does (took, sep), so an
// instruction gets the line of the token read last when it is emitted,
// however an expression is spread over lines. Lines are looked up only
// when an instruction is emitted after the position moved.
type lines struct {
	linePos ast.Pos // a byte of the token whose line the next instruction gets
	lineAt  ast.Pos // the position line was computed for
	line    int
	// tokPos and tokEnd are the start and end of the last token read;
	// tokEnd is NoPos when not known (a numeral), which the separator
	// search then finds by scanning the token again.
	tokPos, tokEnd ast.Pos
}

type constKey struct {
	kind bc.ConstKind
	bits uint64
	str  string
}

// compileError is the panic payload of a compile error; at is how far
// the reference has read when it finds it (FirstError).
type compileError struct {
	err *diag.Diagnostic
	at  ast.Pos
}

// Compile generates the main function of chunk; src is the chunk's source,
// used to name tokens in error messages.
func Compile(chunk *ast.Chunk, src string) (p *bc.Proto, err error) {
	return CompileWork(chunk, src, nil)
}

// CompileWork is Compile reporting its work to work, which may panic to
// abort the compilation (the panic passes through): the one part of code
// generation whose time is not proportional to the chunk's size, the
// jump lists of long and/or chains, walked to their end for every link
// as in the reference ("return x and x and ... and 1" of 1 MB takes about
// a minute), counts its steps, so that a budget or a deadline of the
// state running load stops it.
func CompileWork(chunk *ast.Chunk, src string, work func(steps int)) (p *bc.Proto, err error) {
	defer func() {
		if r := recover(); r != nil {
			ce, ok := r.(compileError)
			if !ok {
				panic(r)
			}
			p, err = nil, ce.err
		}
	}()
	return generate(chunk, src, work), nil
}

// FirstError compiles chunk, a tree parser.Recover made of what precedes a
// syntax error, and returns the compile error it meets, if any, with how
// far the reference has read when it reports that error: the compiler
// reports it instead of the syntax error when that is not past the
// syntax error. A tree cut short may be one the code generator was not
// written for; a failure of the generator itself on it is no error.
func FirstError(chunk *ast.Chunk, src string, work func(steps int)) (err *diag.Diagnostic, at ast.Pos) {
	defer func() {
		if r := recover(); r != nil {
			if ce, ok := r.(compileError); ok {
				err, at = ce.err, ce.at
				return
			}
			if _, isRuntime := r.(runtime.Error); isRuntime {
				return
			}
			if _, isString := r.(string); isString {
				return
			}
			panic(r)
		}
	}()
	generate(chunk, src, work)
	return nil, 0
}

// generate compiles the main function of chunk; a compile error panics
// with a compileError.
func generate(chunk *ast.Chunk, src string, work func(steps int)) *bc.Proto {
	g := &gen{file: chunk.File, src: src, work: work}
	fs := g.openFunc(nil, 0)
	fs.f.IsVararg = true
	fs.line, fs.lineAt, fs.linePos = 1, 0, 0
	fs.code(bc.ABC(bc.OpVarargPrep, 0, 0, 0, false))
	fs.f.Upvalues = append(fs.f.Upvalues, bc.UpvalDesc{Name: "_ENV", InStack: true, Index: 0, Kind: bc.VarRegular})
	fs.statList(chunk.Block.Stmts, chunk.Block.End, false)
	fs.setLine(chunk.Last)
	fs.pos = chunk.Close
	fs.closeFunc()
	return fs.f
}

// openFunc starts compiling a function defined at line.
func (g *gen) openFunc(prev *funcState, line int) *funcState {
	fs := &funcState{
		g:          g,
		f:          &bc.Proto{Source: g.file.Name, LineDefined: int32(line), MaxStackSize: 2},
		prev:       prev,
		firstLocal: len(g.actvar),
		firstLabel: len(g.labels),
		kcache:     map[constKey]int{},
		lines:      lines{line: line, lineAt: -2, linePos: -2, tokEnd: ast.NoPos},
	}
	fs.enterBlock(&blockCnt{}, false)
	return fs
}

// closeFunc ends the function: the final return, the block, and the pass
// that fixes returns and jumps.
func (fs *funcState) closeFunc() {
	fs.ret(fs.nvarstack(), 0)
	fs.leaveBlock()
	fs.finish()
}

// errorAt raises a compile error at pos with the reference's message
// shape, naming the token at pos.
func (fs *funcState) errorAt(pos ast.Pos, msg string) {
	g := fs.g
	near := ""
	if pos >= 0 {
		near = lexer.NearText(g.src, pos)
		pos = lexer.TokenStart(g.src, pos)
	}
	fs.fail(pos, msg, near)
}

// semError raises an error without "near" (luaK_semerror).
func (fs *funcState) semError(pos ast.Pos, msg string) { fs.fail(pos, msg, "") }

// fail raises the compile error msg at pos.
func (fs *funcState) fail(pos ast.Pos, msg, near string) {
	f := fs.g.file
	at := max(pos, fs.g.progress)
	panic(compileError{at: at, err: &diag.Diagnostic{
		File:    diag.FileName(f.Name),
		Line:    f.Line(pos),
		Column:  f.Column(pos),
		Message: msg,
		Near:    near,
	}})
}

// errorLimit reports a compiler limit.
func (fs *funcState) errorLimit(limit int, what string) {
	where := "main function"
	if fs.f.LineDefined != 0 {
		where = fmt.Sprintf("function at line %d", fs.f.LineDefined)
	}
	fs.errorAt(fs.pos, fmt.Sprintf("too many %s (limit is %d) in %s", what, limit, where))
}

func (fs *funcState) checkLimit(v, limit int, what string) {
	if v > limit {
		fs.errorLimit(limit, what)
	}
}

func (fs *funcState) lineOf(pos ast.Pos) int { return fs.g.file.Line(pos) }

// setLine sets the line recorded for the next instructions to that of
// pos, which is also where limit errors are reported from now on.
func (fs *funcState) setLine(pos ast.Pos) {
	if pos >= 0 {
		fs.linePos = pos
		fs.pos = pos
		if pos > fs.g.progress {
			fs.g.progress = pos
		}
	}
}

// took records that the reference's parser has read the token from pos
// to end (NoPos: a one-line token whose end is not known): the next
// instructions carry the line where it ends.
func (fs *funcState) took(pos, end ast.Pos) {
	fs.tokPos, fs.tokEnd = pos, end
	if pos > fs.g.progress {
		fs.g.progress = pos
	}
	if end > pos {
		fs.linePos = end - 1
	} else {
		fs.linePos = pos
	}
}

// sep reads the one-byte separator (',' ';' '=' ']') that follows the
// last token read, and returns its position.
func (fs *funcState) sep() ast.Pos {
	src := fs.g.src
	end := fs.tokEnd
	if end < 0 {
		end = lexer.TokenEnd(src, fs.tokPos)
	}
	if int(end) >= len(src) {
		return end
	}
	if c := src[end]; c != ',' && c != ';' && c != '=' && c != ']' {
		end = lexer.SkipSpace(src, end)
	}
	fs.took(end, end+1)
	return end
}

// nextToken returns the position of the token after the last one read,
// where the reference stands.
func (fs *funcState) nextToken() ast.Pos {
	end := fs.tokEnd
	if end < 0 {
		end = lexer.TokenEnd(fs.g.src, fs.tokPos)
	}
	if int(end) >= len(fs.g.src) {
		return end
	}
	return lexer.SkipSpace(fs.g.src, end)
}

// srcAt is the source byte at pos, or 0 past its end (a tree that
// parser.Recover cut short has positions there).
func (g *gen) srcAt(pos ast.Pos) byte {
	if pos >= 0 && int(pos) < len(g.src) {
		return g.src[pos]
	}
	return 0
}

// curLine is the line of the next instruction.
func (fs *funcState) curLine() int {
	if fs.linePos != fs.lineAt {
		fs.lineAt = fs.linePos
		fs.line = fs.g.file.Line(fs.linePos)
	}
	return fs.line
}

// ---------------------------------------------------------------------------
// Registers

func (fs *funcState) checkStack(n int) {
	newStack := fs.freeReg + n
	if newStack > int(fs.f.MaxStackSize) {
		if newStack >= maxRegs {
			fs.errorAt(fs.pos, "function or expression needs too many registers")
		}
		fs.f.MaxStackSize = uint8(newStack)
	}
}

func (fs *funcState) reserveRegs(n int) {
	fs.checkStack(n)
	fs.freeReg += n
}

func (fs *funcState) freeRegister(reg int) {
	if reg >= fs.nvarstack() {
		fs.freeReg--
		if reg != fs.freeReg {
			panic(fmt.Sprintf("codegen: register %d freed out of order (free %d)", reg, fs.freeReg))
		}
	}
}

func (fs *funcState) freeRegs(r1, r2 int) {
	if r1 > r2 {
		fs.freeRegister(r1)
		fs.freeRegister(r2)
	} else {
		fs.freeRegister(r2)
		fs.freeRegister(r1)
	}
}

func (fs *funcState) freeExp(e *expDesc) {
	if e.k == eNonReloc {
		fs.freeRegister(e.info)
	}
}

func (fs *funcState) freeExps(e1, e2 *expDesc) {
	r1, r2 := -1, -1
	if e1.k == eNonReloc {
		r1 = e1.info
	}
	if e2.k == eNonReloc {
		r2 = e2.info
	}
	fs.freeRegs(r1, r2)
}

// ---------------------------------------------------------------------------
// Constants

func (fs *funcState) addK(key constKey, c bc.Constant) int {
	if i, ok := fs.kcache[key]; ok {
		return i
	}
	i := len(fs.f.Constants)
	fs.f.Constants = append(fs.f.Constants, c)
	fs.kcache[key] = i
	return i
}

func (fs *funcState) stringK(s string) int {
	return fs.addK(constKey{kind: bc.ConstString, str: s}, bc.Constant{Kind: bc.ConstString, Str: s})
}

func (fs *funcState) intK(i int64) int {
	return fs.addK(constKey{kind: bc.ConstInt, bits: uint64(i)}, bc.Constant{Kind: bc.ConstInt, Int: i})
}

func (fs *funcState) floatK(f float64) int {
	return fs.addK(constKey{kind: bc.ConstFloat, bits: floatBits(f)}, bc.Constant{Kind: bc.ConstFloat, Float: f})
}

func (fs *funcState) boolK(b bool) int {
	if b {
		return fs.addK(constKey{kind: bc.ConstTrue}, bc.Constant{Kind: bc.ConstTrue})
	}
	return fs.addK(constKey{kind: bc.ConstFalse}, bc.Constant{Kind: bc.ConstFalse})
}

func (fs *funcState) nilK() int {
	return fs.addK(constKey{kind: bc.ConstNil}, bc.Constant{Kind: bc.ConstNil})
}

// ---------------------------------------------------------------------------
// Local variables

func (fs *funcState) localVar(vidx int) *varDesc {
	return &fs.g.actvar[fs.firstLocal+vidx]
}

// regLevel is the number of registers used by the first nvar locals
// (compile-time constants take none).
func (fs *funcState) regLevel(nvar int) int {
	for nvar > 0 {
		nvar--
		vd := fs.localVar(nvar)
		if vd.kind != varCTC {
			return vd.ridx + 1
		}
	}
	return 0
}

// nvarstack is the number of registers holding active locals.
func (fs *funcState) nvarstack() int { return fs.regLevel(fs.nactvar) }

// newLocalVar declares a variable; it becomes active with adjustLocalVars.
func (fs *funcState) newLocalVar(name string, pos ast.Pos) int {
	g := fs.g
	// The reference notices the limit with the token after the name.
	fs.pos = pos + ast.Pos(len(name))
	fs.checkLimit(len(g.actvar)+1-fs.firstLocal, maxVars, "local variables")
	g.actvar = append(g.actvar, varDesc{name: name})
	return len(g.actvar) - 1 - fs.firstLocal
}

// adjustLocalVars activates the last nvars declared variables.
func (fs *funcState) adjustLocalVars(nvars int) {
	reg := fs.nvarstack()
	for i := 0; i < nvars; i++ {
		vidx := fs.nactvar
		fs.nactvar++
		vd := fs.localVar(vidx)
		vd.ridx = reg
		reg++
		vd.pidx = fs.registerLocalVar(vd.name)
	}
}

func (fs *funcState) registerLocalVar(name string) int {
	fs.f.LocVars = append(fs.f.LocVars, bc.LocVar{Name: name, StartPC: int32(fs.pc())})
	return len(fs.f.LocVars) - 1
}

// ---------------------------------------------------------------------------
// Blocks

func (fs *funcState) enterBlock(bl *blockCnt, isLoop bool) {
	bl.isLoop = isLoop
	bl.nactvar = fs.nactvar
	bl.firstLabel = len(fs.g.labels)
	bl.firstGoto = len(fs.g.gotos)
	bl.upval = false
	bl.insideTBC = fs.bl != nil && fs.bl.insideTBC
	bl.previous = fs.bl
	fs.bl = bl
}

func (fs *funcState) leaveBlock() {
	bl := fs.bl
	g := fs.g
	hasClose := false
	stkLevel := fs.regLevel(bl.nactvar)
	// The block's variables go out of scope, but their descriptors stay
	// readable until the pending gotos have been moved out: those still
	// refer to them by count.
	fs.endScope(bl.nactvar)
	if bl.isLoop {
		hasClose = fs.createLabel("break", 0, true, fs.pos)
	}
	if !hasClose && bl.previous != nil && bl.upval {
		fs.codeABC(bc.OpClose, stkLevel, 0, 0)
	}
	fs.freeReg = stkLevel
	g.labels = g.labels[:bl.firstLabel]
	fs.bl = bl.previous
	if bl.previous != nil {
		fs.moveGotosOut(bl)
	} else if bl.firstGoto < len(g.gotos) {
		fs.undefGoto(&g.gotos[bl.firstGoto])
	}
	g.actvar = g.actvar[:fs.firstLocal+fs.nactvar]
}

// endScope ends the scope of the locals above level, closing their debug
// ranges; leaveBlock drops their descriptors afterwards.
func (fs *funcState) endScope(level int) {
	for fs.nactvar > level {
		fs.nactvar--
		vd := fs.localVar(fs.nactvar)
		if vd.kind != varCTC {
			fs.f.LocVars[vd.pidx].EndPC = int32(fs.pc())
		}
	}
}

// markUpval notes that the variable at level is captured by a closure, so
// its block must close upvalues when it ends.
func (fs *funcState) markUpval(level int) {
	bl := fs.bl
	for bl.nactvar > level {
		bl = bl.previous
	}
	bl.upval = true
	fs.needClose = true
}

// markToBeClosed notes a to-be-closed variable in the current block.
func (fs *funcState) markToBeClosed() {
	bl := fs.bl
	bl.upval = true
	bl.insideTBC = true
	fs.needClose = true
}

func floatBits(f float64) uint64 { return math.Float64bits(f) }
