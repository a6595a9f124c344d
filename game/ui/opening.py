"""The start screen's commands and the ways into a game, handled for the table
(``game.ui.controller.Table.handle``): a new game (on this device, or hosted for guests), the
form's changes, the saved games (open, review, delete, export), resuming at boot, importing a
file, another tab's write, the language, a kept table opened again or forgotten, an invite
opened, a seat rejoined, the STUN/TURN setting; and the table's settings, whatever is on it
(zoom, the AI's speed, the claimable routes lit)."""

from __future__ import annotations

from dataclasses import replace

from game.cldr import decimal
from game.i18n import _
from game.ui import commands, keeping, setup, turns
from game.ui import net_commands as net
from game.ui import page_events as page
from game.ui.channels import Post
from game.ui.commands import Command
from game.ui.desk import Desk
from game.ui.outcome import NOTHING, Download, Outcome, Redraw
from game.ui.setup import GameOptions
from game.ui.storage import HOST_KEY, ON_TABLE_KEY, ROOM_KEY


def handle(desk: Desk, command: Command) -> Outcome | None:
    """The command's outcome, if it is one of these (else None)."""
    match command:
        case commands.StartGame(options):
            return start(desk, options)
        case commands.ChooseMap(options):
            variants = setup.variant_ids(options.map)
            return desk.home(replace(options, variant=variants[0] if variants else ""))
        case commands.ChooseSeatCount(options, count):
            return desk.home(setup.with_seat_count(options, count))
        case commands.GoHome(options):
            return desk.home(options)
        case commands.OpenSave(save_id):
            return keeping.open_saved(desk, save_id)
        case commands.ReviewSave(save_id):
            opened = keeping.open_saved(desk, save_id)      # a failure is said on the start screen
            humans = [] if desk.session is None or not desk.session.over else desk.session.human_seats()
            return turns.start_review(desk, humans[0]) if humans else opened
        case commands.DeleteSave(save_id, options):
            desk.catalog.delete(save_id)
            return desk.home(options)
        case commands.ExportSave(save_id):
            text = desk.catalog.raw(save_id)
            return Outcome(Redraw.NOTHING, download=None if text is None else Download(text, save_id))
        case commands.Zoom(step):
            return Outcome(Redraw.NOTHING, zoom=step)
        case commands.SetAiSpeed(speed):
            desk.ai.set_speed(speed)
            return NOTHING
        case commands.ShowHints(on):
            desk.hints = on
            return Outcome()
        case page.Resume():
            return resume_online(desk) or keeping.resume(desk)
        case page.PlayFrom(scenario, notice):
            outcome = keeping.start_game(desk, scenario)
            desk.notice = notice or desk.notice
            return outcome
        case page.ImportGame(text):
            return keeping.import_game(desk, text)
        case page.ImportTooLarge(size):
            return keeping.import_failed(desk, _("start.import_too_large", size=decimal(size / 1e6)))
        case page.ImportFailed(reason):
            return keeping.import_failed(desk, reason)
        case page.StorageChanged(key):
            return Outcome() if keeping.storage_changed(desk, key) else NOTHING
        case page.LanguageChanged():        # the page draws every word again itself
            if desk.session is not None and not desk.stale and desk.session.name_defaults():
                desk.mode.save(desk)
            return NOTHING
        case page.Notice(text):
            desk.notice = text
            return NOTHING
    return net_handle(desk, command)


NET_COMMANDS = (net.OpenTable, net.EndTable, net.JoinLink, net.Rejoin, net.KeepIce, net.RoomOpened, net.KeepRelays)


def net_handle(desk: Desk, command: Command) -> Outcome | None:
    """Play on several devices, from the start screen (or whatever mode is on the table); its
    modules imported when first used (not at the page's boot)."""
    if not isinstance(command, NET_COMMANDS):
        return None
    from game.ui import guesting, netplay, online
    from game.ui.guest_page import resume_guest
    from game.ui.hosting import Hosting
    from game.ui.net_host import resume_host
    backend = desk.catalog.backend
    match command:
        case net.OpenTable():
            kept = resume_host(backend, desk.site, desk.clock() / 1000)
            return NOTHING if kept is None else desk.open_mode(Hosting(kept))
        case net.EndTable():
            backend.remove(HOST_KEY)
            backend.remove(ROOM_KEY)
            return Outcome()
        case net.JoinLink(fragment):
            return guesting.join(desk, fragment)
        case net.Rejoin(text):
            return guesting.rejoin(desk, resume_guest(backend), text)
        case net.KeepIce(text):
            desk.ice_notice = netplay.keep_ice_setting(backend, text)
            return Outcome()
        case net.RoomOpened(_pubkey, room):     # a room the table no longer hosts (left, or opened twice): closed
            return Outcome(Redraw.NOTHING, posts=(Post.closing(room, "no table"),))
        case net.KeepRelays(text):
            desk.ice_notice = online.keep_relays_setting(backend, text)
            return Outcome()
    return None


def resume_online(desk: Desk) -> Outcome | None:
    """At boot, a table over the internet that was on screen at the last visit, reopened by
    itself: the host's (its guests come back to it), or a guest's seat (it rejoins)."""
    backend = desk.catalog.backend
    if backend.get(ON_TABLE_KEY) is None:
        return None
    from game.ui import guesting, online
    from game.ui.hosting import Hosting
    from game.ui.net_host import resume_host
    if backend.get(ON_TABLE_KEY) == "host" and online.kept_room(backend) is not None:
        kept = resume_host(backend, desk.site, desk.clock() / 1000)
        return None if kept is None else desk.open_mode(Hosting(kept))
    return guesting.resume_online(desk)


def start(desk: Desk, options: GameOptions) -> Outcome:
    """A new game from the form: on this device, or a table hosted for guests on other devices,
    which waits for them (its screen lists the seats and their invites; the cards are dealt
    when every guest has joined); the form's problems, if any, said on it."""
    options = setup.with_default_names(options)
    problems = options.problems()
    if problems:
        return desk.home(options, problems)
    if options.devices:
        from game.net.host import HostTable
        from game.ui import netplay
        from game.ui.hosting import Hosting
        from game.ui.net_host import NetHost
        begin, remote = netplay.table_start(options)
        table = HostTable.create(begin, remote, turn_limit=netplay.table_limit(options))
        return desk.open_mode(Hosting(NetHost(table, desk.site)))
    return keeping.start_game(desk, options.scenario(desk.fresh_seed()))
