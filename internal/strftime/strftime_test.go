package strftime

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Expected strings in this file were produced by Debian's lua5.4 (glibc
// 2.36), e.g. `TZ=UTC lua5.4 -e 'print(os.date("!%c", 0))'`.

// convTimes are the instants of convCases: the epoch, its last second, the
// leap day 2000-02-29, 1700000000, one second before the epoch, 1900-01-01
// and 10000-01-01.
var convTimes = [...]int64{0, 86399, 951782400, 1700000000, -1, -2208988800, 253402300800}

type convCase struct {
	conv string
	want [len(convTimes)]string
}

// Generated with os.date("!" .. conv, t) for each conversion and instant.
var convCases = []convCase{
	{"%a", [...]string{"Thu", "Thu", "Tue", "Tue", "Wed", "Mon", "Sat"}},
	{"%A", [...]string{"Thursday", "Thursday", "Tuesday", "Tuesday", "Wednesday", "Monday", "Saturday"}},
	{"%b", [...]string{"Jan", "Jan", "Feb", "Nov", "Dec", "Jan", "Jan"}},
	{"%B", [...]string{"January", "January", "February", "November", "December", "January", "January"}},
	{"%c", [...]string{"Thu Jan  1 00:00:00 1970", "Thu Jan  1 23:59:59 1970", "Tue Feb 29 00:00:00 2000", "Tue Nov 14 22:13:20 2023", "Wed Dec 31 23:59:59 1969", "Mon Jan  1 00:00:00 1900", "Sat Jan  1 00:00:00 10000"}},
	{"%C", [...]string{"19", "19", "20", "20", "19", "19", "100"}},
	{"%d", [...]string{"01", "01", "29", "14", "31", "01", "01"}},
	{"%D", [...]string{"01/01/70", "01/01/70", "02/29/00", "11/14/23", "12/31/69", "01/01/00", "01/01/00"}},
	{"%e", [...]string{" 1", " 1", "29", "14", "31", " 1", " 1"}},
	{"%F", [...]string{"1970-01-01", "1970-01-01", "2000-02-29", "2023-11-14", "1969-12-31", "1900-01-01", "10000-01-01"}},
	{"%g", [...]string{"70", "70", "00", "23", "70", "00", "99"}},
	{"%G", [...]string{"1970", "1970", "2000", "2023", "1970", "1900", "9999"}},
	{"%h", [...]string{"Jan", "Jan", "Feb", "Nov", "Dec", "Jan", "Jan"}},
	{"%H", [...]string{"00", "23", "00", "22", "23", "00", "00"}},
	{"%I", [...]string{"12", "11", "12", "10", "11", "12", "12"}},
	{"%j", [...]string{"001", "001", "060", "318", "365", "001", "001"}},
	{"%m", [...]string{"01", "01", "02", "11", "12", "01", "01"}},
	{"%M", [...]string{"00", "59", "00", "13", "59", "00", "00"}},
	{"%n", [...]string{"\n", "\n", "\n", "\n", "\n", "\n", "\n"}},
	{"%p", [...]string{"AM", "PM", "AM", "PM", "PM", "AM", "AM"}},
	{"%r", [...]string{"12:00:00 AM", "11:59:59 PM", "12:00:00 AM", "10:13:20 PM", "11:59:59 PM", "12:00:00 AM", "12:00:00 AM"}},
	{"%R", [...]string{"00:00", "23:59", "00:00", "22:13", "23:59", "00:00", "00:00"}},
	{"%S", [...]string{"00", "59", "00", "20", "59", "00", "00"}},
	{"%t", [...]string{"\t", "\t", "\t", "\t", "\t", "\t", "\t"}},
	{"%T", [...]string{"00:00:00", "23:59:59", "00:00:00", "22:13:20", "23:59:59", "00:00:00", "00:00:00"}},
	{"%u", [...]string{"4", "4", "2", "2", "3", "1", "6"}},
	{"%U", [...]string{"00", "00", "09", "46", "52", "00", "00"}},
	{"%V", [...]string{"01", "01", "09", "46", "01", "01", "52"}},
	{"%w", [...]string{"4", "4", "2", "2", "3", "1", "6"}},
	{"%W", [...]string{"00", "00", "09", "46", "52", "01", "00"}},
	{"%x", [...]string{"01/01/70", "01/01/70", "02/29/00", "11/14/23", "12/31/69", "01/01/00", "01/01/00"}},
	{"%X", [...]string{"00:00:00", "23:59:59", "00:00:00", "22:13:20", "23:59:59", "00:00:00", "00:00:00"}},
	{"%y", [...]string{"70", "70", "00", "23", "69", "00", "00"}},
	{"%Y", [...]string{"1970", "1970", "2000", "2023", "1969", "1900", "10000"}},
	{"%z", [...]string{"+0000", "+0000", "+0000", "+0000", "+0000", "+0000", "+0000"}},
	{"%Z", [...]string{"GMT", "GMT", "GMT", "GMT", "GMT", "GMT", "GMT"}},
	{"%%", [...]string{"%", "%", "%", "%", "%", "%", "%"}},
	{"%Ec", [...]string{"Thu Jan  1 00:00:00 1970", "Thu Jan  1 23:59:59 1970", "Tue Feb 29 00:00:00 2000", "Tue Nov 14 22:13:20 2023", "Wed Dec 31 23:59:59 1969", "Mon Jan  1 00:00:00 1900", "Sat Jan  1 00:00:00 10000"}},
	{"%EC", [...]string{"19", "19", "20", "20", "19", "19", "100"}},
	{"%Ex", [...]string{"01/01/70", "01/01/70", "02/29/00", "11/14/23", "12/31/69", "01/01/00", "01/01/00"}},
	{"%EX", [...]string{"00:00:00", "23:59:59", "00:00:00", "22:13:20", "23:59:59", "00:00:00", "00:00:00"}},
	{"%Ey", [...]string{"70", "70", "00", "23", "69", "00", "00"}},
	{"%EY", [...]string{"1970", "1970", "2000", "2023", "1969", "1900", "10000"}},
	{"%Od", [...]string{"01", "01", "29", "14", "31", "01", "01"}},
	{"%Oe", [...]string{" 1", " 1", "29", "14", "31", " 1", " 1"}},
	{"%OH", [...]string{"00", "23", "00", "22", "23", "00", "00"}},
	{"%OI", [...]string{"12", "11", "12", "10", "11", "12", "12"}},
	{"%Om", [...]string{"01", "01", "02", "11", "12", "01", "01"}},
	{"%OM", [...]string{"00", "59", "00", "13", "59", "00", "00"}},
	{"%OS", [...]string{"00", "59", "00", "20", "59", "00", "00"}},
	{"%Ou", [...]string{"4", "4", "2", "2", "3", "1", "6"}},
	{"%OU", [...]string{"00", "00", "09", "46", "52", "00", "00"}},
	{"%OV", [...]string{"01", "01", "09", "46", "01", "01", "52"}},
	{"%Ow", [...]string{"4", "4", "2", "2", "3", "1", "6"}},
	{"%OW", [...]string{"00", "00", "09", "46", "52", "01", "00"}},
	{"%Oy", [...]string{"70", "70", "00", "23", "69", "00", "00"}},
}

