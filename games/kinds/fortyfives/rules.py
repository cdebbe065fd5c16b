"""Forty Fives, Merrimack Valley style: two teams of two bid on five tricks; first to 120 wins."""

from collections.abc import Mapping

from ...scoring.base import (
    EntryError,
    Info,
    Option,
    PlayerName,
    Rules,
    Scoreboard,
    Table,
    TeamTotal,
    number_between,
)
from ...scoring.messages import N_, Message
from ...scoring.numbers import signed
from ...scoring.schema import Choice, Flag, OneOf, PlayerId, Shape, Whole

TEAMS = ("A", "B")  # seats 0 and 2 are team A, seats 1 and 3 team B: partners sit opposite
PLAYERS = 4
TRICKS_PER_HAND = 5
POINTS_PER_TRICK = 5
HIGHEST_TRUMP_BONUS = 5
WINNING_TOTAL = 120
ON_THE_GREEN_TOTAL = 90  # both teams at this or more: only the bidding team can win the hand
TWENTY_MINIMUM_OVER = 100  # hundred_bids_twenty: a team above this may not bid under 20
TWENTY_MINIMUM_BID = 20
STANDARD_BIDS = (15, 20, 25, 30)
NO_MINIMUM_BIDS = (5, 10, 15, 20, 25, 30)
TOP_BID = 30
TOP_BID_MADE_WITH_THIRTY_FOR_SIXTY = 60
SUITS = ("clubs", "diamonds", "hearts", "spades")

# The parts of an entry, as the schema declares them and the round form offers them.
BID = Choice(
    NO_MINIMUM_BIDS,
    help=f"{', '.join(map(str, STANDARD_BIDS[:-1]))} or {STANDARD_BIDS[-1]} ("
    + " and ".join(str(b) for b in NO_MINIMUM_BIDS if b not in STANDARD_BIDS)
    + " with no_minimum_bid).",
    what=N_("the bid"),
    # Said of every bid any game allows: the game's options and the team's total narrow them.
    allowed=Message(
        "a multiple of %(step)s from %(low)s to %(high)s",
        step=NO_MINIMUM_BIDS[1] - NO_MINIMUM_BIDS[0],
        low=NO_MINIMUM_BIDS[0],
        high=TOP_BID,
    ),
)
TRUMP = Choice(SUITS, nullable=True)
TEAM_TRICKS = {
    team: Whole(
        0,
        TRICKS_PER_HAND,
        what=Message("team %(team)s's tricks", team=team),
        missing=Message("tricks has no count for team %(team)s", team=team),
    )
    for team in TEAMS
}
HIGH_TRUMP = Choice(
    TEAMS,
    nullable=True,
    help="The team that took the highest trump; null when no trump was played.",
    allowed=N_("the team that took the highest trump, A or B, or null when no trump was played"),
)


def team_of(seat: int) -> str:
    """The team ("A" or "B") of seat 0..3: even seats are team A, odd seats team B."""
    return TEAMS[seat % 2]


def hand_points(tricks: int, took_high_trump: bool) -> int:
    """A team's points for one hand: 5 a trick, and 5 more if it took the highest trump in play.

    Raises EntryError for an impossible count (the highest trump always wins its trick).
    """
    tricks = number_between(tricks, 0, TRICKS_PER_HAND, "a team's tricks")
    if took_high_trump and tricks == 0:
        raise EntryError("a team that took no trick can't have taken the highest trump")
    return POINTS_PER_TRICK * tricks + (HIGHEST_TRUMP_BONUS if took_high_trump else 0)


def allowed_bids(options: Mapping, team_total: int) -> list[int]:
    """The bids a team at `team_total` may make before a hand, under the game's options."""
    bids = NO_MINIMUM_BIDS if options.get("no_minimum_bid", False) else STANDARD_BIDS
    if options.get("hundred_bids_twenty", False) and team_total > TWENTY_MINIMUM_OVER:
        bids = tuple(bid for bid in bids if bid >= TWENTY_MINIMUM_BID)
    return list(bids)


def _tricks_phrase(tricks: int, took_high_trump: bool) -> str:
    phrase = Message("1 trick") if tricks == 1 else Message("%(tricks)s tricks", tricks=tricks)
    if took_high_trump:
        return Message("%(tricks)s and the highest trump", tricks=phrase)
    return phrase


