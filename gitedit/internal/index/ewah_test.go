package index

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestEWAHDecodesWhatItEncodes(t *testing.T) {
	tests := map[string][]int{
		"empty":       nil,
		"zero":        {0},
		"word end":    {63},
		"next word":   {64},
		"far":         {5, 100000},
		"full word":   seq(0, 64),
		"full words":  seq(0, 64*3+1),
		"after ones":  append(seq(64, 128), 500),
		"mixed start": append([]int{1, 3}, seq(64, 200)...),
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20 {
		var set []int
		for p := 0; p < 5000; p++ {
			if rng.IntN(10) < i%10 {
				set = append(set, p)
			}
		}
		tests["random"+string(rune('a'+i))] = set
	}
	for name, set := range tests {
		t.Run(name, func(t *testing.T) {
			b := ewahFrom(set).appendTo(nil)
			got, n, err := ewahBits(b)
			if err != nil || n != len(b) {
				t.Fatalf("decode: %v (%d of %d bytes)", err, n, len(b))
			}
			if !slices.Equal(got, set) {
				t.Fatalf("got %v, want %v", got, set)
			}
		})
	}
}

func seq(from, to int) []int {
	var s []int
	for i := from; i < to; i++ {
		s = append(s, i)
	}
	return s
}

// The empty bitmap git writes (ewah_new, nothing set): 20 bytes.
func TestEWAHEmptyMatchesGit(t *testing.T) {
	want := []byte{0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	if got := newEWAH().appendTo(nil); !slices.Equal(got, want) {
		t.Fatalf("got % x", got)
	}
}

func TestVarintEncodesAsGitsEncodeVarint(t *testing.T) {
	tests := []struct {
		v   uint64
		enc []byte
	}{
		{0, []byte{0}}, {127, []byte{127}}, {128, []byte{0x80, 0}},
		{255, []byte{0x80, 0x7f}}, {16511, []byte{0xff, 0x7f}}, {16512, []byte{0x80, 0x80, 0}},
	}
	for _, tc := range tests {
		if got := appendVarint(nil, tc.v); !slices.Equal(got, tc.enc) {
			t.Errorf("encode %d = % x, want % x", tc.v, got, tc.enc)
		}
		v, n, err := decodeVarint(tc.enc)
		if err != nil || v != tc.v || n != len(tc.enc) {
			t.Errorf("decode % x = %d, %d, %v", tc.enc, v, n, err)
		}
	}
}
