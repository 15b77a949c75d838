package lexers

import (
	"regexp"
	"sync"

	"github.com/alecthomas/chroma/v2"
)

// TODO(moorereason): can this be factored away?
var zoneAnalyserRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^@\s+IN\s+SOA\s+`) })

func init() { // nolint: gochecknoinits
	onLoaded(func(reg *chroma.LexerRegistry) {
		reg.Get("dns").SetAnalyser(func(text string) float32 {
			if zoneAnalyserRe().FindString(text) != "" {
				return 1.0
			}
			return 0.0
		})
	})
}