func TestConversions(t *testing.T) {
	if len(convCases) != len(singleOptions)+len(doubleOptions)/2 {
		t.Fatalf("convCases has %d entries", len(convCases))
	}
	for _, c := range convCases {
		t.Run(c.conv, func(t *testing.T) {
			for i, sec := range convTimes {
				got, err := Format(nil, c.conv, time.Unix(sec, 0).In(GMT()))
				if err != nil || string(got) != c.want[i] {
					t.Errorf("Format(%q, %d) = %q, %v; want %q", c.conv, sec, got, err, c.want[i])
				}
			}
		})
	}
}

func TestInvalidConversions(t *testing.T) {
	// Message texts from pcall(os.date, format, 0), without the
	// "bad argument #1 to 'date' (...)" wrapping the VM adds.
	cases := []struct{ format, msg string }{
		{"%", "invalid conversion specifier '%'"},
		{"abc%", "invalid conversion specifier '%'"},
		{"%E", "invalid conversion specifier '%E'"},
		{"%O", "invalid conversion specifier '%O'"},
		{"%Q", "invalid conversion specifier '%Q'"},
		{"%Qabc", "invalid conversion specifier '%Qabc'"},
		{"%Ez", "invalid conversion specifier '%Ez'"},
		{"%OY", "invalid conversion specifier '%OY'"},
		{"%Ea", "invalid conversion specifier '%Ea'"},
		{"%s", "invalid conversion specifier '%s'"},
		{"%k", "invalid conversion specifier '%k'"},
		{"%l", "invalid conversion specifier '%l'"},
		{"%P", "invalid conversion specifier '%P'"},
		{"%+", "invalid conversion specifier '%+'"},
		{"%5d", "invalid conversion specifier '%5d'"},
		{"%-d", "invalid conversion specifier '%-d'"},
		{"%#d", "invalid conversion specifier '%#d'"},
		{"%E%", "invalid conversion specifier '%E%'"},
		{"%Ec%E", "invalid conversion specifier '%E'"},
		{"%\x00x", "invalid conversion specifier '%'"},
		{"%Q\x00x", "invalid conversion specifier '%Q'"},
		{"%Y%", "invalid conversion specifier '%'"},
		{"%%%", "invalid conversion specifier '%'"},
	}
	for _, c := range cases {
		t.Run(c.format, func(t *testing.T) {
			_, err := Format(nil, c.format, time.Unix(0, 0).In(GMT()))
			var se *SpecError
			if !errors.As(err, &se) || err.Error() != c.msg {
				t.Errorf("Format(%q): error %v, want %q", c.format, err, c.msg)
			}
		})
	}
}

