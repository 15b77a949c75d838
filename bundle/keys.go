package bundle

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
)

// Key files are PEM: the private key as a PKCS #8 "PRIVATE KEY" block and
// the public key as a PKIX "PUBLIC KEY" block. That is what
// `openssl genpkey -algorithm ed25519` and `openssl pkey -pubout` write,
// so keys can be made, inspected and stored with ordinary tools, and a
// file's purpose is visible from its first line.

const (
	privateKeyType = "PRIVATE KEY"
	publicKeyType  = "PUBLIC KEY"
)

// GenerateKey makes a new signing key pair.
func GenerateKey() (ed25519.PublicKey, ed25519.PrivateKey, error) {
	return ed25519.GenerateKey(rand.Reader)
}

// MarshalPrivateKey encodes a private key file.
func MarshalPrivateKey(key ed25519.PrivateKey) ([]byte, error) {
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: privateKeyType, Bytes: der}), nil
}

// MarshalPublicKey encodes a public key file.
func MarshalPublicKey(key ed25519.PublicKey) ([]byte, error) {
	der, err := x509.MarshalPKIXPublicKey(key)
	if err != nil {
		return nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: publicKeyType, Bytes: der}), nil
}

// ParsePrivateKey decodes a private key file.
func ParsePrivateKey(data []byte) (ed25519.PrivateKey, error) {
	block, _ := pem.Decode(data)
	switch {
	case block == nil:
		return nil, errors.New("not a PEM key file")
	case block.Type == publicKeyType:
		return nil, errors.New("this is a public key; signing needs the private key (the .key file)")
	case block.Type != privateKeyType:
		return nil, fmt.Errorf("PEM block %q is not a private key", block.Type)
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("bad private key: %v", err)
	}
	ek, ok := k.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("a %T, not an ed25519 key", k)
	}
	return ek, nil
}

// ParsePublicKey decodes a public key file.
func ParsePublicKey(data []byte) (ed25519.PublicKey, error) {
	block, _ := pem.Decode(data)
	switch {
	case block == nil:
		return nil, errors.New("not a PEM key file")
	case block.Type == privateKeyType:
		return nil, errors.New("this is a private key; give the public key (the .pub file), and keep the private one secret")
	case block.Type != publicKeyType:
		return nil, fmt.Errorf("PEM block %q is not a public key", block.Type)
	}
	k, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("bad public key: %v", err)
	}
	ek, ok := k.(ed25519.PublicKey)
	if !ok {
		return nil, fmt.Errorf("a %T, not an ed25519 key", k)
	}
	return ek, nil
}

// ReadPrivateKeyFile reads a private key file.
func ReadPrivateKeyFile(path string) (ed25519.PrivateKey, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, errors.New(shortErr(err))
	}
	return ParsePrivateKey(data)
}

// ReadPublicKeyFile reads a public key file.
func ReadPublicKeyFile(path string) (ed25519.PublicKey, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, errors.New(shortErr(err))
	}
	return ParsePublicKey(data)
}

// Fingerprint names a public key in messages: "SHA256:" and the first 16
// hex digits of the key's SHA-256, enough to tell keys apart at a glance.
func Fingerprint(key ed25519.PublicKey) string {
	sum := sha256.Sum256(key)
	return "SHA256:" + hex.EncodeToString(sum[:8])
}
