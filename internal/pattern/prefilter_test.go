package pattern

import (
	"strings"
	"testing"
)

// Finds and gmatch loops whose patterns open with captures, so that the
// prefilter looks past them to the first item ("(%d+%.%d+)"), and
// repetitions of every kind of item (repeats), with what lua5.4 gives.
// A prefilter testing the '(' rather than the item, or the item at the
// pattern's start, finds nothing or the wrong match here; so does a
// repetition over the wrong set of bytes.

var prefilterFindCases = []findCase{
	{"x 12.5 y 3.25 7", "(%d+%.%d+)", 0, "3,6;\"12.5\""},
	{"x 12.5 y 3.25 7", "(%d+%.%d+)", 4, "10,13;\"3.25\""},
	{"x 12.5 y 3.25 7", "(%d+%.%d+)", 7, "10,13;\"3.25\""},
	{"aXbXc", "(()X)", 0, "2,2;\"X\";2"},
	{"aXbXc", "(()X)", 2, "4,4;\"X\";4"},
	{"aab", "((a)b)", 0, "2,3;\"ab\";\"a\""},
	{"xyz", "(()[yz])", 0, "2,2;\"y\";2"},
	{"xyz", "(()[yz])", 2, "3,3;\"z\";3"},
	{"a.b", "(.)", 1, "2,2;\".\""},
	{"aaa", "(a*)", 1, "2,3;\"aa\""},
	{"cab", "(%bab)", 0, "2,3;\"ab\""},
	{"ab", "(", 0, "E:unfinished capture"},
	{"abc", "(x", 0, "nil"},
	{"xbc", "(x", 1, "nil"},
	{"xbc", "x(", 0, "E:unfinished capture"},
	{"abc", "([)", 0, "E:malformed pattern (missing ']')"},
	{"abc", "(%", 0, "E:malformed pattern (ends with '%')"},
	{"a$", "($)", 0, "2,2;\"$\""},
	{"ab", "(%f[b])", 0, "2,1;\"\""},
	{"hello", "(l)(l)", 0, "3,4;\"l\";\"l\""},
	{"hello", "((l)l)", 0, "3,4;\"ll\";\"l\""},
	{"hello", "(()l)", 3, "4,4;\"l\";4"},
	{"k12 k3", "k(%d+)", 1, "5,6;\"3\""},
	{"ab12cd", "(%d)%d", 0, "3,4;\"1\""},
	{"ab12cd", "(%D)%d", 0, "2,3;\"b\""},
	{"ab", "()", 1, "2,1;2"},
	{"ab", "(())", 0, "1,0;\"\";1"},
	{"ab", "())", 0, "E:invalid pattern capture"},
	{"bab", "(b)%1", 0, "nil"},
	{"bbab", "(b)%1", 0, "1,2;\"b\""},
	{"  42|abc  |  1.50", "^%s*(%d+)|(%w+)%s*|%s*([%d%.]+)", 0, "1,17;\"42\";\"abc\";\"1.50\""},
	{"1.5e3 x", "^-?%d+%.?%d*[eE]?[-+]?%d*", 0, "1,5"},
	{"-12 x", "^-?%d+%.?%d*[eE]?[-+]?%d*", 0, "1,3"},
	{"aaab", "a+b", 0, "1,4"},
	{"aaab", "a-b", 0, "1,4"},
	{"xaaa", "a+$", 0, "2,4"},
	{"line1\x0aline2", "[^\x0a]+", 6, "7,11"},
	{"abc", ".*c", 0, "1,3"},
	{"abc", ".+", 3, "nil"},
	{"q zq qzxq", "[qz]+", 0, "1,1"},
	{"q zq qzxq", "[qzx]+", 0, "1,1"},
	{"xyz", "[qzx]+%a", 0, "1,2"},
	{"\x00\x00a", "%z+", 0, "1,2"},
	{"ab  \x09 cd", "%s+", 0, "3,6"},
	{"ab  \x09 cd", "%s*c", 0, "3,7"},
	{"aXYZ", "%u+Z", 0, "2,4"},
	{"aXYZ", "%u+$", 0, "2,4"},
}

var prefilterGmatchCases = []findCase{
	{"^a^a", "^a", 0, "[\"^a\"][\"^a\"]"},
	{"x^^y", "^", 0, "[\"^\"][\"^\"]"},
	{"a^b", "[%^b]", 0, "[\"^\"][\"b\"]"},
	{"ab12cd3", "%d", 0, "[\"1\"][\"2\"][\"3\"]"},
	{"ab12cd3", "()%d", 0, "[3][4][7]"},
	{"abc12de345f", "(%a+)(%d+)", 0, "[\"abc\";\"12\"][\"de\";\"345\"]"},
	{"item1;item22;x", "(%a+)(%d+)", 0, "[\"item\";\"1\"][\"item\";\"22\"]"},
	{"aXbXc", "(()X)", 0, "[\"X\";2][\"X\";4]"},
	{"a.b", "(.)", 0, "[\"a\"][\".\"][\"b\"]"},
	{"ab", "()", 0, "[1][2][3]"},
	{"x 12.5 y 3.25 7 8.0", "(%d+%.%d+)", 0, "[\"12.5\"][\"3.25\"][\"8.0\"]"},
	{"xyzzy", "(()[yz])", 0, "[\"y\";2][\"z\";3][\"z\";4][\"y\";5]"},
	{"aaa", "(a*)", 0, "[\"aaa\"]"},
	{"a1\x0ab22\x0a\x0ac", "[^\x0a]+", 0, "[\"a1\"][\"b22\"][\"c\"]"},
	{"abcabc", "(b)(c)", 2, "[\"b\";\"c\"]"},
	{"aab", "(a)", 0, "[\"a\"][\"a\"]"},
	{"ab)", "(%))", 0, "[\")\"]"},
	{"x1 y22 z333", "%a(%d+)", 0, "[\"1\"][\"22\"][\"333\"]"},
	{"hello", "(l+)", 0, "[\"ll\"]"},
	{"k1;k2", "(k)(", 0, "E:unfinished capture"},
}

