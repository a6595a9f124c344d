"""A real Nostr relay for the tests of play over the internet: the pinned ``nostr-relay``
package (installed with the test tools), started by the harness on a free port of 127.0.0.1
with its events in a SQLite file the test can read (``stored``), never a mock; and a proxy in
front of it that drops, repeats and delays what it forwards (``FlakyRelay``), as a public relay
on a poor connection may."""

from __future__ import annotations

import asyncio
import contextlib
import random
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

CONFIG = """\
DEBUG: false
relay_name: ttr test relay
max_event_size: 65536
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{db}
  num_concurrent_reqs: 10
  num_concurrent_adds: 2
  validators:
    - nostr_relay.validators.is_not_too_large
    - nostr_relay.validators.is_signed
    - nostr_relay.validators.is_recent
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
  reload: false
authentication:
  enabled: false
message_timeout: 1800
subscription_limit: 32
max_limit: 6000
"""
START_S = 30.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Relay:
    url: str
    db: Path

    def stored(self) -> list[str]:
        """Every event the relay has kept, as the JSON text it keeps (ephemeral ones until its
        collector runs: every few minutes)."""
        with contextlib.closing(sqlite3.connect(self.db)) as db:
            tables = [row[0] for row in db.execute("select name from sqlite_master where type='table'")]
            rows: list[str] = []
            for table in tables:
                for row in db.execute(f"select * from {table}"):
                    rows.append(" ".join(r.decode("utf-8", "replace") if isinstance(r, bytes) else str(r) for r in row))
            return rows


def relay_program() -> str:
    found = shutil.which("nostr-relay") or str(Path(sys.executable).with_name("nostr-relay"))
    if not Path(found).exists():
        raise RuntimeError("nostr-relay is not installed: run `python3 build.py test`, which installs the test tools")
    return found


@contextlib.contextmanager
def nostr_relay() -> Iterator[Relay]:
    """A relay on a free port of 127.0.0.1, stopped afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="ttr-relay-"))
    port = free_port()
    db = folder / "events.sqlite3"
    config = folder / "config.yaml"
    config.write_text(CONFIG.format(db=db, port=port))
    log = (folder / "log.txt").open("w")
    process = subprocess.Popen([relay_program(), "-c", str(config), "serve"], stdout=log, stderr=subprocess.STDOUT,
                               cwd=folder, start_new_session=True)
    try:
        deadline = time.monotonic() + START_S
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the relay did not start: {(folder / 'log.txt').read_text()[-2000:]}")
            time.sleep(0.2)
        yield Relay(f"ws://127.0.0.1:{port}", db)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
        shutil.rmtree(folder, ignore_errors=True)


@dataclass
class FlakyRelay:
    """A WebSocket proxy to ``upstream`` that, for the events a client publishes and those the
    relay sends it, drops one in ``drop``, sends one in ``repeat`` twice and holds each back up
    to ``delay`` seconds (so some arrive out of order).  ``counts``: what it did."""
    upstream: str
    drop: float = 0.1
    repeat: float = 0.1
    delay: float = 0.4
    seed: int = 1
    url: str = ""
    counts: dict[str, int] = field(default_factory=lambda: {"forwarded": 0, "dropped": 0, "repeated": 0})

    @contextlib.contextmanager
    def running(self) -> Iterator[FlakyRelay]:
        from aiohttp import ClientSession, WSMsgType, web

        rng = random.Random(self.seed)
        loop = asyncio.new_event_loop()
        port = free_port()
        self.url = f"ws://127.0.0.1:{port}"

        async def forward(text: str, send) -> None:
            if text.startswith('["EVENT"'):
                if rng.random() < self.drop:
                    self.counts["dropped"] += 1
                    return
                await asyncio.sleep(rng.random() * self.delay)
                if rng.random() < self.repeat:
                    self.counts["repeated"] += 1
                    with contextlib.suppress(Exception):
                        await send(text)
            self.counts["forwarded"] += 1
            with contextlib.suppress(Exception):      # a socket closed meanwhile
                await send(text)

        async def handler(request):
            client = web.WebSocketResponse(max_msg_size=0)
            await client.prepare(request)
            with contextlib.suppress(Exception):      # either side gone: the other is closed
                await bridge(client)
            return client

        async def bridge(client) -> None:
            async with ClientSession() as session, session.ws_connect(self.upstream, max_msg_size=0) as relay:
                async def pump(source, send) -> None:
                    async for message in source:
                        if message.type != WSMsgType.TEXT:
                            break
                        asyncio.ensure_future(forward(message.data, send))

                pumps = [asyncio.ensure_future(pump(client, relay.send_str)),
                         asyncio.ensure_future(pump(relay, client.send_str))]
                await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
                for task in pumps:
                    task.cancel()
                await client.close()

        app = web.Application()
        app.router.add_get("/", handler)
        runner = web.AppRunner(app)

        def serve() -> None:
            asyncio.set_event_loop(loop)
            loop.run_until_complete(runner.setup())
            loop.run_until_complete(web.TCPSite(runner, "127.0.0.1", port).start())
            loop.run_forever()

        thread = threading.Thread(target=serve, daemon=True)
        thread.start()
        deadline = time.monotonic() + START_S
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
            if time.monotonic() > deadline:
                raise RuntimeError("the flaky relay did not start")
            time.sleep(0.05)
        try:
            yield self
        finally:
            with contextlib.suppress(TimeoutError):       # a socket its browser left open: not waited for
                asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(5)
            loop.call_soon_threadsafe(loop.stop)
            thread.join(10)
