import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `intervalMs` while the app is up (from onReady to onClose). A failed run is
 * logged and the next one runs as planned; the timer never keeps the process alive on its own.
 * Every replica runs its own timer, so tasks must be safe to run concurrently (a conditional
 * update or delete is).
 */
export function installPeriodicTask(app: FastifyInstance, name: string, intervalMs: number, task: () => Promise<unknown>): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      task().catch((error: unknown) => app.log.warn({ err: error }, `${name} failed`));
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
