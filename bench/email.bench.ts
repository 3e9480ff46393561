/**
 * Large emails (run with `npm run bench`):
 * - one 1 MiB message over SMTP to 1,000 checks that each filter subject and
 *   body with keywords of their own. It prints how long the fake's event
 *   loop stood still while it took the message (sampled every 10 ms) and the
 *   time from the message's last byte to its `250 OK`. Target: the event
 *   loop stalls at most 1 s.
 * - one 30 MiB message made of empty lines (the most lines a message can
 *   have), and the memory the fake holds at its peak while taking it,
 *   garbage not yet collected included. Target: at most four times the
 *   message (it holds up to three while handing it over).
 */
import { connect, type Socket } from "node:net";
import { FakeServer } from "../packages/fake-server/src/index.js";
import { heapBytes } from "./heap.js";

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

const LINES_MESSAGE_BYTES = 30 * 1024 * 1024;

async function manyLines(): Promise<void> {
  const fake = new FakeServer({ compat: "live" });
  const uuid = fake.createCheck(fake.createProject().id).ping_url.split("/").pop() as string;
  const smtp = await fake.listenSmtp();
  const socket = connect(smtp.port, "127.0.0.1");
  const reply = replies(socket);
  await reply();
  for (const command of ["HELO bench.example", "MAIL FROM:<bench@example.org>", `RCPT TO:<${uuid}@hc.localhost>`, "DATA"]) {
    socket.write(`${command}\r\n`);
    await reply();
  }
  const base = await heapBytes();
  let peak = base;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.heapUsed + usage.arrayBuffers);
  }, 10);
  const chunk = Buffer.from("\r\n".repeat(32 * 1024));
  for (let sent = 0; sent < LINES_MESSAGE_BYTES; sent += chunk.length) {
    if (!socket.write(chunk)) await new Promise((resolve) => socket.once("drain", resolve));
  }
  socket.write(".\r\n");
  const answer = await reply();
  clearInterval(sampler);
  socket.destroy();
  await smtp.close();
  const held = peak - base;
  const ratio = held / LINES_MESSAGE_BYTES;
  console.log(`30 MiB of empty lines: ${answer}; peak memory held ${(held / 2 ** 20).toFixed(0)} MiB, ${ratio.toFixed(2)} times the message (target ≤ 4)`);
  if (answer !== "250 OK" || ratio > 4) {
    console.error("email: a target was missed");
    process.exitCode = 1;
  }
}

await main();
await manyLines();