func TestFormatMisc(t *testing.T) {
	epoch := time.Unix(0, 0)
	// Appends to dst; literal bytes, including NUL, are copied.
	got, err := Format([]byte("x:"), "a\x00b%Y", epoch.In(GMT()))
	if err != nil || string(got) != "x:a\x00b1970" {
		t.Errorf("got %q, %v", got, err)
	}
	// gmtime names the zone GMT; localtime with TZ=UTC names it UTC.
	for _, c := range []struct {
		loc  *time.Location
		want string
	}{{GMT(), "GMT +0000"}, {time.UTC, "UTC +0000"}} {
		t.Run(c.want, func(t *testing.T) {
			got, _ := Format(nil, "%Z %z", epoch.In(c.loc))
			if string(got) != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
	// Empty format.
	if got, err := Format(nil, "", epoch); err != nil || len(got) != 0 {
		t.Errorf("empty format: %q, %v", got, err)
	}
	// Offsets with seconds: the sign comes from the full offset and the
	// magnitude is truncated to minutes.
	for _, c := range []struct {
		off  int
		want string
	}{{-30, "-0000"}, {30, "+0000"}, {-17762, "-0456"}, {1172, "+0019"}, {19800, "+0530"}, {-12600, "-0330"}, {50400, "+1400"}} {
		t.Run(c.want, func(t *testing.T) {
			got, _ := Format(nil, "%z", epoch.In(time.FixedZone("X", c.off)))
			if string(got) != c.want {
				t.Errorf("offset %d: got %q, want %q", c.off, got, c.want)
			}
		})
	}
}

func TestLocalZones(t *testing.T) {
	// TZ=<zone> lua5.4 -e 'print(os.date("%c %z %Z", t), os.date("*t", t).isdst)'
	cases := []struct {
		zone  string
		sec   int64
		want  string
		isdst bool
	}{
		{"America/New_York", 0, "Wed Dec 31 19:00:00 1969 -0500 EST", false},
		{"America/New_York", 1700000000, "Tue Nov 14 17:13:20 2023 -0500 EST", false},
		{"America/New_York", 1720000000, "Wed Jul  3 05:46:40 2024 -0400 EDT", true},
		{"America/New_York", -2208988800, "Sun Dec 31 19:00:00 1899 -0500 EST", false},
		{"Asia/Kolkata", 0, "Thu Jan  1 05:30:00 1970 +0530 IST", false},
		{"Asia/Kolkata", 1700000000, "Wed Nov 15 03:43:20 2023 +0530 IST", false},
		{"Asia/Kolkata", 1720000000, "Wed Jul  3 15:16:40 2024 +0530 IST", false},
		{"Asia/Kolkata", -2208988800, "Mon Jan  1 05:21:10 1900 +0521 MMT", false},
		{"Europe/Amsterdam", 0, "Thu Jan  1 01:00:00 1970 +0100 CET", false},
		{"Europe/Amsterdam", 1700000000, "Tue Nov 14 23:13:20 2023 +0100 CET", false},
		{"Europe/Amsterdam", 1720000000, "Wed Jul  3 11:46:40 2024 +0200 CEST", true},
		{"Europe/Amsterdam", -2208988800, "Mon Jan  1 00:19:32 1900 +0019 AMT", false},
		// From UTC year 5881581 on glibc's rule evaluation overflows:
		// northern zones stay on standard time, southern ones on DST.
		{"America/New_York", 185542618723200, "Sat Jul 11 19:00:00 5881581 -0500 EST", false},
		{"Australia/Sydney", 185542618723200, "Sun Jul 12 11:00:00 5881581 +1100 AEDT", true},
		{"America/New_York", 185542587187200, "Fri Jul 11 20:00:00 5881580 -0400 EDT", true},
		{"Australia/Sydney", 185542587187200, "Sat Jul 12 10:00:00 5881580 +1000 AEST", false},
	}
	for _, c := range cases {
		t.Run(c.zone, func(t *testing.T) {
			loc := loadZone(t, c.zone)
			tm, err := FromUnix(c.sec, loc)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Format(nil, "%c %z %Z", tm)
			if err != nil || string(got) != c.want {
				t.Errorf("%s %d: got %q, %v; want %q", c.zone, c.sec, got, err, c.want)
			}
			if d := DateTable(tm); d.IsDST != c.isdst {
				t.Errorf("%s %d: isdst %v", c.zone, c.sec, d.IsDST)
			}
		})
	}
}

func TestDateTable(t *testing.T) {
	// lua5.4 -e 'd = os.date("!*t", t)'
	cases := []struct {
		sec  int64
		want DateFields
	}{
		{0, DateFields{1970, 1, 1, 0, 0, 0, 5, 1, false}},
		{951782400, DateFields{2000, 2, 29, 0, 0, 0, 3, 60, false}},
		{1700000000, DateFields{2023, 11, 14, 22, 13, 20, 3, 318, false}},
		{-1, DateFields{1969, 12, 31, 23, 59, 59, 4, 365, false}},
		{253402300800, DateFields{10000, 1, 1, 0, 0, 0, 7, 1, false}},
		// tm_year = INT_MAX: Lua adds 1900 without wrapping.
		{67767976233532800, DateFields{2147483648, 1, 1, 0, 0, 0, 4, 1, false}},
	}
	for i, c := range cases {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			if got := DateTable(time.Unix(c.sec, 0).In(GMT())); got != c.want {
				t.Errorf("DateTable(%d) = %+v, want %+v", c.sec, got, c.want)
			}
		})
	}
}

func TestFromUnixRange(t *testing.T) {
	// os.date("!%Y", t) and its error.
	cases := []struct {
		sec  int64
		want string
	}{
		{67767976233532799, "2147483647"},
		{67767976233532800, "-2147483648"}, // %Y wraps like C int
		{-67768040609740800, "-2147481748"},
		{-67768040609740801, "ERR"},
		{67768036191676800, "ERR"},
		{math.MaxInt64, "ERR"},
		{math.MinInt64, "ERR"},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			tm, err := FromUnix(c.sec, GMT())
			if c.want == "ERR" {
				if err != ErrDateRange || err.Error() != "date result cannot be represented in this installation" {
					t.Errorf("FromUnix(%d): %v", c.sec, err)
				}
				return
			}
			got, _ := Format(nil, "%Y", tm)
			if err != nil || string(got) != c.want {
				t.Errorf("FromUnix(%d): %q, %v; want %q", c.sec, got, err, c.want)
			}
		})
	}
}

