// What the gateway's port answers while `npm start` builds the front-ends and starts the services.
import request from 'supertest';
import { answerStarting, answerStartingOn, retryAfterSeconds } from '../src/starting.js';

describe('the starting page', () => {
  it('answers a browser’s page navigation 503 with a Mongolian page that reloads itself, and says when to retry', async () => {
    const answer = await request(answerStarting).get('/product-monster-plan/42').set('accept', 'text/html,application/xhtml+xml');
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe(String(retryAfterSeconds));
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.text).toContain('<html lang="mn">');
    expect(answer.text).toContain('Платформ эхэлж байна…');
    expect(answer.text).toContain(`<meta http-equiv="refresh" content="${retryAfterSeconds}">`);
  });

  it('answers a call, and /readyz, 503 with a Mongolian {message, code}', async () => {
    for (const answer of [await request(answerStarting).post('/v1/auth/login').send({}), await request(answerStarting).get('/readyz')]) {
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe(String(retryAfterSeconds));
      expect(answer.body).toEqual({ code: 'starting', message: expect.stringContaining('Платформ эхэлж байна') });
    }
  });

  it('answers /healthz 200: the process is alive', async () => {
    const answer = await request(answerStarting).get('/healthz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
  });

  it('frees its port when closed, for the gateway to take', async () => {
    const probe = await answerStartingOn({ port: 0, host: '127.0.0.1' });
    const port = probe.port;
    await probe.close();
    const page = await answerStartingOn({ port, host: '127.0.0.1' });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    await page.close();
  });
});
