"""Numbers as the table reads them, on every page: a true minus sign (U+2212), never a hyphen.
(The CSV and the API keep plain ASCII numbers.)"""

MINUS = "\N{MINUS SIGN}"


def shown(number: int) -> str:
    """A score or a card's value, negative ones with U+2212 where a hyphen would be."""
    return str(number).replace("-", MINUS)


def signed(number: int) -> str:
    """Points won in a round, always with their sign: +11, or a true minus sign."""
    return shown(number) if number < 0 else f"+{number:d}"
