// npm run staff -- add PHONE ROLE [NAME] | remove PHONE | list
// The people who may sign in to the back office (/admin) and what each may do there. The
// first owner is added here; an add or removal is written to the audit log as "cli".
import { staffRoles } from "#app/modules/db/schema.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { cliActor } from "#app/modules/audit/audit.server.ts";
import { staffRoleLabels } from "#app/modules/staff/roles.ts";
import { addStaff, formatStaffRow, listStaff, removeStaff } from "#app/modules/staff/staff.server.ts";
import { runScript, withMigratedDatabase } from "./run-script.ts";

const usage = [
  "Использование:",
  "  npm run staff -- add ТЕЛЕФОН РОЛЬ [ИМЯ]   добавить сотрудника (или сменить роль и имя)",
  "  npm run staff -- remove ТЕЛЕФОН           удалить сотрудника (его входы в /admin закрываются)",
  "  npm run staff -- list                     сотрудники и их роли",
  `Роли: ${staffRoles.map((role) => `${role} (${staffRoleLabels[role]})`).join(", ")}.`,
].join("\n");

const [command, ...args] = process.argv.slice(2);
const argumentCounts: Record<string, (count: number) => boolean> = {
  add: (count) => count >= 2,
  remove: (count) => count === 1,
  list: (count) => count === 0,
};
if (!command || !argumentCounts[command]?.(args.length)) {
  console.error(usage);
  process.exit(2);
}

await runScript(async () => {
  await withMigratedDatabase(async (handle) => {
    const db = handle.db;
    if (command === "list") {
      const members = await listStaff(db);
      if (members.length === 0) console.log("Сотрудников пока нет. Добавьте владельца: npm run staff -- add ТЕЛЕФОН owner [ИМЯ]");
      for (const member of members) console.log(formatStaffRow(member));
      return;
    }
    const change =
      command === "add"
        ? await addStaff(db, { phone: args[0]!, role: args[1]!, name: args.slice(2).join(" ") }, cliActor)
        : await removeStaff(db, args[0]!, cliActor);
    if (!change.ok) {
      console.error(change.reason);
      process.exitCode = 1;
      return;
    }
    const who = `${formatPhone(change.member.phone)} (${staffRoleLabels[change.member.role]})`;
    console.log(command === "remove" ? `Сотрудник ${who} удалён.` : change.created ? `Сотрудник ${who} добавлен.` : `Сотрудник ${who} обновлён.`);
  });
});
