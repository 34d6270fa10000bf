// Runs an operator command: a known problem (a wrong setting, the embedded database
// held by a running shop) is one clear line, not a stack trace.
export async function runScript(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof Error && ["ConfigError", "DatabaseBusyError"].includes(error.name)) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
