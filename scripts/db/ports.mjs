import net from "node:net";

/** Fails with one clear sentence when something already listens on the port. */
export function assertPortFree(port, variable, what) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error) => {
      if (error.code === "EADDRINUSE") {
        reject(new Error(`Port ${port} is already in use, so ${what} cannot listen there: stop the other process or set ${variable} to a free port.`));
      } else reject(error);
    });
    probe.listen({ port, host: "127.0.0.1", exclusive: true }, () => probe.close(() => resolve()));
  });
}
