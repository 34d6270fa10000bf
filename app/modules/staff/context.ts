import { createContext } from "react-router";
import type { StaffActor } from "../audit/audit.server.ts";
import type { StaffMember } from "./staff.server.ts";

/** The signed-in member of staff of an /admin request, set by the admin layout's middleware. */
export const staffContext = createContext<StaffMember>();

/** Who an audited change is written as: the member and the address they came from. */
export const staffActorContext = createContext<StaffActor>();
