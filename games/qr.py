"""The watch link as a QR code to show across the table: an inline SVG drawn here by segno (no
image file, no network, and no style attribute, which the Content-Security-Policy refuses)."""

import hashlib
import io

import segno
from django.core.cache import caches
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, label: str) -> SafeString:
    """The QR code of `url` as an <svg> element, black on a white square with the quiet zone
    the readers need (so it reads in the dark scheme too); `label` names it for screen readers.
    Its size comes from app.css: the SVG has a viewBox and no width or height.

    Drawn once per link and label and then read from the cache: choosing the code's mask was
    most of a shared game's page."""
    digest = hashlib.blake2b(f"{url}\n{label}".encode(), digest_size=16).hexdigest()
    drawn = caches["pages"].get_or_set(f"qr:{digest}", lambda: _drawn(url, label), timeout=None)
    return mark_safe(drawn)


def _drawn(url: str, label: str) -> str:
    code = segno.make(url, error="m", micro=False)
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=True,
        omitsize=True,
        svgclass="qr",
        lineclass=None,
        border=4,
        dark="#000",
        light="#fff",
    )
    svg = out.getvalue().decode()
    # segno writes only its own numbers and the colours above; the label is escaped here.
    return svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1)
