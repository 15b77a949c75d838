package ast

// BinaryOp is a binary operator. The order groups operators the way the code
// generator treats them: arithmetic, then bitwise, then concatenation,
// comparisons and the short-circuit logical operators.
type BinaryOp uint8

const (
	OpAdd BinaryOp = iota
	OpSub
	OpMul
	OpMod
	OpPow
	OpDiv
	OpIDiv
	OpBand
	OpBor
	OpBxor
	OpShl
	OpShr
	OpConcat
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	OpAnd
	OpOr
)

var binaryOpText = [...]string{
	OpAdd: "+", OpSub: "-", OpMul: "*", OpMod: "%", OpPow: "^", OpDiv: "/",
	OpIDiv: "//", OpBand: "&", OpBor: "|", OpBxor: "~", OpShl: "<<",
	OpShr: ">>", OpConcat: "..", OpEq: "==", OpNe: "~=", OpLt: "<",
	OpLe: "<=", OpGt: ">", OpGe: ">=", OpAnd: "and", OpOr: "or",
}

func (op BinaryOp) String() string { return binaryOpText[op] }

// IsArith reports whether op is one of + - * % ^ / //.
func (op BinaryOp) IsArith() bool { return op <= OpIDiv }

// IsBitwise reports whether op is one of & | ~ << >>.
func (op BinaryOp) IsBitwise() bool { return op >= OpBand && op <= OpShr }

// UnaryOp is a unary operator.
type UnaryOp uint8

const (
	OpNeg  UnaryOp = iota // -
	OpBnot                // ~
	OpNot                 // not
	OpLen                 // #
)

var unaryOpText = [...]string{OpNeg: "-", OpBnot: "~", OpNot: "not", OpLen: "#"}

func (op UnaryOp) String() string { return unaryOpText[op] }
