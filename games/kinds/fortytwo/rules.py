"""42, "The Card Players' Card Game": bid your tricks, peg up to 42, and win by making a bid there.

A round is saved in two steps: the bids (an open round), then every player's tricks.
"""

from collections.abc import Iterable, Mapping, Sequence

from ...scoring.base import (
    EntryError,
    Info,
    PlayerName,
    Rules,
    Scoreboard,
    Table,
    number_between,
    whole_number,
)
from ...scoring.messages import N_, Message, comma_list
from ...scoring.schema import Hands, PlayerId, Shape, Whole

TRICKS_PER_HAND = 7
HIGHEST_BID = TRICKS_PER_HAND
TARGET = 42  # totals are pegged up to here and wait there until their player makes a bid
MADE_BID_BONUS = 3  # for making a bid of 1 to 6
MADE_SEVEN_POINTS = 14  # for bidding and taking all 7 tricks, whatever the player count
MADE_ZERO_POINTS = {2: 14, 3: 7}  # for bidding and taking none, by player count...
MADE_ZERO_POINTS_FOUR_OR_MORE = 3  # ...and with 4 to 7 players
MIN_PLAYERS = 2
MAX_PLAYERS = 7

BID = Whole(0, HIGHEST_BID, what=N_("%(name)s's bid"))
TRICKS = Whole(
    0,
    TRICKS_PER_HAND,
    help="Left out for every player while the round is open (bids saved).",
    what=N_("%(name)s's tricks"),
)


