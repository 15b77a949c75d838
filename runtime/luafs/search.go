package luafs

import (
	"fmt"
	"os"

	"panto/internal/search"
	"panto/internal/walk"
	"panto/runtime"
	"panto/runtime/luaregex"
)

func luaSearch(L *runtime.State, loop Async) int {
	o := readOpts(L, "search", append(walkKeys, "regex", "multiline", "limit", "max_line", "max_filesize", "max_files")...)
	root, w, glob := o.walkOptions()
	r, ok := luaregex.From(o.t.GetStr("regex"))
	if !ok {
		L.Errorf("panto.fs.search: 'regex' must be a panto.Regex (panto.regex.compile)")
	}
	pattern := r.Pattern
	if r.Flags != "" {
		pattern = "(?" + r.Flags + ")" + pattern
	}
	sopts := search.Options{
		Pattern:     pattern,
		Multiline:   o.boolean("multiline"),
		Limit:       int(o.integer("limit", 0)),
		MaxLine:     int(o.integer("max_line", 0)),
		MaxFileSize: o.integer("max_filesize", 0),
	}
	maxFiles := int(o.integer("max_files", 0))
	w.MaxEntries = maxFiles
	w.Filter = func(rel, name string, k walk.Kind) bool {
		return k == walk.File && (glob == nil || glob.Match(rel, name))
	}
	ctx := loop.Context()
	return loop.Await(L, func() (func() []runtime.Value, error) {
		var st walk.Stats
		fi, err := os.Stat(root)
		if err != nil {
			return nil, fmt.Errorf("panto.fs.search: %w", err)
		}
		// The files are searched while the walk finds them.
		feed := func(emit func(...string)) error {
			if !fi.IsDir() {
				emit(root)
				return nil
			}
			w.Visit = func(es []walk.Entry) {
				rels := make([]string, len(es))
				for i, e := range es {
					rels[i] = e.Rel
				}
				emit(rels...)
			}
			_, s, err := walk.Walk(ctx, root, w)
			st = s
			return err
		}
		res, err := search.Stream(ctx, root, feed, sopts)
		if err != nil {
			return nil, fmt.Errorf("panto.fs.search: %w", err)
		}
		return func() []runtime.Value { return []runtime.Value{searchTable(res, st, fi.IsDir())} }, nil
	})
}

func searchTable(res *search.Result, st walk.Stats, dir bool) runtime.Value {
	files := runtime.NewTable(0, 0)
	i := 0
	for _, f := range res.Files {
		if len(f.Lines) == 0 {
			continue // past the limit: counted, not shown
		}
		ft := runtime.NewTable(0, 3)
		if dir {
			ft.SetStr("path", runtime.String(f.Path))
		} else {
			ft.SetStr("path", runtime.String(""))
		}
		ft.SetStr("count", runtime.Int(int64(f.Count)))
		lines := runtime.NewTable(len(f.Lines), 0)
		for j, l := range f.Lines {
			lt := runtime.NewTable(0, 5)
			lt.SetStr("line", runtime.Int(int64(l.Number)))
			lt.SetStr("text", runtime.String(l.Text))
			if l.Col > 0 {
				lt.SetStr("col", runtime.Int(int64(l.Col)))
			}
			if l.CutBefore > 0 {
				lt.SetStr("cut_before", runtime.Int(int64(l.CutBefore)))
			}
			if l.CutAfter > 0 {
				lt.SetStr("cut_after", runtime.Int(int64(l.CutAfter)))
			}
			lines.SetInt(int64(j+1), runtime.TableValue(lt))
		}
		ft.SetStr("lines", runtime.TableValue(lines))
		i++
		files.SetInt(int64(i), runtime.TableValue(ft))
	}
	sk := skipped(st)
	sk.SetStr("binary", runtime.Int(int64(res.Binary)))
	sk.SetStr("too_large", runtime.Int(int64(res.TooLarge)))
	sk.SetStr("unreadable", runtime.Int(int64(res.Unreadable+st.Unreadable)))
	t := runtime.NewTable(0, 6)
	t.SetStr("files", runtime.TableValue(files))
	t.SetStr("matched_lines", runtime.Int(int64(res.MatchedLines)))
	t.SetStr("matched_files", runtime.Int(int64(res.MatchedFiles)))
	t.SetStr("searched", runtime.Int(int64(res.Searched)))
	t.SetStr("skipped", runtime.TableValue(sk))
	t.SetStr("stopped", runtime.Bool(st.Stopped))
	return runtime.TableValue(t)
}
