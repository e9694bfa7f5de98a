// GET /livez: the site server's liveness probe for load balancers and orchestrators. 200 while the process
// answers; nothing else is checked, so a slow indexer never gets a live site server restarted.
import type { APIRoute } from 'astro';
import { probeResponse } from '../lib/server/probes.ts';

export const GET: APIRoute = () => probeResponse(200, { status: 'ok' });
