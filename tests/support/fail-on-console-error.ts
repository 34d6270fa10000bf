// vitest setupFiles of the unit and dom projects: a console.error during a test fails that
// test (React's warnings about keys, act(), hydration or invalid DOM land there and would
// otherwise scroll by unread). A test that expects an error spies on it, asserts it and
// silences it: `vi.spyOn(console, "error").mockImplementation(() => undefined)` replaces
// this recorder for that test.
import { format } from "node:util";
import { afterAll, afterEach } from "vitest";

const written: string[] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  written.push(format(...args));
  original.apply(console, args);
};

function failIfWritten(when: string) {
  if (written.length === 0) return;
  const lines = written.splice(0);
  throw new Error(`console.error was called ${when} (${lines.length}×); assert and silence an expected error with vi.spyOn:\n${lines.join("\n---\n")}`);
}

afterEach(() => failIfWritten("during the test"));
afterAll(() => failIfWritten("outside the tests of this file"));