def _or_list(values: list[int]) -> str:
    words = [str(value) for value in values]
    if len(words) == 1:
        return words[0]
    return Message("%(values)s or %(last)s", values=", ".join(words[:-1]), last=words[-1])


class FortyFives(Rules):
    kind = "fortyfives"
    version = 1
    name = N_("Forty Fives")
    summary = N_("Two teams of two bid on five tricks; the first team to 120 wins.")
    min_players = PLAYERS
    max_players = PLAYERS
    lower_total_wins = False
    has_teams = True
    has_open_rounds = True
    options = {
        "thirty_for_sixty": Option(
            False, N_("A bid of 30 that is made scores 60."), label=N_("Thirty for sixty")
        ),
        "on_the_green": Option(
            False,
            N_("When both teams are at 90 or more, only the bidding team can win the hand."),
            label=N_("On the green"),
        ),
        "no_minimum_bid": Option(False, N_("Bids may be as low as 5."), label=N_("No minimum bid")),
        "hundred_bids_twenty": Option(
            False,
            N_("A team over 100 may not bid less than 20."),
            label=N_("Over 100 bids at least 20"),
        ),
    }

    entry_schema = OneOf(
        (
            Shape(
                "FortyFivesEntry",
                {
                    "bidder": PlayerId(what=N_("the bidder")),
                    "bid": BID,
                    "trump": TRUMP,
                    "tricks": Shape(
                        "FortyFivesTricks",
                        TEAM_TRICKS,
                        help="Each team's tricks; left out while the hand is open.",
                        shape=N_('an object of each team\'s tricks, like {"A": 3, "B": 2}'),
                    ),
                    "high_trump": HIGH_TRUMP,
                },
                required=("bidder", "bid"),
            ),
            Shape(
                "FortyFivesThrownInEntry",
                {
                    "thrown_in": Flag(
                        help="Always true: everyone passed, nobody scores and the deal moves on."
                    )
                },
            ),
        ),
        either=N_(
            "a hand is either bid (bidder and bid) or thrown in (thrown_in): give exactly one "
            "of them"
        ),
    )

    # -- the table's teams --

    def team_of_seat(self, seat: int) -> str:
        return team_of(seat)

    def _teams(self, table: Table) -> dict[str, list[int]]:
        return {team: list(table.players[seat :: len(TEAMS)]) for seat, team in enumerate(TEAMS)}

    def _team_total(self, table: Table, team: str) -> int:
        # Partners always score the same points, so either partner's total is the team's.
        return table.totals[table.players[TEAMS.index(team)]]

    def _team_names(self, table: Table, team: str) -> str:
        first, second = self._teams(table)[team]
        return Message("%(names)s and %(last)s", names=table.name(first), last=table.name(second))

    # -- reading an entry --

    def _read_bid(self, table: Table, bid: int, bidder: int, team: str) -> int:
        """The bid, if the game's options and the bidding team's total allow it."""
        team_total = self._team_total(table, team)
        bids = allowed_bids(table.options, team_total)
        if bid in bids:
            return bid
        if bid in allowed_bids(table.options, 0):
            raise EntryError(
                Message(
                    "%(team)s are at %(total)s, over %(over)s, so %(name)s may not bid less "
                    "than %(least)s",
                    team=self._team_names(table, team),
                    total=team_total,
                    over=TWENTY_MINIMUM_OVER,
                    name=table.name(bidder),
                    least=TWENTY_MINIMUM_BID,
                ),
                field="bid",
            )
        raise EntryError(
            Message(
                "%(name)s may bid %(bids)s, not %(bid)s",
                name=table.name(bidder),
                bids=_or_list(bids),
                bid=bid,
            ),
            field="bid",
        )

    def _check_tricks(self, tricks: Mapping[str, int]) -> None:
        total = sum(tricks.values())
        if total != TRICKS_PER_HAND:
            raise EntryError(
                Message(
                    "tricks add up to %(taken)s; a hand has %(tricks)s tricks",
                    taken=total,
                    tricks=TRICKS_PER_HAND,
                ),
                field="tricks",
            )

    def _check_high_trump(self, table: Table, team: str | None, tricks: Mapping[str, int]):
        if team is not None and tricks[team] <= 0:
            raise EntryError(
                Message(
                    "%(names)s took no trick, so they can't have taken the highest trump: "
                    "it always wins its trick",
                    names=self._team_names(table, team),
                ),
                field="high_trump",
            )

    # -- playing a hand --

    def play_round(self, table: Table, entry: Mapping) -> None:
        if "thrown_in" in entry:
            self._throw_in(table, entry)
            return
        bidder = table.read_player(entry["bidder"], Message("the bidder"), field="bidder")
        bidding_team = team_of(table.seat(bidder))
        bid = self._read_bid(table, entry["bid"], bidder, bidding_team)
        trump = entry.get("trump")
        said = {"name": table.name(bidder), "bid": bid}
        if trump:
            bid_note = Message("%(name)s bid %(bid)s in %(trump)s", trump=Message(trump), **said)
        else:
            bid_note = Message("%(name)s bid %(bid)s", **said)

        if "tricks" not in entry and "high_trump" not in entry:
            table.add_round(entry, "open", [], [bid_note])
            return
        if "tricks" not in entry or "high_trump" not in entry:
            missing = "high_trump" if "tricks" in entry else "tricks"
            raise EntryError(
                Message(
                    "a finished hand needs both tricks and high_trump; %(missing)s is missing "
                    "(leave out both to save the bid alone)",
                    missing=missing,
                ),
                field=missing,
            )
        tricks = entry["tricks"]
        self._check_tricks(tricks)
        high_trump = entry["high_trump"]
        self._check_high_trump(table, high_trump, tricks)

        made, team_points, team_notes = self._score_teams(
            table.options, bidding_team, bid, tricks, high_trump
        )
        before = {team: self._team_total(table, team) for team in TEAMS}
        after = {team: before[team] + team_points[team] for team in TEAMS}
        winner, why = self._who_goes_out(table, bidding_team, made, before, after)
        if made:
            round_notes = [Message("%(bid)s: made", bid=bid_note)]
        else:
            round_notes = [Message("%(bid)s: set", bid=bid_note)]
        for team in TEAMS:
            if team == winner:
                if team == bidding_team:
                    won = Message("goes out %(total)s: wins the game", total=after[team])
                else:
                    won = Message("reaches %(total)s: wins the game", total=after[team])
                team_notes[team].append(won)
                round_notes.append(why)
            elif after[team] >= WINNING_TOTAL and winner is None:
                waits = self._why_waiting(team, bidding_team)
                team_notes[team].append(Message("waits at %(total)s", total=after[team]))
                round_notes.append(
                    Message(
                        "%(team)s are at %(total)s, %(why)s",
                        team=self._team_names(table, team),
                        total=after[team],
                        why=waits,
                    )
                )
            elif after[team] >= WINNING_TOTAL:
                round_notes.append(Message("both teams reached 120: the bidding team goes out"))

        points = {player: team_points[team_of(table.seat(player))] for player in table.players}
        notes = {player: team_notes[team_of(table.seat(player))] for player in table.players}
        table.record(entry, points, notes, round_notes)
        if winner is not None:
            table.finished = True
            table.winners = self._teams(table)[winner]

    def _throw_in(self, table: Table, entry: Mapping) -> None:
        """Everyone passed: nobody scores, and the deal moves on as after any hand."""
        if not entry["thrown_in"]:
            raise EntryError(
                Message(
                    "thrown_in can only be true (everyone passed); leave it out for a hand "
                    "that was bid"
                ),
                field="thrown_in",
            )
        points = {player: 0 for player in table.players}
        # Said once, for the round: a note in each team's cell too would say it three times.
        table.record(
            entry,
            points,
            {},
            [
                Message(
                    "Everyone passed: %(name)s's deal is thrown in", name=table.name(table.dealer)
                )
            ],
        )

    def _who_goes_out(
        self,
        table: Table,
        bidding_team: str,
        made: bool,
        before: dict[str, int],
        after: dict[str, int],
    ) -> tuple[str | None, str]:
        """The team that wins with this hand, if any, and why (its rules page: "goes out").

        The bidding team goes out when it made its bid and is at 120 or more (also when both
        teams reach 120). Otherwise the other team wins at 120 or more, unless the green holds:
        both teams were at 90 or more before the hand and still are after it. A set team never
        wins in that hand.
        """
        other_team = TEAMS[1 - TEAMS.index(bidding_team)]
        bidders = self._team_names(table, bidding_team)
        others = self._team_names(table, other_team)
        if made and after[bidding_team] >= WINNING_TOTAL:
            return bidding_team, Message(
                "%(team)s made their bid and go out with %(total)s",
                team=bidders,
                total=after[bidding_team],
            )
        if after[other_team] < WINNING_TOTAL:
            return None, ""
        both_were_on_the_green = table.options["on_the_green"] and all(
            total >= ON_THE_GREEN_TOTAL for total in before.values()
        )
        if not both_were_on_the_green:
            return other_team, Message(
                "%(team)s win with %(total)s", team=others, total=after[other_team]
            )
        if after[bidding_team] < ON_THE_GREEN_TOTAL:
            return (
                other_team,
                Message(
                    "%(bidders)s fell off the green, so %(team)s win with %(total)s",
                    bidders=bidders,
                    team=others,
                    total=after[other_team],
                ),
            )
        return None, ""

    def _why_waiting(self, team: str, bidding_team: str) -> str:
        """Why a team at 120 or more did not win this hand (the game goes on)."""
        if team == bidding_team:
            return Message("but they were set, and a set team does not go out: play goes on")
        return Message(
            "but both teams are on the green, so only the bidding team could win this hand: "
            "they must bid to win"
        )

    def _score_teams(
        self,
        options: Mapping,
        bidding_team: str,
        bid: int,
        tricks: dict[str, int],
        high_trump: str | None,
    ) -> tuple[bool, dict[str, int], dict[str, list[str]]]:
        """Whether the bid was made, and each team's points and notes for the hand."""
        made = False
        team_points: dict[str, int] = {}
        team_notes: dict[str, list[str]] = {}
        for team in TEAMS:
            won = hand_points(tricks[team], high_trump == team)
            phrase = _tricks_phrase(tricks[team], high_trump == team)
            if team != bidding_team:
                team_points[team] = won
                team_notes[team] = [
                    Message("%(tricks)s: %(points)s", tricks=phrase, points=signed(won))
                ]
                continue
            made = won >= bid
            if not made:
                team_points[team] = -bid
                team_notes[team] = [
                    Message("%(tricks)s: %(points)s", tricks=phrase, points=won),
                    Message("set: %(points)s", points=signed(-bid)),
                ]
            elif bid == TOP_BID and options["thirty_for_sixty"]:
                team_points[team] = TOP_BID_MADE_WITH_THIRTY_FOR_SIXTY
                team_notes[team] = [
                    Message("%(tricks)s: %(points)s", tricks=phrase, points=won),
                    Message(
                        "made %(bid)s, scored as %(scored)s: %(points)s",
                        bid=TOP_BID,
                        scored=TOP_BID_MADE_WITH_THIRTY_FOR_SIXTY,
                        points=signed(TOP_BID_MADE_WITH_THIRTY_FOR_SIXTY),
                    ),
                ]
            else:
                team_points[team] = won
                team_notes[team] = [
                    Message("%(tricks)s: %(points)s", tricks=phrase, points=won),
                    Message("made the bid of %(bid)s: %(points)s", bid=bid, points=signed(won)),
                ]
        return made, team_points, team_notes

    # -- the scoreboard --

    def team_totals(self, table: Table) -> list[TeamTotal]:
        return [
            TeamTotal(team, players, self._team_total(table, team))
            for team, players in self._teams(table).items()
        ]

    def describe(self, table: Table) -> dict:
        """`teams`: each team's players; `team_totals`: each team's total."""
        return {
            "teams": self._teams(table),
            "team_totals": {team: self._team_total(table, team) for team in TEAMS},
        }

    def information(self, board: Scoreboard) -> list[Info]:
        """The bid of a hand saved before its tricks, as its round's note says it."""
        if board.open_round is None:
            return []
        entry = board.open_round.entry
        said = {"name": PlayerName(entry["bidder"]), "bid": entry["bid"]}
        if entry.get("trump"):
            trump = Message(entry["trump"])
            return [Info(N_("%(name)s bid %(bid)s in %(trump)s"), {**said, "trump": trump})]
        return [Info(N_("%(name)s bid %(bid)s"), said)]

    def sample_round(self, players: list[int], number: int) -> dict:
        """The bidder's team bids 30 and is set (2 tricks); the other team takes 3 and the highest
        trump. Bidding goes round the table, so both teams sink by 10 every two hands."""
        bidder_seat = number % len(players)
        bidders, others = ("A", "B") if bidder_seat % 2 == 0 else ("B", "A")
        return {
            "bidder": players[bidder_seat],
            "bid": 30,
            "trump": "hearts",
            "tricks": {bidders: 2, others: 3},
            "high_trump": others,
        }


GAME = FortyFives()
