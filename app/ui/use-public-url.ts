import { useRouteLoaderData } from "react-router";

type RootData = { publicUrl: string } | undefined;

/** PUBLIC_URL as the root loader hands it out; undefined on an error page without data. */
export function usePublicUrl(): string | undefined {
  return (useRouteLoaderData("root") as RootData)?.publicUrl;
}
