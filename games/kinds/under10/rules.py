"""Under the 10: rounds end with a call or an empty hand; totals halve at exactly 100 and 150.

Above 150 a player is out; the last one standing, or the lowest when the first goes out, wins.
"""

from collections.abc import Iterable, Mapping

from ...scoring.base import (
    EntryError,
    Info,
    Option,
    PlayerName,
    Rules,
    Scoreboard,
    Table,
)
from ...scoring.messages import N_, Message, and_list
from ...scoring.schema import Choice, Hands, ListOf, OneOf, PlayerId, Shape, Whole

LOWEST_CARD = 0
HIGHEST_CARD = 13  # the deck's top value is not stated; its rules page decides 0..13
TRADE_HAND_COST = 20
JOKER_COST = 10
TRADE_CARD_COST = 5
BONUS_COSTS = {"trade_hand": TRADE_HAND_COST, "joker": JOKER_COST, "trade_card": TRADE_CARD_COST}
BONUS_CARD_NAMES = {
    "trade_hand": N_("Trade hand"),
    "joker": N_("Joker"),
    "trade_card": N_("Trade card"),
}
BONUS_LABELS = {
    name: Message("%(card)s +%(cost)s", card=Message(BONUS_CARD_NAMES[name]), cost=cost)
    for name, cost in BONUS_COSTS.items()
}
CALL_LIMIT = 10  # a call needs fewer points than this in hand
CALL_PENALTY = 20  # a caller who isn't strictly lowest adds this to their hand
HALVINGS = {100: 50, 150: 75}  # reaching one of these totals exactly halves it
ELIMINATED_ABOVE = 150
HAND_SIZE = 5  # five cards are dealt, and every card laid down is replaced by one drawn
MOST_POINTS_IN_HAND = 100  # points entered directly: five cards are never worth more

TOO_MANY_CARDS = N_(
    "%(name)s's hand has %(count)s cards; a hand holds at most %(most)s, bonus cards included"
)
POINTS = Whole(
    0,
    MOST_POINTS_IN_HAND,
    help="The hand's points; or give `cards`. One of the two is required.",
    what=N_("%(name)s's points"),
)
CARD = Whole(LOWEST_CARD, HIGHEST_CARD, what=N_("each of %(name)s's cards"))
BONUS = Choice(tuple(BONUS_COSTS), what=N_("each of %(name)s's bonus cards"))
HAND_SCHEMA = Shape(
    "UnderTheTenHand",
    {
        "player": PlayerId(),
        "points": POINTS,
        "cards": ListOf(
            CARD,
            maximum=HAND_SIZE,
            help=f"The hand's card values: 1 to {HAND_SIZE} cards with the bonus cards, "
            "empty only for the player who went out with an empty hand.",
            what=N_("%(name)s's cards"),
            shape=N_("a list of card values"),
            too_many=TOO_MANY_CARDS,
        ),
        "bonus": ListOf(BONUS, help="Bonus cards held.", what=N_("%(name)s's bonus cards")),
    },
    required=("player",),
)


