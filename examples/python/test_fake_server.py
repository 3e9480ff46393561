"""A test suite in Python against the fake server, with the standard library only.

The fake runs as a separate process (the `checks-fake-server` CLI) on a free
port with a virtual clock: the test prepares it over the remote-control API
under /__fake, drives it over the management and ping APIs like any client,
and moves its clock instead of waiting. A webhook receiver on `http.server`
shows the alert the fake sends when a check goes down. A job that reports
by email sends its mail to the fake's SMTP listener with `smtplib`.

Run from the repository root (after `npm ci`):

    python3 -m unittest discover -s examples/python -p '*.py'

Outside this repository, with `@checks-api/fake-server` installed in the
project, or set CHECKS_FAKE_SERVER to the command that starts the fake.
"""

import json
import os
import re
import shlex
import smtplib
import subprocess
import threading
import unittest
import urllib.error
import urllib.request
from datetime import datetime, timedelta
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
CLI_SOURCE = REPOSITORY / "packages" / "fake-server" / "src" / "cli.ts"
LISTENING = re.compile(r"^Listening on (http://\S+)$")
SMTP_LISTENING = re.compile(r"^Email pings \(SMTP\): smtp://([^:\s]+):(\d+)")
TIMEOUT = 3600
GRACE = 300


def fake_server_command():
    """The command that starts the fake, and the directory to start it in."""
    if "CHECKS_FAKE_SERVER" in os.environ:
        return shlex.split(os.environ["CHECKS_FAKE_SERVER"]), None
    if CLI_SOURCE.exists():
        # In this repository the CLI runs from its TypeScript source, so no build is needed.
        return ["node", "--import", "tsx", str(CLI_SOURCE)], REPOSITORY
    # By its scoped name, so that only the package we publish can ever run.
    return ["npx", "--no", "-p", "@checks-api/fake-server", "checks-fake-server"], None


class FakeServerProcess:
    """The CLI on a free port with a virtual clock; `url` is where it listens."""

    def __init__(self, *extra_args):
        command, cwd = fake_server_command()
        self.process = subprocess.Popen(
            [*command, "--port", "0", "--clock", "virtual", "--seed", "python", *extra_args],
            cwd=cwd,
            stdout=subprocess.PIPE,
            # Kept out of the test report ("SIGTERM received: shutting down"
            # at every stop); shown when the server fails.
            stderr=subprocess.PIPE,
            text=True,
        )
        # Port 0 lets the system pick the port; the first line of stdout names it.
        first_line = self.process.stdout.readline().strip()
        match = LISTENING.match(first_line)
        if not match:
            raise RuntimeError(f"the fake server did not start: {first_line!r}\n{self.stop()}")
        self.url = match.group(1)
        # With --smtp-port, a later banner line names the SMTP listener.
        self.smtp = None
        while "--smtp-port" in extra_args and self.smtp is None:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"the fake server printed no SMTP line\n{self.stop()}")
            found = SMTP_LISTENING.match(line.strip())
            if found:
                self.smtp = (found.group(1), int(found.group(2)))

    def stop(self):
        """Stops the server and answers what it wrote to stderr."""
        self.process.terminate()
        _, errors = self.process.communicate(timeout=10)
        if self.process.returncode != 0:
            raise RuntimeError(f"the fake server exited with status {self.process.returncode}:\n{errors}")
        return errors


class WebhookReceiver:
    """An HTTP server on 127.0.0.1 and a free port that keeps every request it gets and answers 200."""

    def __init__(self):
        self.received = []
        received = self.received

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                received.append({
                    "method": self.command,
                    "path": self.path,
                    "headers": dict(self.headers),
                    "body": self.rfile.read(length).decode(),
                })
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format, *args):
                pass  # keep the test output clean

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        """Stops serving and waits for the serving thread to end."""
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


def call(method, url, body=None, api_key=None):
    """Sends one request; answers (status, decoded JSON body or text)."""
    headers = {}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        # The control API reads only JSON bodies, and the management API expects them.
        headers["Content-Type"] = "application/json"
    if api_key is not None:
        headers["X-Api-Key"] = api_key
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, decode(response)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, decode(error)


def decode(response):
    text = response.read().decode()
    return json.loads(text) if response.headers.get_content_type() == "application/json" else text


