package markdown

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"panto/tui/termtext"
	"panto/tui/theme"
)

var defaultTheme = theme.NewRegistry().Active("")

func plainRows(src string, width int) []string {
	rows := New(nil).Render(src, width)
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.TrimRight(r, " ")
	}
	return out
}

func TestPlainBlocks(t *testing.T) {
	for _, c := range []struct {
		name, src string
		width     int
		want      []string
	}{
		{"heading levels", "# One\n\n### Three", 40, []string{"# One", "", "### Three"}},
		{"paragraph wraps", "alpha beta gamma delta epsilon", 12, []string{"alpha beta", "gamma delta", "epsilon"}},
		{"soft and hard breaks", "one\ntwo  \nthree", 40, []string{"one two", "three"}},
		{"emphasis keeps its markers", "a *b* **c** ~~d~~ `e`", 40, []string{"a *b* **c** ~~d~~ `e`"}},
		{"link shows the url", "see [docs](https://x.io/a) and <https://y.io>", 60, []string{"see docs (https://x.io/a) and https://y.io"}},
		{"link whose text is its url", "[https://x.io](https://x.io)", 40, []string{"https://x.io"}},
		{"image", "![a cat](cat.png)", 40, []string{"[image: a cat] (cat.png)"}},
		{"bullets nest", "- a\n- b\n  - c\n    - d", 40, []string{"• a", "• b", "  ◦ c", "    ▪ d"}},
		{"ordered from its start", "7. x\n8. y\n9. z\n10. w", 40, []string{" 7. x", " 8. y", " 9. z", "10. w"}},
		{"loose list", "- a\n\n- b", 40, []string{"• a", "", "• b"}},
		{"list item wraps under its text", "- alpha beta gamma", 10, []string{"• alpha", "  beta", "  gamma"}},
		{"tasks", "- [x] done\n- [ ] todo", 40, []string{"• ☑ done", "• ☐ todo"}},
		{"quote", "> quoted text here", 12, []string{"│ quoted", "│ text here"}},
		{"nested quote", "> a\n>\n> > b", 40, []string{"│ a", "│", "│ │ b"}},
		{"fenced code", "```go\nx := 1\n\ty()\n```", 40, []string{"```go", "x := 1", "    y()", "```"}},
		{"indented code", "    code line", 40, []string{"    code line"}},
		{"thematic break", "a\n\n---\n\nb", 5, []string{"a", "", "─────", "", "b"}},
		{"table", "| a | bb |\n|---|---:|\n| ccc | d |", 40, []string{"a   │ bb", "────┼───", "ccc │  d"}},
		{"table shrinks to the width", "| name | description |\n|---|---|\n| x | a long description of it |", 20,
			[]string{"name │ description", "─────┼──────────────", "x    │ a long", "     │ description", "     │ of it"}},
		{"html block", "<div>\nhi\n</div>", 40, []string{"<div>", "hi", "</div>"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := plainRows(c.src, c.width)
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

func TestPlainHasNoEscapes(t *testing.T) {
	for _, row := range New(nil).Render(sample, 60) {
		if strings.Contains(row, "\x1b") {
			t.Fatalf("plain row has an escape: %q", row)
		}
	}
}

func TestStyledUsesTheTheme(t *testing.T) {
	rows := strings.Join(New(defaultTheme).Render(sample, 80), "\n")
	for _, want := range []string{
		defaultTheme.Styles["heading"] + "\x1b[4mTitle",                // h1: heading style, underlined
		defaultTheme.Styles["constant"] + "code",                       // code span
		defaultTheme.Styles["muted"] + "(https://example.com)",         // link url
		defaultTheme.Styles["keyword"] + "func" + termtext.Reset,       // Go highlighted
		defaultTheme.Styles["comment"] + "// comment" + termtext.Reset, // and its comment
		"\x1b[3memphasis", "\x1b[1mstrong", "\x1b[9mgone",
	} {
		if !strings.Contains(rows, want) {
			t.Errorf("no %q in the output", want)
		}
	}
}

const sample = "# Title here\n\nSome *emphasis*, **strong** and `code` with a [link](https://example.com) and ~~gone~~.\n\n" +
	"- one\n- two\n  - nested\n\n> a quote\n\n```go\nfunc main() {\n\tprintln(\"hi\") // comment\n}\n```\n\n" +
	"| Name | Size |\n|:-----|-----:|\n| a.go | 12 |\n\n---\n\nlast paragraph\n"

func TestRowsAreExactlyTheWidth(t *testing.T) {
	for _, th := range []*theme.Theme{nil, defaultTheme} {
		for w := 1; w <= 90; w += 7 {
			for i, row := range New(th).Render(sample, w) {
				if got := termtext.Width(row); got != w {
					t.Fatalf("width %d row %d is %d wide: %q", w, i, got, row)
				}
			}
		}
	}
}

func TestMessageRerendersOnlyTheLastBlock(t *testing.T) {
	r := New(defaultTheme)
	m := r.NewMessage()
	for i := range 30 {
		m.Append(fmt.Sprintf("Paragraph %d with some words.\n\n", i))
	}
	m.Append("last one")
	m.Render(60)
	before := m.rendered
	m.Append(" grows")
	m.Render(60)
	if d := m.rendered - before; d != 1 {
		t.Errorf("a delta re-rendered %d blocks, want 1", d)
	}
	m.Render(60)
	if d := m.rendered - before; d != 1 {
		t.Errorf("an unchanged message re-rendered")
	}
	m.Render(61)
	if d := m.rendered - before; d != 32 {
		t.Errorf("a new width re-rendered %d blocks, want all 31 again", d-1)
	}
}

// TestStreamingMatchesWhole streams documents in random pieces and checks
// that the final rows equal a render of the whole text, and that the
// settled rows of every step are a prefix of the rows at the end of the
// step's own text... kept as they were.
func TestStreamingMatchesWhole(t *testing.T) {
	docs := []string{sample, "1. a\n2. b\n\n```\nplain code\n```\n\ntext", "a\n\n" + strings.Repeat("- item\n", 5) + "\npara\n\n> q\n\n# h"}
	for di, doc := range docs {
		for seed := int64(0); seed < 5; seed++ {
			rng := rand.New(rand.NewSource(seed))
			r := New(defaultTheme)
			m := r.NewMessage()
			var settled []string
			for i := 0; i < len(doc); {
				n := 1 + rng.Intn(12)
				m.Append(doc[i:min(i+n, len(doc))])
				i += n
				rows := m.Render(50)
				k := m.Settled(50)
				// settled rows never change afterwards
				for j := 0; j < len(settled) && j < k; j++ {
					if rows[j] != settled[j] {
						t.Fatalf("doc %d seed %d: settled row %d changed:\n%q\n%q", di, seed, j, settled[j], rows[j])
					}
				}
				if k > len(settled) {
					settled = append(settled[:0], rows[:k]...)
				}
			}
			m.Close()
			got := strings.Join(m.Render(50), "\n")
			want := strings.Join(New(defaultTheme).Render(doc, 50), "\n")
			if got != want {
				t.Fatalf("doc %d seed %d: streamed rows differ from the whole:\n%s\n---\n%s", di, seed, got, want)
			}
		}
	}
}

func TestStreamingCodeInPieces(t *testing.T) {
	var code strings.Builder
	for i := range 100 {
		fmt.Fprintf(&code, "x%d := %d // c\n", i, i)
	}
	m := New(defaultTheme).NewMessage()
	m.Append("```go\n" + code.String())
	open := m.Render(60)
	m.Append("```\n")
	m.Close()
	done := m.Render(60)
	if len(open) != len(done) || !strings.Contains(strings.Join(open, ""), defaultTheme.Styles["comment"]) {
		t.Errorf("an open code block: %d rows against %d closed", len(open), len(done))
	}
}

func FuzzMarkdown(f *testing.F) {
	for _, s := range []string{sample, "* a\n  > b\n  ```\n  c", "| a |\n|-|\n| `x` **y** |", "#\n\n- [ ] \n\n1) x", "<b>x</b> *a **b* c**"} {
		f.Add(s, uint8(40))
	}
	f.Fuzz(func(t *testing.T, src string, w uint8) {
		width := int(w%100) + 1
		for _, th := range []*theme.Theme{nil, defaultTheme} {
			for i, row := range New(th).Render(src, width) {
				if got := termtext.Width(row); got != width {
					t.Fatalf("row %d is %d wide, want %d: %q", i, got, width, row)
				}
			}
		}
	})
}

// BenchmarkMessageDelta is one streamed delta on a message that already
// holds n paragraphs: parse everything, render the last block, reuse the
// rest.
func BenchmarkMessageDelta(b *testing.B) {
	for _, n := range []int{1, 50, 200} {
		b.Run(fmt.Sprintf("blocks=%d", n), func(b *testing.B) {
			r := New(defaultTheme)
			m := r.NewMessage()
			for i := range n {
				m.Append(fmt.Sprintf("Paragraph %d with *some* words and `code` in it.\n\n", i))
			}
			m.Render(100)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if i%200 == 0 {
					m.Append("\n\nnext ")
				}
				m.Append("word ")
				m.Render(100)
			}
		})
	}
}
