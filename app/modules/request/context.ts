import { createContext } from "react-router";
import type { DatabaseHandle } from "../db/client.server.ts";
import type { Flash } from "../flash/flash.server.ts";
import type { User } from "../db/schema.ts";

/** Whose cart, wishlist and comparison list: a visitor (the uuid cookie) or, once signed in, a user. */
export type ListOwner = `visitor:${string}` | `user:${string}`;

/** The database handle for this request, set by the root middleware. */
export const databaseContext = createContext<DatabaseHandle>();

/** The visitor's id from the `uuid` cookie (spec section 3), created on the first visit. */
export const visitorContext = createContext<string>();

/** The one-time notice from the previous POST, read and cleared by the root middleware. */
export const flashContext = createContext<Flash | null>(null);

/** Whose cart, wishlist and comparison list this request works with (the visitor, or the signed-in user). */
export const listOwnerContext = createContext<ListOwner>();

/** The signed-in user of this request, or null for a visitor. */
export const userContext = createContext<User | null>(null);
