"""The pages' words that need more than a template: `said` for the engine's English (a note, an
error, a game's name), `js_words` for the scripts' sentences, both in the reader's language."""

import json
from functools import cache

from django import template
from django.utils.html import format_html
from django.utils.translation import get_language, gettext, gettext_noop

from .. import words

register = template.Library()

# Every sentence static/js/*.js shows, as its say("...") writes it; tests/test_languages.py
# checks that this list and the scripts agree.
JS_WORDS = (
    gettext_noop("may not bid %(bid)s:"),
    gettext_noop(
        "%(name)s is dealing and may not bid %(bid)s: the bids would add up to %(tricks)s. "
        "Choose another bid for %(name)s."
    ),
    gettext_noop("The dealer may not bid %(bid)s: the bids would add up to %(tricks)s."),
    gettext_noop("the rest of the %(tricks)s tricks"),
    gettext_noop("Round %(number)s as you left it on this phone at %(time)s; not saved yet."),
    gettext_noop("Discard it"),
    gettext_noop(
        "Offline: a round you save is kept on this phone and sent when the connection is back."
    ),
    gettext_noop("Offline, showing the scores as of %(time)s."),
    gettext_noop("Offline: no score preview."),
    gettext_noop("The scores show once the phone is back online."),
    gettext_noop("On this phone"),
    gettext_noop("Round %(number)s: waiting to send"),
    gettext_noop("(saved here at %(time)s)"),
    gettext_noop("Round %(number)s: %(message)s"),
    gettext_noop("Theirs is round %(number)s in the table."),
    gettext_noop("Yours: …"),
    gettext_noop("Keep theirs"),
    gettext_noop("Replace it with mine"),
    gettext_noop("Discard mine"),
    gettext_noop("A round is kept on this phone, waiting to send"),
    gettext_noop("%(count)s rounds are kept on this phone, waiting to send"),
    gettext_noop("Round %(number)s is kept on this phone, waiting to send."),
    gettext_noop("Enter the next round once it is sent: the next deal needs the server."),
    gettext_noop("Yours: shown once the phone is online."),
    gettext_noop("Yours, saved here at %(time)s:"),
    gettext_noop("The round kept on this phone is sent and saved."),
    gettext_noop("%(count)s rounds kept on this phone are sent and saved."),
    gettext_noop("Clockwise: %(seats)s"),
    gettext_noop("This game has at most %(count)s players."),
    gettext_noop("%(name)s already has a seat."),
    gettext_noop("No connection: the name was not added."),
    gettext_noop("Copied."),
    gettext_noop("The link is selected: copy it from the menu."),
    gettext_noop(
        "Round %(number)s is now yours; theirs is kept among the round's earlier versions."
    ),
    gettext_noop("This round:"),
    gettext_noop(
        "The bids are fine: save them now, or enter the result of the hand too and save once."
    ),
    gettext_noop("Hands:"),
    gettext_noop("Now tap who went out to see the round's scores."),
    gettext_noop("Each grid is scored as soon as its six cards are in."),
    gettext_noop("Fill in every player's hand to see the scores."),
    gettext_noop("Scored on this phone; saving…"),
    gettext_noop("Round %(number)s:"),
    gettext_noop("Totals:"),
    gettext_noop("Winner on this phone: %(names)s"),
    gettext_noop("On this phone, not yet sent"),
    gettext_noop("Enter round %(number)s"),
    gettext_noop("Finish round %(number)s"),
    gettext_noop("Round %(number)s: the bids are saved."),
    gettext_noop("Round %(number)s"),
    gettext_noop("%(name)s deals."),
    gettext_noop("Save round %(number)s"),
    gettext_noop("Back to the scores"),
    gettext_noop(
        "Offline: this round is scored on this phone and sent with the others when the "
        "connection is back."
    ),
    gettext_noop(
        "The server scored round %(number)s otherwise than this phone did: the board shows the "
        "server's scores."
    ),
    gettext_noop(": top row, card %(column)s"),
    gettext_noop(": bottom row, card %(column)s"),
)


@register.filter
def said(text):
    return words.said(text)


@register.simple_tag
def js_words():
    """The scripts' sentences in the page's language, as JSON in a <meta> for static/js/i18n.js
    (an attribute, so the page holds no inline <script> of any kind)."""
    return _js_words_in(get_language())


@cache
def _js_words_in(language: str) -> str:
    """Made once per language in a process: the catalogue doesn't change while it runs."""
    words = json.dumps({english: gettext(english) for english in JS_WORDS}, ensure_ascii=False)
    return format_html('<meta name="js-words" content="{}">', words)
