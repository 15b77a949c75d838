// Package ast declares the syntax tree of a Lua 5.4 chunk.
//
// The parser builds it and the code generator walks it. Nodes carry byte
// offsets into the source (Pos); a diag.File turns them into line numbers only
// when something needs to be reported or recorded in debug information, so
// the tree stays small and the parser never counts columns it will not need.
//
// Names are not resolved here: whether a NameExpr is a local, an upvalue or a
// global is decided by the code generator, which owns scopes, registers and
// the visibility rules of goto.
package ast

import "panto/diag"

// Pos is a byte offset into the chunk's source (diag.Pos, so that the
// lexer, the parser and the code generator share one position type
// without the lexer depending on the tree).
type Pos = diag.Pos

// NoPos is the position of synthesized nodes.
const NoPos = diag.NoPos

// Node is implemented by every expression, statement and block.
type Node interface {
	Start() Pos
}

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement node.
type Stmt interface {
	Node
	stmtNode()
}

// Chunk is a parsed source file: the body of the main function, which is
// always a vararg function with the single upvalue _ENV.
type Chunk struct {
	File  *diag.File
	Block *Block
	// Last is the last byte of the last token, whose line the final
	// return of the main function carries.
	Last Pos
	// Close is where the main function is closed (the end of input),
	// where an undefined label is reported.
	Close Pos
}

// Block is a sequence of statements. End is the position of the token that
// closes it ('end', 'until', 'else', 'elseif' or end of input); Last is
// in the last token read before that one (the block's own last token, or
// the one that opened it): the reference emits the jumps that end a block
// while it has read only that far, so they carry Last's line.
type Block struct {
	Pos   Pos
	Stmts []Stmt
	Last  Pos
	End   Pos
}

func (b *Block) Start() Pos { return b.Pos }

// ---------------------------------------------------------------------------
// Expressions

// NilExpr is the literal nil.
type NilExpr struct{ Pos Pos }

// TrueExpr is the literal true.
type TrueExpr struct{ Pos Pos }

// FalseExpr is the literal false.
type FalseExpr struct{ Pos Pos }

// VarargExpr is '...'. The parser has already checked that the enclosing
// function is a vararg function. Prev is the end of the token before it:
// the reference emits VARARG before it reads the '...', so the
// instruction carries that token's line.
type VarargExpr struct{ Pos, Prev Pos }

// NumberExpr is a numeric literal, already converted with Lua's rules: an
// integer numeral that does not fit in 64 bits becomes a float, a hex
// numeral wraps around.
type NumberExpr struct {
	Pos     Pos
	IsFloat bool
	Int     int64
	Float   float64
}

// StringExpr is a string literal with escapes already decoded, or the
// constant key of a field access (t.name).
// End is the end of its token (a long string or a string with escaped
// newlines ends on a later line than it starts, and the reference stamps
// what follows it with the line where it ends).
type StringExpr struct {
	Pos   Pos
	End   Pos
	Value string
}

// NameExpr is a reference to a variable by name.
type NameExpr struct {
	Pos  Pos
	Name string
}

// IndexExpr is Obj[Key]; for Obj.name the key is a StringExpr. Pos is the
// position of the '[' or '.'; Close is that of the ']' (of the name after
// a '.').
type IndexExpr struct {
	Pos   Pos
	Close Pos
	Obj   Expr
	Key   Expr
}

// CallExpr is Fn(Args...). Pos is the start of the whole suffixed expression
// (as the reference attributes a call to the line where its prefix starts);
// Open is the position of the argument list ('(', '{' or string literal),
// Close that of the ')' ending a parenthesized one.
type CallExpr struct {
	Pos   Pos
	Open  Pos
	Close Pos
	Fn    Expr
	Args  []Expr
}

// MethodCallExpr is Obj:Name(Args...).
type MethodCallExpr struct {
	Pos     Pos
	NamePos Pos
	Open    Pos
	Close   Pos
	Obj     Expr
	Name    string
	Args    []Expr
}