class FortyTwo(Rules):
    kind = "fortytwo"
    version = 1
    name = N_("42")
    summary = N_("Bid the tricks you will take; the first to 42 who then makes a bid wins.")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    lower_total_wins = False
    has_open_rounds = True
    entry_schema = Shape(
        "FortyTwoEntry",
        {
            "hands": Hands(
                Shape(
                    "FortyTwoHand",
                    {"player": PlayerId(), "bid": BID, "tricks": TRICKS},
                    required=("player", "bid"),
                )
            )
        },
    )

    def play_round(self, table: Table, entry: Mapping) -> None:
        hands = table.read_hands(entry)
        bids = {player: hand["bid"] for player, hand in hands.items()}
        self._check_dealer_bid(table, bids)

        without_tricks = [player for player, hand in hands.items() if "tricks" not in hand]
        if len(without_tricks) == len(hands):
            table.add_round(entry, "open", [], [Message("bids saved; tricks to come")])
            return
        if without_tricks:
            missing = without_tricks[0]
            raise EntryError(
                Message(
                    "%(name)s's tricks are missing: enter every player's tricks, "
                    "or none to save the bids only",
                    name=table.name(missing),
                ),
                field=f"hands.{missing}.tricks",
            )
        tricks = {player: hand["tricks"] for player, hand in hands.items()}
        tricks_taken = sum(tricks.values())
        if tricks_taken != TRICKS_PER_HAND:
            raise EntryError(
                Message(
                    "tricks add up to %(taken)s; a hand has %(tricks)s tricks",
                    taken=tricks_taken,
                    tricks=TRICKS_PER_HAND,
                ),
                field="hands",
            )
        self._score_hand(table, entry, bids, tricks)

    def _check_dealer_bid(self, table: Table, bids: dict[int, int]) -> None:
        dealer = table.dealer
        forbidden = forbidden_dealer_bid(bid for player, bid in bids.items() if player != dealer)
        if bids[dealer] == forbidden:
            raise EntryError(
                Message(
                    "%(name)s is dealing and may not bid %(bid)s: the bids would add up to "
                    "%(tricks)s",
                    name=table.name(dealer),
                    bid=forbidden,
                    tricks=TRICKS_PER_HAND,
                ),
                field=f"hands.{dealer}.bid",
            )

    def _score_hand(
        self, table: Table, entry: Mapping, bids: dict[int, int], tricks: dict[int, int]
    ) -> None:
        player_count = len(table.players)
        totals_before = dict(table.totals)
        points: dict[int, int] = {}
        notes: dict[int, list[str]] = {}
        for player, bid in bids.items():
            taken = tricks[player]
            if taken == bid:
                points[player] = made_bid_points(bid, player_count)
                if 0 < bid < HIGHEST_BID:
                    made = Message(
                        "made %(bid)s: %(taken)s + %(bonus)s bonus",
                        bid=bid,
                        taken=taken,
                        bonus=MADE_BID_BONUS,
                    )
                else:
                    made = Message("made %(bid)s: %(points)s", bid=bid, points=points[player])
                notes[player] = [made]
            else:
                points[player] = taken
                notes[player] = [Message("bid %(bid)s, took %(taken)s", bid=bid, taken=taken)]
        round_result = table.record(entry, points, notes)

        winners = []
        for result in round_result.results:
            if result.total > TARGET:
                # The board has no holes past 42: the player waits there.
                result.total = table.totals[result.player] = TARGET
                if totals_before[result.player] < TARGET:
                    result.notes.append(Message("capped at %(target)s", target=TARGET))
            if result.total == TARGET:
                if tricks[result.player] == bids[result.player]:
                    winners.append(result.player)
                    result.notes.append(Message("wins"))
                else:
                    result.notes.append(Message("waits at %(target)s", target=TARGET))
        if winners:
            table.finished = True
            table.winners = winners
            names = [table.name(player) for player in winners]
            if len(names) == 1:
                round_result.notes.append(Message("%(name)s wins", name=names[0]))
            else:
                together = Message(
                    "%(names)s and %(last)s", names=comma_list(names[:-1]), last=names[-1]
                )
                round_result.notes.append(Message("%(names)s win", names=together))

    def describe(self, table: Table) -> dict:
        """`countdown`: each player's winning bids as the board shows them ("0, 4-7");
        `winning_bids`: the same as lists; `open_bids`: the saved bids while a round is open, in
        bidding order."""
        player_count = len(table.players)
        winning = {
            player: winning_bids(table.totals[player], player_count) for player in table.players
        }
        extras: dict = {
            "countdown": {player: describe_bids(bids) for player, bids in winning.items()},
            "winning_bids": winning,
        }
        if table.open_round is not None:
            # In the order they were made round the table, the open hand's dealer last.
            saved = {hand["player"]: hand["bid"] for hand in table.open_round.entry["hands"]}
            order = bidding_order(table.players, table.open_round.dealer)
            extras["open_bids"] = {player: saved[player] for player in order}
        return extras

    def information(self, board: Scoreboard) -> list[Info]:
        """Who wins with which made bid; the saved bids of an open round, else who deals."""
        lines = []
        if not board.finished:
            lines += [
                Info(
                    N_("%(name)s wins with a made bid of %(bid)s"),
                    {"name": PlayerName(player), "bid": bids},
                )
                for player, bids in board.extras["countdown"].items()
                if bids and bids != "none"
            ]
        if "open_bids" in board.extras:
            bids = tuple(
                Info("%(name)s %(bid)s", {"name": PlayerName(player), "bid": bid})
                for player, bid in board.extras["open_bids"].items()
            )
            lines.append(Info(N_("Bids: %(bids)s"), {"bids": bids}))
        elif not board.finished and board.next_dealer:
            lines.append(
                Info(
                    N_(
                        "%(name)s deals and bids last, and may not make the bids add up to "
                        "%(tricks)s"
                    ),
                    {"name": PlayerName(board.next_dealer), "tricks": TRICKS_PER_HAND},
                )
            )
        return lines

    def sample_round(self, players: list[int], number: int) -> dict:
        """Everyone bids one more than they take, so nobody makes a bid and nobody ever wins (the
        totals wait at 42). The bids add up to 7 + players, never the dealer's forbidden 7."""
        count = len(players)
        shares = [7 // count + (1 if seat < 7 % count else 0) for seat in range(count)]
        tricks = shares[number % count :] + shares[: number % count]
        return {
            "hands": [
                {"player": player, "bid": taken + 1, "tricks": taken}
                for player, taken in zip(players, tricks, strict=True)
            ]
        }


def bidding_order(players: Sequence[int], dealer: int) -> list[int]:
    """Who bids when: from the dealer's left round the table, the dealer last."""
    start = players.index(dealer) + 1 if dealer in players else 0
    return [*players[start:], *players[:start]]


def forbidden_dealer_bid(other_bids: Iterable[int]) -> int | None:
    """The bid the dealer may not make because the bids would add up to 7 tricks.

    None when the other players' bids already add up to more than 7, so no bid is forbidden.
    """
    rest = TRICKS_PER_HAND - sum(other_bids)
    return rest if rest >= 0 else None


def made_bid_points(bid: int, player_count: int) -> int:
    """What a player scores for taking exactly `bid` tricks, in a game of `player_count`."""
    bid = number_between(bid, 0, HIGHEST_BID, "a bid")
    player_count = number_between(player_count, MIN_PLAYERS, MAX_PLAYERS, "the player count")
    if bid == 0:
        return MADE_ZERO_POINTS.get(player_count, MADE_ZERO_POINTS_FOUR_OR_MORE)
    if bid == HIGHEST_BID:
        return MADE_SEVEN_POINTS
    return bid + MADE_BID_BONUS


def winning_bids(total: int, player_count: int) -> list[int]:
    """The bids that win this hand if made by a player at `total`: enough points to reach 42.

    At 42 every bid wins once made; empty when even a made 7 (14 points) falls short.
    """
    needed = TARGET - whole_number(total, "a total")
    return [bid for bid in range(HIGHEST_BID + 1) if made_bid_points(bid, player_count) >= needed]


def describe_bids(bids: Iterable[int]) -> str:
    """Bids as the countdown shows them: "1-7", "0, 4-7", "7 only", or "none" when empty."""
    ordered = sorted(set(bids))
    if not ordered:
        return "none"
    if len(ordered) == 1:
        return Message("%(bid)s only", bid=ordered[0])
    runs: list[list[int]] = []
    for bid in ordered:
        if runs and bid == runs[-1][-1] + 1:
            runs[-1].append(bid)
        else:
            runs.append([bid])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


GAME = FortyTwo()
