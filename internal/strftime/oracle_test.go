package strftime

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the tests must not depend on the host's zoneinfo
)

// plainConversions is the format used by testdata/gen_format.lua: every
// unmodified conversion Lua accepts, separated by '|'.
func plainConversions() string {
	var convs []string
	for _, c := range singleOptions {
		convs = append(convs, "%"+string(c))
	}
	return strings.Join(convs, "|")
}

// allConversions adds the E and O forms.
func allConversions() string {
	s := plainConversions()
	for i := 0; i < len(doubleOptions); i += 2 {
		s += "|%" + doubleOptions[i:i+2]
	}
	return s
}

func loadZone(t *testing.T, name string) *time.Location {
	t.Helper()
	switch name {
	case "!":
		return GMT()
	case "UTC":
		// glibc names the zone of TZ=UTC "UTC"; Go's time.UTC does too.
		return time.UTC
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatalf("LoadLocation(%q): %v", name, err)
	}
	return loc
}

// TestFormatOracle replays testdata/format_oracle.txt, produced by
// testdata/gen_format.lua under lua5.4 (Debian, glibc 2.36) for several
// zones and a spread of instants from year -2^31 to 2^31.
func TestFormatOracle(t *testing.T) {
	f, err := os.Open("testdata/format_oracle.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	format := plainConversions()
	zones := map[string]*time.Location{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n, fails := 0, 0
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), "\t", 3)
		if len(parts) != 3 {
			t.Fatalf("bad line %q", sc.Text())
		}
		loc := zones[parts[0]]
		if loc == nil {
			loc = loadZone(t, parts[0])
			zones[parts[0]] = loc
		}
		sec, err := strconv.ParseInt(parts[1], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		n++
		tm, err := FromUnix(sec, loc)
		if want, isErr := strings.CutPrefix(parts[2], "ERR "); isErr {
			if err == nil || err.Error() != want {
				t.Errorf("%s %d: FromUnix error %v, want %q", parts[0], sec, err, want)
				fails++
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %d: FromUnix: %v", parts[0], sec, err)
			fails++
			continue
		}
		want, err := strconv.Unquote(parts[2])
		if err != nil {
			t.Fatal(err)
		}
		got, err := Format(nil, format, tm)
		if err != nil || string(got) != want {
			t.Errorf("%s %d:\n got %q (%v)\nwant %q", parts[0], sec, got, err, want)
			if fails++; fails > 20 {
				t.FailNow()
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 700 {
		t.Fatalf("only %d oracle lines", n)
	}
}

// TestNormalizeOracle replays testdata/mktime_oracle.txt, produced by
// testdata/gen_mktime.lua: per zone, a sequence of os.time calls in one
// fresh lua5.4 process, covering DST gaps and overlaps with and without
// isdst, out-of-range fields and the limits of struct tm.
func TestNormalizeOracle(t *testing.T) {
	f, err := os.Open("testdata/mktime_oracle.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zone := ""
	var loc *time.Location
	sc := bufio.NewScanner(f)
	n, fails := 0, 0
	for sc.Scan() {
		parts := strings.Split(sc.Text(), "\t")
		if len(parts) != 3 {
			t.Fatalf("bad line %q", sc.Text())
		}
		if parts[0] != zone {
			// A new lua5.4 process: glibc's mktime state starts at 0.
			zone, loc = parts[0], loadZone(t, parts[0])
			lastOffset.Store(0)
		}
		in := parseInts(t, parts[1])
		n++
		got, err := NormalizeDST(in[0], in[1], in[2], in[3], in[4], in[5], int(in[6]), loc)
		var gotS string
		if err != nil {
			gotS = "ERR " + err.Error()
		} else {
			d := DateTable(got)
			dst := 0
			if d.IsDST {
				dst = 1
			}
			gotS = fmt.Sprintf("%d %d %d %d %d %d %d %d %d %d", got.Unix(), d.Year, d.Month, d.Day, d.Hour, d.Min, d.Sec, d.Wday, d.Yday, dst)
		}
		if gotS != parts[2] {
			t.Errorf("%s %s:\n got %s\nwant %s", zone, parts[1], gotS, parts[2])
			if fails++; fails > 20 {
				t.FailNow()
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 1000 {
		t.Fatalf("only %d oracle lines", n)
	}
}

func parseInts(t *testing.T, s string) []int64 {
	t.Helper()
	var out []int64
	for _, f := range strings.Fields(s) {
		v, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}
