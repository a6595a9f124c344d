"""A small W3C WebDriver client (standard library only) and the drivers it talks to.

WebDriver is JSON over HTTP: a driver process (geckodriver for Firefox, WebKitWebDriver for
WebKitGTK's MiniBrowser) listens on a local port, ``POST /session`` starts a browser, and every
command after that is a request under ``/session/{id}/``.  :class:`Driver` runs a driver
process (WebKit's under its own Xvfb display); :class:`Session` sends the few commands the
smoke tests need: navigate, run a script, find and click an element, enter a frame.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"    # the W3C key of an element reference
STARTUP_TIMEOUT_S = 30


class WebDriverError(Exception):
    """The driver answered a command with an error (its ``error`` and ``message``)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def request(url: str, method: str = "GET", body: object = None, timeout: float = 150) -> Any:
    """One WebDriver command: its ``value``, or :class:`WebDriverError`."""
    data = None if body is None else json.dumps(body).encode()
    call = urllib.request.Request(url, data=data, method=method,
                                  headers={"Content-Type": "application/json; charset=utf-8"})
    try:
        with urllib.request.urlopen(call, timeout=timeout) as answer:
            return json.loads(answer.read())["value"]
    except urllib.error.HTTPError as error:
        value = json.loads(error.read() or b"{}").get("value", {})
        raise WebDriverError(f"{method} {url}: {value.get('error')}: {value.get('message')}") from None


class Driver:
    """A driver process on a free port of 127.0.0.1, its output (and the browser's) in ``log``."""

    def __init__(self, command: list[str], *, log: Path, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        with self.log.open("wb") as out:
            self.process = subprocess.Popen([*command, f"--port={self.port}"], stdout=out,
                                            stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        while True:
            with contextlib.suppress(OSError, WebDriverError, ValueError):
                if request(self.url + "/status", timeout=5).get("ready"):
                    return
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"{command[0]} did not start:\n{self.output()}")
            time.sleep(0.1)

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@contextlib.contextmanager
def xvfb(program: Path) -> Iterator[str]:
    """An X display of its own (``program``, Xvfb, picks a free number and tells it): yields ``:N``."""
    read, write = os.pipe()
    server = subprocess.Popen([str(program), "-displayfd", str(write), "-nolisten", "tcp",
                               "-screen", "0", "1280x1024x24"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as answer:
            number = answer.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(10)


class Session:
    """One browser, driven through ``driver``; :meth:`close` ends it (and the browser)."""

    def __init__(self, driver: Driver, capabilities: dict) -> None:
        self.driver = driver
        answer = request(driver.url + "/session", "POST", {"capabilities": capabilities})
        self.capabilities = answer["capabilities"]
        self.url = f"{driver.url}/session/{answer['sessionId']}"

    def call(self, method: str, path: str, body: object = None) -> Any:
        if method == "POST" and body is None:
            body = {}
        return request(self.url + path, method, body)

    def get(self, url: str) -> None:
        self.call("POST", "/url", {"url": url})

    def run(self, script: str, *args: object) -> Any:
        """The value of ``script``, a function body (``return …``) with ``arguments``."""
        return self.call("POST", "/execute/sync", {"script": script, "args": list(args)})

    def wait(self, script: str, *args: object, timeout: float = 30, what: str = "") -> Any:
        """Run ``script`` until it returns something truthy; that value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.run(script, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout} s for {what or script}")
            time.sleep(0.1)

    def find(self, css: str) -> dict:
        """The first element that matches ``css`` (its reference, to pass to a script)."""
        return self.call("POST", "/element", {"using": "css selector", "value": css})

    def click(self, css: str) -> None:
        """Click the first element that matches ``css`` as a user would (WebDriver's own
        click: scrolled into view, at its centre, refused if something covers it)."""
        self.call("POST", f"/element/{self.find(css)[ELEMENT]}/click")

    def frame(self, css: str | None) -> None:
        """Send the commands after this one to the frame ``css`` (None: the top page)."""
        self.call("POST", "/frame", {"id": None if css is None else self.find(css)})

    def close(self) -> None:
        with contextlib.suppress(OSError, WebDriverError):
            self.call("DELETE", "")
