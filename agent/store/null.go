package store

import (
	"errors"

	"panto/agent/conv"
)

// NullStore keeps nothing: its sessions live only in memory
// (`--no-session`, panto.null_store()).
type NullStore struct{}

var errNullStore = errors.New("the null store keeps no sessions")

func (NullStore) List() ([]Info, error)             { return nil, nil }
func (NullStore) ListBounded(int) ([]Info, error)   { return nil, nil }
func (NullStore) Latest() (*Info, error)            { return nil, nil }
func (NullStore) Resolve(id string) (string, error) { return "", errNullStore }
func (NullStore) Load(string) (*Session, error)     { return nil, errNullStore }
func (NullStore) LoadMessages(string, LoadOptions) ([]conv.Message, error) {
	return nil, errNullStore
}
func (NullStore) Open(string) (*Writer, *Session, error) { return nil, nil, errNullStore }

// Create returns a writer that assigns ids and tracks the leaf but
// writes nothing.
func (NullStore) Create(cwd, parent string) (*Writer, error) {
	return &Writer{discard: true, id: NewSessionID()}, nil
}
