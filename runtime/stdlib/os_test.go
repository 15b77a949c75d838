package stdlib

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"panto/runtime"
)

func TestOSDateTime(t *testing.T) {
	old := time.Local
	time.Local = time.UTC
	defer func() { time.Local = old }()
	L, out := newTestState(t)
	run(t, L, `
		print(os.date("!%Y-%m-%d %H:%M:%S %Z", 0), os.date("%Z", 0))
		local d = os.date("!*t", 951825600)
		print(d.year, d.month, d.day, d.hour, d.wday, d.yday, d.isdst)
		local t = {year = 2023, month = 13, day = 1, hour = 0}
		print(os.time(t), t.year, t.month, t.day, t.yday, t.wday)
		print(pcall(os.time, {year = 2000, month = 1}))
		print(pcall(os.time, {year = 2000, month = 1, day = 1.5}))
		print(pcall(os.time, {year = 2000, month = 1, day = 2^40}))
		print(pcall(os.time, {year = 1969, month = 12, day = 31, hour = 23, min = 59, sec = 59}))
		print(pcall(os.date, "%Ez", 0))
		print(os.difftime(10, 5), math.type(os.time()))
	`)
	want := "1970-01-01 00:00:00 GMT\tUTC\n" +
		"2000\t2\t29\t12\t3\t60\tfalse\n" +
		"1704067200\t2024\t1\t1\t1\t2\n" +
		"false\tfield 'day' missing in date table\n" +
		"false\tfield 'day' is not an integer\n" +
		"false\tfield 'day' is out-of-bound\n" +
		"false\ttime result cannot be represented in this installation\n" +
		"false\tbad argument #1 to 'os.date' (invalid conversion specifier '%Ez')\n" +
		"5.0\tinteger\n"
	if out.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestOSFiles(t *testing.T) {
	dir := t.TempDir()
	L, out := newTestState(t)
	L.SetGlobal("dir", runtime.String(dir))
	os.MkdirAll(filepath.Join(dir, "full"), 0o755)
	os.WriteFile(filepath.Join(dir, "full", "x"), nil, 0o644)
	run(t, L, `
		print(os.remove(dir .. "/missing") == nil)
		print(select(3, os.remove(dir .. "/full")))
		print(os.remove(dir .. "/full/x"), os.remove(dir .. "/full"))
		local name = os.tmpname()
		print(io.open(name) ~= nil, os.rename(name, dir .. "/moved"), os.remove(dir .. "/moved"))
		print(os.rename(dir .. "/missing", dir .. "/other"))
		print(os.setlocale(), os.setlocale("POSIX"), os.setlocale(""), os.setlocale("xx_YY"))
		print(pcall(os.setlocale, "C", "bogus"))
	`)
	want := "true\n39\ntrue\ttrue\ntrue\ttrue\ttrue\nnil\tNo such file or directory\t2\n" +
		"C\tC\tC\tnil\nfalse\tbad argument #2 to 'os.setlocale' (invalid option 'bogus')\n"
	if out.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", out.String(), want)
	}
}