// FunctionExpr is a function body: 'function' (params) block 'end'. Pos is
// the 'function' keyword (linedefined), End the closing 'end'
// (lastlinedefined); Dots is the '...' of a vararg function, whose line
// its VARARGPREP carries. Methods declared with ':' have "self" as their
// first parameter already.
type FunctionExpr struct {
	Pos      Pos
	End      Pos
	Dots     Pos
	Params   []*Param
	Body     *Block
	IsVararg bool
}

// Param is a named parameter.
type Param struct {
	Pos  Pos
	Name string
}

// BinaryExpr is L Op R. Pos is the operator's position: the reference
// reports arithmetic errors at the operator's line.
type BinaryExpr struct {
	Pos Pos
	Op  BinaryOp
	L   Expr
	R   Expr
}

// UnaryExpr is Op X.
type UnaryExpr struct {
	Pos Pos
	Op  UnaryOp
	X   Expr
}

// ParenExpr is (X). It matters only to cut a multi-valued expression (call or
// '...') down to one value, and to make an expression not assignable.
// Close is the position of the ')'.
type ParenExpr struct {
	Pos   Pos
	Close Pos
	X     Expr
}

// TableExpr is a table constructor. Fields keep source order: positional and
// keyed fields interleave, and evaluation order is observable. End is the
// position of the '}'; Prev is the end of the token before the '{': the
// reference emits NEWTABLE before it reads the '{'.
type TableExpr struct {
	Pos    Pos
	End    Pos
	Prev   Pos
	Fields []*TableField
}

// TableField is one entry of a constructor. Key is nil for a positional
// entry; for name = value it is a StringExpr.
type TableField struct {
	Key   Expr
	Value Expr
}

// ---------------------------------------------------------------------------
// Statements

// LocalStmt is 'local' names [attribs] ['=' exprs].
type LocalStmt struct {
	Pos   Pos
	Names []*LocalName
	Exprs []Expr
}

// LocalName is one variable of a local statement. Attrib is "", "const" or
// "close"; the parser rejects other attributes and a second "close".
type LocalName struct {
	Pos    Pos
	Name   string
	Attrib string
}

// AssignStmt is targets '=' exprs. Each target is a NameExpr or IndexExpr.
// Pos is the position of the '=' sign.
type AssignStmt struct {
	Pos     Pos
	Targets []Expr
	Exprs   []Expr
}

// CallStmt is a function or method call used as a statement.
type CallStmt struct {
	Call Expr // *CallExpr or *MethodCallExpr
}

// DoStmt is 'do' block 'end'.
type DoStmt struct {
	Pos  Pos
	Body *Block
}

// WhileStmt is 'while' cond 'do' block 'end'.
type WhileStmt struct {
	Pos  Pos
	Cond Expr
	Body *Block
}

// RepeatStmt is 'repeat' block 'until' cond; Cond sees the block's locals.
type RepeatStmt struct {
	Pos  Pos
	Body *Block
	Cond Expr
}

// IfStmt is 'if' cond 'then' block {'elseif' ...} ['else' block] 'end'.
type IfStmt struct {
	Pos     Pos
	Clauses []*IfClause
	Else    *Block // nil when there is no else part
}

// IfClause is one condition and its block. Then is in the 'then' token,
// after which the reference emits the condition's test.
type IfClause struct {
	Pos  Pos
	Cond Expr
	Then Pos
	Body *Block
}

// NumericForStmt is 'for' Var '=' Init ',' Limit [',' Step] 'do' block 'end'.
// Step is nil when omitted.
type NumericForStmt struct {
	Pos   Pos
	Var   *Param
	Init  Expr
	Limit Expr
	Step  Expr
	Body  *Block
	DoPos Pos
}

// GenericForStmt is 'for' names 'in' exprs 'do' block 'end'.
type GenericForStmt struct {
	Pos   Pos
	Names []*Param
	Exprs []Expr
	Body  *Block
	DoPos Pos
}

// FunctionStmt is 'function' funcname body. Target is a NameExpr or a chain of
// IndexExprs with string keys; for 'a.b:m' IsMethod is set, Target is a.b.m
// and Func already has "self" as its first parameter.
type FunctionStmt struct {
	Pos      Pos
	Target   Expr
	IsMethod bool
	Func     *FunctionExpr
}