type normCase struct {
	f     [6]int64 // year month day hour min sec
	isdst int
	want  int64
	err   string
}

const i31 = 1 << 31

func runNorm(t *testing.T, loc *time.Location, cases []normCase) {
	t.Helper()
	for _, c := range cases {
		got, err := NormalizeDST(c.f[0], c.f[1], c.f[2], c.f[3], c.f[4], c.f[5], c.isdst, loc)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%v: error %v, want %q", c.f, err, c.err)
			}
			continue
		}
		if err != nil || got.Unix() != c.want {
			t.Errorf("%v isdst=%d: got %d, %v; want %d", c.f, c.isdst, got.Unix(), err, c.want)
		}
	}
}

func TestNormalizeUTC(t *testing.T) {
	// TZ=UTC lua5.4 -e 'print(os.time{...})'
	const (
		year  = "field 'year' is out-of-bound"
		month = "field 'month' is out-of-bound"
		rng   = "time result cannot be represented in this installation"
	)
	lastOffset.Store(0)
	runNorm(t, time.UTC, []normCase{
		{[6]int64{1970, 1, 1, 0, 0, 0}, -1, 0, ""},
		{[6]int64{2000, 2, 29, 0, 0, 0}, -1, 951782400, ""},
		{[6]int64{2000, 13, 0, -1, 61, -1}, -1, 978220859, ""},
		{[6]int64{2000, 1, 1, 12, 0, 0}, 1, 946724400, ""}, // no DST anywhere: assume one hour
		{[6]int64{i31 + 1900, 1, 1, 12, 0, 0}, -1, 0, year},
		{[6]int64{i31 - 1 + 1900, 1, 1, 12, 0, 0}, -1, 67768036160184000, ""},
		{[6]int64{i31 - 1 + 1900, 12, 31, 23, 59, 59}, -1, 67768036191676799, ""},
		{[6]int64{i31 - 1 + 1900, 12, 31, 23, 59, 60}, -1, 0, rng},
		{[6]int64{i31 - 1 + 1900, 13, 1, 12, 0, 0}, -1, 0, rng},
		{[6]int64{-i31 + 1900, 1, 1, 0, 0, 0}, -1, -67768040609740800, ""},
		{[6]int64{-i31 + 1899, 1, 1, 0, 0, 0}, -1, 0, year},
		{[6]int64{-i31 + 1900, 1, 1, 0, 0, -1}, -1, 0, rng},
		{[6]int64{2000, i31, 1, 12, 0, 0}, -1, 5647337477467200, ""},
		{[6]int64{2000, i31 + 1, 1, 12, 0, 0}, -1, 0, month},
		{[6]int64{2000, -i31 + 1, 1, 12, 0, 0}, -1, -5647335586776000, ""},
		{[6]int64{2000, -i31, 1, 12, 0, 0}, -1, 0, month},
		{[6]int64{2000, 1, i31, 12, 0, 0}, -1, 0, "field 'day' is out-of-bound"},
		{[6]int64{2000, 1, i31 - 1, i31 - 1, i31 - 1, i31 - 1}, -1, 193405471330867, ""},
		{[6]int64{2000, 1, -i31, -i31, -i31, -i31}, -1, -193403578224128, ""},
		{[6]int64{2000, 1, -i31 - 1, 12, 0, 0}, -1, 0, "field 'day' is out-of-bound"},
		{[6]int64{2000, 1, 1, i31, 0, 0}, -1, 0, "field 'hour' is out-of-bound"},
		{[6]int64{2000, 1, 1, 12, -i31 - 1, 0}, -1, 0, "field 'min' is out-of-bound"},
		{[6]int64{2000, 1, 1, 12, 0, i31}, -1, 0, "field 'sec' is out-of-bound"},
		{[6]int64{math.MinInt64, 1, 1, 12, 0, 0}, -1, 0, year},
		{[6]int64{math.MaxInt64, 1, 1, 12, 0, 0}, -1, 0, year},
		// mktime succeeds but returns -1, which Lua treats as failure.
		{[6]int64{1969, 12, 31, 23, 59, 59}, -1, 0, rng},
	})
	// Fields are checked in Lua's reading order.
	_, err := Normalize(1<<40, 1<<40, 1, 0, 0, 0, time.UTC)
	if err == nil || err.Error() != year {
		t.Errorf("got %v", err)
	}
	if err := CheckField("month", 0); err != nil {
		t.Error(err)
	}
	if err := CheckField("month", -i31); err == nil || err.Error() != month {
		t.Error(err)
	}
}

