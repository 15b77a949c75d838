package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// naive is the reference: split each file into lines and test each line
// with the expression on its own.
func naive(t *testing.T, dir string, files []string, pattern string) (lines map[string][]int) {
	re := regexp.MustCompile(pattern)
	lines = map[string][]int{}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if strings.IndexByte(string(data), 0) >= 0 {
			continue
		}
		text := strings.TrimSuffix(string(data), "\n")
		if len(data) == 0 {
			continue
		}
		for i, l := range strings.Split(text, "\n") {
			if re.MatchString(strings.TrimSuffix(l, "\r")) {
				lines[f] = append(lines[f], i+1)
			}
		}
	}
	return lines
}

func write(t *testing.T, dir, name, content string) {
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestAgainstNaive(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 4))
	words := []string{"add", "clamp", "Add", "ADD", "def f(x)", "foo", "bar", "\t", " ", "x1", "Error", "err", "é", "K", "\u212a", "s", "\r", "a\\b", "TODO"}
	var files []string
	for i := range 40 {
		var b strings.Builder
		for range rng.IntN(30) {
			for range rng.IntN(6) {
				b.WriteString(words[rng.IntN(len(words))])
			}
			b.WriteByte('\n')
		}
		if rng.IntN(3) == 0 {
			b.WriteString(words[rng.IntN(len(words))]) // no final line end
		}
		name := fmt.Sprintf("f%02d.txt", i)
		write(t, dir, name, b.String())
		files = append(files, name)
	}
	for _, p := range []string{`add`, `add|clamp`, `(?i)add`, `(?i)error|todo`, `def \w+\(`, `^foo`, `bar$`, `\bx1\b`, `(?i)k`, `(?i)ks`, `\s+$`, `^$`, `x*`, `[a-c]+\d`, `é+`, `a\\b`, `foo.*bar`} {
		t.Run(p, func(t *testing.T) {
			res, err := Search(context.Background(), dir, files, Options{Pattern: p, Workers: 3})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string][]int{}
			total := 0
			for _, f := range res.Files {
				for _, l := range f.Lines {
					got[f.Path] = append(got[f.Path], l.Number)
				}
				if f.Count != len(f.Lines) {
					t.Errorf("%s: count %d, %d lines", f.Path, f.Count, len(f.Lines))
				}
				total += f.Count
			}
			want := naive(t, dir, files, p)
			if !reflect.DeepEqual(got, want) {
				for f := range want {
					if !reflect.DeepEqual(got[f], want[f]) {
						data, _ := os.ReadFile(filepath.Join(dir, f))
						t.Fatalf("%s: got lines %v, want %v\n%q", f, got[f], want[f], data)
					}
				}
				t.Fatalf("got %v\nwant %v", got, want)
			}
			if total != res.MatchedLines || res.Searched != len(files) {
				t.Errorf("MatchedLines %d (sum %d), Searched %d", res.MatchedLines, total, res.Searched)
			}
		})
	}
}

