/**
 * A large email to many checks (run with `npm run bench`): one 1 MiB message
 * over SMTP to 1,000 checks that each filter subject and body with keywords
 * of their own. It prints how long the fake's event loop stood still while
 * it took the message (sampled every 10 ms) and the time from the message's
 * last byte to its `250 OK`. Target: the event loop stalls at most 1 s.
 */
import { connect, type Socket } from "node:net";
import { FakeServer } from "../packages/fake-server/src/index.js";

const CHECKS = 1_000;
const MESSAGE_BYTES = 1024 * 1024;
const STALL_TARGET_MS = 1_000;

/** The replies of one SMTP connection, in order. */
function replies(socket: Socket): () => Promise<string> {
  let buffered = "";
  const ready: string[] = [];
  let wake: (() => void) | undefined;
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    buffered += chunk;
    for (let end = /^\d{3} .*\r\n/m.exec(buffered); end; end = /^\d{3} .*\r\n/m.exec(buffered)) {
      ready.push(end[0].trim());
      buffered = buffered.slice(end.index + end[0].length);
      wake?.();
    }
  });
  return async () => {
    while (ready.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return ready.shift() as string;
  };
}

async function main(): Promise<void> {
  const fake = new FakeServer({ compat: "live", checkLimit: CHECKS });
  const project = fake.createProject();
  const uuids = Array.from({ length: CHECKS }, (_, i) => {
    const check = fake.createCheck(project.id, { filter_subject: true, filter_body: true, success_kw: `done-${i}`, failure_kw: `FAILED-${i}, error ${i}` });
    return check.ping_url.split("/").pop() as string;
  });
  const smtp = await fake.listenSmtp();
  const socket = connect(smtp.port, "127.0.0.1");
  const reply = replies(socket);
  await reply();
  for (const command of ["HELO bench.example", "MAIL FROM:<bench@example.org>", ...uuids.map((uuid) => `RCPT TO:<${uuid}@hc.localhost>`), "DATA"]) {
    socket.write(`${command}\r\n`);
    await reply();
  }
  const line = `${"lorem ipsum dolor sit amet ".repeat(37).slice(0, 998)}\r\n`;
  const message = `Subject: nightly report\r\n\r\n${line.repeat(Math.ceil(MESSAGE_BYTES / line.length))}`;
  let stall = 0;
  let last = performance.now();
  const sampler = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  socket.write(`${message}.\r\n`);
  const answer = await reply();
  const took = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 50));
  clearInterval(sampler);
  socket.destroy();
  await smtp.close();
  const pinged = uuids.filter((uuid) => fake.pings(uuid).length === 1).length;
  console.log(`1 MiB to ${CHECKS} filtering checks: ${answer}, ${pinged} pinged; last byte to reply ${took.toFixed(0)} ms; longest event-loop stall ${stall.toFixed(0)} ms (target ≤ ${STALL_TARGET_MS} ms)`);
  if (answer !== "250 OK" || pinged !== CHECKS || stall > STALL_TARGET_MS) {
    console.error("email: a target was missed");
    process.exitCode = 1;
  }
}

await main();
