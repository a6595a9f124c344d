"""The end of a game in words (parts of ``game.ui.screen.Screen``): the final table (the verdict,
each player's breakdown, the score chart's data, the statistics) and the final scoring as it is
revealed step by step (``game.ui.reveal``); worked out from the session, so the page only draws
them."""

from __future__ import annotations

from dataclasses import dataclass

from game import cldr
from game.i18n import _, longest_name
from game.ui import ending, reveal
from game.ui.panels import NBSP
from game.ui.session import Session


@dataclass(frozen=True)
class EndRow:
    """A player's line in the final table (``ending.Breakdown``), with their name and colour and
    each ticket in words (whether it was done)."""

    row: ending.Breakdown
    colour: str
    label: str
    tickets: tuple[tuple[str, bool], ...]


@dataclass(frozen=True)
class EndScreen:
    verdict: str
    stations: bool                      # the map has stations (a column for them)
    rows: tuple[EndRow, ...]            # in ranking order
    legend: str
    chart: ending.ScoreChart
    players: tuple[tuple[str, str], ...]        # by seat: (colour, name)
    statistics: tuple[ending.Statistics, ...]
    reviews: tuple[tuple[int, str], ...] = ()   # a human seat's review to start: (seat, the button's words)
    hints: str = ""                     # the hints each human player asked for ("": the game offered none)
    rematch: bool = True                # Rematch offered (not on a guest's page: ``rematch_note`` says why)
    rematch_note: str = ""
    deal: str = ""                      # a guest's: the fair deal's verdict in a line ("": none)
    deal_ok: bool = True                # the verdict confirms the deal


@dataclass(frozen=True)
class RevealLine:
    """A line of the player being scored so far: what, the signed points, its class."""

    what: str
    points: str
    kind: str = "routes"
    latest: bool = False


@dataclass(frozen=True)
class ScoringScreen:
    frame: reveal.Frame
    players: tuple[tuple[str, str], ...]        # by seat: (colour, label)
    kind: str                   # the step's: opening, done, missed, stations, longest
    announcement: str           # the step in one line, for the live region
    lines: tuple[RevealLine, ...]

    @property
    def colour(self) -> str | None:
        """The colour of the player the step scores (None at the opening)."""
        step = self.frame.step
        return None if step is None else self.players[step.seat][0]


def ticket_words(a: str, b: str, points: int) -> str:
    """A ticket on the end screen, as it may wrap in a narrow column: each city's name kept whole."""
    return _("end.ticket", a=a.replace(" ", NBSP), b=b.replace(" ", NBSP), points=f"{points:+d}")


def end_screen(session: Session) -> EndScreen:
    """Final scores: the winner (and the tie-break that decided), each player's breakdown in
    ranking order, the score chart and each player's numbers."""
    state, game_map = session.state, session.map
    key, params = ending.verdict(state)
    rows = []
    for row in ending.breakdowns(state):
        tickets = tuple((ticket_words(game_map.city(game_map.ticket(t).a).name, game_map.city(game_map.ticket(t).b).name,
                                      points), done) for t, done, points in row.tickets)
        rows.append(EndRow(row, state["players"][row.seat]["colour"], session.player_label(row.seat), tickets))
    layers = ending.end_highlights(state)
    legend = [_("end.legend.trail")] + ([_("end.legend.borrowed")] if layers["borrowed"] else [])
    players = tuple((p["colour"], p["name"]) for p in state["players"])
    return EndScreen(_(key, **params), bool(game_map.rules["stations"]), tuple(rows), " ".join(legend),
                     ending.score_chart(state, session.public_events), players,
                     tuple(ending.statistics(state, session.public_events)),
                     tuple((seat, _("review.start", name=session.player_label(seat))) for seat in session.human_seats()),
                     hints_used(session))


def hints_used(session: Session, seats: list[int] | None = None) -> str:
    """How many hints each human player asked for (``seats``: those whose hints this device
    knows, all by default), in a line ("" when the game offered none, or none is known)."""
    seats = session.human_seats() if seats is None else seats
    if not session.hints_offered or not seats:
        return ""
    counts = session.hint_counts()
    return _("end.hints", players=cldr.join(_("end.hints_player", name=session.state["players"][seat]["name"],
                                                number=counts[seat]) for seat in seats))


def scoring_screen(session: Session, frame: reveal.Frame) -> ScoringScreen:
    """The final scoring once ``frame.shown`` steps are out."""
    state = session.state
    step = frame.step
    kind = "opening" if step is None else step.kind if step.kind != reveal.TICKET \
        else "done" if step.completed else "missed"
    lines = []
    if step is not None:
        lines.append(RevealLine(_("end.routes"), str(frame.start[step.seat])))
        for shown in frame.lines:
            lines.append(RevealLine(*_reveal_words(session, shown), latest=shown is step))
    players = tuple((p["colour"], session.player_label(seat)) for seat, p in enumerate(state["players"]))
    return ScoringScreen(frame, players, kind, reveal.announcement(state, frame), tuple(lines))


def _reveal_words(session: Session, step: reveal.Step) -> tuple[str, str, str]:
    points = f"{step.points:+d}"
    if step.kind == reveal.TICKET:
        t = session.map.ticket(step.ticket or "")
        a, b = session.map.city(t.a).name, session.map.city(t.b).name
        kind = "missed" if not step.completed else "done station" if step.borrowed else "done"
        return f"{a.replace(' ', NBSP)} – {b.replace(' ', NBSP)}", points, kind
    if step.kind == reveal.STATIONS:
        return _("end.stations"), points, "stations"
    return longest_name(session.state["map"]), points, "longest"
