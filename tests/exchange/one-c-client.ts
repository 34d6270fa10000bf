// A scripted 1C client: the calls 1С:УТ 11 (or МойСклад) makes to /1c_exchange, in the same
// order and shape (CommerceML 2 over HTTP), with the answers read as 1C reads them.

export type ExchangeReply = { status: number; lines: string[]; text: string; headers: Headers };

export class OneCClient {
  /** "name=value" from the checkauth answer, sent back on every later call. */
  cookie: string | undefined;

  readonly baseUrl: string;
  readonly login: string;
  readonly password: string;

  constructor(baseUrl: string, login: string, password: string) {
    this.baseUrl = baseUrl;
    this.login = login;
    this.password = password;
  }

  async call(params: Record<string, string>, init: { method?: "GET" | "POST"; body?: Uint8Array; authorization?: string | null } = {}): Promise<ExchangeReply> {
    const headers = new Headers({ "User-Agent": "1C+Enterprise/8.3" });
    if (this.cookie) headers.set("Cookie", this.cookie);
    const authorization = init.authorization === undefined ? basic(this.login, this.password) : init.authorization;
    if (authorization) headers.set("Authorization", authorization);
    if (init.body) headers.set("Content-Type", "application/octet-stream");
    const response = await fetch(`${this.baseUrl}/1c_exchange?${new URLSearchParams(params)}`, {
      method: init.method ?? (init.body ? "POST" : "GET"),
      headers,
      body: init.body ? Buffer.from(init.body) : undefined,
      redirect: "manual",
    });
    const text = await response.text();
    return { status: response.status, lines: text.split("\n").filter((line) => line !== ""), text, headers: response.headers };
  }

  /** mode=checkauth: keeps the cookie 1C would send from then on. */
  async checkauth(type: "catalog" | "sale"): Promise<ExchangeReply> {
    this.cookie = undefined;
    const reply = await this.call({ type, mode: "checkauth" });
    if (reply.lines[0] === "success") this.cookie = `${reply.lines[1]}=${reply.lines[2]}`;
    return reply;
  }

  /** mode=init: zip and file_limit as 1C reads them. */
  async init(type: "catalog" | "sale"): Promise<{ reply: ExchangeReply; zip: boolean; fileLimit: number }> {
    const reply = await this.call({ type, mode: "init" });
    const values = Object.fromEntries(reply.lines.map((line) => line.split("=", 2) as [string, string]));
    return { reply, zip: values.zip === "yes", fileLimit: Number(values.file_limit) };
  }

  /**
   * mode=import of one file as 1C runs it: asked again while the site answers `progress` (a long
   * import goes on between the calls). The last reply, and the `progress` replies before it.
   */
  async importFile(filename: string): Promise<ExchangeReply & { progress: string[][] }> {
    const progress: string[][] = [];
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const reply = await this.call({ type: "catalog", mode: "import", filename });
      if (reply.lines[0] !== "progress") return { ...reply, progress };
      progress.push(reply.lines);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${filename}: still «progress» after 200 calls`);
  }

  /** mode=file: the file in pieces of at most `pieceBytes`, as 1C sends it; the replies in order. */
  async sendFile(type: "catalog" | "sale", filename: string, content: Uint8Array, pieceBytes: number): Promise<ExchangeReply[]> {
    const replies: ExchangeReply[] = [];
    for (let start = 0; start < content.length; start += pieceBytes) {
      replies.push(await this.call({ type, mode: "file", filename }, { body: content.subarray(start, start + pieceBytes) }));
    }
    return replies;
  }
}

export function basic(login: string, password: string): string {
  return `Basic ${Buffer.from(`${login}:${password}`, "utf8").toString("base64")}`;
}
