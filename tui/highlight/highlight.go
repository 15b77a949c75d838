// Package highlight is panto.ext.highlight and the terminal UI's code
// highlighter: chroma's lexers (github.com/alecthomas/chroma/v2, some 250
// languages, looked up by name, alias or file extension) with their token
// types mapped onto panto's theme roles, so that a theme colours code the
// way it colours everything else:
//
//	keyword   keywords, preprocessor lines, markup tags (and JSON keys)
//	builtin   builtin names, type keywords, decorators, attributes
//	constant  true/false/nil, named constants, variables ($HOME), other literals
//	string    strings, characters, escapes, regular expressions
//	number    numbers
//	comment   comments
//	added removed heading   diff lines; constant for hunk headers
//
// Every style is closed at each line end, so that a caller may split the
// result into lines and show any of them alone.
//
// Lexing is the expensive part (see BenchmarkHighlight and
// docs/tui.md); a component that highlights in render highlights the same
// text every frame, so token streams are cached by (language, text) and
// only the cheap styling step runs again. chroma is linked patched
// (third_party/chroma): its lexer registry is built by the first lookup,
// not in init, so a panto process that highlights nothing does not parse
// its ~280 lexer definitions; the first highlight pays that once.
package highlight

import (
	"strings"
	"sync"
	"time"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// Style returns the SGR sequence for a role ("keyword", "string",
// "comment", "number", "constant", "builtin", "added", "removed",
// "heading"), or "" to leave that role plain.
type Style func(role string) string

const reset = "\x1b[0m"

// Highlight returns body with ANSI styles for the language named by slug.
// An unknown (or empty) slug returns body unchanged, as does a body the
// lexer cannot take apart without changing it.
func Highlight(body, slug string, style Style) string {
	spans, ok := tokens(body, slug)
	if !ok {
		return body
	}
	var b strings.Builder
	b.Grow(len(body) + len(body)/2)
	for _, s := range spans {
		writeStyled(&b, s.text, style(s.role), s.role != "")
	}
	return b.String()
}

// Supported reports whether a slug names a language.
func Supported(slug string) bool { return lexerFor(slug) != nil }

// lexerFor finds the lexer of a slug: a name or alias ("go", "py"), else
// a file name or extension ("main.go", "rs").
func lexerFor(slug string) chroma.Lexer {
	slug = strings.ToLower(strings.TrimSpace(slug))
	if slug == "" {
		return nil
	}
	if l := lexers.Get(slug); l != nil && l != lexers.Fallback {
		return l
	}
	if !strings.Contains(slug, ".") {
		if l := lexers.Match("x." + slug); l != nil {
			return l
		}
	}
	return nil
}

// span is a run of text in one role.
type span struct {
	role string
	text string
}

// lexBudget bounds the time one highlight may spend lexing. A few of
// chroma's lexers are slow on some inputs (each regular expression match
// may take up to chroma's 250 ms timeout); past the budget the text is
// shown plain rather than stall the UI, and that language is not tried
// again on texts as long (a streaming code block grows one line at a
// time and would otherwise pay the budget on every delta).
//
// Only a body of at least budgetTokens tokens can run out of budget: a
// short one that took long was descheduled, not slow to lex, and must not
// turn the language off for every longer text after it.
const (
	lexBudget    = 100 * time.Millisecond * raceSlowdown
	budgetTokens = 256
)

// maxEmpty bounds the empty tokens in a row: two of chroma's lexers
// (JSONata, Jungle) can emit them forever on unfinished input.
const maxEmpty = 64

var (
	clock   = time.Now // the budget's time source; tests slow it down
	tooSlow sync.Map   // lexer name -> the body length that ran out of budget
	// warm holds the lexers used once: the first use compiles a lexer's
	// expressions as it meets them, which the budget must not count.
	warm sync.Map
)

// lex runs the lexer and merges tokens of the same role. It fails when
// the tokens do not spell the body exactly, or lexing runs away.
func lex(body, slug string) ([]span, bool) {
	l := lexerFor(slug)
	if l == nil {
		return nil, false
	}
	name := l.Config().Name
	if n, ok := tooSlow.Load(name); ok && len(body) >= n.(int) {
		return nil, false
	}
	it, err := l.Tokenise(&chroma.TokeniseOptions{State: "root", EnsureLF: false}, body)
	if err != nil {
		return nil, false
	}
	diff := name == "Diff"
	_, timed := warm.LoadOrStore(name, true)
	start := clock()
	var spans []span
	off, empty, count := 0, 0, 0
	for tok := it(); tok != chroma.EOF; tok = it() {
		if count++; timed && count%budgetTokens == 0 && clock().Sub(start) > lexBudget {
			tooSlow.Store(name, len(body))
			return nil, false
		}
		v := tok.Value
		if v == "" {
			if empty++; empty > maxEmpty {
				return nil, false
			}
			continue
		}
		empty = 0
		if !strings.HasPrefix(body[off:], v) {
			// Some lexers add a final newline (chroma's EnsureNL): the
			// last token may carry it, or be it.
			if rest := body[off:]; v == rest+"\n" && rest != "" {
				v = rest
			} else if off == len(body) && v == "\n" {
				continue
			} else {
				return nil, false // the tokens do not spell the body
			}
		}
		role := roleOf(tok.Type)
		if diff && (strings.HasPrefix(v, "--- ") || strings.HasPrefix(v, "+++ ")) {
			role = "heading" // file names, not a removed or added line
		}
		if k := len(spans); k > 0 && spans[k-1].role == role {
			spans[k-1].text = body[off-len(spans[k-1].text) : off+len(v)]
		} else {
			spans = append(spans, span{role, body[off : off+len(v)]})
		}
		off += len(v)
	}
	if timed && count >= budgetTokens && clock().Sub(start) > lexBudget {
		tooSlow.Store(name, len(body))
	}
	if off != len(body) {
		return nil, false
	}
	return spans, true
}

// roleOf maps a chroma token type to a theme role ("" for plain text).
func roleOf(t chroma.TokenType) string {
	switch t {
	case chroma.KeywordConstant, chroma.NameConstant, chroma.NameVariable,
		chroma.NameVariableGlobal, chroma.NameVariableInstance, chroma.NameVariableClass,
		chroma.NameVariableMagic, chroma.NameBuiltinPseudo:
		return "constant"
	case chroma.KeywordType, chroma.NameBuiltin, chroma.NameDecorator, chroma.NameAttribute,
		chroma.NameException:
		return "builtin"
	case chroma.NameTag, chroma.CommentPreproc, chroma.CommentPreprocFile:
		return "keyword"
	case chroma.GenericInserted:
		return "added"
	case chroma.GenericDeleted:
		return "removed"
	case chroma.GenericHeading:
		return "heading"
	case chroma.GenericSubheading:
		return "constant"
	case chroma.GenericError:
		return "error"
	}
	switch {
	case t.InCategory(chroma.Keyword):
		return "keyword"
	case t.InCategory(chroma.Comment):
		return "comment"
	case t.InSubCategory(chroma.LiteralString):
		return "string"
	case t.InSubCategory(chroma.LiteralNumber):
		return "number"
	case t.InCategory(chroma.Literal):
		return "constant"
	}
	return ""
}

// writeStyled writes text in a style, closing and re-opening it around
// each newline so that every line stands on its own (a caller may split
// the result into lines).
func writeStyled(b *strings.Builder, text, sgr string, styled bool) {
	if !styled || sgr == "" || text == "" {
		b.WriteString(text)
		return
	}
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		if line != "" {
			b.WriteString(sgr)
			b.WriteString(line)
			b.WriteString(reset)
		}
	}
}
