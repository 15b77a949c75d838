package pattern

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestFindMatchFields(t *testing.T) {
	m, ok, err := Find("key = val", "(%w+)%s*=%s*()(%w+)", 0)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	want := Match{Start: 0, End: 9, Captures: []Capture{
		{Start: 0, End: 3},
		{Start: 6, End: 6, Position: true},
		{Start: 6, End: 9},
	}}
	if !reflect.DeepEqual(m, want) {
		t.Fatalf("got %+v, want %+v", m, want)
	}
	m, ok, err = Find("xabc", "b", 0)
	if err != nil || !ok || m.Start != 2 || m.End != 3 || len(m.Captures) != 0 {
		t.Fatalf("got %+v %v %v", m, ok, err)
	}
}

func TestFindInit(t *testing.T) {
	for _, c := range []struct {
		s, p      string
		init      int
		ok        bool
		start, to int
	}{
		{"abc", "", -5, true, 0, 0},
		{"abc", "a", -1, true, 0, 1},
		{"abc", "", 3, true, 3, 3},
		{"abc", "", 4, false, 0, 0},
		{"abc", "[", 4, false, 0, 0}, // no error: nothing is tried
		{"abc", "^b", 1, true, 1, 2},
		{"abc", "^c", 1, false, 0, 0},
	} {
		t.Run(c.s, func(t *testing.T) {
			m, ok, err := Find(c.s, c.p, c.init)
			if err != nil || ok != c.ok || (ok && (m.Start != c.start || m.End != c.to)) {
				t.Errorf("Find(%q, %q, %d) = %+v %v %v", c.s, c.p, c.init, m, ok, err)
			}
		})
	}
}

func TestErrorType(t *testing.T) {
	_, _, err := Find("abc", "[a", 0)
	var pe Error
	if !errors.As(err, &pe) || pe != "malformed pattern (missing ']')" {
		t.Fatalf("err = %#v", err)
	}
}

func TestHasSpecialsIndexPlain(t *testing.T) {
	for _, c := range []struct {
		p    string
		want bool
	}{
		{"", false}, {"abc", false}, {"a)b", false}, {"]", false}, {"a\x00b", false},
		{"^", true}, {"$", true}, {"*", true}, {"+", true}, {"?", true}, {".", true},
		{"(", true}, {"[", true}, {"%", true}, {"-", true}, {"a\x00.", true},
	} {
		t.Run(c.p, func(t *testing.T) {
			if got := HasSpecials(c.p); got != c.want {
				t.Errorf("HasSpecials(%q) = %v", c.p, got)
			}
		})
	}
	for b := 0; b < 256; b++ {
		want := strings.IndexByte("^$*+?.([%-", byte(b)) >= 0
		if got := HasSpecials("ab\x00" + string([]byte{byte(b)})); got != want {
			t.Errorf("HasSpecials of byte %#x = %v", b, got)
		}
	}
	for _, c := range []struct {
		s, p       string
		init, want int
	}{
		{"hello", "l", 0, 2}, {"hello", "l", 3, 3}, {"hello", "l", 4, -1},
		{"hello", "", 5, 5}, {"hello", "", 6, -1}, {"hello", "", -2, 0},
		{"a.b", ".", 0, 1}, {"a\x00b", "\x00b", 0, 1},
	} {
		t.Run(c.s, func(t *testing.T) {
			if got := IndexPlain(c.s, c.p, c.init); got != c.want {
				t.Errorf("IndexPlain(%q, %q, %d) = %d, want %d", c.s, c.p, c.init, got, c.want)
			}
		})
	}
}

func TestMatcherExhaustedAndErrors(t *testing.T) {
	it := NewMatcher("ab", "%a", 0)
	for _, want := range []string{"a", "b"} {
		m, ok, err := it.Next()
		if err != nil || !ok || "ab"[m.Start:m.End] != want {
			t.Fatalf("got %+v %v %v, want %q", m, ok, err, want)
		}
	}
	for range 3 {
		if _, ok, err := it.Next(); ok || err != nil {
			t.Fatalf("exhausted matcher returned %v %v", ok, err)
		}
	}
	it = NewMatcher("abc", "x", 10)
	if _, ok, err := it.Next(); ok || err != nil {
		t.Fatal("init past the end must yield nothing")
	}
	// An error does not advance the iterator: the reference's iterator
	// raises the same error again when called again.
	it = NewMatcher("xxa", "a)", 0)
	for range 2 {
		if _, _, err := it.Next(); err == nil || err.Error() != "invalid pattern capture" {
			t.Fatalf("err = %v", err)
		}
	}
}

