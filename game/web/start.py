"""The start screen in the page: the title and language, the new-game form and the saved games,
drawn from the table's model (``game.ui.setup.StartScreen``), and the form read back."""

from __future__ import annotations

import js
from pyodide.ffi import to_js

from game import cldr, i18n
from game.i18n import COLOUR_KEYS, _
from game.mapdata import MAP_IDS, load_map
from game.names import MAX_NAME
from game.problem import Problem
from game.seats import AI_LEVELS, MAX_SEATS, MIN_SEATS, PLAYER_COLOURS, TURN_LIMITS
from game.ui import setup
from game.ui.ai_turn import LEVEL_KEYS
from game.ui.rules_page import PAGE_PATH
from game.ui.saves import SaveEntry
from game.ui.setup import GameOptions, StartScreen
from game.ui.storage import Preferences
from game.web import catalogs, persist
from game.web.dom import Node, button, el, present

DATE_STYLE = to_js({"dateStyle": "medium", "timeStyle": "short"}, dict_converter=js.Object.fromEntries)


def start_screen(start: StartScreen, entries: list[SaveEntry], notice: str, kept: Node | None = None) -> list[Node]:
    """The start screen; ``kept``: a table on several devices to open again or a seat to rejoin
    (``game.web.netplay``), shown above the form."""
    help_button = button(_("help.open"), "help", cls="help-open", aria_haspopup="dialog")
    rules = el("a", _("start.rules"), href=PAGE_PATH.format(language=i18n.language()), cls="rules-link")
    title = el("div", None, el("h1", _("start.title")), help_button, rules, language_picker(), cls="title-row")
    return [title, *([] if kept is None else [kept]), new_game_form(start.options, start.problems),
            saves_list(entries, notice)]


