// Each test file of a worker validates its own share of page shapes (html-validation.ts): the
// files share the worker's modules (isolate: false), and a count for the whole worker ran out
// before its last files, whose pages then went unchecked.
import { startTestFile } from "./html-validation.ts";

startTestFile();
