import { z } from 'zod';

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
  version: z.string(),
});

/** Liveness: the process runs and answers. */
export const ZLiveness = z.object({
  status: z.literal('alive'),
  uptimeSeconds: z.number(),
  version: z.string(),
});