def parse_time(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


class CheckGoesDownTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.fake = FakeServerProcess()

    @classmethod
    def tearDownClass(cls):
        cls.fake.stop()

    def control(self, method, path, body=None):
        return call(method, f"{self.fake.url}/__fake{path}", body)

    def setUp(self):
        status, _ = self.control("POST", "/reset", {})
        self.assertEqual(status, 204)
        status, project = self.control("POST", "/projects", {"name": "python"})
        self.assertEqual(status, 201)
        self.project_id = project["id"]
        self.api_key = project["readWriteKey"]

    def api(self, method, path, body=None):
        return call(method, f"{self.fake.url}/api/v3{path}", body, api_key=self.api_key)

    def test_a_check_pinged_once_goes_down_after_timeout_and_grace(self):
        status, check = self.api("POST", "/checks/", {"name": "nightly", "timeout": TIMEOUT, "grace": GRACE})
        self.assertEqual(status, 201)
        self.assertEqual(check["status"], "new")
        # Read-write checks carry their ping URL, whose last segment is the check's UUID.
        ping_url = check["ping_url"]
        uuid = ping_url.rsplit("/", 1)[1]

        status, text = call("POST", ping_url, {"job": "nightly"})
        self.assertEqual((status, text), (200, "OK"))
        status, check = self.api("GET", f"/checks/{uuid}")
        self.assertEqual(check["status"], "up")
        last_ping = parse_time(check["last_ping"])

        status, clock = self.control("POST", "/clock/advance", {"ms": (TIMEOUT + GRACE + 60) * 1000})
        self.assertEqual(status, 200)
        self.assertGreater(parse_time(clock["now"]), last_ping + timedelta(seconds=TIMEOUT + GRACE))

        status, check = self.api("GET", f"/checks/{uuid}")
        self.assertEqual(status, 200)
        self.assertEqual(check["status"], "down")

        status, flips = self.api("GET", f"/checks/{uuid}/flips/")
        self.assertEqual(status, 200)
        # The seed format answers a bare list, the live one wraps it in {"flips": [...]}; newest first.
        newest = (flips if isinstance(flips, list) else flips["flips"])[0]
        self.assertEqual(newest["up"], 0)
        self.assertEqual(parse_time(newest["timestamp"]), last_ping + timedelta(seconds=TIMEOUT + GRACE))

    def test_a_check_that_goes_down_alerts_its_webhook(self):
        receiver = WebhookReceiver()
        self.addCleanup(receiver.stop)
        # The integration's settings, as the service stores a webhook: for each direction a method,
        # a URL, a body and headers, where $NAME, $STATUS, $NOW … are filled in per alert.
        settings = {
            "method_down": "POST",
            "url_down": f"{receiver.url}/alerts/$STATUS",
            "body_down": '{"check": $NAME_JSON, "status": "$STATUS", "since": "$NOW"}',
            "headers_down": {"Content-Type": "application/json"},
            "method_up": "GET",
            "url_up": "",  # no request when the check comes back up
            "body_up": "",
            "headers_up": {},
        }
        status, channel = self.control(
            "POST", f"/projects/{self.project_id}/channels",
            {"kind": "webhook", "name": "on-call", "value": json.dumps(settings)},
        )
        self.assertEqual(status, 201)
        status, check = self.api("POST", "/checks/", {"name": "nightly", "timeout": TIMEOUT, "grace": GRACE, "channels": "*"})
        self.assertEqual(status, 201)
        uuid = check["ping_url"].rsplit("/", 1)[1]
        status, _ = call("GET", check["ping_url"])
        self.assertEqual(status, 200)
        self.assertEqual(receiver.received, [])  # a first success alerts nobody

        # Jump to the check's next status changes, late then down, instead of adding up timeout and grace.
        status, late = self.control("POST", "/clock/next-change", {"check": uuid})
        self.assertEqual((status, late["change"]["to"]), (200, "grace"))
        status, down = self.control("POST", "/clock/next-change", {"check": uuid})
        self.assertEqual((status, down["change"]["to"]), (200, "down"))
        # Deliveries run in the background: this answers once every due one has finished.
        status, _ = self.control("POST", "/notifications/settled")
        self.assertEqual(status, 204)

        self.assertEqual(len(receiver.received), 1)
        alert = receiver.received[0]
        self.assertEqual((alert["method"], alert["path"]), ("POST", "/alerts/down"))
        self.assertEqual(alert["headers"]["Content-Type"], "application/json")
        self.assertEqual(alert["headers"]["User-Agent"], "healthchecks.io")
        went_down = parse_time(down["change"]["at"]).replace(microsecond=0)
        self.assertEqual(json.loads(alert["body"]), {"check": "nightly", "status": "down", "since": went_down.isoformat()})

        # The fake's outbox says the same: which integration, which flip, what was sent, and the outcome.
        status, records = self.control("GET", "/notifications")
        self.assertEqual(status, 200)
        self.assertEqual([(r["channel"]["id"], r["flip"]["status"], r["flip"]["reason"], r["error"]) for r in records],
                         [(channel["id"], "down", "timeout", "")])
        self.assertEqual(records[0]["requests"][0]["status"], 200)

    def test_the_management_api_refuses_a_wrong_key(self):
        self.api_key = "hcw_" + "0" * 28  # well-formed, but no project has it
        status, body = self.api("GET", "/checks/")
        self.assertEqual((status, body), (401, {"error": "wrong api key"}))


class EmailPingTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.fake = FakeServerProcess("--smtp-port", "0")

    @classmethod
    def tearDownClass(cls):
        cls.fake.stop()

    def test_an_email_sent_with_smtplib_is_a_ping_filtered_by_keywords(self):
        status, project = call("POST", f"{self.fake.url}/__fake/projects", {"name": "mail"})
        self.assertEqual(status, 201)
        key = project["readWriteKey"]
        status, check = call("POST", f"{self.fake.url}/api/v3/checks/",
                             {"name": "nas", "filter_subject": True, "failure_kw": "FAIL"}, api_key=key)
        self.assertEqual(status, 201)
        uuid = check["ping_url"].rsplit("/", 1)[1]

        message = EmailMessage()
        message["From"] = "nas@example.net"
        message["To"] = f"{uuid}@hc.localhost"
        message["Subject"] = "[FAIL] nightly backup"
        message.set_content("disk full")
        host, port = self.fake.smtp
        with smtplib.SMTP(host, port) as smtp:
            refused = smtp.send_message(message)
        self.assertEqual(refused, {})

        status, answer = call("GET", f"{self.fake.url}/api/v3/checks/{uuid}/pings/", api_key=key)
        self.assertEqual(status, 200)
        ping = answer["pings"][0]
        self.assertEqual((ping["type"], ping["scheme"], ping["method"], ping["ua"]),
                         ("fail", "email", "", "Email from nas@example.net"))

    def test_another_domain_is_refused(self):
        host, port = self.fake.smtp
        with smtplib.SMTP(host, port) as smtp:
            smtp.ehlo()
            smtp.mail("nas@example.net")
            self.assertEqual(smtp.rcpt("someone@example.org"), (550, b"5.1.1 Recipient rejected"))


if __name__ == "__main__":
    unittest.main()
