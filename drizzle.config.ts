import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/modules/db/schema.ts",
  out: "./app/modules/db/migrations",
});
