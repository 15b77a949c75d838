package bundle

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestKeyFiles: keys round-trip through their PEM files, and each wrong
// file (the other half of the pair, another PEM block, another
// algorithm, garbage, a missing file) is refused with a message that
// says which.
func TestKeyFiles(t *testing.T) {
	pub, priv, err := GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	privPEM, err := MarshalPrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	pubPEM, err := MarshalPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	keyFile, pubFile := filepath.Join(dir, "k.key"), filepath.Join(dir, "k.pub")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(keyFile, privPEM, 0o600))
	must(os.WriteFile(pubFile, pubPEM, 0o644))
	gotPriv, err := ReadPrivateKeyFile(keyFile)
	must(err)
	gotPub, err := ReadPublicKeyFile(pubFile)
	must(err)
	if !gotPriv.Equal(priv) || !gotPub.Equal(pub) {
		t.Fatal("keys changed on the way through their files")
	}
	if fp := Fingerprint(pub); !strings.HasPrefix(fp, "SHA256:") || len(fp) != len("SHA256:")+16 || fp == Fingerprint(pub[:len(pub)-1]) {
		t.Errorf("fingerprint %q", fp)
	}

	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	must(err)
	ecPrivDER, err := x509.MarshalPKCS8PrivateKey(ec)
	must(err)
	ecPubDER, err := x509.MarshalPKIXPublicKey(&ec.PublicKey)
	must(err)
	block := func(typ string, der []byte) []byte { return pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}) }
	for _, c := range []struct {
		name     string
		data     []byte
		private  bool
		contains string
	}{
		{"garbage as private", []byte("not pem"), true, "not a PEM key file"},
		{"garbage as public", []byte("not pem"), false, "not a PEM key file"},
		{"public given as private", pubPEM, true, "this is a public key"},
		{"private given as public", privPEM, false, "this is a private key"},
		{"certificate as private", block("CERTIFICATE", []byte{1}), true, `"CERTIFICATE" is not a private key`},
		{"certificate as public", block("CERTIFICATE", []byte{1}), false, `"CERTIFICATE" is not a public key`},
		{"broken private", block("PRIVATE KEY", []byte{1, 2}), true, "bad private key"},
		{"broken public", block("PUBLIC KEY", []byte{1, 2}), false, "bad public key"},
		{"ecdsa private", block("PRIVATE KEY", ecPrivDER), true, "not an ed25519 key"},
		{"ecdsa public", block("PUBLIC KEY", ecPubDER), false, "not an ed25519 key"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.private {
				_, err = ParsePrivateKey(c.data)
			} else {
				_, err = ParsePublicKey(c.data)
			}
			if err == nil || !strings.Contains(err.Error(), c.contains) {
				t.Errorf("got %v, want an error with %q", err, c.contains)
			}
		})
	}
	if _, err := ReadPrivateKeyFile(filepath.Join(dir, "none.key")); err == nil {
		t.Error("a missing private key file read")
	}
	if _, err := ReadPublicKeyFile(filepath.Join(dir, "none.pub")); err == nil {
		t.Error("a missing public key file read")
	}
}
