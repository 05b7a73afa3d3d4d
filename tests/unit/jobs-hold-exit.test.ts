import { afterEach, describe, expect, it, vi } from "vitest";
import { holdExitUntil } from "@/lib/jobs/in-process";

// The app's worker stops with the app: Next's signal handler ends with process.exit(), which must wait for the
// worker's graceful stop (lib/jobs/in-process.ts) so that no job is cut off mid-run.

const realExit = process.exit;
afterEach(() => {
  process.exit = realExit;
  vi.restoreAllMocks();
});

describe("holdExitUntil", () => {
  it("lets process.exit() through only after the worker has stopped, with the same code", async () => {
    const calls: string[] = [];
    vi.spyOn(process, "exit").mockImplementation(((code?: number) => {
      calls.push(`exit ${code}`);
    }) as typeof process.exit);
    let finish!: () => void;
    const stopped = new Promise<void>((resolve) => (finish = resolve));

    holdExitUntil(stopped);
    process.exit(143);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);

    calls.push("worker stopped");
    finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual(["worker stopped", "exit 143"]);
  });

  it("exits even when stopping the worker failed", async () => {
    const exit = vi.spyOn(process, "exit").mockImplementation((() => {}) as typeof process.exit);
    holdExitUntil(Promise.reject(new Error("database gone")));
    process.exit(130);
    await new Promise((r) => setTimeout(r, 0));
    expect(exit).toHaveBeenCalledWith(130);
  });
});
