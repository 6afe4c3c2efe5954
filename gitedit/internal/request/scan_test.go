package request

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// referenceFields splits an object with encoding/json's Decoder: the
// oracle for objectFields.
func referenceFields(t *testing.T, raw []byte) ([]string, []json.RawMessage) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	_, err := dec.Token()
	require.NoError(t, err)
	var keys []string
	var vals []json.RawMessage
	for dec.More() {
		tok, err := dec.Token()
		require.NoError(t, err)
		var v json.RawMessage
		require.NoError(t, dec.Decode(&v))
		keys, vals = append(keys, tok.(string)), append(vals, v)
	}
	return keys, vals
}

var scanSeeds = []string{
	`{}`, ` { } `, `{"a":1}`, `{"a" : "x" , "b":[1,{"c":"]}"}], "d":null}`,
	"{\n\t\"k\\\"ey\": \"v\\\\\",\r\n \"u\": \"\\u00e9\xc3\xa9\", \"n\": -1.5e+3, \"t\": true, \"f\":false}",
	`{"nested":{"a":{"b":[[],{}]}},"s":"{[,:]}"}`, `{"":""}`,
	`[]`, `[1, "a", {"b": [2]}, [3], null, true]`, `[ "x\"]" ]`,
}

func TestObjectFieldsMatchesEncodingJSON(t *testing.T) {
	for _, s := range scanSeeds {
		checkScan(t, []byte(s))
	}
}

func FuzzObjectFields(f *testing.F) {
	for _, s := range scanSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if json.Valid(data) {
			checkScan(t, data)
			return
		}
		objectFields(data) // must not panic or loop on invalid input
		arrayElems(data)
	})
}

// checkScan compares the scanner with encoding/json on the valid JSON
// value data.
func checkScan(t *testing.T, data []byte) {
	switch jsonKind(data) {
	case "object":
		wantKeys, wantVals := referenceFields(t, data)
		keys, vals, err := objectFields(data)
		require.NoError(t, err, "%s", data)
		assert.Equal(t, wantKeys, keys, "%s", data)
		assert.Equal(t, wantVals, vals, "%s", data)
	case "array":
		var want []json.RawMessage
		require.NoError(t, json.Unmarshal(data, &want))
		if len(want) == 0 {
			want = nil // Unmarshal gives [] for "[]"; the scanner nil
		}
		got, err := arrayElems(data)
		require.NoError(t, err, "%s", data)
		assert.Equal(t, want, got, "%s", data)
	}
}