def new_game_form(options: GameOptions, problems: list[Problem]) -> Node:
    form = el("form", None, el("h2", _("start.new_game")), cls="new-game", id="new-game")
    maps = el("select", None, id="opt-map", name="map", data_refresh="1")
    for map_id in MAP_IDS:
        maps.append(el("option", i18n.map_name(map_id), value=map_id, selected=map_id == options.map))
    variants = el("select", None, id="opt-variant", name="variant")
    for v in load_map(options.map).variants:
        variants.append(el("option", i18n.variant_name(options.map, v.id), value=v.id, selected=v.id == options.variant))
    count = el("select", None, id="opt-count", name="count", data_refresh="1")
    for n in range(MIN_SEATS, MAX_SEATS + 1):
        count.append(el("option", str(n), value=str(n), selected=n == len(options.seats)))
    form.append(el("div", None, el("label", _("start.map"), maps), el("label", _("start.variant"), variants),
                   el("label", _("start.players"), count), cls="row"))
    for i, seat in enumerate(options.seats):
        # a change between human and AI makes the seat's default name again (game.ui.setup)
        kind = el("select", None, cls="seat-kind", id=f"seat-kind-{i}", data_refresh="1",
                  aria_label=_("start.kind", number=i + 1))
        choice = setup.seat_choice(seat)
        kind.append(el("option", _("start.human"), value="human", selected=choice == "human"))
        if options.devices:         # a game on several devices: a seat may be a guest's
            kind.append(el("option", _("start.guest"), value=setup.GUEST, selected=choice == setup.GUEST))
        for level in AI_LEVELS:
            kind.append(el("option", _(LEVEL_KEYS[level]), value=f"ai:{level}", selected=choice == f"ai:{level}"))
        colour = el("select", None, cls="seat-colour", aria_label=_("start.colour", number=i + 1))
        for c in PLAYER_COLOURS:
            colour.append(el("option", _(COLOUR_KEYS[c]), value=c, selected=seat.colour == c))
        # a name the game made says so: read back unchanged, it is still the game's (and follows the language)
        name = el("input", None, cls="seat-name", type="text", maxlength=str(MAX_NAME),
                  aria_label=_("start.name", number=i + 1), data_default=seat.name if seat.default else None)
        name.value = seat.name
        form.append(el("div", None, name, kind, colour, cls="seat", data_seat=str(i)))
    # play on several devices (game.ui.netplay): this device hosts, the guests join by link
    form.append(el("label", None, el("input", None, id="opt-devices", type="checkbox", checked=options.devices),
                   el("span", _("start.devices")), cls="devices-option"))
    if options.devices:         # the turn timer: off unless chosen
        timer = el("select", None, id="opt-turn-limit")
        timer.append(el("option", _("start.turn_limit.off"), value="0", selected=not options.turn_limit))
        for seconds in TURN_LIMITS:
            timer.append(el("option", _("start.turn_limit.minutes", count=seconds // 60), value=str(seconds),
                            selected=options.turn_limit == seconds))
        form.append(el("div", None, el("label", _("start.turn_limit"), timer), cls="row turn-limit"))
    # the Hint command for every human player (game.ui.hints), on unless unticked
    form.append(el("label", None, el("input", None, id="opt-hints", type="checkbox", checked=options.hints),
                   el("span", _("start.hints")), cls="hints-option"))
    seed = el("input", None, id="opt-seed", type="text", maxlength=str(setup.MAX_SEED),
              placeholder=_("start.seed_hint"))
    seed.value = options.seed
    # the seed only matters to replay a game: out of sight unless asked for (open if one was typed)
    form.append(el("details", None, el("summary", _("start.advanced")), el("label", _("start.seed"), seed),
                   cls="advanced", open=bool(options.seed)))
    errors = el("ul", None, cls="problems", role="alert")
    for problem in problems:
        errors.append(el("li", problem.text()))
    form.append(errors)
    blocked = setup.start_blocked(problems)     # not offered while a seat's choice must change: it says why
    form.append(button(_("start.start"), "start", cls="primary", disabled_reason=None if blocked is None else blocked.text()))
    return form


def read_options() -> GameOptions:
    """The new-game form as the player left it."""
    doc = js.document
    seats = []
    for row in doc.querySelectorAll("#new-game .seat"):
        name = row.querySelector(".seat-name")
        made = name.getAttribute("data-default")
        seats.append(setup.seat_from_choice(name.value, row.querySelector(".seat-kind").value,
                                            row.querySelector(".seat-colour").value,
                                            default=made is not None and name.value.strip() == made))
    timer = present(doc.getElementById("opt-turn-limit"))     # only on several devices
    limit = str(timer.value) if timer is not None else "0"
    return GameOptions(doc.getElementById("opt-map").value, doc.getElementById("opt-variant").value,
                       tuple(seats), doc.getElementById("opt-seed").value, bool(doc.getElementById("opt-hints").checked),
                       bool(doc.getElementById("opt-devices").checked), int(limit) if limit.isdigit() else -1)


def saves_list(entries: list[SaveEntry], notice: str) -> Node:
    section = el("section", None, el("h2", _("start.saved")), cls="saves")
    if not entries:
        section.append(el("p", _("start.no_saves")))
    items = el("ul", None, cls="save-list")
    for entry in entries:
        when = js.Date.new(entry.saved_at).toLocaleString(i18n.language(), DATE_STYLE) if entry.saved_at else "—"
        if entry.problem:
            text = entry.problem.text()
        else:
            map_name = i18n.map_name(entry.map) if entry.map in MAP_IDS else "?"
            turn = "—" if entry.turn is None else str(entry.turn + 1)
            key = "start.save_line_over" if entry.over else "start.save_line"
            text = _(key, map=map_name, players=cldr.join(entry.players), turn=turn, when=when)
        row = el("li", None, el("span", text, cls="save-text"), cls="save damaged" if entry.problem else "save",
                 data_save=entry.id)
        if not entry.problem:
            row.append(button(_("start.open"), "open", entry.id))
            if entry.over:
                row.append(button(_("review.open_saved"), "review-save", entry.id))
        row.append(button(_("start.export"), "export", entry.id))
        row.append(button(_("start.delete"), "delete", entry.id))
        items.append(row)
    section.append(items)
    picker = el("input", None, type="file", accept=".json,application/json", id="import-file", cls="import")
    section.append(el("label", _("start.import"), picker, cls="import-label"))
    section.append(persist.storage_line())      # offline (#17): is storage persistent?
    section.append(el("p", notice, cls="notice", role="status"))
    return section


def language_picker(in_game: bool = False) -> Node:
    """The language of the game: each catalog named in its own language (in a game's header,
    the label is the picker's accessible name, to save room)."""
    picker = el("select", None, id="opt-language-game" if in_game else "opt-language",
                aria_label=_("start.language") if in_game else None)
    for code in i18n.available_languages():
        picker.append(el("option", i18n.language_name(code), value=code, lang=code,
                         selected=code == i18n.language()))
    if in_game:
        return el("span", None, picker, cls="language in-game")
    return el("label", _("start.language"), picker, cls="language")


async def choose_language(code: str, preferences: Preferences) -> str:
    """Use ``code`` from now on, and at the next visit (kept in ``preferences``; in the game's
    ``localStorage``, ``static/boot.js`` reads the choice after a ``?lang=`` in the address,
    which is changed to match).  Returns a notice: empty, or why the language could not be
    changed."""
    notice = await catalogs.use_language(code)
    if notice:
        return notice
    chosen = i18n.language()
    preferences.set_language(chosen)
    url = js.URL.new(js.location.href)
    if url.searchParams.has("lang"):
        url.searchParams.set("lang", chosen)
        js.history.replaceState(js.history.state, "", url.href)
    return ""
