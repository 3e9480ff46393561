# workerd's configuration for the sixteen steps: the bundled module worker
# (worker.mjs, beside this file) behind one HTTP socket, whose address the test
# sets on the command line (--socket-addr http=127.0.0.1:PORT). Its fetch goes
# out through a network service that, unlike workerd's default, reaches
# loopback, where the fake listens.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .sixteenSteps),
    (name = "loopback", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);

const sixteenSteps :Workerd.Worker = (
  modules = [(name = "worker.mjs", esModule = embed "worker.mjs")],
  compatibilityDate = "2025-01-01",
  globalOutbound = "loopback",
);
