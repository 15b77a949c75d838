package pattern

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// The table-driven cases (cases_test.go) hold results produced by the
// reference interpreter, serialised as described in testdata/gen_cases.lua.

type findCase struct {
	s, p string
	init int
	want string
}

type gsubCase struct {
	s, p, repl string
	n          int
	want       string
}

type classCase struct {
	item   string
	bitmap string
}

// serValue serialises capture i the way the generator serialises a value
// pushed by Lua.
func serValue(s string, m Match, i int) (string, error) {
	sub, pos, isPos, err := CaptureValue(s, m, i)
	if err != nil {
		return "", err
	}
	if isPos {
		return strconv.Itoa(pos), nil
	}
	return `"` + sub + `"`, nil
}

func serFind(s, p string, init int) string {
	m, ok, err := Find(s, p, init)
	if err != nil {
		return "E:" + err.Error()
	}
	if !ok {
		return "nil"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d,%d", m.Start+1, m.End)
	for i := range m.Captures {
		v, err := serValue(s, m, i)
		if err != nil {
			return "E:" + err.Error()
		}
		b.WriteString(";" + v)
	}
	return b.String()
}

func serGmatch(s, p string, init int) string {
	var b strings.Builder
	it := NewMatcher(s, p, init)
	for range 50 {
		m, ok, err := it.Next()
		if err != nil {
			b.WriteString("E:" + err.Error())
			break
		}
		if !ok {
			break
		}
		var vs []string
		for i := range max(1, len(m.Captures)) {
			v, err := serValue(s, m, i)
			if err != nil {
				return "E:" + err.Error()
			}
			vs = append(vs, v)
		}
		b.WriteString("[" + strings.Join(vs, ";") + "]")
	}
	return b.String()
}

// luaValues returns the values Lua would pass to a gsub function (all
// captures, or the whole match), formatted with tostring.
func luaValues(s string, m Match) ([]string, error) {
	var vs []string
	for i := range max(1, len(m.Captures)) {
		sub, pos, isPos, err := CaptureValue(s, m, i)
		if err != nil {
			return nil, err
		}
		if isPos {
			sub = strconv.Itoa(pos)
		}
		vs = append(vs, sub)
	}
	return vs, nil
}

// replFor builds the Go equivalent of the generator's replacement modes.
func replFor(s, repl string) func(Match) (string, bool, error) {
	switch repl {
	case "#func":
		return func(m Match) (string, bool, error) {
			vs, err := luaValues(s, m)
			if err != nil {
				return "", false, err
			}
			return "<" + strings.Join(vs, ",") + ">", false, nil
		}
	case "#table":
		// { a = "1", b = false, [2] = "two", ["2"] = "str2" }
		return func(m Match) (string, bool, error) {
			sub, pos, isPos, err := CaptureValue(s, m, 0)
			if err != nil {
				return "", false, err
			}
			if isPos {
				if pos == 2 {
					return "two", false, nil
				}
				return "", true, nil
			}
			switch sub {
			case "a":
				return "1", false, nil
			case "2":
				return "str2", false, nil
			}
			return "", true, nil
		}
	case "#keepempty":
		return func(m Match) (string, bool, error) {
			vs, err := luaValues(s, m)
			if err != nil {
				return "", false, err
			}
			if vs[0] == "" {
				return "", true, nil
			}
			return "[" + vs[0] + "]", false, nil
		}
	}
	return func(m Match) (string, bool, error) {
		b, err := ExpandReplacement(nil, repl, s, m)
		return string(b), false, err
	}
}

func serGsub(s, p, repl string, n int) string {
	r, cnt, err := Gsub(s, p, n, replFor(s, repl))
	if err != nil {
		return "E:" + err.Error()
	}
	return r + "|" + strconv.Itoa(cnt)
}

func short(s string) string {
	if len(s) > 60 {
		return strconv.Quote(s[:60]) + "..."
	}
	return strconv.Quote(s)
}

func TestFindReference(t *testing.T) {
	for _, c := range findCases {
		t.Run(c.s, func(t *testing.T) {
			if got := serFind(c.s, c.p, c.init); got != c.want {
				t.Errorf("Find(%s, %s, %d) = %s, want %s", short(c.s), short(c.p), c.init, short(got), short(c.want))
			}
		})
	}
}

func TestGmatchReference(t *testing.T) {
	for _, c := range gmatchCases {
		t.Run(c.s, func(t *testing.T) {
			if got := serGmatch(c.s, c.p, c.init); got != c.want {
				t.Errorf("gmatch(%s, %s, %d) = %s, want %s", short(c.s), short(c.p), c.init, short(got), short(c.want))
			}
		})
	}
}

func TestGsubReference(t *testing.T) {
	for _, c := range gsubCases {
		t.Run(c.s, func(t *testing.T) {
			if got := serGsub(c.s, c.p, c.repl, c.n); got != c.want {
				t.Errorf("Gsub(%s, %s, %s, %d) = %s, want %s", short(c.s), short(c.p), short(c.repl), c.n, short(got), short(c.want))
			}
		})
	}
}

func TestClassesReference(t *testing.T) {
	for _, c := range classCases {
		t.Run(c.item, func(t *testing.T) {
			var b strings.Builder
			for base := 0; base < 256; base += 4 {
				n := 0
				for k := range 4 {
					m, ok, err := Find(string([]byte{byte(base + k)}), "^"+c.item+"$", 0)
					if err != nil {
						t.Fatalf("%q: %v", c.item, err)
					}
					if ok && m.End == 1 {
						n |= 1 << k
					}
				}
				fmt.Fprintf(&b, "%x", n)
			}
			if got := b.String(); got != c.bitmap {
				t.Errorf("item %q matches %s, want %s", c.item, got, c.bitmap)
			}
		})
	}
}

func TestReferenceCaseCount(t *testing.T) {
	n := len(findCases) + len(gmatchCases) + len(gsubCases) + len(classCases)
	if n < 250 {
		t.Fatalf("only %d reference cases", n)
	}
	t.Logf("%d reference cases (find %d, gmatch %d, gsub %d, classes %d)",
		n, len(findCases), len(gmatchCases), len(gsubCases), len(classCases))
}
