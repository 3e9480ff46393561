import { strict as assert } from "node:assert";
import { FakeServer } from "@checks-api/fake-server";

// Record mode: nothing is sent, each record shows the request the webhook would make.
const fake = new FakeServer({ notifications: { delivery: "record" } });
const project = fake.createProject();
fake.addChannel(project.id, {
  kind: "webhook",
  value: JSON.stringify({
    method_down: "POST",
    url_down: "https://hooks.example.com/$STATUS?name=$NAME&tag=$TAG2&host=$HOST",
    body_down: '{"name": $NAME_JSON, "raw": "$NAME", "exit": $EXITSTATUS, "output": $BODY_JSON}',
    headers_down: { "X-Check": "$NAME ($TAGS)" },
    method_up: "GET",
    url_up: "",
    body_up: "",
    headers_up: {},
  }),
});
const check = fake.createCheck(project.id, { name: 'Nightly "DB" — Zürich', tags: "prod db", channels: "*" });

// The job exits with status 7 and posts its output: the check goes down.
await fake.handle(new Request(`${check.ping_url}/7`, { method: "POST", body: "disk full" }));
await fake.settled();

const [request] = fake.notifications()[0]!.requests;
// In the URL, text values are percent-encoded; an unknown word such as $HOST stays as written.
assert.equal(request!.url, "https://hooks.example.com/down?name=Nightly%20%22DB%22%20%E2%80%94%20Z%C3%BCrich&tag=db&host=$HOST");
// In the body nothing is escaped: "$NAME" breaks the JSON, $NAME_JSON and $BODY_JSON do not.
assert.equal(request!.body, '{"name": "Nightly \\"DB\\" \\u2014 Z\\u00fcrich", "raw": "Nightly "DB" — Zürich", "exit": 7, "output": "disk full"}');
// The headers as they go on the wire. Header values go out as Latin-1: ü stays, the dash becomes a character reference.
assert.deepEqual(request!.headers, [
  ["Host", "hooks.example.com"],
  ["Accept", "*/*"],
  ["X-Check", "Nightly \"DB\" &#8212; Zürich (prod db)"],
  ["User-Agent", "healthchecks.io"],
  ["Content-Length", String(new TextEncoder().encode(request!.body!).length)],
]);
