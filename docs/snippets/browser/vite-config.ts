import { FakeServer } from "@checks-api/fake-server";
import { defineConfig } from "vite";

// The fake on a loopback port while the dev server runs (port 5173); the
// page's requests to /api, /ping and /badge are proxied to it, so the URLs
// the fake writes (ping_url…) are the dev server's, and no CORS is involved.
const fake = new FakeServer({ compat: "live", baseUrl: "http://localhost:5173" });
const project = fake.createProject();
fake.createCheck(project.id, { name: "nightly backup", tags: "prod" });
const { url } = await fake.listen();

export default defineConfig({
  // The page reads the project's key as __CHECKS_API_KEY__.
  define: { __CHECKS_API_KEY__: JSON.stringify(project.readWriteKey) },
  server: { port: 5173, strictPort: true, proxy: { "/api": url, "/ping": url, "/badge": url } },
});
