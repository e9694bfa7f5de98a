import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a handler receives. */
export interface ApiRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  /** Request headers, lowercased names (absent when a test calls a handler directly). */
  headers?: Readonly<Record<string, string | string[] | undefined>>;
}

/** A non-200 answer (or a 200 with extra headers) returned by a handler. */
export class Reply {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    this.status = status;
    this.body = body;
  }
}

/** Bytes answered as they are (a stored image), with their own type and headers; GETs get an ETag from the caller. */
export class BinaryReply {
  readonly body: Uint8Array;
  readonly headers: Readonly<Record<string, string>>;
  constructor(body: Uint8Array, headers: Readonly<Record<string, string>>) {
    this.body = body;
    this.headers = headers;
  }
}

/**
 * A long-lived answer the handler writes itself (the event stream): the server hands it the request and the response
 * instead of sending a body. `open` may throw an HttpError before it writes anything (a limit), answered as usual.
 */
export class StreamReply {
  readonly open: (req: IncomingMessage, res: ServerResponse) => void;
  constructor(open: (req: IncomingMessage, res: ServerResponse) => void) {
    this.open = open;
  }
}

/** A 200 body already serialised to JSON (from a response cache). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** An error answered to the client as {error} with its status (and extra headers, such as 429's Retry-After). */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  constructor(status: number, message: string, headers: Readonly<Record<string, string>> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
  }
}

/** A route handler: returns the JSON body (or a Reply), may throw HttpError. */
export type Handler = (req: ApiRequest) => unknown;

/** HTTP methods the API serves. */
export type Method = 'GET' | 'POST';

/** A stricter rate-limit class that a request spends from besides the general one (see http/rate-limit.ts). */
export type LimitClass = 'search' | 'rpc' | 'verify' | 'api';

/**
 * How a route is rate-limited beyond the general class every request spends from: a stricter class; a function that
 * picks the class from the parameters (called once the body is read, for routes whose action is a parameter); or
 * 'none', not limited at all (health checks).
 */
export type RouteLimit = LimitClass | 'none' | ((req: Pick<ApiRequest, 'query' | 'body'>) => LimitClass | null);

/** Options of a route. */
export interface RouteOptions {
  limit?: RouteLimit;
  /** How a request refused by a rate limit is answered (default: 429 with the spec's message). */
  refused?: { status: number; body: unknown };
}

/** A registered route. */
export interface Route {
  method: Method;
  path: string;
  handler: Handler;
  /** Its rate-limit class beyond the general one, when it has one. */
  limit?: RouteLimit;
  /** Its answer to a request refused by a rate limit, when not the default 429. */
  refused?: { status: number; body: unknown };
}

interface Node {
  children: Map<string, Node>;
  param: { name: string; node: Node } | null;
  routes: Map<Method, Route>;
}

function node(): Node {
  return { children: new Map(), param: null, routes: new Map() };
}

/** The outcome of matching a path. */
export type Match = { route: Route; params: Record<string, string> } | { allowed: Method[] } | null;

/** A segment trie: static segments win over parameters ('/transactions/pending' before '/transactions/{hash}'). */
export class Router {
  private readonly root = node();
  private readonly list: Route[] = [];

  /** Registers a route; path parameters are written {name}, as in OpenAPI. */
  add(method: Method, path: string, handler: Handler, options: RouteOptions = {}): this {
    let n = this.root;
    for (const seg of path.split('/').filter(Boolean)) {
      const p = /^\{(\w+)\}$/.exec(seg);
      if (p) {
        const name = p[1] as string;
        if (n.param && n.param.name !== name) throw new Error(`conflicting parameter names at ${path}`);
        n.param ??= { name, node: node() };
        n = n.param.node;
      } else {
        let child = n.children.get(seg);
        if (!child) {
          child = node();
          n.children.set(seg, child);
        }
        n = child;
      }
    }
    if (n.routes.has(method)) throw new Error(`duplicate route ${method} ${path}`);
    const route: Route = { method, path, handler, ...(options.limit ? { limit: options.limit } : {}), ...(options.refused ? { refused: options.refused } : {}) };
    n.routes.set(method, route);
    this.list.push(route);
    return this;
  }

  /** Shorthand for add('GET', …). */
  get(path: string, handler: Handler, options?: RouteOptions): this {
    return this.add('GET', path, handler, options);
  }

  /** Shorthand for add('POST', …). */
  post(path: string, handler: Handler, options?: RouteOptions): this {
    return this.add('POST', path, handler, options);
  }

  /** Every registered route, in registration order. */
  routes(): readonly Route[] {
    return this.list;
  }

  /** Finds the route for a method and decoded path segments. */
  match(method: string, segments: readonly string[]): Match {
    const params: Record<string, string> = {};
    const found = walk(this.root, segments, 0, params);
    if (!found) return null;
    const route = found.routes.get(method as Method);
    if (route) return { route, params };
    return { allowed: [...found.routes.keys()] };
  }
}

function walk(n: Node, segs: readonly string[], i: number, params: Record<string, string>): Node | null {
  if (i === segs.length) return n.routes.size > 0 ? n : null;
  const seg = segs[i] as string;
  const child = n.children.get(seg);
  if (child) {
    const hit = walk(child, segs, i + 1, params);
    if (hit) return hit;
  }
  if (n.param) {
    const hit = walk(n.param.node, segs, i + 1, params);
    if (hit) {
      params[n.param.name] = seg;
      return hit;
    }
  }
  return null;
}
