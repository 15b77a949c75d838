package stdlib

import (
	"os"
	goruntime "runtime"
	"strings"

	"panto/runtime"
)

// Default search paths, used when LUA_PATH_5_4/LUA_PATH (LUA_CPATH_5_4/
// LUA_CPATH) are unset or the environment is ignored, and spliced in
// where those variables contain ";;".
//
// They are the reference's defaults as Debian builds lua5.4: the
// /usr/local tree, then the distribution tree (/usr/share/lua/5.4, where
// Debian and others install pure-Lua modules), then the current
// directory. So panto finds the same Lua modules as lua5.4 on the same
// machine, and a failed require lists the same places. The C path is
// kept for those messages only: a C module found there is reported as
// unloadable, since a pure-Go engine cannot load shared objects.
const defaultPath = "/usr/local/share/lua/5.4/?.lua;/usr/local/share/lua/5.4/?/init.lua;" +
	"/usr/local/lib/lua/5.4/?.lua;/usr/local/lib/lua/5.4/?/init.lua;" +
	"/usr/share/lua/5.4/?.lua;/usr/share/lua/5.4/?/init.lua;" +
	"./?.lua;./?/init.lua"

// defaultCPath is the C path; its multiarch directory
// (/usr/lib/x86_64-linux-gnu/lua/5.4 on amd64) follows the machine, as
// Debian's build does.
var defaultCPath = "/usr/local/lib/lua/5.4/?.so;" + multiarchCDir() +
	"/usr/lib/lua/5.4/?.so;/usr/local/lib/lua/5.4/loadall.so;./?.so"

// multiarchCDir returns Debian's multiarch C module directory entry for
// the running architecture ("" when there is none).
func multiarchCDir() string {
	if goruntime.GOOS != "linux" {
		return ""
	}
	triplet := map[string]string{
		"amd64": "x86_64-linux-gnu", "386": "i386-linux-gnu",
		"arm64": "aarch64-linux-gnu", "arm": "arm-linux-gnueabihf",
		"ppc64le": "powerpc64le-linux-gnu", "s390x": "s390x-linux-gnu",
		"riscv64": "riscv64-linux-gnu", "mips64le": "mips64el-linux-gnuabi64",
		"loong64": "loongarch64-linux-gnu",
	}[goruntime.GOARCH]
	if triplet == "" {
		return ""
	}
	return "/usr/lib/" + triplet + "/lua/5.4/?.so;"
}

// Path syntax (package.config): directory separator, path separator, name
// mark, executable-directory mark, ignore mark.
const (
	dirSep     = "/"
	pathSep    = ";"
	pathMark   = "?"
	execDir    = "!"
	ignoreMark = "-"
)

// cModulesMsg explains why a C module that was found cannot be used.
const cModulesMsg = "C modules cannot be loaded by panto (pure-Go Lua engine)"

// OpenPackage opens the package library (manual §6.3) and the global
// require. noEnv (the standalone's -E option, or a true LUA_NOENV in the
// registry) makes package.path and package.cpath ignore the environment.
// Opening it again (the standalone does, once it knows about -E) builds a
// fresh package table over the same package.loaded and preload tables.
func OpenPackage(L *runtime.State, noEnv bool) {
	reg := L.Registry()
	if reg.GetStr("LUA_NOENV").Truthy() {
		noEnv = true
	}
	pkg := runtime.NewTable(0, 8)
	pkgV := runtime.TableValue(pkg)
	register(pkg, []libFunc{
		{"loadlib", pkgLoadlib},
		{"searchpath", pkgSearchpath},
	})
	preload := reg.GetStr("_PRELOAD").AsTable()
	if preload == nil {
		preload = runtime.NewTable(0, 4)
		reg.SetStr("_PRELOAD", runtime.TableValue(preload))
	}
	searchers := runtime.NewTable(4, 0)
	for i, s := range []struct {
		name string
		fn   func(*runtime.State, runtime.Value) int
	}{
		{"searcher_preload", searcherPreload},
		{"searcher_Lua", searcherLua},
		{"searcher_C", searcherC},
		{"searcher_Croot", searcherCroot},
	} {
		searchers.SetInt(int64(i+1), withPackage(s.name, pkgV, s.fn))
	}
	pkg.SetStr("searchers", runtime.TableValue(searchers))
	pkg.SetStr("path", runtime.String(envPath("LUA_PATH", defaultPath, noEnv)))
	pkg.SetStr("cpath", runtime.String(envPath("LUA_CPATH", defaultCPath, noEnv)))
	pkg.SetStr("config", runtime.String(dirSep+"\n"+pathSep+"\n"+pathMark+"\n"+execDir+"\n"+ignoreMark+"\n"))
	pkg.SetStr("loaded", runtime.TableValue(L.Loaded()))
	pkg.SetStr("preload", runtime.TableValue(preload))
	L.SetGlobal("package", pkgV)
	L.Loaded().SetStr("package", pkgV)
	L.SetGlobal("require", withPackage("require", pkgV, pkgRequire))
}

