package editor

import (
	"strconv"
	"strings"
	"testing"

	"panto/tui/input"
)

// BenchmarkTypeAfterPaste is one key typed into a prompt that holds a
// large paste, then a frame: what typing costs after pasting a file.
func BenchmarkTypeAfterPaste(b *testing.B) {
	for _, lines := range []int{100, 10000} {
		b.Run(strconv.Itoa(lines)+"lines", func(b *testing.B) {
			e := New(Options{})
			e.Insert(strings.Repeat("some pasted line of code, long enough to wrap once or twice at eighty columns\n", lines))
			e.Render(80)
			ev := input.Event{Kind: input.KindKey, Key: input.Key{Code: 'x'}, Text: "x"}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				e.HandleEvent(ev)
				e.Render(80)
			}
		})
	}
}
