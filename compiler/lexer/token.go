// Package lexer splits Lua 5.4 source text into tokens (manual §3.1).
//
// The lexer works on byte offsets and never counts lines: positions are
// turned into line numbers by a diag.File only when a message needs one,
// which keeps the hot loop down to a table lookup per byte. Errors are
// diag.Diagnostics on the line at which the reference lexer's line counter
// would stand when it reports them, so that the line in the message comes
// out the same.
package lexer

// Kind is the kind of a token.
type Kind uint8

// Token kinds. Keywords and punctuation each have their own kind; any other
// single byte that cannot start a token (such as '@' or a control character)
// is a Char token, which the parser rejects with the reference's
// "unexpected symbol".
const (
	EOF     Kind = iota // end of input
	Illegal             // a lexical error; see Lexer.Err
	Name                // identifier; Token.Str holds it
	String              // string literal; Token.Str holds the decoded value
	Int                 // integer numeral; Token.Int holds the value
	Float               // float numeral; Token.Num holds the value
	Char                // any other single byte, src[Token.Pos]

	// Reserved words.
	And
	Break
	Do
	Else
	Elseif
	End
	False
	For
	Function
	Goto
	If
	In
	Local
	Nil
	Not
	Or
	Repeat
	Return
	Then
	True
	Until
	While

	// Operators and punctuation.
	Plus    // +
	Minus   // -
	Star    // *
	Slash   // /
	DSlash  // //
	Percent // %
	Caret   // ^
	Hash    // #
	Amp     // &
	Tilde   // ~
	Pipe    // |
	Shl     // <<
	Shr     // >>
	Concat  // ..
	Dots    // ...
	Eq      // ==
	Ne      // ~=
	Lt      // <
	Le      // <=
	Gt      // >
	Ge      // >=
	Assign  // =
	LParen  // (
	RParen  // )
	LBrace  // {
	RBrace  // }
	LBrack  // [
	RBrack  // ]
	DColon  // ::
	Semi    // ;
	Colon   // :
	Comma   // ,
	Dot     // .

	numKinds
)

// kindText is how the reference names a token kind in "near" and
// "expected" messages (luaX_token2str): quoted spelling for fixed tokens,
// <angle brackets> for token classes.
var kindText = [numKinds]string{
	EOF: "<eof>", Illegal: "<error>", Name: "<name>", String: "<string>",
	Int: "<integer>", Float: "<number>", Char: "<char>",
	And: "'and'", Break: "'break'", Do: "'do'", Else: "'else'",
	Elseif: "'elseif'", End: "'end'", False: "'false'", For: "'for'",
	Function: "'function'", Goto: "'goto'", If: "'if'", In: "'in'",
	Local: "'local'", Nil: "'nil'", Not: "'not'", Or: "'or'",
	Repeat: "'repeat'", Return: "'return'", Then: "'then'", True: "'true'",
	Until: "'until'", While: "'while'",
	Plus: "'+'", Minus: "'-'", Star: "'*'", Slash: "'/'", DSlash: "'//'",
	Percent: "'%'", Caret: "'^'", Hash: "'#'", Amp: "'&'", Tilde: "'~'",
	Pipe: "'|'", Shl: "'<<'", Shr: "'>>'", Concat: "'..'", Dots: "'...'",
	Eq: "'=='", Ne: "'~='", Lt: "'<'", Le: "'<='", Gt: "'>'", Ge: "'>='",
	Assign: "'='", LParen: "'('", RParen: "')'", LBrace: "'{'",
	RBrace: "'}'", LBrack: "'['", RBrack: "']'", DColon: "'::'",
	Semi: "';'", Colon: "':'", Comma: "','", Dot: "'.'",
}

// String returns the reference's name for the kind, as used in
// "'x' expected" messages.
func (k Kind) String() string {
	if k < numKinds {
		return kindText[k]
	}
	return "<invalid>"
}

// IsKeyword reports whether k is a reserved word.
func (k Kind) IsKeyword() bool { return k >= And && k <= While }

// Token is one lexical element. Pos and End are byte offsets: the token is
// src[Pos:End]. EOF sits at len(src).
type Token struct {
	Kind Kind
	Pos  int
	End  int
	Str  string  // Name and String
	Int  int64   // Int
	Num  float64 // Float
}

// keyword returns the kind of reserved word s, or Name. It switches on
// length and first byte before comparing, so most identifiers are rejected
// after one or two byte comparisons.
func keyword(s string) Kind {
	switch len(s) {
	case 2:
		switch s {
		case "do":
			return Do
		case "if":
			return If
		case "in":
			return In
		case "or":
			return Or
		}
	case 3:
		switch s {
		case "and":
			return And
		case "end":
			return End
		case "for":
			return For
		case "nil":
			return Nil
		case "not":
			return Not
		}
	case 4:
		switch s {
		case "else":
			return Else
		case "goto":
			return Goto
		case "then":
			return Then
		case "true":
			return True
		}
	case 5:
		switch s {
		case "break":
			return Break
		case "false":
			return False
		case "local":
			return Local
		case "until":
			return Until
		case "while":
			return While
		}
	case 6:
		switch s {
		case "elseif":
			return Elseif
		case "repeat":
			return Repeat
		case "return":
			return Return
		}
	case 8:
		if s == "function" {
			return Function
		}
	}
	return Name
}
