package durability

import (
	"reflect"
	"testing"
)

// TestParseComponentsLikeGit checks core.fsync values against the result
// of git 2.39's parse_fsync_components (config.c), worked out by hand
// from its table and loop: the base is FSYNC_COMPONENTS_DEFAULT (pack,
// pack-metadata, commit-graph), names are prefixes, "none" only counts
// as the whole remaining value, and an empty name ends the list.
func TestParseComponentsLikeGit(t *testing.T) {
	tests := []struct {
		value   string
		want    Component
		unknown []string
	}{
		{"", Default, nil},
		{"none", None, nil},
		{"  none", None, nil},
		{"all", All, nil},
		{"-all", None, nil},
		{"loose-object", Default | LooseObject, nil},
		{"objects", Default | LooseObject, nil},
		{"index", Default | Index, nil},
		{"reference", Default | Reference, nil},
		{"committed", Default | LooseObject | Reference, nil},
		{"added", Default | LooseObject | Reference | Index, nil},
		{"derived-metadata", Default, nil},
		{"-pack", CommitGraph, nil}, // "pack" is a prefix of pack-metadata too
		{"-pack-metadata", Pack | CommitGraph, nil},
		{"-objects", PackMetadata | CommitGraph, nil},
		{"obj", Default | LooseObject, nil},
		{"a", All, nil}, // added and all
		{"index,reference", Default | Index | Reference, nil},
		{" index , reference", Default | Reference, []string{"index "}}, // blanks only before a name
		{"index,none", Index, nil},
		{"none,index", Default | Index, []string{"none"}},
		{"none,-pack", Default &^ (Pack | PackMetadata), []string{"none"}},
		{"all,-index", All, nil},               // a removal only takes from the base, never from what is added
		{"-index,index", Default | Index, nil}, // additions win over removals
		{",,index,,", Default | Index, nil},
		{"-", Default, nil},
		{"-,index", Default, nil}, // "-" alone ends the list
		{"bogus", Default, []string{"bogus"}},
		{"bogus,index", Default | Index, []string{"bogus"}},
		{"loose-objects", Default, []string{"loose-objects"}},
		{"Index", Default, []string{"Index"}}, // case matters
	}
	for _, tt := range tests {
		got, unknown := ParseComponents(tt.value)
		if got != tt.want || !reflect.DeepEqual(unknown, tt.unknown) {
			t.Errorf("ParseComponents(%q) = %06b %q, want %06b %q", tt.value, got, unknown, tt.want, tt.unknown)
		}
	}
}

// TestAggregatesAreGits pins the aggregate values to git's definitions.
func TestAggregatesAreGits(t *testing.T) {
	if Default != Pack|PackMetadata|CommitGraph || Committed != LooseObject|Pack|Reference ||
		Added != Committed|Index || All != 0b111111 || LooseObject != 1 || Reference != 1<<5 {
		t.Errorf("aggregates differ from git's: default %06b committed %06b added %06b all %06b", Default, Committed, Added, All)
	}
}

func TestParseMethodKeepsThePreviousMethodOnAnUnknownValue(t *testing.T) {
	tests := []struct {
		prev  Method
		value string
		want  Method
		known bool
	}{
		{Fsync, "writeout-only", WriteoutOnly, true},
		{Fsync, "batch", Batch, true},
		{Batch, "fsync", Fsync, true},
		{Batch, "Batch", Batch, false}, // unknown: git warns and keeps the previous value
		{WriteoutOnly, "", WriteoutOnly, false},
	}
	for _, tt := range tests {
		if got, known := ParseMethod(tt.prev, tt.value); got != tt.want || known != tt.known {
			t.Errorf("ParseMethod(%d, %q) = %d %v, want %d %v", tt.prev, tt.value, got, known, tt.want, tt.known)
		}
	}
}

func TestFromConfigSyncsWhatGitWouldSync(t *testing.T) {
	tests := []struct {
		name             string
		fsync, methods   []string
		objectFiles      bool
		loose, idx, refs bool
		method           Method
	}{
		{"git's defaults sync nothing gitedit writes", nil, nil, false, false, false, false, Fsync},
		{"last core.fsync replaces the earlier ones", []string{"all", "index"}, nil, false, false, true, false, Fsync},
		{"legacy fsyncObjectFiles", nil, nil, true, true, false, false, Fsync},
		{"legacy with none", []string{"none"}, nil, true, true, false, false, Fsync},
		{"unknown method keeps the earlier one", []string{"committed"}, []string{"batch", "bogus"}, false, true, false, true, Batch},
	}
	for _, tt := range tests {
		p := FromConfig(tt.fsync, tt.methods, tt.objectFiles)
		if p.Syncs(LooseObject) != tt.loose || p.Syncs(Index) != tt.idx || p.Syncs(Reference) != tt.refs || p.Method != tt.method {
			t.Errorf("%s: %+v: loose %v index %v refs %v", tt.name, p, p.Syncs(LooseObject), p.Syncs(Index), p.Syncs(Reference))
		}
	}
}
