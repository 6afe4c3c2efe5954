package sign

import "errors"

// SplitCommandLine splits s into words as git's split_cmdline does:
// whitespace separates words, single and double quotes group, and a
// backslash outside single quotes takes the next byte literally.
func SplitCommandLine(s string) ([]string, error) {
	var words []string
	var cur []byte
	inWord := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == 0 && (c == ' ' || c == '\t' || c == '\n'):
			if inWord {
				words, cur, inWord = append(words, string(cur)), nil, false
			}
		case c == '\\' && quote != '\'':
			if i+1 >= len(s) {
				return nil, errors.New("cmdline ends with \\")
			}
			i++
			cur, inWord = append(cur, s[i]), true
		case quote == 0 && (c == '"' || c == '\''):
			quote, inWord = c, true
		case c == quote:
			quote = 0
		default:
			cur, inWord = append(cur, c), true
		}
	}
	if quote != 0 {
		return nil, errors.New("unclosed quote")
	}
	if inWord {
		words = append(words, string(cur))
	}
	return words, nil
}
