package bytecode

// OpInfo describes an opcode for the verifier, the disassembler and the
// debug machinery that names variables in error messages.
type OpInfo struct {
	Name   string
	Format Format
	// SetsA is true when the instruction writes register A.
	SetsA bool
	// IsTest is true when the next instruction is a jump governed by this one.
	IsTest bool
	// UsesTop is true when operand B of 0 means "up to the stack top" (calls,
	// returns, SETLIST).
	UsesTop bool
	// SetsTop is true when operand C of 0 leaves a variable number of values
	// at the top (calls and varargs).
	SetsTop bool
}

// Info is indexed by Opcode. TestOpInfoInStep keeps it the same length as
// the opcode list.
var Info = [...]OpInfo{
	OpMove:       {"MOVE", IABC, true, false, false, false},
	OpLoadI:      {"LOADI", IAsBx, true, false, false, false},
	OpLoadF:      {"LOADF", IAsBx, true, false, false, false},
	OpLoadK:      {"LOADK", IABx, true, false, false, false},
	OpLoadKX:     {"LOADKX", IABx, true, false, false, false},
	OpLoadFalse:  {"LOADFALSE", IABC, true, false, false, false},
	OpLFalseSkip: {"LFALSESKIP", IABC, true, false, false, false},
	OpLoadTrue:   {"LOADTRUE", IABC, true, false, false, false},
	OpLoadNil:    {"LOADNIL", IABC, true, false, false, false},
	OpGetUpval:   {"GETUPVAL", IABC, true, false, false, false},
	OpSetUpval:   {"SETUPVAL", IABC, false, false, false, false},
	OpGetTabUp:   {"GETTABUP", IABC, true, false, false, false},
	OpGetTable:   {"GETTABLE", IABC, true, false, false, false},
	OpGetI:       {"GETI", IABC, true, false, false, false},
	OpGetField:   {"GETFIELD", IABC, true, false, false, false},
	OpSetTabUp:   {"SETTABUP", IABC, false, false, false, false},
	OpSetTable:   {"SETTABLE", IABC, false, false, false, false},
	OpSetI:       {"SETI", IABC, false, false, false, false},
	OpSetField:   {"SETFIELD", IABC, false, false, false, false},
	OpNewTable:   {"NEWTABLE", IABC, true, false, false, false},
	OpSelf:       {"SELF", IABC, true, false, false, false},
	OpAddI:       {"ADDI", IABC, true, false, false, false},
	OpAddK:       {"ADDK", IABC, true, false, false, false},
	OpSubK:       {"SUBK", IABC, true, false, false, false},
	OpMulK:       {"MULK", IABC, true, false, false, false},
	OpModK:       {"MODK", IABC, true, false, false, false},
	OpPowK:       {"POWK", IABC, true, false, false, false},
	OpDivK:       {"DIVK", IABC, true, false, false, false},
	OpIDivK:      {"IDIVK", IABC, true, false, false, false},
	OpBandK:      {"BANDK", IABC, true, false, false, false},
	OpBorK:       {"BORK", IABC, true, false, false, false},
	OpBxorK:      {"BXORK", IABC, true, false, false, false},
	OpShrI:       {"SHRI", IABC, true, false, false, false},
	OpShlI:       {"SHLI", IABC, true, false, false, false},
	OpAdd:        {"ADD", IABC, true, false, false, false},
	OpSub:        {"SUB", IABC, true, false, false, false},
	OpMul:        {"MUL", IABC, true, false, false, false},
	OpMod:        {"MOD", IABC, true, false, false, false},
	OpPow:        {"POW", IABC, true, false, false, false},
	OpDiv:        {"DIV", IABC, true, false, false, false},
	OpIDiv:       {"IDIV", IABC, true, false, false, false},
	OpBand:       {"BAND", IABC, true, false, false, false},
	OpBor:        {"BOR", IABC, true, false, false, false},
	OpBxor:       {"BXOR", IABC, true, false, false, false},
	OpShl:        {"SHL", IABC, true, false, false, false},
	OpShr:        {"SHR", IABC, true, false, false, false},
	OpUnm:        {"UNM", IABC, true, false, false, false},
	OpBnot:       {"BNOT", IABC, true, false, false, false},
	OpNot:        {"NOT", IABC, true, false, false, false},
	OpLen:        {"LEN", IABC, true, false, false, false},
	OpConcat:     {"CONCAT", IABC, true, false, false, false},
	OpClose:      {"CLOSE", IABC, false, false, false, false},
	OpTBC:        {"TBC", IABC, false, false, false, false},
	OpJmp:        {"JMP", IsJ, false, false, false, false},
	OpEq:         {"EQ", IABC, false, true, false, false},
	OpLt:         {"LT", IABC, false, true, false, false},
	OpLe:         {"LE", IABC, false, true, false, false},
	OpEqK:        {"EQK", IABC, false, true, false, false},
	OpEqI:        {"EQI", IABC, false, true, false, false},
	OpLtI:        {"LTI", IABC, false, true, false, false},
	OpLeI:        {"LEI", IABC, false, true, false, false},
	OpGtI:        {"GTI", IABC, false, true, false, false},
	OpGeI:        {"GEI", IABC, false, true, false, false},
	OpTest:       {"TEST", IABC, false, true, false, false},
	OpTestSet:    {"TESTSET", IABC, true, true, false, false},
	OpCall:       {"CALL", IABC, true, false, true, true},
	OpTailCall:   {"TAILCALL", IABC, true, false, true, true},
	OpReturn:     {"RETURN", IABC, false, false, true, false},
	OpReturn0:    {"RETURN0", IABC, false, false, false, false},
	OpReturn1:    {"RETURN1", IABC, false, false, false, false},
	OpForLoop:    {"FORLOOP", IABx, true, false, false, false},
	OpForPrep:    {"FORPREP", IABx, true, false, false, false},
	OpTForPrep:   {"TFORPREP", IABx, false, false, false, false},
	OpTForCall:   {"TFORCALL", IABC, false, false, false, false},
	OpTForLoop:   {"TFORLOOP", IABx, true, false, false, false},
	OpSetList:    {"SETLIST", IABC, false, false, true, false},
	OpClosure:    {"CLOSURE", IABx, true, false, false, false},
	OpVararg:     {"VARARG", IABC, true, false, false, true},
	OpVarargPrep: {"VARARGPREP", IABC, true, false, true, false},
	OpExtraArg:   {"EXTRAARG", IAx, false, false, false, false},
}

func (op Opcode) String() string {
	if int(op) < len(Info) {
		return Info[op].Name
	}
	return "UNKNOWN"
}
