package store

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestAppendJSONStringMatchesMarshal: the store's own string encoder
// writes what encoding/json writes, so a line with a long text reads
// the same as one Marshal wrote.
func TestAppendJSONStringMatchesMarshal(t *testing.T) {
	for _, s := range []string{
		"", "plain", `quote " and backslash \`, "tab\tnewline\nreturn\r",
		"\b\f\x00\x01\x1f\x7f", "<html> & </html>", "café — ünïcödé 日本",
		"line\u2028sep\u2029para", "bad \xff utf8 \xc3", "emoji 🎉 end",
		"lone \x80 continuation", "\x80", "\xc2\x80 is U+0080", "\x7f\x80\x81",
	} {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); string(got) != string(want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
		if n := jsonStringLen(s); n != len(want) {
			t.Errorf("%q: jsonStringLen %d, want %d", s, n, len(want))
		}
	}
}

func FuzzAppendJSONString(f *testing.F) {
	f.Add("a<b>&c\"\\\n\t\x00\u2028\xff")
	f.Add(strings.Repeat("é", 10))
	f.Add("\x80\x7f\xc2\x80")
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := appendJSONString([]byte("x"), s); string(got[1:]) != string(want) {
			t.Fatalf("%q: got %s, want %s", s, got[1:], want)
		}
		if n := jsonStringLen(s); n != len(want) {
			t.Fatalf("%q: jsonStringLen %d, want %d", s, n, len(want))
		}
	})
}