func TestPrefilterPastCaptures(t *testing.T) {
	// Twice each: the second call finds the pattern's prefilter made.
	for range 2 {
		for _, c := range prefilterFindCases {
			if got := serFind(c.s, c.p, c.init); got != c.want {
				t.Errorf("Find(%q, %q, %d) = %s, want %s", c.s, c.p, c.init, got, c.want)
			}
		}
		for _, c := range prefilterGmatchCases {
			if got := serGmatch(c.s, c.p, c.init); got != c.want {
				t.Errorf("gmatch(%q, %q, %d) = %s, want %s", c.s, c.p, c.init, got, c.want)
			}
		}
	}
}

func TestPrefilterFirstItem(t *testing.T) {
	for _, c := range []struct {
		p  string
		at int
	}{{"(%d+%.%d+)", 1}, {"(()X)", 3}, {"((a)b)", 2}, {"()()x", 4}, {"x(", 0}} {
		ms := state{pat: c.p}
		ms.preparePrefilter()
		if ms.firstEnd == 0 || ms.firstAt != c.at {
			t.Errorf("%q: first item at %d (end %d), want at %d", c.p, ms.firstAt, ms.firstEnd, c.at)
		}
	}
	for _, p := range []string{"(a*)", "(%bab)", "($", "(", "(()", "(%1)", "())"} {
		ms := state{pat: p}
		ms.preparePrefilter()
		if ms.firstEnd != 0 {
			t.Errorf("%q: prefilter on the item at %d, want none", p, ms.firstAt)
		}
	}
}

// Repetitions followed by a literal or an escape, and whatever else may
// follow, with lua5.4's results.
var nextItemCases = []findCase{
	{"12.5.3", "%d+%.%d+", 0, "1,4"},
	{"12345", "%d+%.%d+", 0, "nil"},
	{"aaa$b", "a+$b", 0, "1,5"},
	{"aaa$", "a+$", 0, "nil"},
	{"x  |y", "%s*|", 0, "2,4"},
	{"1.2", "%d*%.?%d", 0, "1,3"},
	{"ab-c", "%a+%-", 0, "1,3"},
	{"abc", "%a+c", 0, "1,3"},
	{"abcc", "%a+cc", 0, "1,4"},
	{"a%b", "a+%%b", 0, "1,3"},
	{"aab", "a+%", 0, "E:malformed pattern (ends with '%')"},
	{"ab]c", "%a*]", 0, "1,3"},
	{"xx^y", "x+^y", 0, "1,4"},
	{"aaa", "a*a", 0, "1,3"},
	{"aaa", "a*a*", 0, "1,3"},
	{"aa.", "a-%.", 0, "1,3"},
	{"aaab", "a+%w", 0, "1,4"},
	{"aaab", "a+%W", 0, "nil"},
	{"aa1b2", "a+%db?", 0, "1,4"},
	{"a\x00b", "a*%z", 0, "1,2"},
	{"aaaab", "a+b+", 0, "1,5"},
	{"aaaa", "a+a?", 0, "1,4"},
}

func TestNextItemFilter(t *testing.T) {
	for _, c := range nextItemCases {
		if got := serFind(c.s, c.p, c.init); got != c.want {
			t.Errorf("Find(%q, %q, %d) = %s, want %s", c.s, c.p, c.init, got, c.want)
		}
	}
	// At the depth limit: k nested "a?" and then "b*c" or "b+c" over k
	// a's, "bbc"; the last ones are too complex.
	want := []string{"1,198", "1,198", "1,199", "1,199", "1,200", "1,200", "1,201", "1,201", "E:pattern too complex", "E:pattern too complex", "E:pattern too complex", "E:pattern too complex", "E:pattern too complex", "E:pattern too complex"}
	for i, w := range want {
		k := 195 + i/2
		p := strings.Repeat("a?", k) + []string{"b*c", "b+c"}[i%2]
		if got := serFind(strings.Repeat("a", k)+"bbc", p, 0); got != w {
			t.Errorf("k = %d, %q: got %s, want %s", k, p[len(p)-3:], got, w)
		}
	}
}

// maxExpand with no nested call left: the first end tried raises
// "pattern too complex", as match's test of the depth does, even when
// nothing follows the item (its shortcut keeps the test) or no end's
// byte would let the rest match.
func TestMaxExpandAtDepthLimit(t *testing.T) {
	for _, c := range []struct{ src, pat string }{{"bbx", "b*c"}, {"bbc", "b*c"}, {"bb", "b+%."}, {"bb", "b*"}} {
		ms := &state{src: c.src, pat: c.pat, depth: 0}
		var got any
		func() {
			defer func() { got = recover() }()
			ms.maxExpand(0, 0, 1)
		}()
		if got != Error("pattern too complex") {
			t.Errorf("%q over %q at depth 0: %v, want pattern too complex", c.pat, c.src, got)
		}
	}
}