class UnderTheTen(Rules):
    kind = "under10"
    # 2: the players who are out stand by their totals, as everyone else does (version 1 put
    # the most recently knocked out first).
    version = 2
    name = N_("Under the 10")
    summary = N_(
        "Call with fewer than 10 points in hand; above 150 you are out, lowest total wins."
    )
    min_players = 2
    max_players = 6
    options = {
        "end": Option(
            "last_standing",
            N_(
                "Play on until one player is left, or stop when the first player goes above 150 "
                "(then the lowest total wins)."
            ),
            choices=("last_standing", "first_out"),
            label=N_("When the game ends"),
            choice_labels=(
                N_("When one player is left standing"),
                N_("When the first player goes above 150"),
            ),
        ),
    }
    entry_schema = OneOf(
        (
            Shape(
                "UnderTheTenCallEntry",
                {
                    "called_by": PlayerId(
                        help=f'The player who called "Under the {CALL_LIMIT}!".',
                        what=N_("the player who called"),
                    ),
                    "hands": Hands(HAND_SCHEMA),
                },
            ),
            Shape(
                "UnderTheTenEmptyHandEntry",
                {
                    "empty_hand": PlayerId(
                        help="The player who went out with an empty hand "
                        '(entered as {"points": 0}).',
                        what=N_("the player with the empty hand"),
                    ),
                    "hands": Hands(HAND_SCHEMA),
                },
            ),
        ),
        either=N_(
            "a round ends either with a call (called_by) or with an empty hand "
            "(empty_hand): give exactly one of them"
        ),
    )

    def play_round(self, table: Table, entry: Mapping) -> None:
        if "called_by" in entry:
            ender = table.read_player(
                entry["called_by"], Message("the player who called"), field="called_by"
            )
        else:
            ender = table.read_player(
                entry["empty_hand"], Message("the player with the empty hand"), field="empty_hand"
            )
        hands = table.read_hands(entry)
        hand_totals: dict[int, int] = {}
        bonuses: dict[int, list[str]] = {}
        for player, hand in hands.items():
            hand_totals[player], bonuses[player] = _read_hand(
                hand, table.name(player), f"hands.{player}"
            )
            if _holds_no_card(hand) and not (player == ender and "empty_hand" in entry):
                raise EntryError(
                    Message(
                        "%(name)s's hand has no cards; only a player who went out with an empty "
                        "hand (a stroke of luck) holds none",
                        name=table.name(player),
                    ),
                    field=f"hands.{player}.cards",
                )
        notes = {player: [BONUS_LABELS[name] for name in bonuses[player]] for player in hands}

        ender_name = table.name(ender)
        if "called_by" in entry:
            _check_caller(table, ender, hand_totals[ender], bonuses[ender])
            can_win = [p for p in hands if p != ender and not bonuses[p]]
            points = call_scores(ender, hand_totals, can_win)
            if points[ender] == 0:
                notes[ender].append(Message("called and had the lowest hand"))
                round_notes = [
                    Message(
                        "%(name)s called Under the 10 with %(points)s and won the round",
                        name=ender_name,
                        points=hand_totals[ender],
                    )
                ]
            else:
                notes[ender].append(
                    Message("called but was not lowest: penalty +%(penalty)s", penalty=CALL_PENALTY)
                )
                lowest = [p for p in can_win if points[p] == 0]
                for player in lowest:
                    notes[player].append(Message("lowest hand: 0"))
                round_notes = [
                    Message(
                        "%(name)s called Under the 10 with %(points)s, but %(lowest)s had "
                        "%(their_points)s",
                        name=ender_name,
                        points=hand_totals[ender],
                        lowest=_names(table, lowest),
                        their_points=hand_totals[lowest[0]],
                    )
                ]
        else:
            _check_empty_hand(table, ender, hands[ender], hand_totals[ender], bonuses[ender])
            points = dict(hand_totals)
            notes[ender].append(Message("stroke of luck: empty hand"))
            round_notes = [
                Message("Stroke of luck: %(name)s went out with an empty hand", name=ender_name)
            ]

        round_result = table.record(entry, points, notes, round_notes)
        out_this_round = []
        for result in round_result.results:
            settled = after_halving(result.total)
            if settled != result.total:
                result.notes.append(
                    Message("halved %(total)s → %(settled)s", total=result.total, settled=settled)
                )
                result.total = table.totals[result.player] = settled
            if settled > ELIMINATED_ABOVE:
                result.notes.append(Message("eliminated"))
                table.eliminated.append(result.player)
                out_this_round.append(result.player)
        self._maybe_finish(table, out_this_round)

    def _maybe_finish(self, table: Table, out_this_round: list[int]) -> None:
        if table.options["end"] == "first_out":
            if out_this_round:
                table.end_with_lowest_total()
        elif len(table.active) == 1:
            table.end_with_lowest_total(table.active)
        elif not table.active:
            # everyone left went above 150 at once: the lowest of them outlasted the others
            table.end_with_lowest_total(out_this_round)

    def describe(self, table: Table) -> dict:
        """`eliminated`: the players above 150, in the order they went out."""
        return {"eliminated": list(table.eliminated)}

    def information(self, board: Scoreboard) -> list[Info]:
        out = board.extras["eliminated"]
        if not out:
            return []
        return [Info(N_("Out of the game: %(names)s"), {"names": tuple(map(PlayerName, out))})]

    def sample_round(self, players: list[int], number: int) -> dict:
        """A call that eliminates nobody, however long the game: the caller holds under 10 and is
        strictly lowest (0), everyone else holds exactly 10, so every total steps by 10 and is
        halved when it lands on exactly 100. No total ever passes 100."""
        caller = players[number % len(players)]
        others = [[4, 6], [10], [3, 7], [1, 2, 3, 4]]
        return {
            "called_by": caller,
            "hands": [
                {"player": player, "cards": [number % 10] if player == caller else others[seat % 4]}
                for seat, player in enumerate(players)
            ],
        }


