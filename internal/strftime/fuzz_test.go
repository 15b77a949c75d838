package strftime

import (
	"errors"
	"strings"
	"testing"
	"time"
)

var fuzzZones = []*time.Location{
	GMT(), time.UTC,
	time.FixedZone("X", -17762), time.FixedZone("Y", 50400), time.FixedZone("", -30),
}

func fuzzZone(t *testing.T, z uint8) *time.Location {
	if int(z)%(len(fuzzZones)+1) == len(fuzzZones) {
		return loadZone(t, "America/New_York")
	}
	return fuzzZones[int(z)%(len(fuzzZones)+1)]
}

// FuzzFormat checks that Format never panics, whatever the format and the
// instant, and that it only fails with a SpecError.
func FuzzFormat(f *testing.F) {
	f.Add("%c", int64(0), uint8(0))
	f.Add(allConversions(), int64(951782400), uint8(5))
	f.Add("%Ez%", int64(-1), uint8(1))
	f.Add("a\x00%Q\x00", int64(67767976233532800), uint8(2))
	f.Add("%G-%V %g %Y %C %y", int64(-67768040609740800), uint8(3))
	f.Fuzz(func(t *testing.T, format string, sec int64, z uint8) {
		loc := fuzzZone(t, z)
		tm, err := FromUnix(sec, loc)
		if err != nil {
			if err != ErrDateRange {
				t.Fatalf("FromUnix: %v", err)
			}
			// Format must still not panic on an unchecked time.
			tm = time.Unix(sec/4, 0).In(loc)
		}
		out, err := Format(nil, format, tm)
		if err != nil {
			var se *SpecError
			if !errors.As(err, &se) || !strings.HasPrefix(se.Spec, "%") {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		if !strings.Contains(format, "%") && string(out) != format {
			t.Fatalf("literal format changed: %q -> %q", format, out)
		}
		// No conversion expands to more than 49 bytes ("%c" with an
		// 11-character year), so the output is bounded by the input.
		if len(out) > 50*len(format) {
			t.Fatalf("output too long: %d for %d", len(out), len(format))
		}
		_ = DateTable(tm)
	})
}

// FuzzNormalize checks that os.time's normalisation never panics and only
// fails with Lua's messages.
func FuzzNormalize(f *testing.F) {
	f.Add(int64(2024), int64(3), int64(10), int64(2), int64(30), int64(0), int8(-1), uint8(5))
	f.Add(int64(1<<31+1899), int64(13), int64(0), int64(-1), int64(61), int64(-1), int8(1), uint8(0))
	f.Fuzz(func(t *testing.T, y, mo, d, h, mi, s int64, isdst int8, z uint8) {
		loc := fuzzZone(t, z)
		tm, err := NormalizeDST(y, mo, d, h, mi, s, int(isdst), loc)
		if err != nil {
			msg := err.Error()
			if err != ErrTimeRange && !(strings.HasPrefix(msg, "field '") && strings.HasSuffix(msg, "' is out-of-bound")) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		if Check(tm) != nil {
			t.Fatalf("result %v not representable", tm)
		}
	})
}
