# workerd's configuration for the fake's core as a module worker (worker.mjs,
# the bundle of worker.ts, beside this file) behind one HTTP socket, whose
# address the test sets on the command line (--socket-addr http=127.0.0.1:PORT).
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .fake)],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);

const fake :Workerd.Worker = (
  modules = [(name = "worker.mjs", esModule = embed "worker.mjs")],
  compatibilityDate = "2025-01-01",
);
