/** The baseline: a bare Fastify route answering a small JSON body, nothing else. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/baseline', async () => ({ success: true, value: { status: 'ok' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
