#!/usr/bin/env node
// The command's file is not in dist/ because npm links a command only if its
// file exists at install time: in a clone, `npm ci` links this one, then
// builds dist/ (the root `prepare`), and the command runs the build.
import("../dist/cli.js").catch((error) => {
  if (error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/cli.js")) {
    process.stderr.write("checks-fake-server: this copy of @checks-api/fake-server is not built: run `npm run build` in the checkout\n");
  } else {
    process.stderr.write(`${error?.stack ?? error}\n`);
  }
  process.exitCode = 1;
});
