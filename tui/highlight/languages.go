package highlight

import "strings"

// language describes what the scanner needs to know about one language.
type language struct {
	lineComments  []string
	blockComments [][2]string
	quotes        string // characters that open and close a string
	rawQuote      byte   // a quote without escapes (Go and JS backtick)
	tripleQuotes  bool   // Python's """ and '''
	longBrackets  bool   // Lua's [[ ]] and [==[ ]==] (strings and --[[ comments)
	dollarVars    bool   // shell $NAME and ${...}
	identExtra    string // characters allowed in identifiers besides letters, digits, _
	keywords      set
	constants     set
	builtins      set
}

type set map[string]bool

func words(s string) set {
	m := set{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

var lua = &language{
	lineComments: []string{"--"}, quotes: `"'`, longBrackets: true,
	keywords:  words("and break do else elseif end for function goto if in local not or repeat return then until while"),
	constants: words("nil true false"),
	builtins:  words("assert collectgarbage dofile error getmetatable ipairs load loadfile next pairs pcall print rawequal rawget rawlen rawset require select setmetatable tonumber tostring type xpcall string table math io os utf8 coroutine debug package self _G _ENV"),
}

var golang = &language{
	lineComments: []string{"//"}, blockComments: [][2]string{{"/*", "*/"}}, quotes: `"'`, rawQuote: '`',
	keywords:  words("break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var"),
	constants: words("nil true false iota"),
	builtins:  words("any append bool byte cap clear close complex copy delete error float32 float64 int int8 int16 int32 int64 len make max min new panic print println real recover rune string uint uint8 uint16 uint32 uint64 uintptr"),
}

var python = &language{
	lineComments: []string{"#"}, quotes: `"'`, tripleQuotes: true,
	keywords:  words("and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case"),
	constants: words("None True False"),
	builtins:  words("abs all any bool bytes dict enumerate filter float format getattr hasattr int isinstance len list map max min open print range repr reversed set sorted str sum super tuple type zip self"),
}

var javascript = &language{
	lineComments: []string{"//"}, blockComments: [][2]string{{"/*", "*/"}}, quotes: `"'`, rawQuote: '`', identExtra: "$",
	keywords:  words("async await break case catch class const continue debugger default delete do else export extends finally for from function if import in instanceof let new of return static super switch this throw try typeof var void while with yield interface type enum implements readonly"),
	constants: words("null undefined true false NaN Infinity"),
	builtins:  words("Array Boolean console Date Error JSON Map Math Number Object Promise RegExp Set String Symbol globalThis window document require module exports"),
}

var jsonLang = &language{
	quotes:    `"`,
	constants: words("null true false"),
}

var shell = &language{
	lineComments: []string{"#"}, quotes: `"'`, dollarVars: true, identExtra: "-",
	keywords: words("if then else elif fi for while until do done case esac in function select return break continue local export readonly declare set unset shift exit"),
	builtins: words("echo printf cd pwd test read source eval exec trap kill wait true false alias cat grep sed awk ls mkdir rm cp mv"),
}

// languages maps slugs (with common aliases) to languages. "diff" is
// handled apart: it is line-based.
var languages = map[string]*language{
	"lua": lua,
	"go":  golang, "golang": golang,
	"python": python, "py": python,
	"javascript": javascript, "js": javascript, "jsx": javascript, "mjs": javascript,
	"typescript": javascript, "ts": javascript, "tsx": javascript,
	"json": jsonLang, "jsonc": jsonLang,
	"sh": shell, "bash": shell, "shell": shell, "zsh": shell, "console": shell,
}

// Supported reports whether a slug is known.
func Supported(slug string) bool {
	slug = strings.ToLower(slug)
	return languages[slug] != nil || slug == "diff" || slug == "patch"
}
