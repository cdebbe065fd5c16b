"""tests/markup.py, the parser the page tests read HTML with: it finds what a browser would find
and reads the text a person would read."""

import pytest

from .markup import parse, text

PAGE = """<main><h1>Round 1 &middot; <span>FourScore</span></h1>
<table id="scoreboard"><thead><tr><th scope="col">#</th><th scope="col"><bdi>Ann</bdi><span
class="marks"><span aria-hidden="true">★</span><span class="visually-hidden">leading</span></span>
</th></tr></thead>
<tbody><tr class="round complete"><th><a id="round-1" href="rounds/1/">1</a></th><td>&minus;5</td>
<tr class="round open"><th>2<td>7</tbody></table>
<form method="post" action="/x/"><input type="radio" name="dealer" value="3" checked>
<input type="radio" name="dealer" value="4"><input name="note" value='a "b", c'></form>
<svg viewBox="0 0 2 2" class="qr"><path stroke="#000" d="M0 0.5h2"/></svg>
<script>const html = "<p>not text</p>";</script>
<template><p class="copy">not in the page</p></template>
<ul><li>one<li>two</ul><p>Bob&#x27;s turn<p>after</main>"""


def test_it_finds_by_tag_class_id_attribute_and_inside():
    page = parse(PAGE)
    assert [row["class"] for row in page.find_all("tbody tr.round")] == [
        "round complete",
        "round open",
    ]
    assert page.find("a#round-1")["href"] == "rounds/1/"
    assert page.find("input[name=dealer][checked]")["value"] == "3"
    assert page.find("input[value='a \"b\", c']")["name"] == "note"
    assert [cell.text for cell in page.find("tr.open").find_all("th, td")] == ["2", "7"]
    assert page.find_all("a[href^=rounds/]") == page.find_all("[id*=ound-1]")
    assert page.first("table.ratings") is None
    with pytest.raises(AssertionError):
        page.find("p.copy")  # a template's content is not in the page


def test_it_reads_the_text_a_person_reads():
    page = parse(PAGE)
    assert page.find("h1").text == "Round 1 · FourScore"
    assert page.find_all("th[scope=col]")[1].text == "Ann★leading"
    assert page.find_all("th[scope=col]")[1].strings == ["Ann", "★", "leading"]
    assert [item.text for item in page.find_all("ul li")] == ["one", "two"]
    assert "not text" not in text(PAGE)
    assert "Bob's turn after" in text(PAGE)


def test_an_svg_is_written_back_with_its_names_as_they_were():
    svg = parse(PAGE).find("svg.qr")
    assert svg["viewbox"] == "0 0 2 2"  # HTML's names are in lower case
    path = '<path stroke="#000" d="M0 0.5h2"/>'
    assert svg.markup == f'<svg viewBox="0 0 2 2" class="qr">{path}</svg>'
