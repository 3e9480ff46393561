import { FakeServer } from "@checks-api/fake-server";

const fake = new FakeServer({ clock: { start: "2026-01-01T00:00:00Z" } });
const project = fake.createProject();
fake.createCheck(project.id, { name: "backup", timeout: 3600 });
fake.clock.advance(2 * 3600_000);
console.log(fake.journal().length, "requests so far");