// withPackage makes a Go function whose upvalue is the package table, as
// require and the searchers have it in the reference: they read
// package.searchers, package.path and so on through it (so replacing the
// global package changes nothing), and debug.getupvalue shows it.
func withPackage(name string, pkg runtime.Value, fn func(*runtime.State, runtime.Value) int) runtime.Value {
	f := &runtime.GoFunction{Name: name, Upvalues: []runtime.Value{pkg}}
	f.Fn = func(L *runtime.State) int { return fn(L, f.Upvalues[0]) }
	return runtime.FunctionValue(f)
}

// envPath computes package.path or package.cpath from the environment:
// NAME_5_4, else NAME; the first ";;" is replaced by the default path.
func envPath(name, def string, noEnv bool) string {
	v, ok := os.LookupEnv(name + "_5_4")
	if !ok {
		v, ok = os.LookupEnv(name)
	}
	if !ok || noEnv {
		return def
	}
	i := strings.Index(v, pathSep+pathSep)
	if i < 0 {
		return v
	}
	var b strings.Builder
	if i > 0 {
		b.WriteString(v[:i])
		b.WriteString(pathSep)
	}
	b.WriteString(def)
	if i+2 < len(v) {
		b.WriteString(pathSep)
		b.WriteString(v[i+2:])
	}
	return b.String()
}

// pkgRequire is require: package.loaded first, then the searchers; the
// loader gets the name and the loader data, and require returns the
// module value and that data.
func pkgRequire(L *runtime.State, pkg runtime.Value) int {
	name := L.CheckString(1)
	L.SetTop(1)
	loaded := runtime.TableValue(L.Loaded())
	key := runtime.String(name)
	if v := L.Index(loaded, key); v.Truthy() {
		L.Push(v)
		return 1
	}
	loader, data := findLoader(L, pkg, name)
	res := L.Call1(loader, key, data)
	if !res.IsNil() {
		L.SetIndex(loaded, key, res)
	}
	v := L.Index(loaded, key)
	if v.IsNil() {
		v = runtime.True
		L.SetIndex(loaded, key, v)
	}
	L.Push(v, data)
	return 2
}

// findLoader asks each searcher in turn for a loader, collecting their
// explanations for the "module not found" message.
func findLoader(L *runtime.State, pkg runtime.Value, name string) (loader, data runtime.Value) {
	sv := L.Index(pkg, runtime.String("searchers"))
	searchers := sv.AsTable()
	if searchers == nil {
		L.Errorf("'package.searchers' must be a table")
	}
	var msg strings.Builder
	for i := int64(1); ; i++ {
		s := searchers.GetInt(i)
		if s.IsNil() {
			L.Errorf("module '%s' not found:%s", name, msg.String())
		}
		res := L.Call(s, runtime.String(name))
		r1, r2 := runtime.Nil, runtime.Nil
		if len(res) > 0 {
			r1 = res[0]
		}
		if len(res) > 1 {
			r2 = res[1]
		}
		if r1.IsFunction() {
			return r1, r2
		}
		if str, ok := luaToString(r1); ok {
			msg.WriteString("\n\t")
			msg.WriteString(str)
		}
	}
}

// searcherPreload looks in the registry's preload table (which
// package.preload is, unless the program replaced it).
func searcherPreload(L *runtime.State, _ runtime.Value) int {
	name := L.CheckString(1)
	preload := L.Registry().GetStr("_PRELOAD")
	if v := L.Index(preload, runtime.String(name)); v.IsNil() {
		L.PushString("no field package.preload['" + name + "']")
		return 1
	} else {
		L.Push(v, runtime.String(":preload:"))
		return 2
	}
}