// LocalFunctionStmt is 'local function' Name body; the name is in scope
// inside the body, which makes recursion work.
type LocalFunctionStmt struct {
	Pos  Pos
	Name *Param
	Func *FunctionExpr
}

// ReturnStmt is 'return' [exprs] [';'].
type ReturnStmt struct {
	Pos   Pos
	Exprs []Expr
}

// BreakStmt is 'break'.
type BreakStmt struct{ Pos Pos }

// GotoStmt is 'goto' Label.
type GotoStmt struct {
	Pos   Pos
	Label string
}

// LabelStmt is '::' Name '::'.
type LabelStmt struct {
	Pos  Pos
	Name string
}

func (e *NilExpr) Start() Pos        { return e.Pos }
func (e *TrueExpr) Start() Pos       { return e.Pos }
func (e *FalseExpr) Start() Pos      { return e.Pos }
func (e *VarargExpr) Start() Pos     { return e.Pos }
func (e *NumberExpr) Start() Pos     { return e.Pos }
func (e *StringExpr) Start() Pos     { return e.Pos }
func (e *NameExpr) Start() Pos       { return e.Pos }
func (e *IndexExpr) Start() Pos      { return e.Obj.Start() }
func (e *CallExpr) Start() Pos       { return e.Pos }
func (e *MethodCallExpr) Start() Pos { return e.Pos }
func (e *FunctionExpr) Start() Pos   { return e.Pos }
func (e *BinaryExpr) Start() Pos     { return e.L.Start() }
func (e *UnaryExpr) Start() Pos      { return e.Pos }
func (e *ParenExpr) Start() Pos      { return e.Pos }
func (e *TableExpr) Start() Pos      { return e.Pos }

func (*NilExpr) exprNode()        {}
func (*TrueExpr) exprNode()       {}
func (*FalseExpr) exprNode()      {}
func (*VarargExpr) exprNode()     {}
func (*NumberExpr) exprNode()     {}
func (*StringExpr) exprNode()     {}
func (*NameExpr) exprNode()       {}
func (*IndexExpr) exprNode()      {}
func (*CallExpr) exprNode()       {}
func (*MethodCallExpr) exprNode() {}
func (*FunctionExpr) exprNode()   {}
func (*BinaryExpr) exprNode()     {}
func (*UnaryExpr) exprNode()      {}
func (*ParenExpr) exprNode()      {}
func (*TableExpr) exprNode()      {}

func (s *LocalStmt) Start() Pos         { return s.Pos }
func (s *AssignStmt) Start() Pos        { return s.Targets[0].Start() }
func (s *CallStmt) Start() Pos          { return s.Call.Start() }
func (s *DoStmt) Start() Pos            { return s.Pos }
func (s *WhileStmt) Start() Pos         { return s.Pos }
func (s *RepeatStmt) Start() Pos        { return s.Pos }
func (s *IfStmt) Start() Pos            { return s.Pos }
func (s *NumericForStmt) Start() Pos    { return s.Pos }
func (s *GenericForStmt) Start() Pos    { return s.Pos }
func (s *FunctionStmt) Start() Pos      { return s.Pos }
func (s *LocalFunctionStmt) Start() Pos { return s.Pos }
func (s *ReturnStmt) Start() Pos        { return s.Pos }
func (s *BreakStmt) Start() Pos         { return s.Pos }
func (s *GotoStmt) Start() Pos          { return s.Pos }
func (s *LabelStmt) Start() Pos         { return s.Pos }

func (*LocalStmt) stmtNode()         {}
func (*AssignStmt) stmtNode()        {}
func (*CallStmt) stmtNode()          {}
func (*DoStmt) stmtNode()            {}
func (*WhileStmt) stmtNode()         {}
func (*RepeatStmt) stmtNode()        {}
func (*IfStmt) stmtNode()            {}
func (*NumericForStmt) stmtNode()    {}
func (*GenericForStmt) stmtNode()    {}
func (*FunctionStmt) stmtNode()      {}
func (*LocalFunctionStmt) stmtNode() {}
func (*ReturnStmt) stmtNode()        {}
func (*BreakStmt) stmtNode()         {}
func (*GotoStmt) stmtNode()          {}
func (*LabelStmt) stmtNode()         {}
