package screen

import (
	"fmt"
	"strings"
	"testing"

	"panto/tui/markdown"
	"panto/tui/theme"
)

type countingWriter struct{ n int }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	return len(p), nil
}

// BenchmarkStreamedDelta measures one streamed delta (a word appended to
// the assistant's message, then a frame) with a transcript of n committed
// lines before it. The cost must not grow with n: bytes/delta and ns/op
// stay flat from 10 to 10,000 lines.
func BenchmarkStreamedDelta(b *testing.B) {
	for _, n := range []int{10, 2000, 10000} {
		b.Run(fmt.Sprintf("transcript=%d", n), func(b *testing.B) {
			out := &countingWriter{}
			s := New(out, 100, 40)
			s.SetBottom(newBlock("> type here"), newBlock("model · 12k tokens · 4% · ~/panto"))
			for i := range n {
				s.Print(fmt.Sprintf("transcript line %d: some earlier text that was committed", i))
			}
			if err := s.Draw(); err != nil {
				b.Fatal(err)
			}
			msg := newBlock("")
			it := s.Add(msg)
			var text strings.Builder
			words := 0
			b.ReportAllocs()
			b.ResetTimer()
			start := out.n
			for i := 0; i < b.N; i++ {
				if words == 120 { // a message ends and the next one starts
					it.Finish()
					msg = newBlock("")
					it = s.Add(msg)
					text.Reset()
					words = 0
				}
				text.WriteString("word ")
				words++
				msg.set(text.String())
				if err := s.Draw(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(out.n-start)/float64(b.N), "bytes/delta")
		})
	}
}

// BenchmarkStreamedMarkdownDelta is the same with the assistant's message
// rendered as markdown (a screen.Settler: its finished paragraphs are
// committed while it streams), on a transcript of n committed lines.
func BenchmarkStreamedMarkdownDelta(b *testing.B) {
	md := markdown.New(theme.NewRegistry().Active(""))
	for _, n := range []int{10, 2000, 10000} {
		b.Run(fmt.Sprintf("transcript=%d", n), func(b *testing.B) {
			out := &countingWriter{}
			s := New(out, 100, 40)
			s.SetBottom(newBlock("> type here"), newBlock("model · 12k tokens · 4% · ~/panto"))
			for i := range n {
				s.Print(fmt.Sprintf("transcript line %d: some earlier text that was committed", i))
			}
			if err := s.Draw(); err != nil {
				b.Fatal(err)
			}
			msg := md.NewMessage()
			it := s.Add(msg)
			words := 0
			b.ReportAllocs()
			b.ResetTimer()
			start := out.n
			for i := 0; i < b.N; i++ {
				switch {
				case words == 600: // the message ends, the next one starts
					msg.Close()
					it.Finish()
					msg = md.NewMessage()
					it = s.Add(msg)
					words = 0
				case words%60 == 59: // a new paragraph now and then
					msg.Append("\n\n")
				}
				msg.Append("*word* ")
				words++
				if err := s.Draw(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(out.n-start)/float64(b.N), "bytes/delta")
			b.ReportMetric(float64(s.Stats().Redraws), "redraws")
		})
	}
}
