package rocks

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"panto/runtime"
	"panto/runtime/stdlib"
)

// fetch finds the rock that provides mod on a rocks server: the server's
// manifest (manifest-5.4, else manifest: a Lua file) lists packages and
// the arches each version has; the package is the module's first name
// segment, its newest version with an "all" (pure-Lua binary) or "src"
// rock is downloaded and read like a local one.
func fetch(ctx context.Context, server, mod string) (*rock, error) {
	server = strings.TrimSuffix(server, "/")
	client := &http.Client{Timeout: 30 * time.Second}
	var manifest []byte
	var err error
	for _, name := range []string{"manifest-5.4", "manifest"} {
		if manifest, err = get(ctx, client, server+"/"+name); err == nil {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("rocks server %s: %v", server, err)
	}
	repo, err := parseManifest(ctx, manifest)
	if err != nil {
		return nil, fmt.Errorf("rocks server %s: manifest: %v", server, err)
	}
	pkg := strings.SplitN(mod, ".", 2)[0]
	versions := repo[pkg]
	if len(versions) == 0 {
		return nil, fmt.Errorf("rocks server %s has no rock %q (for module %q)", server, pkg, mod)
	}
	var names []string
	for v := range versions {
		names = append(names, v)
	}
	sort.Slice(names, func(i, j int) bool { return versionLess(names[j], names[i]) })
	for _, v := range names {
		arches := versions[v]
		for _, arch := range []string{"all", "src"} {
			if !arches[arch] {
				continue
			}
			file := fmt.Sprintf("%s-%s.%s.rock", pkg, v, arch)
			data, err := get(ctx, client, server+"/"+file)
			if err != nil {
				return nil, fmt.Errorf("rocks server %s: %s: %v", server, file, err)
			}
			return openRock(ctx, file, data)
		}
	}
	return nil, fmt.Errorf("rocks server %s: rock %q has only native builds (%s): a C rock cannot be loaded by panto's pure-Go Lua engine", server, pkg, strings.Join(names, ", "))
}

func get(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s", resp.Status)
	}
	return io.ReadAll(io.LimitReader(resp.Body, 64<<20))
}

// parseManifest runs a manifest and reads repository: package ->
// version -> arches.
func parseManifest(ctx context.Context, src []byte) (map[string]map[string]map[string]bool, error) {
	L := runtime.NewState()
	defer L.Close()
	stdlib.OpenString(L)
	stdlib.OpenTable(L)
	L.SetBudget(200_000_000)
	fn, err := L.Load(string(src), "@manifest", "t")
	if err != nil {
		return nil, err
	}
	if _, err := L.PCall(fn); err != nil {
		return nil, err
	}
	repo := L.Globals().GetStr("repository").AsTable()
	if repo == nil {
		return nil, fmt.Errorf("it sets no repository")
	}
	out := map[string]map[string]map[string]bool{}
	for k, v, ok := repo.Next(runtime.Nil); ok && !k.IsNil(); k, v, ok = repo.Next(k) {
		vt := v.AsTable()
		if !k.IsString() || vt == nil {
			continue
		}
		vers := map[string]map[string]bool{}
		for vk, vv, ok := vt.Next(runtime.Nil); ok && !vk.IsNil(); vk, vv, ok = vt.Next(vk) {
			list := vv.AsTable()
			if !vk.IsString() || list == nil {
				continue
			}
			arches := map[string]bool{}
			for i := int64(1); i <= list.Len(); i++ {
				if e := list.GetInt(i).AsTable(); e != nil {
					arches[str(e.GetStr("arch"))] = true
				}
			}
			vers[vk.AsString()] = arches
		}
		out[k.AsString()] = vers
	}
	return out, nil
}

// versionLess orders luarocks versions ("1.10.0-1" after "1.9.2-3") by
// their numeric parts, then as text.
func versionLess(a, b string) bool {
	pa, pb := versionParts(a), versionParts(b)
	for i := 0; i < len(pa) && i < len(pb); i++ {
		if pa[i] != pb[i] {
			return pa[i] < pb[i]
		}
	}
	if len(pa) != len(pb) {
		return len(pa) < len(pb)
	}
	return a < b
}

func versionParts(v string) []int {
	var out []int
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == '.' || r == '-' }) {
		n, err := strconv.Atoi(f)
		if err != nil {
			n = -1
		}
		out = append(out, n)
	}
	return out
}
