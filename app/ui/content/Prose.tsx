import { prose } from "./content.css.ts";
import "./prose-align.css.ts";

/** Content HTML rendered and sanitised on the server (content/markdown.server.ts); never raw input. */
export function Prose({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  return <div className={className ? `${prose} ${className}` : prose} dangerouslySetInnerHTML={{ __html: html }} />;
}