func TestNormalizeNewYork(t *testing.T) {
	// One lua5.4 process, in this order (mktime's state carries over).
	loc := loadZone(t, "America/New_York")
	lastOffset.Store(0)
	runNorm(t, loc, []normCase{
		{[6]int64{2024, 3, 10, 2, 30, 0}, -1, 1710055800, ""}, // gap: 03:30 EDT
		{[6]int64{2024, 3, 10, 2, 30, 0}, 1, 1710052200, ""},  // 01:30 EST
		{[6]int64{2024, 3, 10, 2, 30, 0}, 0, 1710055800, ""},  // 03:30 EDT
		{[6]int64{2024, 11, 3, 1, 30, 0}, -1, 1730615400, ""}, // overlap: EST after a standard-time result
		{[6]int64{2024, 11, 3, 1, 30, 0}, 1, 1730611800, ""},
		{[6]int64{2024, 11, 3, 1, 30, 0}, 0, 1730615400, ""},
		{[6]int64{2024, 7, 1, 12, 0, 0}, 0, 1719853200, ""}, // 13:00 EDT
		{[6]int64{2024, 1, 1, 12, 0, 0}, 1, 1704124800, ""}, // 11:00 EST
		{[6]int64{2024, 3, 10, 1, 30, 3600}, -1, 1710055800, ""},
		{[6]int64{2024, 3, 10, 1, 30, 1800}, -1, 1710054000, ""},
		{[6]int64{2024, 11, 3, 0, 30, 3600}, -1, 1730611800, ""},
		{[6]int64{2024, 11, 3, 0, 90, 0}, -1, 1730611800, ""},
		{[6]int64{2024, 11, 3, 2, 30, -3600}, -1, 1730615400, ""},
		{[6]int64{2024, 11, 3, 2, -30, 0}, -1, 1730615400, ""},
		{[6]int64{1800, 1, 1, 0, 0, 0}, -1, -5364644638, ""}, // LMT -4:56:02
		{[6]int64{1883, 11, 18, 12, 2, 0}, -1, -2717650918, ""},
		{[6]int64{1883, 11, 18, 12, 2, 0}, 1, -2717654518, ""},
	})
	// In a fresh process the overlap resolves to EDT instead.
	lastOffset.Store(0)
	runNorm(t, loc, []normCase{{[6]int64{2024, 11, 3, 1, 30, 0}, -1, 1730611800, ""}})
}

func TestNormalizeDateTable(t *testing.T) {
	// os.time writes the normalised fields back:
	// t = {year=2000, month=13, day=0, hour=-1, min=61, sec=-1}
	tm, err := Normalize(2000, 13, 0, -1, 61, -1, time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	want := DateFields{2000, 12, 31, 0, 0, 59, 1, 366, false}
	if got := DateTable(tm); got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestSpecErrorText(t *testing.T) {
	_, err := Format(nil, "ok %Y then %Ez and more", time.Unix(0, 0).UTC())
	if err == nil || !strings.HasSuffix(err.Error(), "'%Ez and more'") {
		t.Errorf("got %v", err)
	}
}
