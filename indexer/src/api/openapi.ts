// The OpenAPI 3.1 document served as /openapi.json, generated from the routes' contracts (api/contract/). A unit test
// holds the document against the router's registered routes in both directions.
import { ROUTE_CONTRACTS } from './contract/index.ts';
import { generatedPaths } from './contract/openapi.ts';

type Schema = Record<string, unknown>;

/** The body of every ordinary refusal. */
const ERROR: Schema = { type: 'object', required: ['error'], properties: { error: { type: 'string' } } };

/** The OpenAPI 3.1 document served at /openapi.json. */
export function openApiDocument(serverUrl?: string): Schema {
  const generated = generatedPaths(ROUTE_CONTRACTS);
  return {
    openapi: '3.1.0',
    info: {
      title: 'STO explorer indexer API',
      version: '1.0.0',
      description:
        'Lists are bare JSON arrays paged with limit (1-100, default 10 unless stated) and offset. Amounts are decimal strings. Errors are {error} with status 400 (invalid input) or 404 (unknown); a client past its rate limit gets 429 with Retry-After (seconds) and {error: "Too many requests: Rate limit exceeded"}. CORS is open.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    paths: generated.paths,
    components: { schemas: { Error: ERROR, ...generated.schemas } },
  };
}