def call_scores(caller: int, hands: Mapping[int, int], can_win: Iterable[int]) -> dict[int, int]:
    """Round scores after a call, from every player's hand points.

    `can_win` are the players other than the caller who hold no bonus card. A caller strictly
    lower than all of them scores 0; otherwise the caller gets the penalty on top of their hand
    and the lowest of `can_win` score 0. Everyone else scores their hand.
    """
    contenders = [player for player in can_win if player != caller]
    scores = dict(hands)
    if all(hands[caller] < hands[player] for player in contenders):
        scores[caller] = 0
        return scores
    scores[caller] = CALL_PENALTY + hands[caller]
    lowest = min(hands[player] for player in contenders)
    for player in contenders:
        if hands[player] == lowest:
            scores[player] = 0
    return scores


def after_halving(total: int) -> int:
    """A running total after the round: exactly 100 becomes 50, exactly 150 becomes 75."""
    return HALVINGS.get(total, total)


def _read_hand(hand: Mapping, owner: str, field: str | None) -> tuple[int, list[str]]:
    """A hand's points (bonus cards included) and the bonus cards it holds, from a hand the
    schema has passed: its points or its cards, never both, and at most a hand's cards."""

    def at(part: str) -> str | None:
        return None if field is None else f"{field}.{part}"

    if "points" not in hand and "cards" not in hand:
        # A hand left blank is never 0 points: a forgotten hand must not win the round.
        raise EntryError(
            Message("enter %(owner)s's hand: its points or its cards", owner=owner), field=field
        )
    if "points" in hand and "cards" in hand:
        raise EntryError(
            Message("enter either points or cards for %(owner)s's hand, not both", owner=owner),
            field=field,
        )
    bonus = hand.get("bonus", [])
    if "points" in hand:
        points = hand["points"]
    else:
        cards = hand["cards"]
        held = len(cards) + len(bonus)
        if held > HAND_SIZE:  # the schema counts the cards; here with the bonus cards
            raise EntryError(
                Message(TOO_MANY_CARDS, name=owner, count=held, most=HAND_SIZE),
                field=at("cards"),
            )
        points = sum(cards)
    return points + sum(BONUS_COSTS[name] for name in bonus), list(bonus)


def _holds_no_card(hand: Mapping) -> bool:
    return hand.get("cards") == [] and not hand.get("bonus")


def _check_caller(table: Table, caller: int, points: int, bonus: list[str]) -> None:
    name = table.name(caller)
    if bonus:
        raise EntryError(
            Message(
                "%(name)s holds a bonus card (%(cards)s) and can't call Under the 10",
                name=name,
                cards=", ".join(bonus),
            ),
            field=f"hands.{caller}.bonus",
        )
    if points >= CALL_LIMIT:
        raise EntryError(
            Message(
                "%(name)s called with %(points)s points; a call needs fewer than %(limit)s",
                name=name,
                points=points,
                limit=CALL_LIMIT,
            ),
            field=f"hands.{caller}",
        )


def _check_empty_hand(
    table: Table, player: int, hand: Mapping, points: int, bonus: list[str]
) -> None:
    name = table.name(player)
    if bonus:
        raise EntryError(
            Message("%(name)s went out with an empty hand, so can't hold a bonus card", name=name),
            field=f"hands.{player}.bonus",
        )
    if points != 0 or hand.get("cards"):
        raise EntryError(
            Message(
                "%(name)s went out with an empty hand, so their hand must be 0 points with no "
                "cards",
                name=name,
            ),
            field=f"hands.{player}",
        )


def _names(table: Table, players: Iterable[int]) -> str:
    return and_list([table.name(player) for player in players])


GAME = UnderTheTen()
