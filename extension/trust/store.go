package trust

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"
)

// StoreFile is the store's file name under the data home.
const StoreFile = "trust.json"

// Store is the record of trusted folders, a JSON file in the user's data
// home ($XDG_DATA_HOME/panto/trust.json, else
// ~/.local/share/panto/trust.json). It is the user's own file: nothing in
// a project can write it, and each folder is keyed by its real path, so
// a symlink or a second checkout elsewhere is a different folder.
type Store struct {
	// Path is the JSON file.
	Path string
}

// Record is one trusted folder.
type Record struct {
	// Dir is the project folder's real path (symlinks resolved).
	Dir string `json:"dir"`
	// Digest is the layer's digest when it was trusted.
	Digest string `json:"digest"`
	// Time is when it was trusted, in UTC.
	Time time.Time `json:"time"`
}

// storeData is the file's shape; Version lets a later panto read an
// older file.
type storeData struct {
	Version int      `json:"version"`
	Trusted []Record `json:"trusted"`
}

// NewStore is the store of the data home dataHome (discover.Setup's
// DataHome). An empty dataHome (no home at all) is a store that holds
// nothing and cannot record.
func NewStore(dataHome string) *Store {
	if dataHome == "" {
		return &Store{}
	}
	return &Store{Path: filepath.Join(dataHome, StoreFile)}
}

// List returns the trusted folders, sorted by path.
func (s *Store) List() ([]Record, error) {
	d, err := s.load()
	if err != nil {
		return nil, err
	}
	return d.Trusted, nil
}

// Lookup returns the record of dir (resolved to its real path), if any.
func (s *Store) Lookup(dir string) (Record, bool, error) {
	real, err := RealPath(dir)
	if err != nil {
		return Record{}, false, err
	}
	d, err := s.load()
	if err != nil {
		return Record{}, false, err
	}
	for _, r := range d.Trusted {
		if r.Dir == real {
			return r, true, nil
		}
	}
	return Record{}, false, nil
}

// Trusted reports whether dir is trusted with exactly this digest.
func (s *Store) Trusted(dir, digest string) (bool, error) {
	r, ok, err := s.Lookup(dir)
	return ok && r.Digest == digest, err
}

// Trust records dir (resolved to its real path) as trusted with digest,
// replacing an earlier record of it.
func (s *Store) Trust(dir, digest string, now time.Time) error {
	real, err := RealPath(dir)
	if err != nil {
		return err
	}
	return s.update(func(d *storeData) error {
		d.Trusted = remove(d.Trusted, real)
		d.Trusted = append(d.Trusted, Record{Dir: real, Digest: digest, Time: now.UTC().Truncate(time.Second)})
		return nil
	})
}

// ErrNotTrusted is Revoke's error for a folder with no record.
var ErrNotTrusted = errors.New("not trusted")

// Revoke removes dir's record. dir is resolved to its real path when it
// still exists; a folder that is gone is matched by its absolute path.
func (s *Store) Revoke(dir string) error {
	real, err := RealPath(dir)
	if err != nil {
		if real, err = filepath.Abs(dir); err != nil {
			return err
		}
	}
	return s.update(func(d *storeData) error {
		n := len(d.Trusted)
		d.Trusted = remove(d.Trusted, real)
		if len(d.Trusted) == n {
			return fmt.Errorf("%s: %w", real, ErrNotTrusted)
		}
		return nil
	})
}

func remove(rs []Record, dir string) []Record {
	out := rs[:0]
	for _, r := range rs {
		if r.Dir != dir {
			out = append(out, r)
		}
	}
	return out
}

// load reads the file; a missing one is an empty store.
func (s *Store) load() (*storeData, error) {
	d := &storeData{Version: 1}
	if s.Path == "" {
		return d, nil
	}
	data, err := os.ReadFile(s.Path)
	if errors.Is(err, os.ErrNotExist) {
		return d, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, d); err != nil {
		return nil, fmt.Errorf("%s: %v (remove the file to trust folders again)", s.Path, err)
	}
	if d.Version != 1 {
		return nil, fmt.Errorf("%s: version %d is not one this panto reads", s.Path, d.Version)
	}
	return d, nil
}

// update changes the file by writing a new one beside it and renaming
// it over the old, so a crash leaves the old or the new store, never
// half of one.
func (s *Store) update(change func(*storeData) error) error {
	if s.Path == "" {
		return errors.New("no data home to record trust in (set HOME or XDG_DATA_HOME)")
	}
	d, err := s.load()
	if err != nil {
		return err
	}
	if err := change(d); err != nil {
		return err
	}
	sort.Slice(d.Trusted, func(i, j int) bool { return d.Trusted[i].Dir < d.Trusted[j].Dir })
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.Path), ".trust-*.json")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(append(data, '\n'))
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), s.Path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}

// RealPath is dir made absolute with every symlink resolved: the key a
// folder is trusted by.
func RealPath(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}
