import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

describeEachDb('OpenAPI document', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('is served at /api/v1/openapi.json and validates as OpenAPI 3.1', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toBe('3.1.0');
    const validated = await SwaggerParser.validate(structuredClone(doc));
    expect(validated.info.title).toBe('Appflows API');
  });

  it('documents the owner operations with schemas, auth and errors', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const create = doc.paths['/api/v1/apps'].post;
    expect(create.operationId).toBe('createApp');
    expect(create.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '401', '409', '422']));
    expect(JSON.stringify(create.requestBody)).toContain('deepLinkScheme');
    const put = doc.paths['/api/v1/apps/{idOrSlug}/flows/cancel'].put;
    expect(put.operationId).toBe('updateCancelDraft');
    expect(JSON.stringify(put.requestBody)).toContain('manage_subscription');
    expect(put.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['idOrSlug', 'flowSlug']));
    expect(doc.paths['/api/v1/apps/{idOrSlug}/flows/cancel/publish'].post.operationId).toBe('publishCancelFlow');
  });

  it('documents every event of the catalogue in the top-level webhooks object, signed and with its data schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const catalog = t.app.services.events.catalog;
    expect(catalog.size).toBeGreaterThan(0);
    expect(Object.keys(doc.webhooks).sort()).toEqual([...catalog.keys()].sort());
    for (const type of catalog.keys()) {
      const post = doc.webhooks[type].post;
      const body = post.requestBody.content['application/json'].schema;
      expect(body.required).toEqual(['type', 'timestamp', 'data']);
      expect(body.properties.type).toEqual({ const: type });
      expect(body.properties.data.type).toBe('object');
      expect(post.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(['header:webhook-id', 'header:webhook-timestamp', 'header:webhook-signature']);
    }
    expect(doc.webhooks['webhook.test'].post.requestBody.content['application/json'].schema.properties.data.required).toEqual(expect.arrayContaining(['webhookId', 'message']));
  });

  it('has browsable docs at /docs', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('swagger');
  });
});