func TestGsubCallbackContract(t *testing.T) {
	// Errors from repl stop the loop and are returned unchanged.
	boom := errors.New("boom")
	calls := 0
	_, _, err := Gsub("aaa", "a", -1, func(Match) (string, bool, error) {
		calls++
		if calls == 2 {
			return "", false, boom
		}
		return "x", false, nil
	})
	if err != boom || calls != 2 {
		t.Fatalf("err = %v after %d calls", err, calls)
	}
	// The count includes kept matches; unchanged input comes back as is.
	s := "hello"
	r, n, err := Gsub(s, "l", -1, func(Match) (string, bool, error) { return "", true, nil })
	if err != nil || r != s || n != 2 {
		t.Fatalf("got %q %d %v", r, n, err)
	}
	// repl sees unfinished captures; only using them is an error.
	_, _, err = Gsub("ab", "(a)(b", -1, func(m Match) (string, bool, error) {
		if len(m.Captures) != 2 || m.Captures[0].Unfinished || !m.Captures[1].Unfinished {
			t.Errorf("captures %+v", m.Captures)
		}
		if _, _, _, err := CaptureValue("ab", m, 0); err != nil {
			t.Errorf("capture 1: %v", err)
		}
		_, _, _, err := CaptureValue("ab", m, 1)
		return "", false, err
	})
	if err == nil || err.Error() != "unfinished capture" {
		t.Fatalf("err = %v", err)
	}
}

func TestExpandReplacementAppends(t *testing.T) {
	s := "key=val"
	m, _, _ := Find(s, "(%w+)=()(%w+)", 0)
	got, err := ExpandReplacement([]byte("> "), "%3:%1@%2 %0 100%%", s, m)
	if err != nil || string(got) != "> val:key@5 key=val 100%" {
		t.Fatalf("got %q %v", got, err)
	}
	_, err = ExpandReplacement(nil, "%4", s, m)
	if err == nil || err.Error() != "invalid capture index %4" {
		t.Fatalf("err = %v", err)
	}
}

func TestCaptureValue(t *testing.T) {
	s := "abc"
	m := Match{Start: 1, End: 3}
	if sub, _, isPos, err := CaptureValue(s, m, 0); sub != "bc" || isPos || err != nil {
		t.Fatal("whole match expected")
	}
	if _, _, _, err := CaptureValue(s, m, 1); err == nil || err.Error() != "invalid capture index %2" {
		t.Fatal(err)
	}
	m.Captures = []Capture{{Start: 2, End: 2, Position: true}}
	if _, pos, isPos, err := CaptureValue(s, m, 0); pos != 3 || !isPos || err != nil {
		t.Fatal("position expected")
	}
}

// Nothing may depend on the Go stack growing with the subject or the
// pattern: long subjects use loops, long patterns hit the reference's limits.
func TestLongInputs(t *testing.T) {
	big := strings.Repeat("a", 1<<20)
	for _, c := range []struct {
		s, p    string
		ok      bool
		end     int
		wantErr string
	}{
		{big, ".-$", true, len(big), ""},
		{big, "a*", true, len(big), ""},
		{big, "^(.*)$", true, len(big), ""},
		{big + "b", "a-b", true, len(big) + 1, ""},
		{big, "%f[%a]", true, 0, ""},
		{big, big, true, len(big), ""},
		{big, strings.Repeat("a?", 100000), false, 0, "pattern too complex"},
		{big, strings.Repeat("(", 100000), false, 0, "too many captures"},
		{big, strings.Repeat("a*", 100000), true, len(big), ""},
		{"(" + big + ")", "%b()", true, len(big) + 2, ""},
	} {
		t.Run(c.s, func(t *testing.T) {
			m, ok, err := Find(c.s, c.p, 0)
			if c.wantErr != "" {
				if err == nil || err.Error() != c.wantErr {
					t.Errorf("%s: err = %v, want %s", short(c.p), err, c.wantErr)
				}
				return
			}
			if err != nil || ok != c.ok || m.End != c.end {
				t.Errorf("%s: got %v %v end %d", short(c.p), ok, err, m.End)
			}
		})
	}
	r, n, err := Gsub(big, "", -1, func(Match) (string, bool, error) { return "", false, nil })
	if err != nil || n != len(big)+1 || r != big {
		t.Errorf("gsub empty: n=%d err=%v", n, err)
	}
}

// The matcher restores its depth counter after every attempt, so a long run
// of attempts never accumulates towards "pattern too complex".
func TestDepthRestored(t *testing.T) {
	s := strings.Repeat("a", 1000)
	it := NewMatcher(s, strings.Repeat("a?", 198)+"()", 0)
	n := 0
	for {
		_, ok, err := it.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		n++
	}
	if n != 1000/198+1 {
		t.Fatalf("%d matches", n)
	}
}
