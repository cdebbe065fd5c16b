"""Four large imports sent at once to gunicorn as the production recipe runs it (three workers):
one runs, the others are told to come back (429 with Retry-After) instead of taking every
worker, and another user's pages meanwhile answer in a small part of an import's time. On
SQLite, or on PostgreSQL when DATABASE_URL is. The figures of 10,000-round imports:
`python -m tests.import_load` (docs/speed.md, "Large imports at once")."""

import pytest

from ..import_load import measure, production_like

pytestmark = [pytest.mark.database, pytest.mark.timing]

ROUNDS = 6_000  # three games of 2,000: long enough that a worker held by an import shows


@pytest.fixture(scope="module")
def figures():
    with production_like() as server:
        yield measure(server, ROUNDS, retry=False)


def test_of_four_imports_sent_at_once_one_runs_and_three_are_told_when_to_come_back(figures):
    assert sorted(done.status for done in figures.imports) == [201, 429, 429, 429], figures.lines()
    for done in figures.imports:
        if done.status == 429:
            assert int(done.answers[-1][1]) > 0  # Retry-After, in seconds


def test_another_users_pages_answer_quickly_while_the_imports_are_sent(figures):
    imported = max(done.seconds for done in figures.imports)
    # Without the limit, every worker took an import and a page waited for one to end: a wait
    # as long as an import. Half of one leaves room for a busy machine's pauses.
    assert figures.longest_wait < imported / 2, figures.lines()
