"""Reads text escaped by UntrustedText.htmlEscaped back with Python's own HTML parser (html.parser, code we
did not write), in an attribute value and as element content, as the Face to face list writes a person:
<button type="submit" name="peer" value="ESCAPED" class="person">ESCAPED</button>. Each case must parse to
exactly those four attributes, the value and the text being the expected string (the text with its hidden
scalars made visible): no escaped text can close the attribute, add one or open a tag.

Input: {"cases": [{"escaped": "...", "expected": "..."}]}
Output: {"checked": N}
"""
from html.parser import HTMLParser

from _support import check, emit, read_input


class Button(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = []
        self.text = ""

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, attrs))

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, attrs))

    def handle_data(self, data):
        self.text += data


def main():
    cases = read_input()["cases"]
    for index, case in enumerate(cases):
        escaped, expected = case["escaped"], case["expected"]
        parser = Button()
        parser.feed(f'<button type="submit" name="peer" value="{escaped}" class="person">{escaped}</button>')
        parser.close()
        want = [("button", [("type", "submit"), ("name", "peer"), ("value", expected), ("class", "person")])]
        check(parser.tags == want, f"case {index}: {escaped!r} parsed as {parser.tags!r}")
        check(parser.text == expected, f"case {index}: {escaped!r} has the text {parser.text!r}, not {expected!r}")
    emit({"checked": len(cases)})


if __name__ == "__main__":
    main()
