package pattern

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOracleDifferential compares random finds, gmatch loops and gsubs with
// the reference interpreter. It only runs when PANTO_LUA_ORACLE names a Lua
// 5.4 binary (e.g. PANTO_LUA_ORACLE=lua5.4); PANTO_ORACLE_SEED and
// PANTO_ORACLE_N choose the random cases.
func TestOracleDifferential(t *testing.T) {
	lua := os.Getenv("PANTO_LUA_ORACLE")
	if lua == "" {
		t.Skip("set PANTO_LUA_ORACLE=lua5.4 to compare with the reference interpreter")
	}
	seed, n := int64(1), 20000
	if v, err := strconv.ParseInt(os.Getenv("PANTO_ORACLE_SEED"), 10, 64); err == nil {
		seed = v
	}
	if v, err := strconv.Atoi(os.Getenv("PANTO_ORACLE_N")); err == nil {
		n = v
	}
	r := rand.New(rand.NewSource(seed))
	toks := []string{"a", "b", "c", ".", "%a", "%w", "%s", "%A", "%", "%%", "[", "]", "[ab]", "[^a]",
		"[a-c]", "[%a]", "[]]", "[^]", "^", "$", "(", ")", "()", "*", "+", "-", "?", "%b()", "%bab",
		"%b", "%f[a]", "%f[%w]", "%f[^a]", "%f", "%1", "%2", "%0", "%z", "\x00", " ", "[a-]", "%]",
		"%(", "%."}
	const patBytes = "ab%[]^$()*+-?.fbwW1203\x00"
	const subjBytes = "abc() ]-^$\x00a"
	repls := []string{"x", "%0", "%1", "%2", "<%1|%0>", "%%", "%", "%x", "#func", "#table", "#keepempty", ""}
	type oracleCase struct {
		s, p, repl string
		init, n    int
	}
	cases := make([]oracleCase, n)
	for i := range cases {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			var p, s strings.Builder
			if i%2 == 0 {
				for range r.Intn(12) {
					p.WriteString(toks[r.Intn(len(toks))])
				}
			} else {
				for range r.Intn(14) {
					p.WriteByte(patBytes[r.Intn(len(patBytes))])
				}
			}
			for range r.Intn(14) {
				s.WriteByte(subjBytes[r.Intn(len(subjBytes))])
			}
			cases[i] = oracleCase{s.String(), p.String(), repls[r.Intn(len(repls))], r.Intn(s.Len() + 2), r.Intn(5) - 1}
		})
	}
	in := filepath.Join(t.TempDir(), "cases.txt")
	f, err := os.Create(in)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for i, c := range cases {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			fmt.Fprintf(w, "%x %x %d %x %d\n", c.s, c.p, c.init, c.repl, c.n)
		})
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out, err := exec.Command(lua, "testdata/oracle_diff.lua", in).Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(cases) {
		t.Fatalf("oracle gave %d lines for %d cases", len(lines), len(cases))
	}
	dec := func(h string) string {
		b, err := hex.DecodeString(h)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	bad := 0
	for i, c := range cases {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			want := strings.Split(lines[i], " ")
			got := []string{serFind(c.s, c.p, c.init), serGmatch(c.s, c.p, c.init), serGsub(c.s, c.p, c.repl, c.n)}
			for k, what := range []string{"find", "gmatch", "gsub"} {
				if w := dec(want[k]); got[k] != w {
					if bad++; bad <= 20 {
						t.Errorf("%s s=%q p=%q init=%d repl=%q n=%d: got %q, want %q", what, c.s, c.p, c.init, c.repl, c.n, got[k], w)
					}
				}
			}
		})
	}
	t.Logf("%d random cases (seed %d), %d mismatches", len(cases), seed, bad)
}
