import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildRouter } from '../../indexer/src/api/routes.ts';
import { openApiDocument } from '../../indexer/src/api/openapi.ts';
import type { ApiContext } from '../../indexer/src/api/context.ts';

// Registering routes touches no database or node, so a context of stubs is enough.
const ctx = { db: {}, rpc: {}, sync: () => ({}), ipfsGateway: 'https://ipfs.io/ipfs/' } as unknown as ApiContext;
const router = buildRouter(ctx);
const doc = openApiDocument() as { openapi: string; paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };

const registered = router.routes().map((r) => `${r.method} ${r.path}`).sort();
const documented = Object.entries(doc.paths)
  .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
  .sort();

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it.each(registered)('documents the registered route %s', (route) => {
    expect(documented).toContain(route);
  });

  it.each(documented)('documents only registered routes: %s', (route) => {
    expect(registered).toContain(route);
  });

  it('covers every call the spec lists', () => {
    for (const route of [
      'GET /health', 'GET /search', 'POST /proxy/rpc', 'GET /blocks/{number}', 'GET /blocks/hash/{hash}', 'GET /transactions',
      'GET /transactions/{hash}', 'GET /transactions/{hash}/receipt', 'GET /transactions/pending', 'GET /stats/tps',
      'GET /stats/holders', 'GET /stats/validators/payout', 'GET /stats/validators/count', 'GET /stats/transactions/count',
      'GET /stats/contracts/count', 'GET /stats/contracts/erc20/count', 'GET /stats/contracts/nft/count', 'GET /holders/native',
      'GET /holders/token/{address}', 'GET /holders/all', 'GET /holders/stats', 'GET /address/{address}/type',
      'GET /address/{address}/transactions', 'GET /address/{address}/tokens', 'GET /address/{address}/token-transfers',
      'GET /address/{address}/nfts', 'GET /address/{address}/nft-transfers', 'GET /account/{address}/balances',
      'GET /tokens/{address}', 'GET /tokens/{address}/transfers', 'GET /tokens', 'GET /nfts', 'GET /nfts/{collection}',
      'GET /nfts/{collection}/{tokenId}', 'GET /contracts/{address}/verified', 'GET /contracts/{address}',
      'GET /contracts/{address}/abi', 'GET /contracts/{address}/source', 'GET /contracts/{address}/verification',
      'GET /contracts/{address}/events', 'GET /openapi.json',
    ]) {
      expect(registered).toContain(route);
    }
  });

  it.each(Object.entries(doc.paths).filter(([p]) => p.includes('{')))('declares the path parameters of %s', (path, ops) => {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const op of Object.values(ops)) {
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared).toEqual(names);
    }
  });

  // The generated document: each schema must be valid JSON Schema 2020-12 (the
  // dialect of OpenAPI 3.1) and every reference must name a schema the document has.
  const whole = doc as unknown as { components: { schemas: Record<string, unknown> } };
  const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1] as string);

  it.each([...new Set(refs)])('resolves %s', (ref) => {
    expect(ref.startsWith('#/components/schemas/')).toBe(true);
    expect(Object.keys(whole.components.schemas)).toContain(ref.slice('#/components/schemas/'.length));
  });

  it('holds schemas that are valid JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const compile = { $id: 'doc', $defs: {}, components: whole.components };
    ajv.addSchema(compile);
    for (const [name, schema] of Object.entries(whole.components.schemas)) {
      expect(ajv.validateSchema(schema as object), name).toBe(true);
    }
    // Every parameter's, body's and answer's schema, compiled with its references into the document's components.
    const schemasIn = (node: unknown, out: unknown[] = []): unknown[] => {
      if (node === null || typeof node !== 'object') return out;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'schema') out.push(value);
        else schemasIn(value, out);
      }
      return out;
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const schema of schemasIn(ops)) {
        const text = JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/');
        expect(() => ajv.compile(JSON.parse(text) as object), path).not.toThrow();
      }
    }
  });
});