func TestLimitKeepsFirstLinesInOrder(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i := range 30 {
		name := fmt.Sprintf("f%02d", i)
		write(t, dir, name, strings.Repeat("hit\nmiss\n", 5))
		files = append(files, name)
	}
	for _, workers := range []int{1, 4} {
		res, err := Search(context.Background(), dir, files, Options{Pattern: "hit", Limit: 12, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		var kept []string
		for _, f := range res.Files {
			for _, l := range f.Lines {
				kept = append(kept, fmt.Sprintf("%s:%d", f.Path, l.Number))
			}
		}
		want := []string{"f00:1", "f00:3", "f00:5", "f00:7", "f00:9", "f01:1", "f01:3", "f01:5", "f01:7", "f01:9", "f02:1", "f02:3"}
		if !reflect.DeepEqual(kept, want) {
			t.Errorf("workers %d: kept %v", workers, kept)
		}
		if res.MatchedLines != 150 || res.MatchedFiles != 30 || len(res.Files) != 3 {
			t.Errorf("workers %d: %d lines in %d files (%d with kept lines), want 150 in 30 (3)", workers, res.MatchedLines, res.MatchedFiles, len(res.Files))
		}
	}
}

func TestSkipsAndCuts(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "bin", "match\x00here\n")
	write(t, dir, "big", strings.Repeat("match\n", 400))
	write(t, dir, "crlf", "a match\r\nno\r\n")
	long := strings.Repeat("é", 200) + "NEEDLE" + strings.Repeat("x", 500)
	write(t, dir, "long", long+"\n")
	res, err := Search(context.Background(), dir, []string{"bin", "big", "crlf", "long", "missing"}, Options{Pattern: "match|NEEDLE", MaxFileSize: 2000, MaxLine: 100})
	if err != nil {
		t.Fatal(err)
	}
	if res.Binary != 1 || res.TooLarge != 1 || res.Unreadable != 1 || res.Searched != 2 {
		t.Errorf("skips: %+v", res)
	}
	if len(res.Files) != 2 || res.Files[0].Lines[0].Text != "a match" {
		t.Fatalf("crlf: %+v", res.Files)
	}
	l := res.Files[1].Lines[0]
	if !strings.Contains(l.Text, "NEEDLE") || len(l.Text) > 100 || l.CutBefore+len(l.Text)+l.CutAfter != len(long) {
		t.Errorf("cut line: %q before %d after %d", l.Text, l.CutBefore, l.CutAfter)
	}
	if l.Col != 401 {
		t.Errorf("col %d, want 401 (200 two-byte characters before)", l.Col)
	}
}

func TestMultiline(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "f", "func a() {\n\treturn\n}\nfunc b() {}\n")
	res, err := Search(context.Background(), dir, []string{"f"}, Options{Pattern: `\{\n\s*return`, Multiline: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 1 || res.MatchedLines != 2 || res.Files[0].Lines[0].Number != 1 || res.Files[0].Lines[1].Text != "\treturn" {
		t.Fatalf("multiline: %+v", res.Files)
	}
	res, _ = Search(context.Background(), dir, []string{"f"}, Options{Pattern: `\{\n\s*return`})
	if res.MatchedLines != 0 {
		t.Errorf("without multiline a match spans lines: %+v", res.Files)
	}
}

func TestPrefilterDerivation(t *testing.T) {
	for _, c := range []struct {
		pattern string
		lits    []string
		fold    bool
	}{
		{`hello`, []string{"hello"}, false},
		{`def \w+\(`, []string{"def "}, false},
		{`add|clamp`, []string{"add", "clamp"}, false},
		{`(?i)Error`, []string{"error"}, true},
		{`\w+Error`, []string{"Error"}, false},
		{`a|\w`, nil, false},
		{`x*`, nil, false},
		{`(?i)é`, nil, false},
		{`.`, nil, false},
		{`(foo)+bar?`, []string{"foo"}, false},
	} {
		p := newPrefilter(c.pattern)
		var got []string
		fold := false
		if p != nil {
			for _, l := range p.lits {
				got = append(got, string(l))
			}
			fold = p.fold
		}
		if !reflect.DeepEqual(got, c.lits) || fold != c.fold {
			t.Errorf("%q: %q fold %v, want %q fold %v", c.pattern, got, fold, c.lits, c.fold)
		}
	}
}

// TestStreamOrder feeds files in an order unlike the walk's: the kept
// lines are still the walk order's first ones.
func TestStreamOrder(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "a"), 0o755)
	for _, f := range []string{"a/b", "a.txt", "a0", "b"} {
		write(t, dir, f, "hit\n")
	}
	res, err := Stream(context.Background(), dir, func(emit func(...string)) error {
		emit("b", "a0")
		emit("a.txt")
		emit("a/b")
		return nil
	}, Options{Pattern: "hit", Limit: 2, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range res.Files {
		got = append(got, f.Path)
	}
	if want := []string{"a/b", "a.txt"}; !reflect.DeepEqual(got, want) {
		t.Errorf("kept %v, want %v", got, want)
	}
	if res.MatchedLines != 4 || res.MatchedFiles != 4 {
		t.Errorf("counts %+v", res)
	}
}

func TestCancelled(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "f", "x\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Search(ctx, dir, []string{"f", "f", "f"}, Options{Pattern: "x"}); err == nil {
		t.Error("a cancelled search returned no error")
	}
}
