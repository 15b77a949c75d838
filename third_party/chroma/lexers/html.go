package lexers

import (
	"sync"

	"github.com/alecthomas/chroma/v2"
)

// htmlLexer is the HTML lexer the delegating lexers (ERB, PHTML, Svelte,
// Go HTML templates) run around their own, built on first use (panto's
// patch; upstream's exported HTML variable parsed it in init).
var htmlLexer = sync.OnceValue(func() chroma.Lexer {
	return chroma.MustNewXMLLexer(embedded, "embedded/html.xml")
})
