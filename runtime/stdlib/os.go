package stdlib

import (
	"os"
	"strings"
	"time"

	"panto/internal/strftime"
	"panto/runtime"
)

// OpenOS opens the os library (manual §6.9). The calendar functions
// delegate to internal/strftime, which reproduces glibc in the C locale;
// the file and process functions use the operating system directly, and
// os.exit goes through the host's exit handler so that an embedding
// program decides what ending the script means.
func OpenOS(L *runtime.State) {
	newLib(L, "os", []libFunc{
		{"clock", osClock},
		{"date", osDate},
		{"difftime", osDifftime},
		{"execute", osExecute},
		{"exit", osExit},
		{"getenv", osGetenv},
		{"remove", osRemove},
		{"rename", osRename},
		{"setlocale", osSetlocale},
		{"time", osTime},
		{"tmpname", osTmpname},
	})
}

// osClock returns the processor time used by the program, as C's clock().
func osClock(L *runtime.State) int {
	L.Push(runtime.Float(cpuTime().Seconds()))
	return 1
}

// checkTime reads a time_t argument; time_t is 64 bits wide, so every Lua
// integer fits and only the integer check can fail.
func checkTime(L *runtime.State, n int) int64 { return L.CheckInteger(n) }

func osDate(L *runtime.State) int {
	format := L.OptString(1, "%c")
	var t int64
	if L.Arg(2).IsNil() {
		t = time.Now().Unix()
	} else {
		t = checkTime(L, 2)
	}
	loc := time.Local
	if strings.HasPrefix(format, "!") {
		// gmtime: glibc names the zone "GMT", which strftime.GMT keeps.
		loc = strftime.GMT()
		format = format[1:]
	}
	tm, err := strftime.FromUnix(t, loc)
	if err != nil {
		L.Errorf("%s", err.Error())
	}
	// The reference compares with strcmp, so anything after a NUL byte is
	// ignored here (but not by the conversion loop below).
	if cString(format) == "*t" {
		tbl := runtime.NewTable(0, 9)
		setDateFields(tbl, strftime.DateTable(tm))
		L.Push(runtime.TableValue(tbl))
		return 1
	}
	out, err := strftime.Format(nil, format, tm)
	if err != nil {
		L.ArgError(1, err.Error())
	}
	L.Push(runtime.String(string(out)))
	return 1
}

// cString returns s up to its first NUL byte, as C functions see it.
func cString(s string) string {
	if i := strings.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}

// setDateFields fills a date table with the nine fields os.date("*t")
// returns and os.time writes back.
func setDateFields(t *runtime.Table, d strftime.DateFields) {
	t.SetStr("year", runtime.Int(d.Year))
	t.SetStr("month", runtime.Int(d.Month))
	t.SetStr("day", runtime.Int(d.Day))
	t.SetStr("hour", runtime.Int(d.Hour))
	t.SetStr("min", runtime.Int(d.Min))
	t.SetStr("sec", runtime.Int(d.Sec))
	t.SetStr("yday", runtime.Int(d.Yday))
	t.SetStr("wday", runtime.Int(d.Wday))
	t.SetStr("isdst", runtime.Bool(d.IsDST))
}

// dateField reads one field of os.time's table argument with the
// reference's rules: the field is read with metamethods, must convert to
// an integer (numeric strings and integral floats do), is range-checked
// as soon as it is read, and takes def when absent (def < 0: required).
func dateField(L *runtime.State, t runtime.Value, key string, def int64) int64 {
	v := L.Index(t, runtime.String(key))
	n, ok := v.ToInteger()
	if !ok {
		if !v.IsNil() {
			L.Errorf("field '%s' is not an integer", key)
		}
		if def < 0 {
			L.Errorf("field '%s' missing in date table", key)
		}
		return def
	}
	if err := strftime.CheckField(key, n); err != nil {
		L.Errorf("%s", err.Error())
	}
	return n
}

