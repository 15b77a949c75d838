package builtin

import "strings"

// contextWindows are the published context windows of well-known model
// families, longest prefix first; a configured context_window always
// wins. They exist so that compaction works without configuration for
// the common models; an unknown model gets 0 and the session's own
// default.
var contextWindows = []struct {
	prefix string
	tokens int64
}{
	{"claude-", 200_000},
	{"gpt-5", 400_000},
	{"gpt-4.1", 1_047_576},
	{"gpt-4o", 128_000},
	{"gpt-4-turbo", 128_000},
	{"o1-mini", 128_000},
	{"o1", 200_000},
	{"o3", 200_000},
	{"o4-mini", 200_000},
	{"codex-mini", 200_000},
}

// DefaultContextWindow is the window of a model id panto knows, 0 for
// one it does not.
func DefaultContextWindow(model string) int64 {
	for _, w := range contextWindows {
		if strings.HasPrefix(model, w.prefix) {
			return w.tokens
		}
	}
	return 0
}
