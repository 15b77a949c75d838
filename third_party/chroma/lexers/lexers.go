// Modified for panto: the registry is built on first use instead of in
// init; third_party/README.md has the reason.

package lexers

import (
	"embed"
	"io/fs"
	"sync"

	"github.com/alecthomas/chroma/v2"
)

//go:embed embedded
var embedded embed.FS

// The registry is built on first use, not in init (panto's patch): parsing
// the ~280 embedded definitions costs tens of millions of instructions,
// which every program linking this package would otherwise pay at start
// whether it highlights anything or not. Register and registerLater only
// queue a lexer until then, and the functions below build the registry
// first.
var (
	registryMu      sync.Mutex
	registryBuilt   *chroma.LexerRegistry
	pendingLexers   []func() chroma.Lexer
	pendingOnLoaded []func(*chroma.LexerRegistry)
)

// GlobalLexerRegistry returns the global LexerRegistry of Lexers, built on
// the first call. (Upstream chroma has a variable of this name.)
func GlobalLexerRegistry() *chroma.LexerRegistry {
	registryMu.Lock()
	defer registryMu.Unlock()
	if registryBuilt != nil {
		return registryBuilt
	}
	reg := chroma.NewLexerRegistry()
	paths, err := fs.Glob(embedded, "embedded/*.xml")
	if err != nil {
		panic(err)
	}
	for _, path := range paths {
		reg.Register(chroma.MustNewXMLLexer(embedded, path))
	}
	for _, build := range pendingLexers {
		reg.Register(build())
	}
	for _, f := range pendingOnLoaded {
		f(reg)
	}
	pendingLexers, pendingOnLoaded = nil, nil
	registryBuilt = reg
	return reg
}

// onLoaded runs f on the registry once it is built: what upstream's init
// functions did to registered lexers.
func onLoaded(f func(*chroma.LexerRegistry)) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if registryBuilt != nil {
		f(registryBuilt)
		return
	}
	pendingOnLoaded = append(pendingOnLoaded, f)
}

// Names of all lexers, optionally including aliases.
func Names(withAliases bool) []string {
	return GlobalLexerRegistry().Names(withAliases)
}

// Aliases of all the lexers, and skip those lexers who do not have any aliases,
// or show their name instead
func Aliases(skipWithoutAliases bool) []string {
	return GlobalLexerRegistry().Aliases(skipWithoutAliases)
}

// Get a Lexer by name, alias or file extension.
//
// Note that this if there isn't an exact match on name or alias, this will
// call Match(), so it is not efficient.
func Get(name string) chroma.Lexer {
	return GlobalLexerRegistry().Get(name)
}

// MatchMimeType attempts to find a lexer for the given MIME type.
func MatchMimeType(mimeType string) chroma.Lexer {
	return GlobalLexerRegistry().MatchMimeType(mimeType)
}

// Match returns the first lexer matching filename.
//
// Note that this iterates over all file patterns in all lexers, so it's not
// particularly efficient.
func Match(filename string) chroma.Lexer {
	return GlobalLexerRegistry().Match(filename)
}

// Register a Lexer with the global registry.
func Register(lexer chroma.Lexer) chroma.Lexer {
	registryMu.Lock()
	defer registryMu.Unlock()
	if registryBuilt != nil {
		return registryBuilt.Register(lexer)
	}
	pendingLexers = append(pendingLexers, func() chroma.Lexer { return lexer })
	return lexer
}

// registerLater queues a lexer that build makes when the registry is
// built (panto's patch): the lexers whose construction costs (a parsed
// definition, a big remapping table) are not made in init. It returns
// nothing of use; package-level `var _ = registerLater(...)` keeps
// upstream's registration order.
func registerLater(build func() chroma.Lexer) struct{} {
	registryMu.Lock()
	defer registryMu.Unlock()
	if registryBuilt != nil {
		registryBuilt.Register(build())
		return struct{}{}
	}
	pendingLexers = append(pendingLexers, build)
	return struct{}{}
}

// Analyse text content and return the "best" lexer..
func Analyse(text string) chroma.Lexer {
	return GlobalLexerRegistry().Analyse(text)
}

// PlaintextRules is used for the fallback lexer as well as the explicit
// plaintext lexer.
func PlaintextRules() chroma.Rules {
	return chroma.Rules{
		"root": []chroma.Rule{
			{`.+`, chroma.Text, nil},
			{`\n`, chroma.Text, nil},
		},
	}
}

// Fallback lexer if no other is found.
var Fallback chroma.Lexer = chroma.MustNewLexer(&chroma.Config{
	Name:      "fallback",
	Filenames: []string{"*"},
	Priority:  -1,
}, PlaintextRules)
