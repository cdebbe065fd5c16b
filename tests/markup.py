"""A page's HTML read with the standard library's parser, as a browser would read it, instead of
regular expressions over the markup: a small tree of elements, found by simple CSS selectors,
with their attributes (names in lower case, as HTML has them) and the text a person reads.

    page = parse(response)
    [row.text for row in page.find_all("#scoreboard tbody tr")]
    page.find("input[name=first_dealer][checked]")["value"]

Selectors: a tag, `.class`, `#id`, `[attribute]`, `[attribute=value]` (value quoted or not),
`[attribute~=word]`, `[attribute^=start]`, `[attribute*=part]`, combined (`tr.round[id]`), a
space for "inside" (`table.ratings tbody tr`) and commas between alternatives (`th, td`).
Nothing more: a test that needs more says so.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser

# Elements that never hold anything (no end tag).
VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
    "source", "track", "wbr",
}  # fmt: skip
# Elements a reader sees as part of a line: no space between their text and the text around.
INLINE = {
    "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins",
    "kbd", "mark", "output", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time",
    "u", "var",
}  # fmt: skip
# Not read as text: scripts, styles, and what a <template> holds until a script uses it.
UNREAD = {"script", "style", "template"}
# An element of these kinds ends where the next of its kind (or of its row) starts, as in HTML.
ENDS_AT = {
    "li": {"li"},
    "dt": {"dt", "dd"},
    "dd": {"dt", "dd"},
    "tr": {"tr"},
    "td": {"td", "th", "tr"},
    "th": {"td", "th", "tr"},
    "option": {"option", "optgroup"},
    "p": {"p", "div", "ul", "ol", "table", "section", "h1", "h2", "h3", "h4", "form"},
}


class Element:
    def __init__(self, tag: str, attrs: dict[str, str], parent: Element | None = None):
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children: list[Element | str] = []
        self.source = ""  # the start tag as written

    def __repr__(self) -> str:
        attributes = "".join(f' {name}="{value}"' for name, value in self.attrs.items())
        return f"<{self.tag}{attributes}>"

    def __getitem__(self, name: str) -> str:
        return self.attrs[name]

    def get(self, name: str, default: str | None = None) -> str | None:
        return self.attrs.get(name, default)

    def has(self, name: str) -> bool:
        """Whether the attribute is there (`checked`, `hidden`, `disabled`: no value needed)."""
        return name in self.attrs

    @property
    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    def iter(self) -> Iterator[Element]:
        """Every element inside this one, in the order of the document; what a <template> holds
        is not in the document until a script copies it (as in a browser), so it is left out
        unless asked for from the template itself."""
        for child in self.children:
            if isinstance(child, Element):
                yield child
                if child.tag != "template":
                    yield from child.iter()

    def find_all(self, selector: str) -> list[Element]:
        """The elements inside this one that the selector (or any of a comma's alternatives:
        "th, td") names, in the order of the document."""
        alternatives = [_parse_selector(one) for one in _ALTERNATIVES.split(selector)]
        return [
            element
            for element in self.iter()
            if any(
                _matches(element, last) and _inside(element, outer, self)
                for *outer, last in alternatives
            )
        ]

    def find(self, selector: str) -> Element:
        """The first element the selector names; an AssertionError if there is none."""
        found = self.find_all(selector)
        assert found, f"nothing matches {selector!r} in {self!r}"
        return found[0]

    def first(self, selector: str) -> Element | None:
        """The first element the selector names, or None."""
        found = self.find_all(selector)
        return found[0] if found else None

    @property
    def text(self) -> str:
        """The text a person reads: entities decoded, runs of white space as one space, a space
        between blocks (cells, items, paragraphs) but none around inline elements."""
        return " ".join("".join(self._pieces()).split())

    @property
    def strings(self) -> list[str]:
        """Each run of text on its own, white space trimmed (as BeautifulSoup's
        stripped_strings): the parts of a cell that inline elements keep side by side, such as a
        name and its marks."""
        found = []
        for child in self.children:
            if isinstance(child, str):
                found += [" ".join(child.split())] if child.strip() else []
            elif child.tag not in UNREAD:
                found += child.strings
        return found

    def _pieces(self) -> Iterator[str]:
        for child in self.children:
            if isinstance(child, str):
                yield child
            elif child.tag in UNREAD:
                continue
            elif child.tag in INLINE:
                yield from child._pieces()
            else:
                yield " "
                yield from child._pieces()
                yield " "

    @property
    def markup(self) -> str:
        """The element's markup as written (the case of SVG's names kept: `viewBox`), as for an
        SVG to read further with xml.etree."""
        if self.source.endswith("/>") or self.tag in VOID:
            return self.source
        inner = "".join(
            _escape(child) if isinstance(child, str) else child.markup for child in self.children
        )
        return f"{self.source}{inner}</{_TAG_AS_WRITTEN.match(self.source)[1]}>"


_TAG_AS_WRITTEN = re.compile(r"<([^\s/>]+)")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class _TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.open = [self.root]

    def handle_starttag(self, tag, attrs):
        ends = self.open[-1]
        while ends is not self.root and tag in ENDS_AT.get(ends.tag, ()):
            self.open.pop()
            ends = self.open[-1]
        element = Element(tag, {name: value or "" for name, value in attrs}, self.open[-1])
        element.source = self.get_starttag_text()
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag, attrs):
        # <path ... /> in an SVG: nothing inside it.
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.open.pop()

    def handle_endtag(self, tag):
        for depth in range(len(self.open) - 1, 0, -1):
            if self.open[depth].tag == tag:
                del self.open[depth:]
                return
        # An end tag with nothing open to close: left out, as a browser does.

    def handle_data(self, data):
        self.open[-1].children.append(data)


def parse(html: str | bytes | object) -> Element:
    """The document as a tree: `html` is markup (str or bytes) or a response (its content)."""
    if not isinstance(html, str | bytes):
        html = html.content
    if isinstance(html, bytes):
        html = html.decode()
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def text(html: str | bytes | object) -> str:
    """The text a person reads on the page (or in the fragment)."""
    return parse(html).text


# --- Selectors ------------------------------------------------------------------------------

_PART = re.compile(
    r"""(?P<tag>^[\w-]+|^\*)
      | \.(?P<cls>[\w-]+)
      | \#(?P<id>[\w-]+)
      | \[(?P<attr>[\w:-]+)\s*(?:(?P<op>[~^*]?=)\s*(?P<value>"[^"]*"|'[^']*'|[^\]\s]+))?\s*\]
    """,
    re.VERBOSE,
)


_ALTERNATIVES = re.compile(r",\s*(?![^\[]*\])")  # commas outside [...]
_COMPOUND = re.compile(r"(?:[^\s\[]|\[[^\]]*\])+")  # split at spaces outside [...]


def _parse_selector(selector: str) -> list[list[tuple[str, str, str | None]]]:
    """A selector as a list of compound parts (outermost first), each a list of conditions."""
    compounds = []
    for compound in _COMPOUND.findall(selector):
        conditions, at = [], 0
        while at < len(compound):
            part = _PART.match(compound, at)  # a tag only first: ^ holds at 0 alone
            if part is None or part.end() == at:
                raise ValueError(f"can't read the selector {selector!r} at {compound[at:]!r}")
            if part["tag"]:
                conditions.append(("tag", part["tag"], None))
            elif part["cls"]:
                conditions.append(("~=", "class", part["cls"]))
            elif part["id"]:
                conditions.append(("=", "id", part["id"]))
            else:
                value = part["value"]
                if value and value[0] in "\"'":
                    value = value[1:-1]
                conditions.append((part["op"] or "has", part["attr"], value))
            at = part.end()
        compounds.append(conditions)
    return compounds


def _matches(element: Element, conditions) -> bool:
    for op, name, value in conditions:
        if op == "tag":
            if name != "*" and element.tag != name:
                return False
            continue
        actual = element.attrs.get(name)
        if actual is None:
            return False
        if (
            (op == "=" and actual != value)
            or (op == "~=" and value not in actual.split())
            or (op == "^=" and not actual.startswith(value))
            or (op == "*=" and value not in actual)
        ):
            return False
    return True


def _inside(element: Element, outer, top: Element) -> bool:
    """Whether the element's ancestors (below `top`) match the outer compounds, in order."""
    if not outer:
        return True
    ancestor = element.parent
    while ancestor is not None and ancestor is not top:
        if _matches(ancestor, outer[-1]) and _inside(ancestor, outer[:-1], top):
            return True
        ancestor = ancestor.parent
    return False
