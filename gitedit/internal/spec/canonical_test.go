package spec

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// TestCanonicalJSONIsJSONMarshal checks EditRequest.CanonicalJSON and
// PatchRequest.CanonicalJSON against json.Marshal on requests whose every
// field is set at random (and each left zero by turns): strings of every
// byte, invalid UTF-8, U+2028 and U+2029, HTML characters, any int. A
// field added to either request that CanonicalJSON does not write makes
// it fail (every field gets a value, by reflection).
func TestCanonicalJSONIsJSONMarshal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	checkCanonical(t, rng, EditRequest.CanonicalJSON)
	checkCanonical(t, rng, PatchRequest.CanonicalJSON)
}

// checkCanonical compares canonical with json.Marshal on 20,000 random
// requests of type T (see TestCanonicalJSONIsJSONMarshal).
func checkCanonical[T any](t *testing.T, rng *rand.Rand, canonical func(T) []byte) {
	for i := 0; i < 20000; i++ {
		var r T
		v := reflect.ValueOf(&r).Elem()
		for f := 0; f < v.NumField(); f++ {
			if rng.IntN(4) == 0 {
				continue // left zero: omitempty
			}
			setRandom(t, v.Field(f), rng)
		}
		want, err := json.Marshal(r)
		require.NoError(t, err)
		require.Equal(t, string(want), string(canonical(r)), "%#v", r)
	}
}

// TestAppendJSONStringIsEncodingJSONs checks appendJSONString on every
// byte alone and on the runes around the escaped ones.
func TestAppendJSONStringIsEncodingJSONs(t *testing.T) {
	var cases []string
	for c := 0; c < 256; c++ {
		cases = append(cases, string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"z")
	}
	cases = append(cases, "", "\u2027\u2028\u2029\u202a", "é\xe9\xc3", "\xed\xa0\x80", "\U0010ffff", "<a href=\"x\">&amp;</a>", "\x7f\u0080\ufffd")
	for _, s := range cases {
		want, err := json.Marshal(s)
		require.NoError(t, err)
		require.Equal(t, string(want), string(appendJSONString(nil, s)), "%q", s)
	}
}

// setRandom gives the field v a random value of its kind.
func setRandom(t *testing.T, v reflect.Value, rng *rand.Rand) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(randomString(rng))
	case reflect.Bool:
		v.SetBool(rng.IntN(2) == 0)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		setRandom(t, p.Elem(), rng)
		v.Set(p)
	case reflect.Int:
		v.SetInt(rng.Int64() >> rng.IntN(64))
		if rng.IntN(2) == 0 {
			v.SetInt(-v.Int())
		}
	default:
		t.Fatalf("no random value for a %s: teach setRandom and CanonicalJSON this field", v.Type())
	}
}

// randomString is a short string of random bytes, runes and the
// characters JSON escapes.
func randomString(rng *rand.Rand) string {
	var b strings.Builder
	for n := rng.IntN(12); n > 0; n-- {
		switch rng.IntN(5) {
		case 0:
			b.WriteByte(byte(rng.IntN(256)))
		case 1:
			b.WriteString([]string{"\"", "\\", "<", ">", "&", "\n", "\u2028", "\u2029", "\t", "\x00"}[rng.IntN(10)])
		case 2:
			b.WriteRune(rune(rng.IntN(utf8.MaxRune + 1)))
		default:
			b.WriteByte(byte('a' + rng.IntN(26)))
		}
	}
	return b.String()
}