func osTime(L *runtime.State) int {
	if L.Arg(1).IsNil() {
		L.Push(runtime.Int(time.Now().Unix()))
		return 1
	}
	L.CheckTable(1)
	L.SetTop(1)
	t := L.Arg(1)
	year := dateField(L, t, "year", -1)
	month := dateField(L, t, "month", -1)
	day := dateField(L, t, "day", -1)
	hour := dateField(L, t, "hour", 12)
	min := dateField(L, t, "min", 0)
	sec := dateField(L, t, "sec", 0)
	isdst := -1
	if v := L.Index(t, runtime.String("isdst")); !v.IsNil() {
		isdst = 0
		if v.Truthy() {
			isdst = 1
		}
	}
	res, err := strftime.NormalizeDST(year, month, day, hour, min, sec, isdst, time.Local)
	if !res.IsZero() {
		// Like mktime, os.time normalises the table it was given, even
		// when the result is then refused.
		setDateFields(t.AsTable(), strftime.DateTable(res))
	}
	if err != nil {
		L.Errorf("%s", err.Error())
	}
	L.Push(runtime.Int(res.Unix()))
	return 1
}

func osDifftime(L *runtime.State) int {
	t1 := checkTime(L, 1)
	t2 := checkTime(L, 2)
	L.Push(runtime.Float(float64(t1) - float64(t2)))
	return 1
}

func osGetenv(L *runtime.State) int {
	v, ok := os.LookupEnv(L.CheckString(1))
	if !ok {
		L.Push(runtime.Nil)
	} else {
		L.Push(runtime.String(v))
	}
	return 1
}

func osRemove(L *runtime.State) int {
	name := L.CheckString(1)
	return fileResult(L, removeFile(name), name)
}

func osRename(L *runtime.State) int {
	from := L.CheckString(1)
	to := L.CheckString(2)
	return fileResult(L, renameFile(from, to), "")
}

// osTmpname creates an empty file with a fresh name and returns the name,
// as the reference does with mkstemp (the file is left in place so that
// the name cannot be taken by someone else in between).
func osTmpname(L *runtime.State) int {
	var f *os.File
	err := withFDs(L, func() (err error) { f, err = os.CreateTemp("", "lua_"); return })
	if err != nil {
		L.Errorf("unable to generate a unique filename")
	}
	name := f.Name()
	f.Close()
	L.Push(runtime.String(name))
	return 1
}

// localeCategories are setlocale's category names, LC_ALL first.
var localeCategories = []string{"all", "collate", "ctype", "monetary", "numeric", "time"}

// osSetlocale knows only the C locale, which is the only one panto
// implements (string formatting and character classes never change): "C"
// and its alias "POSIX" select it, "" (the environment's choice) gives it
// too, and any other name fails as an unknown locale does in C.
func osSetlocale(L *runtime.State) int {
	var name string
	query := L.Arg(1).IsNil()
	if !query {
		name = L.CheckString(1)
	}
	L.CheckOption(2, "all", localeCategories)
	switch {
	case query, name == "C", name == "POSIX", name == "":
		L.Push(runtime.String("C"))
	default:
		L.Push(runtime.Nil)
	}
	return 1
}

// osExit ends the program through the host's exit handler. Open files are
// flushed first, as C's exit() flushes every stream.
func osExit(L *runtime.State) int {
	var code int
	if v := L.Arg(1); v.Type() == runtime.TypeBoolean {
		if !v.Truthy() {
			code = 1
		}
	} else {
		code = int(int32(L.OptInteger(1, 0)))
	}
	closeState := L.Arg(2).Truthy()
	exit := L.ExitHandler()
	if exit == nil {
		L.Errorf("os.exit is not allowed in this host")
	}
	// With close set, the handler closes the state, whose finalizers
	// close the files in the reference's order.
	FlushFiles(L)
	exit(code, closeState)
	return 0
}

func osExecute(L *runtime.State) int {
	if L.Arg(1).IsNil() {
		// Is a shell available?
		L.Push(runtime.Bool(shellAvailable()))
		return 1
	}
	cmdline := L.CheckString(1)
	cmd := shellCommand(L, cmdline)
	cmd.Stdout, cmd.Stderr = childOutputs(L)
	if err := cmd.Start(); err != nil {
		return fileResult(L, err, "")
	}
	// An interruption kills the command and raises (os.execute("sleep
	// 30") must obey a deadline).
	err := waitChild(L, cmd)
	return execResult(L, cmd.ProcessState, err)
}