// findFile searches package.path or package.cpath for a module name.
func findFile(L *runtime.State, pkg runtime.Value, name, field string) (string, string, bool) {
	path, ok := luaToString(L.Index(pkg, runtime.String(field)))
	if !ok {
		L.Errorf("'package.%s' must be a string", field)
	}
	return searchPath(name, path, ".", dirSep)
}

// checkLoad finishes a file searcher: the loader and the file name, or the
// error raised for a file that was found but cannot be loaded.
func checkLoad(L *runtime.State, loader runtime.Value, err error, name, filename string) int {
	if err != nil {
		L.Errorf("error loading module '%s' from file '%s':\n\t%s", name, filename, err.Error())
	}
	L.Push(loader, runtime.String(filename))
	return 2
}

func searcherLua(L *runtime.State, pkg runtime.Value) int {
	name := L.CheckString(1)
	filename, notFound, ok := findFile(L, pkg, name, "path")
	if !ok {
		L.PushString(notFound)
		return 1
	}
	fn, err := L.LoadFile(filename, "bt")
	return checkLoad(L, fn, err, name, filename)
}

// errCModule is the load error for a C library found on package.cpath,
// worded like the dlerror message the reference would quote.
type errCModule struct{ file string }

func (e errCModule) Error() string { return e.file + ": " + cModulesMsg }

func searcherC(L *runtime.State, pkg runtime.Value) int {
	name := L.CheckString(1)
	filename, notFound, ok := findFile(L, pkg, name, "cpath")
	if !ok {
		L.PushString(notFound)
		return 1
	}
	return checkLoad(L, runtime.Nil, errCModule{filename}, name, filename)
}

// searcherCroot looks for the root of a dotted name ("a" for "a.b.c") on
// package.cpath: an all-in-one C library.
func searcherCroot(L *runtime.State, pkg runtime.Value) int {
	name := L.CheckString(1)
	dot := strings.IndexByte(name, '.')
	if dot < 0 {
		return 0
	}
	filename, notFound, ok := findFile(L, pkg, name[:dot], "cpath")
	if !ok {
		L.PushString(notFound)
		return 1
	}
	return checkLoad(L, runtime.Nil, errCModule{filename}, name, filename)
}

// searchPath is package.searchpath: the name (with sep replaced by rep)
// goes in place of each '?' of each template of path; the first readable
// file is the result. Otherwise it returns the "no file '...'" list of
// every file tried.
func searchPath(name, path, sep, rep string) (found, notFound string, ok bool) {
	if sep != "" && strings.IndexByte(name, sep[0]) >= 0 {
		name = strings.ReplaceAll(name, sep, rep)
	}
	full := strings.ReplaceAll(path, pathMark, name)
	if full != "" {
		for _, f := range strings.Split(full, pathSep) {
			if readable(f) {
				return f, "", true
			}
		}
	}
	return "", "no file '" + strings.ReplaceAll(full, pathSep, "'\n\tno file '") + "'", false
}

// readable reports whether a file can be opened for reading (directories
// can, as with fopen).
func readable(name string) bool {
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

func pkgSearchpath(L *runtime.State) int {
	name := L.CheckString(1)
	path := L.CheckString(2)
	sep := L.OptString(3, ".")
	rep := L.OptString(4, dirSep)
	found, notFound, ok := searchPath(name, path, sep, rep)
	if ok {
		L.PushString(found)
		return 1
	}
	L.Push(runtime.Nil, runtime.String(notFound))
	return 2
}

// pkgLoadlib cannot load C libraries. A missing library fails like a
// failed dlopen (where "open"); an existing one is "absent", the
// reference's answer when dynamic libraries are not supported.
func pkgLoadlib(L *runtime.State) int {
	path := L.CheckString(1)
	L.CheckString(2)
	if _, err := os.Stat(path); err != nil {
		L.Push(runtime.Nil, runtime.String(path+": cannot open shared object file: "+runtime.Strerror(err)), runtime.String("open"))
		return 3
	}
	L.Push(runtime.Nil, runtime.String(path+": "+cModulesMsg), runtime.String("absent"))
	return 3
}
